import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { NotificationData } from '../../contract/notifications';
import {
  MODERATION_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
} from '../../contract/moderation-catalogue';
import { ORGANIZATION_ROLES } from '../../contract/organization-roles';

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
    // Stored lower-cased and trimmed: e-mails compare case-insensitively.
    email: text('email'),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    oidcSubject: text('oidc_subject'),
    // Bumped in the transaction that changes the user's achievements, so the 10 s poll can answer 304 cheaply.
    achievementsVersion: integer('achievements_version').notNull().default(0),
    // A deleted account stays as this row with every personal field erased, so the
    // messages it sent still have a sender (shown as "Deleted user"); it can never sign in again.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // When the owner of `email` opened a verification link (or the OIDC provider vouched for it); null
    // until then, and null again whenever `email` changes. Only verified accounts may mail strangers.
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // Set by a moderator (decisions §20): no session, no sign-in, and their content hidden until undone.
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_oidc_subject_unique').on(table.oidcSubject),
    index('users_name_search').using(
      'gin',
      sql`(lower(coalesce(${table.firstName}, '') || ' ' || coalesce(${table.lastName}, ''))) gin_trgm_ops`,
    ),
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
    // For the sessions list of the account screen: the browser that signed in, and roughly when it was last used
    // (written at most every few minutes, not on every request).
    userAgent: text('user_agent'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id').on(table.userId), index('sessions_expires_at').on(table.expiresAt)],
);

/** Sign-in attempts counted for the sign-in rate limits, shared by every server process. */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auth_attempts_key_time').on(table.key, table.attemptedAt)],
);

/**
 * Fixed-window counters for the per-user write limits (messages a minute, events an hour, photo
 * bytes a day, invitations a day), shared by every server process: one upsert counts and checks at once.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    amount: integer('amount').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index('rate_limit_counters_window').on(table.windowStart),
  ],
);

/**
 * The security log: sign-ins, failures, lockouts, password and e-mail changes. Also
 * written to pino; kept here so a user can see their recent sign-ins.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('security_events_user_created').on(table.userId, table.createdAt),
    index('security_events_created').on(table.createdAt),
  ],
);

/**
 * Password reset links. The link carries `<id>.<secret>`; only the secret's SHA-256 is
 * stored, so a leaked table resets nothing. Single use (usedAt), one hour (expiresAt).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('password_reset_tokens_user').on(table.userId),
    index('password_reset_tokens_expires').on(table.expiresAt),
  ],
);

/**
 * E-mail verification links, built like password reset links: the link carries `<id>.<secret>` and only
 * the secret's SHA-256 is stored. `email` is the address the link was mailed to: a link verifies that
 * address only, so one mailed before an address change verifies nothing afterwards.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('email_verification_tokens_user').on(table.userId),
    index('email_verification_tokens_expires').on(table.expiresAt),
  ],
);

/** A profile photo uploaded as a data URL, re-encoded like event photos; served at /api/profile-photos/{id}. */
export const profilePhotos = pgTable(
  'profile_photos',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('profile_photos_user').on(table.userId)],
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

/**
 * A community that runs events under its own name (decisions §20). The slug is its address (/o/{slug}),
 * kept unique here so that two creators racing for one slug get one row and one 409.
 */
export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    website: text('website'),
    logoUrl: text('logo_url'),
    ...timestamps,
  },
  (table) => [uniqueIndex('organizations_slug_unique').on(table.slug)],
);

/**
 * An organization's logo, re-encoded to a square WebP (server/lib/photo-uploads.ts). Apart from
 * `organizations` so that reading an organization never reads the image; `logo_url` names the current one.
 * A new logo gets a new id (its URL is cached for a year), and the old row goes.
 */
export const organizationLogos = pgTable(
  'organization_logos',
  {
    id: text('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('organization_logos_organization').on(table.organizationId)],
);

export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ORGANIZATION_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index('organization_members_user').on(table.userId),
  ],
);

/** An e-mailed invitation; only the token's SHA-256 is kept, as for password reset links. */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    // Lower-cased and trimmed, as users.email.
    email: text('email').notNull(),
    role: text('role', { enum: ORGANIZATION_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('organization_invitations_token').on(table.tokenHash),
    index('organization_invitations_organization').on(table.organizationId, table.createdAt),
  ],
);

export const organizationFollows = pgTable(
  'organization_follows',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index('organization_follows_user').on(table.userId),
  ],
);

/**
 * A series of events (decisions §18): each occurrence is an event row of its own (own RSVPs, slots,
 * calendar entry), sharing this row's id. The rule is kept to read back how the dates were made.
 */
export const eventSeries = pgTable('event_series', {
  id: serial('id').primaryKey(),
  organizerId: text('organizer_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly'] }).notNull(),
  interval: integer('interval').notNull(),
  // The wall clock the dates repeat on: a weekly 10:00 stays 10:00 across a change to summer time.
  timeZone: text('time_zone').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    // Where the place chosen in the place picker is (decisions §21), in degrees; both null for free text.
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    date: timestamp('date', { withTimezone: true }).notNull(),
    imageUrl: text('image_url'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    organizerId: text('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The organization the event is held under, or null for a person's own event. Its admins and
    // organizers manage the event as its organizer does (canManageEvent).
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    maxAttendees: integer('max_attendees'),
    // 'scheduled' until the organizer cancels; a cancelled event stays readable.
    status: text('status', { enum: ['scheduled', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    cancelReason: text('cancel_reason'),
    durationMinutes: integer('duration_minutes').notNull().default(180),
    // The calendar's SEQUENCE; raised by every edit and the cancellation, never lowered.
    revision: integer('revision').notNull().default(0),
    // A developer test panel's event: in no shared list, only in its organizer's own.
    isTest: boolean('is_test').notNull().default(false),
    // Denormalized counters, changed only in the transaction that changes the rows they count.
    rsvpCount: integer('rsvp_count').notNull().default(0),
    // People added at the door (decisions §19): beyond the places, so rsvp_count and its CHECK leave them out.
    walkInCount: integer('walk_in_count').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    // The event's slots (decision 0027): how many, and their places neither confirmed nor pending, kept by
    // the transaction of every slot write under the event's lock, so event answers read them without a join.
    slotCount: integer('slot_count').notNull().default(0),
    openSlotPlaces: integer('open_slot_places').notNull().default(0),
    // All their places, so a card says "3 of 12 places open" (decision 0032).
    slotPlaces: integer('slot_places').notNull().default(0),
    // The series it is an occurrence of, and its 1-based place in it; null for a single event.
    seriesId: integer('series_id').references(() => eventSeries.id, { onDelete: 'set null' }),
    seriesPosition: integer('series_position'),
    // Accent-folded words of title, description, category name and location (what the event search matches).
    searchVector: tsvector('search_vector').notNull(),
    // Taken down by a moderator (decisions §20): out of every list, search and page but its author's,
    // who reads `hidden_note`. `hidden_cause` says whether a suspension hid it, so undoing one brings
    // back exactly what it took.
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenNote: text('hidden_note'),
    hiddenCause: text('hidden_cause', { enum: ['report', 'suspension'] }),
    ...timestamps,
  },
  (table) => [
    index('events_date_id').on(table.date, table.id),
    // The listed events in date order, with what a list's window filters on: a place search reads a
    // thousand or more entries to fill a page, and from this index it reads no table rows to do it
    // (about 12 pages instead of 1 000 at 100 000 events, docs/benchmarks.md).
    index('events_listed_date')
      .on(table.date, table.id, table.categoryId, table.location)
      .where(sql`${table.isTest} = false AND ${table.status} = 'scheduled' AND ${table.hiddenAt} IS NULL`),
    index('events_category_date_id').on(table.categoryId, table.date, table.id),
    // ?near= (decisions §21): the listed events with coordinates, found by the bounding box of the radius
    // (latitude range, then longitude range within it); the date lets it drop past events without the table.
    index('events_listed_place')
      .on(table.latitude, table.longitude, table.date, table.id)
      .where(
        sql`${table.isTest} = false AND ${table.status} = 'scheduled' AND ${table.hiddenAt} IS NULL AND ${table.latitude} IS NOT NULL`,
      ),
    index('events_organizer_date').on(table.organizerId, table.date),
    index('events_organization_date')
      .on(table.organizationId, table.date)
      .where(sql`${table.organizationId} IS NOT NULL`),
    index('events_search').using('gin', table.searchVector),
    index('events_location_trgm').using('gin', sql`lower(${table.location}) gin_trgm_ops`),
    check('events_capacity', sql`${table.maxAttendees} IS NULL OR ${table.rsvpCount} <= ${table.maxAttendees}`),
    check('events_duration', sql`${table.durationMinutes} BETWEEN 15 AND 1440`),
    check(
      'events_coordinates',
      sql`(${table.latitude} IS NULL AND ${table.longitude} IS NULL) OR (${table.latitude} BETWEEN -90 AND 90 AND ${table.longitude} BETWEEN -180 AND 180)`,
    ),
    index('events_series_date')
      .on(table.seriesId, table.date)
      .where(sql`${table.seriesId} IS NOT NULL`),
  ],
);

/**
 * The stored bytes of a photo, shared by every event that shows it (decisions §22: the dates of a series and
 * a duplicated event reference one file). A trigger of migration 0031 deletes a file when the last
 * event_photos row referencing it goes, whichever way it goes (an edit, the event's or its organizer's deletion).
 */
export const photoFiles = pgTable('photo_files', {
  id: text('id').primaryKey(),
  bytes: bytea('bytes').notNull(),
  // A rendition at most 800 px wide for cards and phones (GET /api/images/{id}?size=card). Null when the
  // photo is no wider than that, or was stored before renditions existed: the photo itself serves then.
  cardBytes: bytea('card_bytes'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    fileId: text('file_id')
      .notNull()
      .references(() => photoFiles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('event_photos_event_position').on(table.eventId, table.position),
    index('event_photos_file').on(table.fileId),
  ],
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
    // Recorded by the organizer from the start until 30 days after; null until then.
    attended: boolean('attended'),
    // The place's check-in code (the QR on the ticket): random, so it names nobody and cannot be guessed.
    ticketCode: text('ticket_code')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    // Decisions §21: an 'organizing' RSVP is a request for co-organizer rights; set when the organizer
    // approves it, and the person then manages the event (canManageEvent) while the RSVP stays 'organizing'.
    coOrganizerApprovedAt: timestamp('co_organizer_approved_at', { withTimezone: true }),
    // "I'm coming", pressed on the reminder's signed link (decisions §19); a new place starts unconfirmed.
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    // Added at the door (decisions §19): may exceed the event's capacity, and is counted apart.
    isWalkIn: boolean('is_walk_in').notNull().default(false),
    // The kiosk whose code the holder scanned to check themself in (decisions §22: the door's log names
    // where each self check-in came from); null when the door checked them in.
    checkInDevice: text('check_in_device'),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.userId] }),
    index('rsvps_user_event').on(table.userId, table.eventId),
    uniqueIndex('rsvps_ticket_code').on(table.ticketCode),
  ],
);

/**
 * A walk-in whose address has no account yet (decisions §19): the door's check-in waits here and becomes
 * an RSVP row, times and all, when that address signs up. One per event and address.
 */
export const walkInGuests = pgTable(
  'walk_in_guests',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    // Lower-cased, as accounts' addresses are compared.
    email: text('email').notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    addedBy: text('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The SHA-256 of the claim mail's single-use link (decisions §22): only its owner's press moves the hours.
    claimTokenHash: text('claim_token_hash'),
  },
  (table) => [
    uniqueIndex('walk_in_guests_event_email').on(table.eventId, table.email),
    index('walk_in_guests_email').on(table.email),
    uniqueIndex('walk_in_guests_claim_token_hash').on(table.claimTokenHash),
  ],
);

/**
 * The serial id is the queue order (first come first served): a timestamp could tie
 * between two processes, a sequence cannot.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('waitlist_entries_event_user').on(table.eventId, table.userId),
    index('waitlist_entries_event_id').on(table.eventId, table.id),
    index('waitlist_entries_user').on(table.userId),
  ],
);

/**
 * A role in a time window with its own capacity (decision 0027). signup_count counts confirmed places and
 * pending_count the places held while the organizer decides; both are changed only under the event's lock,
 * and the CHECK backs the conditional update that takes a place.
 */
export const slots = pgTable(
  'slots',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    signupCount: integer('signup_count').notNull().default(0),
    pendingCount: integer('pending_count').notNull().default(0),
    /**
     * The same slot on every date of a series it was added to (decision 0032): the id of the slot made on
     * the date the organizer chose, so a change with `scope` finds its copies on the other dates. Not a
     * foreign key: the copies stay one group when that first slot is removed.
     */
    seriesSlotId: integer('series_slot_id'),
    ...timestamps,
  },
  (table) => [
    index('slots_event_starts').on(table.eventId, table.startsAt),
    index('slots_series_slot').on(table.seriesSlotId),
    check('slots_capacity', sql`${table.signupCount} + ${table.pendingCount} <= ${table.capacity}`),
    check('slots_capacity_range', sql`${table.capacity} BETWEEN 1 AND 10000`),
    check('slots_counts', sql`${table.signupCount} >= 0 AND ${table.pendingCount} >= 0`),
    check(
      'slots_window',
      sql`${table.endsAt} > ${table.startsAt} AND ${table.endsAt} <= ${table.startsAt} + interval '24 hours'`,
    ),
  ],
);

/** A person's place in a slot: confirmed, or pending until the organizer approves or declines it. */
export const slotSignups = pgTable(
  'slot_signups',
  {
    slotId: integer('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['confirmed', 'pending'] }).notNull(),
    // Recorded by the organizer from the slot's start until 30 days after; null until then.
    attended: boolean('attended'),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.slotId, table.userId] }), index('slot_signups_user').on(table.userId)],
);

/** A slot's queue, first come first served by id, as the event's own waitlist (decision 0012). */
export const slotWaitlistEntries = pgTable(
  'slot_waitlist_entries',
  {
    id: serial('id').primaryKey(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('slot_waitlist_entries_slot_user').on(table.slotId, table.userId),
    index('slot_waitlist_entries_slot_id').on(table.slotId, table.id),
    index('slot_waitlist_entries_user').on(table.userId),
  ],
);

/**
 * The outbox of decision 0012: one row per change of an event that people must hear about (changed,
 * cancelled, promoted from the waitlist, announcement), written in the transaction of the change. The
 * notifications and e-mails about event changes are made from these rows; processed_at marks the ones done.
 */
export const eventChanges = pgTable(
  'event_changes',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['event_changed', 'event_cancelled', 'waitlist_promoted', 'announcement'] }).notNull(),
    // No foreign key: a record outlives nothing it needs, and a deleted event's records stay readable.
    eventId: integer('event_id').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    recipientIds: text('recipient_ids').array().notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    index('event_changes_unprocessed')
      .on(table.id)
      .where(sql`${table.processedAt} IS NULL`),
    index('event_changes_event').on(table.eventId),
  ],
);

/**
 * One personal calendar feed per user. Only the SHA-256 of the URL's random token is kept,
 * so a leaked table hands out no feed; renewing replaces the row, which kills the old URL.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    // Taken down by a moderator (decisions §20): out of every list, search and page but its author's,
    // who reads `hidden_note`. `hidden_cause` says whether a suspension hid it, so undoing one brings
    // back exactly what it took.
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenNote: text('hidden_note'),
    hiddenCause: text('hidden_cause', { enum: ['report', 'suspension'] }),
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
    // Null while the message waits for an address that has no account yet (an unknown
    // address answers as a known one would); set when someone signs up with receiverEmail.
    receiverId: text('receiver_id').references(() => users.id, { onDelete: 'cascade' }),
    receiverEmail: text('receiver_email'),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    // An organizer's announcement to an event's RSVP holders: one row per recipient, so
    // it must not count as that many "messages sent" or "events shared" for achievements.
    isAnnouncement: boolean('is_announcement').notNull().default(false),
    // Taken down by a moderator (decisions §20): out of every list, search and page but its author's,
    // who reads `hidden_note`. `hidden_cause` says whether a suspension hid it, so undoing one brings
    // back exactly what it took.
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenNote: text('hidden_note'),
    hiddenCause: text('hidden_cause', { enum: ['report', 'suspension'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_sender_created').on(table.senderId, table.createdAt),
    index('messages_receiver_created').on(table.receiverId, table.createdAt),
    index('messages_receiver_email')
      .on(table.receiverEmail)
      .where(sql`${table.receiverEmail} IS NOT NULL`),
    check('messages_has_receiver', sql`${table.receiverId} IS NOT NULL OR ${table.receiverEmail} IS NOT NULL`),
  ],
);

export const achievements = pgTable('achievements', {
  id: serial('id').primaryKey(),
  // What the achievement counts; not shown to users.
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

/**
 * Written in the transaction of the write it tells of, so none is lost; the stream of
 * GET /api/stream only signals that there is something new.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: [
        'rsvp_received',
        'waitlist_promoted',
        'event_changed',
        'event_cancelled',
        'event_reminder',
        'announcement',
        'message_received',
        'achievement_unlocked',
        'organization_event',
        'friend_request',
        'friend_accepted',
      ],
    }).notNull(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    // The names the notification tells of, kept as they were (contract/notifications.ts, notificationDataSchema).
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
  },
  (table) => [
    index('notifications_user_id').on(table.userId, table.id),
    index('notifications_user_unread')
      .on(table.userId)
      .where(sql`${table.readAt} IS NULL`),
  ],
);

/**
 * The e-mail switches, one row per user who changed anything: the language mails are
 * written in (null: English) and the kinds of mail turned off. No row means every kind is on.
 */
export const mailPreferences = pgTable('mail_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  language: text('language'),
  disabledKinds: text('disabled_kinds')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per e-mail to send (decision 0019). `dedupeKey` is unique, so whichever process notices a
 * reminder or an event change first writes its mail and every other attempt is a no-op; it also becomes
 * the mail's Message-ID, the idempotency key a mail that was delivered but not yet marked sent (a crash
 * between the two) is sent again under. A process claims rows until `claimedUntil`; a claim of a process
 * that died runs out and another process takes the rows.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', {
      enum: [
        'waitlist_promoted',
        'event_changed',
        'event_cancelled',
        'announcement',
        'event_reminder',
        'organization_event',
        'organization_invitation',
      ],
    }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    // Null for a mail to an address that may have no account (an organization's invitation): then
    // `recipient_email` says where it goes.
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    recipientEmail: text('recipient_email'),
    // Null for a mail about no event (an invitation).
    eventId: integer('event_id'),
    actorId: text('actor_id'),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    // Which round of which process holds the claim: a round whose claim ran out must not send a mail
    // another process has claimed since.
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // Why a row was closed without a mail: the kind is switched off, the account is gone, the event was cancelled.
    skippedReason: text('skipped_reason'),
  },
  (table) => [
    uniqueIndex('mail_outbox_dedupe_key').on(table.dedupeKey),
    check('mail_outbox_recipient', sql`${table.userId} IS NOT NULL OR ${table.recipientEmail} IS NOT NULL`),
    index('mail_outbox_pending')
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.sentAt} IS NULL`),
  ],
);

/**
 * Addresses that turned invitations off (their mail's List-Unsubscribe). Such an address has no account,
 * so the switch lives here, keyed by the address's SHA-256 rather than the address itself.
 */
export const invitationOptOuts = pgTable('invitation_opt_outs', {
  addressHash: text('address_hash').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a person told the first-run questions: their place and the categories they care about, which
 * put matching events first on Home. A row of its own rather than columns of `users`: it is written
 * once or twice per account while `users` is read on every request.
 */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    place: text('place'),
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    // Set when the questions were answered or skipped: either way they are not asked again.
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    // The one-time explanation of RSVPs and verified hours on Home, gone for good once dismissed.
    tipsDismissedAt: timestamp('tips_dismissed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('user_preferences_place_length', sql`char_length(${table.place}) <= 100`),
    check('user_preferences_category_count', sql`cardinality(${table.categoryIds}) <= 5`),
  ],
);

/** Moderators appointed by another moderator; ADMIN_EMAILS are moderators without a row (decisions §20). */
export const moderators = pgTable('moderators', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  appointedBy: text('appointed_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    // A user's id, or an event's, message's or rating's number written as text.
    targetId: text('target_id').notNull(),
    // The person whose content it is: who a `suspend` suspends, and whose own reports are refused.
    targetUserId: text('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One open report per reporter and target: the second answers 409 whoever wins a race.
    uniqueIndex('reports_open_reporter_target')
      .on(table.reporterId, table.targetType, table.targetId)
      .where(sql`${table.status} = 'open'`),
    index('reports_status_created').on(table.status, table.createdAt),
    index('reports_target').on(table.targetType, table.targetId),
  ],
);

/** Every act of a moderator, with who, what, when and why; an undo is an act of its own that names the one it undid. */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: serial('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: text('target_id').notNull(),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('moderation_log_created').on(table.createdAt)],
);

export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('user_blocks_blocked').on(table.blockedId),
    check('user_blocks_not_self', sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

/**
 * Friendships and friend requests (decisions §21), one row per pair of people whichever of them asked:
 * the unique index on the ordered pair makes "A asks B" and "B asks A" at the same moment one row, so two
 * crossing requests cannot both stand. A declined request or a removed friend deletes the row.
 */
export const friendships = pgTable(
  'friendships',
  {
    id: serial('id').primaryKey(),
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: text('addressee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('friendships_pair').on(
      sql`least(${table.requesterId}, ${table.addresseeId})`,
      sql`greatest(${table.requesterId}, ${table.addresseeId})`,
    ),
    index('friendships_requester').on(table.requesterId, table.status),
    index('friendships_addressee').on(table.addresseeId, table.status),
    check('friendships_not_self', sql`${table.requesterId} <> ${table.addresseeId}`),
  ],
);
