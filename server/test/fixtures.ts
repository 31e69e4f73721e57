import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  categories,
  eventPhotos,
  events,
  organizationMembers,
  organizations,
  photoFiles,
  rsvps,
  slots,
} from '../db/schema';
import { searchTextOf } from '../lib/search-text';

const DAY_MS = 24 * 60 * 60 * 1000;

export function daysFromNow(days: number): Date {
  return new Date(Date.now() + days * DAY_MS);
}

/**
 * Inserts an event straight into the database, so tests of ratings, messages and the journey do not
 * depend on the events API (and can create past events, which the API refuses).
 */
export async function createEventRow(
  db: Executor,
  fields: {
    organizerId: string;
    date?: Date;
    maxAttendees?: number | null;
    categoryId?: number;
    title?: string;
    description?: string;
    location?: string;
    latitude?: number;
    longitude?: number;
  },
) {
  const categoryId = fields.categoryId ?? 1;
  const [category] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, categoryId));
  if (!category) throw new Error(`no category ${categoryId}`);
  const title = fields.title ?? 'Beach cleanup';
  const description = fields.description ?? 'Bring gloves and good spirits.';
  const location = fields.location ?? 'Lisbon';
  const searchText = searchTextOf({ title, description, categoryName: category.name, location });
  const [row] = await db
    .insert(events)
    .values({
      title,
      description,
      location,
      date: fields.date ?? daysFromNow(7),
      categoryId,
      organizerId: fields.organizerId,
      maxAttendees: fields.maxAttendees ?? null,
      latitude: fields.latitude ?? null,
      longitude: fields.longitude ?? null,
      searchVector: sql`to_tsvector('simple', ${searchText})`,
    })
    .returning();
  if (!row) throw new Error('event not inserted');
  return row;
}

/**
 * Inserts a slot straight into the database (no write limits, any time, past ones included), two hours
 * from the event's own start unless told otherwise.
 */
export async function createSlotRow(
  db: Executor,
  fields: { eventId: number; startsAt: Date; capacity?: number; role?: string; requiresApproval?: boolean },
) {
  const [row] = await db
    .insert(slots)
    .values({
      eventId: fields.eventId,
      role: fields.role ?? 'Sorting',
      startsAt: fields.startsAt,
      endsAt: new Date(fields.startsAt.getTime() + 2 * 60 * 60 * 1000),
      capacity: fields.capacity ?? 5,
      requiresApproval: fields.requiresApproval ?? false,
    })
    .returning();
  if (!row) throw new Error('slot not inserted');
  return row;
}

/** Adds an RSVP row and keeps events.rsvp_count in step, as the RSVP service does. */
export async function addRsvpRow(
  db: Executor,
  eventId: number,
  userId: string,
  status: 'attending' | 'supporting' | 'organizing' = 'attending',
) {
  await db.insert(rsvps).values({ eventId, userId, status });
  await db
    .update(events)
    .set({ rsvpCount: sql`${events.rsvpCount} + 1` })
    .where(eq(events.id, eventId));
}

/** An event's RSVP counter beside the RSVP rows it counts: the two must always agree. */
export async function readRsvpCounts(db: Executor, eventId: number): Promise<{ rsvpCount: number; rows: number }> {
  const [event] = await db.select({ rsvpCount: events.rsvpCount }).from(events).where(eq(events.id, eventId));
  const [rows] = await db.select({ value: count() }).from(rsvps).where(eq(rsvps.eventId, eventId));
  return { rsvpCount: event!.rsvpCount, rows: rows!.value };
}

/**
 * Stored photo rows of `eventId`, at the positions their order in `ids` gives, with placeholder bytes.
 * Written last first, so that a read which forgets to order by position shows up.
 */
export async function addPhotoRows(db: Executor, eventId: number, ids: readonly string[]): Promise<void> {
  await db.insert(photoFiles).values(ids.map((id) => ({ id, bytes: Buffer.from('not an image: never decoded here') })));
  await db.insert(eventPhotos).values(
    [...ids].reverse().map((id, index) => ({
      id,
      eventId,
      position: ids.length - 1 - index,
      contentType: 'image/webp',
      width: 1600,
      height: 900,
      fileId: id,
    })),
  );
}

/** Puts a person in an organization with a role straight in the database (by invitation: organizations.test.ts). */
export async function addOrganizationMemberRow(
  db: Executor,
  organizationId: number,
  userId: string,
  role: 'owner' | 'admin' | 'organizer' | 'member',
): Promise<void> {
  await db
    .insert(organizationMembers)
    .values({ organizationId, userId, role })
    .onConflictDoUpdate({ target: [organizationMembers.organizationId, organizationMembers.userId], set: { role } });
}

/** An organization with its owner, straight in the database. */
export async function createOrganizationRow(
  db: Executor,
  fields: { ownerId: string; slug: string; name?: string; description?: string },
): Promise<number> {
  const [row] = await db
    .insert(organizations)
    .values({ slug: fields.slug, name: fields.name ?? 'River Friends', description: fields.description ?? 'We help.' })
    .returning({ id: organizations.id });
  await addOrganizationMemberRow(db, row!.id, fields.ownerId, 'owner');
  return row!.id;
}
