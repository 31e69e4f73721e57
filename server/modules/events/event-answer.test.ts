import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSchema } from '../../../contract/events';
import { events, organizations, slots, users, waitlistEntries } from '../../db/schema';
import {
  addOrganizationMemberRow,
  addPhotoRows,
  addRsvpRow,
  createEventRow,
  createOrganizationRow,
  daysFromNow,
} from '../../test/fixtures';
import { createTestApp, signUpMany, type SignedUpUser, type TestApp } from '../../test/test-app';
import { EventsService } from './events.service';

/**
 * The Event answer is written twice: in SQL for the API's reads (EVENT_JSON_COLUMNS, passed through as
 * text) and in TypeScript for the page loaders and the organizer's writes (EventsService.get). These
 * tests hold the two to the same answer, key for key and in the same order, for every state an event and
 * its viewer can be in.
 */
let app: TestApp;
let service: EventsService;
let organizer: SignedUpUser;
let people: SignedUpUser[];

beforeAll(async () => {
  app = await createTestApp();
  service = new EventsService(app.database.db, { publicUrl: null });
  [organizer, ...people] = (await signUpMany(app, 6)) as [SignedUpUser, ...SignedUpUser[]];
});
afterAll(async () => app.close());

async function expectSameAnswer(viewerId: string | null, eventId: number) {
  const fromSql = JSON.parse(await service.getJson(viewerId, eventId)) as unknown;
  const fromTypeScript = await service.get(viewerId, eventId);
  expect(fromSql).toEqual(fromTypeScript);
  // Same keys in the same order: the page data and the API's answer read the same to a person too.
  expect(Object.keys(fromSql as object)).toEqual(Object.keys(fromTypeScript));
  // And both are the contract's answer.
  expect(eventSchema.parse(fromSql)).toEqual(fromTypeScript);
}

describe('an event answer read through SQL and through TypeScript', () => {
  it('is the same for an event with coordinates, and in a near list the same but for its distance', async () => {
    const event = await createEventRow(app.database.db, {
      organizerId: organizer!.user.id,
      location: 'Porto',
      latitude: 41.14961,
      longitude: -8.61099,
    });
    await expectSameAnswer(null, event.id);
    const { body } = await service.list(null, { near: '41.15,-8.61', radiusKm: 5 });
    const listed = (JSON.parse(body) as Array<Record<string, unknown>>).find((item) => item.id === event.id);
    const fromTypeScript = await service.get(null, event.id);
    expect(Object.keys(listed!)).toEqual(Object.keys(fromTypeScript));
    expect(listed).toEqual({ ...fromTypeScript, distanceKm: 0.1 });
  });

  it('is the same for a plain upcoming event, to a guest, its organizer and a stranger', async () => {
    const event = await createEventRow(app.database.db, { organizerId: organizer!.user.id, date: daysFromNow(4) });
    for (const viewer of [null, organizer!.user.id, people[0]!.user.id]) await expectSameAnswer(viewer, event.id);
  });

  it("is the same with text that JSON must escape, an organizer without names, and the creation's microseconds", async () => {
    const event = await createEventRow(app.database.db, {
      organizerId: people[3]!.user.id,
      title: 'Quotes " and \\ backslashes </script> ünïcödé 🌊',
      description: 'Line one\nLine two\ttabbed',
      location: 'Café "Azul", Porto',
    });
    await app.database.db
      .update(users)
      .set({ firstName: null, lastName: null, profileImageUrl: '/api/profile-photos/x' })
      .where(eq(users.id, people[3]!.user.id));
    // created_at keeps microseconds; both writings must cut them the same way.
    await app.database.db
      .update(events)
      .set({
        createdAt: sql`'2026-05-01T10:00:00.123999Z'::timestamptz`,
        updatedAt: sql`'2026-05-01T10:00:00.999999Z'::timestamptz`,
      })
      .where(eq(events.id, event.id));
    await expectSameAnswer(null, event.id);
    await expectSameAnswer(people[0]!.user.id, event.id);
  });

  it('is the same with RSVPs, a full event, its waitlist and the viewer waiting second', async () => {
    const event = await createEventRow(app.database.db, { organizerId: organizer!.user.id, maxAttendees: 1 });
    await addRsvpRow(app.database.db, event.id, people[0]!.user.id, 'attending');
    await app.database.db.insert(waitlistEntries).values([
      { eventId: event.id, userId: people[1]!.user.id },
      { eventId: event.id, userId: people[2]!.user.id },
    ]);
    for (const viewer of [null, people[0]!.user.id, people[1]!.user.id, people[2]!.user.id])
      await expectSameAnswer(viewer, event.id);
    const answer = await service.get(people[2]!.user.id, event.id);
    expect(answer).toMatchObject({ rsvpCount: 1, waitlistCount: 2, userWaitlistPosition: 2 });
  });

  it('is the same for an event held under an organization, with and without a logo, and for one that left it', async () => {
    const [organization] = await app.database.db
      .insert(organizations)
      .values({ slug: 'parity-club', name: 'Parity "Club" </script>', description: 'd' })
      .returning();
    const event = await createEventRow(app.database.db, { organizerId: organizer!.user.id });
    await app.database.db.update(events).set({ organizationId: organization!.id }).where(eq(events.id, event.id));
    for (const viewer of [null, organizer!.user.id, people[0]!.user.id]) await expectSameAnswer(viewer, event.id);
    expect((await service.get(null, event.id)).organization).toEqual({
      id: organization!.id,
      slug: 'parity-club',
      name: 'Parity "Club" </script>',
      logoUrl: null,
    });
    await app.database.db
      .update(organizations)
      .set({ logoUrl: '/api/organization-logos/x' })
      .where(eq(organizations.id, organization!.id));
    await expectSameAnswer(people[1]!.user.id, event.id);
    // Deleting the organization keeps the event, as the organizer's own.
    await app.database.db.delete(organizations).where(eq(organizations.id, organization!.id));
    await expectSameAnswer(null, event.id);
    expect((await service.get(null, event.id)).organization).toBeNull();
  });

  it("says who may manage it: its organizer and the organization's owners, admins and organizers, not members, strangers or guests", async () => {
    const [owner, admin, holder, member, stranger] = people as [
      SignedUpUser,
      SignedUpUser,
      SignedUpUser,
      SignedUpUser,
      SignedUpUser,
    ];
    const organizationId = await createOrganizationRow(app.database.db, { ownerId: owner.user.id, slug: 'managers' });
    await addOrganizationMemberRow(app.database.db, organizationId, admin.user.id, 'admin');
    await addOrganizationMemberRow(app.database.db, organizationId, holder.user.id, 'organizer');
    await addOrganizationMemberRow(app.database.db, organizationId, member.user.id, 'member');
    const event = await createEventRow(app.database.db, { organizerId: organizer!.user.id });
    await app.database.db.update(events).set({ organizationId }).where(eq(events.id, event.id));
    const expected: Array<[string | null, boolean]> = [
      // Its organizer holds an organization's event by a role there (decisions §22): this one has none.
      [organizer!.user.id, false],
      [owner.user.id, true],
      [admin.user.id, true],
      [holder.user.id, true],
      [member.user.id, false],
      [stranger.user.id, false],
      [null, false],
    ];
    for (const [viewer, canManage] of expected) {
      await expectSameAnswer(viewer, event.id);
      expect((await service.get(viewer, event.id)).canManage, String(viewer)).toBe(canManage);
    }
    // A person's own event stays theirs alone.
    const own = await createEventRow(app.database.db, { organizerId: organizer!.user.id });
    for (const [viewer, canManage] of [
      [organizer!.user.id, true],
      [owner.user.id, false],
      [null, false],
    ] as const) {
      await expectSameAnswer(viewer, own.id);
      expect((await service.get(viewer, own.id)).canManage).toBe(canManage);
    }
  });

  it('is the same for a past, rated, cancelled event with photos in their order', async () => {
    const event = await createEventRow(app.database.db, { organizerId: organizer!.user.id, date: daysFromNow(-3) });
    await addRsvpRow(app.database.db, event.id, people[1]!.user.id, 'supporting');
    await app.database.db
      .update(events)
      .set({ ratingCount: 3, ratingSum: 11, status: 'cancelled', cancelReason: 'Storm warning' })
      .where(eq(events.id, event.id));
    await addPhotoRows(app.database.db, event.id, ['photo-a', 'photo-b']);
    await expectSameAnswer(people[1]!.user.id, event.id);
    const answer = await service.get(null, event.id);
    expect(answer.images).toEqual(['/api/images/photo-a', '/api/images/photo-b']);
    expect(answer.averageRating).toBeCloseTo(11 / 3, 10);
  });

  it('is the same for an event with slots, their count and open places', async () => {
    const event = await createEventRow(app.database.db, { organizerId: organizer!.user.id, date: daysFromNow(5) });
    const startsAt = daysFromNow(5);
    const endsAt = new Date(startsAt.getTime() + 2 * 60 * 60 * 1000);
    await app.database.db.insert(slots).values([
      { eventId: event.id, role: 'Kitchen', startsAt, endsAt, capacity: 4, signupCount: 1, pendingCount: 1 },
      { eventId: event.id, role: 'Door', startsAt, endsAt, capacity: 3 },
    ]);
    await app.database.db.update(events).set({ slotCount: 2, openSlotPlaces: 5 }).where(eq(events.id, event.id));
    for (const viewer of [null, organizer!.user.id, people[0]!.user.id]) await expectSameAnswer(viewer, event.id);
    expect(await service.get(null, event.id)).toMatchObject({ slotCount: 2, openSlotPlaces: 5 });
  });
});
