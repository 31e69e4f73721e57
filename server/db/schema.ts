import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    // Stored lower-cased and trimmed: decisions §1 compares e-mails case-insensitively.
    email: text('email'),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    oidcSubject: text('oidc_subject'),
    // Bumped in the transaction that changes the user's achievements, so the 10 s poll can answer 304 cheaply.
    achievementsVersion: integer('achievements_version').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_oidc_subject_unique').on(table.oidcSubject),
    index('users_name_search').using('gin', sql`(lower(coalesce(${table.firstName}, '') || ' ' || coalesce(${table.lastName}, ''))) gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie's token: a leaked table does not hand out live sessions.
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id').on(table.userId), index('sessions_expires_at').on(table.expiresAt)],
);

/** Sign-in attempts counted for the rate limits of decisions §1, shared by every server process. */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auth_attempts_key_time').on(table.key, table.attemptedAt)],
);

/** Transient OIDC state (PKCE verifier, nonce, return path) between the redirect and the callback. */
export const oidcStates = pgTable('oidc_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  color: text('color').notNull(),
  icon: text('icon').notNull(),
});

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    imageUrl: text('image_url'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    organizerId: text('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    maxAttendees: integer('max_attendees'),
    // Denormalized counters, changed only in the transaction that changes the rows they count.
    rsvpCount: integer('rsvp_count').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    // Accent-folded words of title, description and category name (decisions §3 search).
    searchVector: tsvector('search_vector').notNull(),
    ...timestamps,
  },
  (table) => [
    index('events_date_id').on(table.date, table.id),
    index('events_category_date_id').on(table.categoryId, table.date, table.id),
    index('events_organizer_date').on(table.organizerId, table.date),
    index('events_search').using('gin', table.searchVector),
    index('events_location_trgm').using('gin', sql`lower(${table.location}) gin_trgm_ops`),
    check('events_capacity', sql`${table.maxAttendees} IS NULL OR ${table.rsvpCount} <= ${table.maxAttendees}`),
  ],
);

export const eventPhotos = pgTable(
  'event_photos',
  {
    id: text('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    // A rendition at most 800 px wide for cards and phones (GET /api/images/{id}?size=card). Null when the
    // photo is no wider than that, or was stored before renditions existed: the photo itself serves then.
    cardBytes: bytea('card_bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('event_photos_event_position').on(table.eventId, table.position)],
);

export const rsvps = pgTable(
  'rsvps',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['attending', 'supporting', 'organizing'] }).notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.eventId, table.userId] }), index('rsvps_user_event').on(table.userId, table.eventId)],
);

export const ratings = pgTable(
  'ratings',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('ratings_event_user').on(table.eventId, table.userId),
    index('ratings_event_created').on(table.eventId, table.createdAt),
    index('ratings_user').on(table.userId),
    check('ratings_range', sql`${table.rating} BETWEEN 1 AND 5`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_sender_created').on(table.senderId, table.createdAt),
    index('messages_receiver_created').on(table.receiverId, table.createdAt),
  ],
);

export const achievements = pgTable('achievements', {
  id: serial('id').primaryKey(),
  // What the achievement counts (decisions §7); not shown to users.
  metric: text('metric').notNull(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  category: text('category', { enum: ['hours', 'events', 'categories', 'special', 'other'] }).notNull(),
  requirement: integer('requirement').notNull(),
  points: integer('points').notNull(),
  icon: text('icon').notNull(),
  color: text('color', {
    enum: ['green', 'blue', 'gold', 'purple', 'orange', 'red', 'pink', 'indigo', 'teal', 'multicolor', 'rainbow'],
  }).notNull(),
  ...timestamps,
});

export const userAchievements = pgTable(
  'user_achievements',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementId: integer('achievement_id')
      .notNull()
      .references(() => achievements.id, { onDelete: 'cascade' }),
    progress: integer('progress').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [uniqueIndex('user_achievements_user_achievement').on(table.userId, table.achievementId)],
);
