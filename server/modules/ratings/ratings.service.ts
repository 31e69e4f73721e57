import type { CreateRatingBody, Rating } from '../../../contract/ratings';
import type { Database } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { refreshAchievementProgress } from '../journey/achievement-progress';
import * as repository from './ratings.repository';

function toRating(row: repository.RatingRow): Rating {
  return {
    id: row.id,
    eventId: row.eventId,
    userId: row.userId,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    user: { firstName: row.firstName, lastName: row.lastName, profileImageUrl: row.profileImageUrl },
    // Only its author lists a hidden review (listEventRatings), so the notice reaches no one else.
    hiddenNotice: row.hiddenAt ? { hiddenAt: row.hiddenAt.toISOString(), note: row.hiddenNote } : null,
  };
}

export class RatingsService {
  constructor(private readonly db: Database) {}

  /**
   * One rating per user and event, replaced on re-rating; `isNew` tells the route whether to answer 201 (first rating)
   * or 200 (replaced).
   */
  async rate(
    userId: string,
    body: CreateRatingBody,
    now: Date = new Date(),
  ): Promise<{ rating: Rating; isNew: boolean }> {
    const comment = body.comment?.trim() ? body.comment.trim() : null;
    return this.db.transaction(async (tx) => {
      const event = await repository.findEventForRating(tx, body.eventId, userId);
      if (!event) throw notFound('Event not found', 'EVENT_NOT_FOUND');
      if (event.date.getTime() > now.getTime()) throw conflict('Reviews open after the event', 'EVENT_NOT_STARTED');
      if (event.organizerId === userId)
        throw forbidden('Organizers cannot rate their own event', 'ORGANIZER_CANNOT_RATE');
      if (!(await repository.hasRsvp(tx, event.id, userId)))
        throw forbidden('Only attendees can rate this event', 'NOT_ATTENDEE');

      let ratingId: number;
      let isNew: boolean;
      const inserted = await repository.insertRatingIfAbsent(tx, {
        eventId: event.id,
        userId,
        rating: body.rating,
        comment,
      });
      if (inserted) {
        ratingId = inserted.id;
        isNew = true;
        await repository.adjustEventRatingTotals(tx, event.id, 1, body.rating);
      } else {
        const previous = await repository.findRatingForUpdate(tx, event.id, userId);
        if (!previous) throw conflict('Your rating changed meanwhile. Please try again.', 'CHANGED_MEANWHILE');
        ratingId = previous.id;
        isNew = false;
        await repository.replaceRating(tx, previous.id, { rating: body.rating, comment });
        // A hidden review counts in no average (the moderation module took it out); rewriting it keeps it hidden.
        if (previous.hiddenAt === null)
          await repository.adjustEventRatingTotals(tx, event.id, 0, body.rating - previous.rating);
      }
      await refreshAchievementProgress(tx, userId, now);
      const row = await repository.findRatingById(tx, ratingId);
      if (!row) throw notFound('Event not found', 'EVENT_NOT_FOUND');
      return { rating: toRating(row), isNew };
    });
  }

  async listForEvent(eventId: number, viewerId: string | null): Promise<Rating[]> {
    const [exists, rows] = await Promise.all([
      repository.eventExists(this.db, eventId, viewerId),
      repository.listEventRatings(this.db, eventId, viewerId),
    ]);
    if (!exists) throw notFound('Event not found', 'EVENT_NOT_FOUND');
    return rows.map(toRating);
  }
}
