import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, ratings } from '../../db/schema';
import { addRsvpRow, createEventRow, daysFromNow } from '../../test/fixtures';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
});
afterAll(async () => app?.close());

async function pastEventWithAttendees(attendeeCount: number) {
  const organizer = await signUpUser(app);
  const event = await createEventRow(app.database.db, { organizerId: organizer.user.id, date: daysFromNow(-2) });
  const attendees = [];
  for (let index = 0; index < attendeeCount; index += 1) {
    const attendee = await signUpUser(app);
    await addRsvpRow(app.database.db, event.id, attendee.user.id);
    attendees.push(attendee);
  }
  return { organizer, event, attendees };
}

function rate(cookie: string | undefined, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/ratings', headers: cookie ? { cookie } : {}, payload });
}

async function eventTotals(eventId: number) {
  const [row] = await app.database.db
    .select({ count: events.ratingCount, sum: events.ratingSum })
    .from(events)
    .where(eq(events.id, eventId));
  return row!;
}

describe('POST /api/ratings', () => {
  it('creates a rating with 201, replaces it with 200, and keeps the totals exact', async () => {
    const { event, attendees } = await pastEventWithAttendees(3);
    const [first, second, third] = attendees;
    const created = await rate(first!.cookie, {
      eventId: event.id,
      rating: 5,
      comment: 'Great morning, well organized.',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      eventId: event.id,
      userId: first!.user.id,
      rating: 5,
      comment: 'Great morning, well organized.',
      user: { firstName: first!.user.firstName, lastName: first!.user.lastName, profileImageUrl: null },
    });
    expect((await rate(second!.cookie, { eventId: event.id, rating: 4 })).statusCode).toBe(201);
    expect((await rate(third!.cookie, { eventId: event.id, rating: 4, comment: null })).statusCode).toBe(201);
    expect(await eventTotals(event.id)).toEqual({ count: 3, sum: 13 });

    const replaced = await rate(first!.cookie, {
      eventId: event.id,
      rating: 2,
      comment: 'On second thought, too crowded.',
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: created.json().id,
      rating: 2,
      comment: 'On second thought, too crowded.',
    });
    expect(await eventTotals(event.id)).toEqual({ count: 3, sum: 10 });
    const rows = await app.database.db.select().from(ratings).where(eq(ratings.eventId, event.id));
    expect(rows).toHaveLength(3);
    const exactMean = rows.reduce((sum, row) => sum + row.rating, 0) / rows.length;
    const totals = await eventTotals(event.id);
    expect(totals.sum / totals.count).toBeCloseTo(exactMean, 10);
  });

  it('refuses ratings before the event with 409', async () => {
    const organizer = await signUpUser(app);
    const attendee = await signUpUser(app);
    const event = await createEventRow(app.database.db, { organizerId: organizer.user.id, date: daysFromNow(1) });
    await addRsvpRow(app.database.db, event.id, attendee.user.id);
    const response = await rate(attendee.cookie, { eventId: event.id, rating: 5 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Reviews open after the event', code: 'EVENT_NOT_STARTED' });
  });

  it('refuses the organizer, even with an RSVP, and a user without an RSVP, with 403', async () => {
    const { organizer, event } = await pastEventWithAttendees(0);
    await addRsvpRow(app.database.db, event.id, organizer.user.id, 'organizing');
    const byOrganizer = await rate(organizer.cookie, { eventId: event.id, rating: 5 });
    expect(byOrganizer.statusCode).toBe(403);
    expect(byOrganizer.json()).toEqual({
      message: 'Organizers cannot rate their own event',
      code: 'ORGANIZER_CANNOT_RATE',
    });
    const stranger = await signUpUser(app);
    const byStranger = await rate(stranger.cookie, { eventId: event.id, rating: 5 });
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json()).toEqual({ message: 'Only attendees can rate this event', code: 'NOT_ATTENDEE' });
    expect(await eventTotals(event.id)).toEqual({ count: 0, sum: 0 });
  });

  it('answers 404 for an unknown event', async () => {
    const user = await signUpUser(app);
    const response = await rate(user.cookie, { eventId: 999_999, rating: 3 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Event not found', code: 'EVENT_NOT_FOUND' });
  });

  it('refuses a missing or zero rating with the spec message, and other bad input with 400', async () => {
    const { event, attendees } = await pastEventWithAttendees(1);
    const cookie = attendees[0]!.cookie;
    const required = 'Rating Required - Please select a star rating before submitting.';
    for (const payload of [
      { eventId: event.id },
      { eventId: event.id, rating: 0 },
      { eventId: event.id, rating: null },
    ]) {
      const response = await rate(cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(required);
      expect(response.json().errors).toContainEqual({ path: 'rating', message: required });
    }
    for (const payload of [
      { eventId: event.id, rating: 6 },
      { eventId: event.id, rating: 3.5 },
      { eventId: event.id, rating: '4' },
      { eventId: event.id, rating: 4, comment: 'x'.repeat(2001) },
      { eventId: 'one', rating: 4 },
      { rating: 4 },
    ]) {
      expect((await rate(cookie, payload)).statusCode).toBe(400);
    }
    expect(await eventTotals(event.id)).toEqual({ count: 0, sum: 0 });
  });

  it('answers 401 without a session', async () => {
    const response = await rate(undefined, { eventId: 1, rating: 5 });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
  });

  it('keeps the totals exact under concurrent ratings of one event', async () => {
    const { event, attendees } = await pastEventWithAttendees(6);
    const values = [1, 2, 3, 4, 5, 5];
    const responses = await Promise.all(
      attendees.map((attendee, index) => rate(attendee.cookie, { eventId: event.id, rating: values[index] })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(values.map(() => 201));
    const replacements = await Promise.all(
      attendees.map((attendee) => rate(attendee.cookie, { eventId: event.id, rating: 3 })),
    );
    expect(replacements.map((response) => response.statusCode)).toEqual(values.map(() => 200));
    expect(await eventTotals(event.id)).toEqual({ count: 6, sum: 18 });
  });
});

describe('GET /api/events/:id/ratings', () => {
  it('lists the reviews newest first in the contract shape', async () => {
    const { event, attendees } = await pastEventWithAttendees(3);
    for (const [index, attendee] of attendees.entries()) {
      expect(
        (await rate(attendee.cookie, { eventId: event.id, rating: index + 3, comment: `Review ${index}` })).statusCode,
      ).toBe(201);
    }
    const response = await app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/ratings`,
      headers: { cookie: attendees[0]!.cookie },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Array<{ comment: string; createdAt: string; user: object }>;
    expect(body.map((review) => review.comment)).toEqual(['Review 2', 'Review 1', 'Review 0']);
    expect(Object.keys(body[0]!).sort()).toEqual([
      'comment',
      'createdAt',
      'eventId',
      'hiddenNotice',
      'id',
      'rating',
      'user',
      'userId',
    ]);
    expect(Object.keys(body[0]!.user).sort()).toEqual(['firstName', 'lastName', 'profileImageUrl']);
    expect(new Date(body[0]!.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(body[2]!.createdAt).getTime());
  });

  it('answers [] for an event without reviews, 404 for a missing event, 400 for a bad id, and guests too', async () => {
    const { event, organizer } = await pastEventWithAttendees(0);
    const empty = await app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/ratings`,
      headers: { cookie: organizer.cookie },
    });
    expect(empty.json()).toEqual([]);
    const missing = await app.inject({
      method: 'GET',
      url: '/api/events/987654/ratings',
      headers: { cookie: organizer.cookie },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Event not found', code: 'EVENT_NOT_FOUND' });
    expect(
      (await app.inject({ method: 'GET', url: '/api/events/abc/ratings', headers: { cookie: organizer.cookie } }))
        .statusCode,
    ).toBe(400);
    const asGuest = await app.inject({ method: 'GET', url: `/api/events/${event.id}/ratings` });
    expect(asGuest.statusCode).toBe(200);
    expect(asGuest.json()).toEqual([]);
  });
});
