import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories, events, users } from '../../db/schema';

/** What a link preview shows of an event (decisions §9), in one indexed read. */
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
    })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .innerJoin(users, eq(users.id, events.organizerId))
    .where(eq(events.id, id))
    .limit(1);
  return row;
}

export type EventPreview = NonNullable<Awaited<ReturnType<typeof findEventPreview>>>;
