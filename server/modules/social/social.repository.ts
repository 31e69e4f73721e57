import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories, events, organizations, users } from '../../db/schema';

/**
 * What a link preview shows of an event, in one indexed read. A developer test panel's event has none, for
 * anyone: the preview and its image are cached publicly, so they cannot be shown to its organizer alone.
 */
export async function findEventPreview(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: events.id,
      title: events.title,
      description: events.description,
      location: events.location,
      date: events.date,
      rsvpCount: events.rsvpCount,
      maxAttendees: events.maxAttendees,
      updatedAt: events.updatedAt,
      categoryName: categories.name,
      categoryColor: categories.color,
      organizerFirstName: users.firstName,
      organizerLastName: users.lastName,
      imageUrl: events.imageUrl,
      // The event page's first photo (the order of the event read's images), for its preload.
      firstPhotoId: sql<
        string | null
      >`(SELECT p.id FROM event_photos p WHERE p.event_id = ${events.id} ORDER BY p.position LIMIT 1)`,
    })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .innerJoin(users, eq(users.id, events.organizerId))
    .where(and(eq(events.id, id), eq(events.isTest, false), isNull(events.hiddenAt)))
    .limit(1);
  return row;
}

export type EventPreview = NonNullable<Awaited<ReturnType<typeof findEventPreview>>>;

/** What a link preview of /o/{slug} shows: the organization's name, description and logo. */
export async function findOrganizationPreview(db: Executor, slug: string) {
  const [row] = await db
    .select({
      slug: organizations.slug,
      name: organizations.name,
      description: organizations.description,
      logoUrl: organizations.logoUrl,
    })
    .from(organizations)
    .where(eq(organizations.slug, slug))
    .limit(1);
  return row;
}
