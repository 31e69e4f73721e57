import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoursReport } from '../../../contract/organizations';
import { events, rsvps } from '../../db/schema';
import { addOrganizationMemberRow, addRsvpRow, createEventRow, createOrganizationRow } from '../../test/fixtures';
import { createTestApp, signUpUser, type SignedUpUser, type TestApp } from '../../test/test-app';

/** GET /api/organizations/{id}/hours: the hours report of decisions §20. */
let app: TestApp;
let owner: SignedUpUser;
let admin: SignedUpUser;
let organizer: SignedUpUser;
let member: SignedUpUser;
let stranger: SignedUpUser;
let ana: SignedUpUser;
let bruno: SignedUpUser;
let organizationId: number;

/** A past event of the organization on `date` (UTC) lasting `minutes`, with these people recorded as there. */
async function pastEvent(date: string, minutes: number, attended: SignedUpUser[], title = `Cleanup ${date}`) {
  const event = await createEventRow(app.database.db, { organizerId: organizer.user.id, date: new Date(date), title });
  await app.database.db.update(events).set({ organizationId, durationMinutes: minutes }).where(eq(events.id, event.id));
  for (const person of attended) {
    await addRsvpRow(app.database.db, event.id, person.user.id);
    await app.database.db
      .update(rsvps)
      .set({ attended: true })
      .where(and(eq(rsvps.eventId, event.id), eq(rsvps.userId, person.user.id)));
  }
  return event;
}

beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '100000' });
  [owner, admin, organizer, member, stranger] = [
    await signUpUser(app),
    await signUpUser(app),
    await signUpUser(app),
    await signUpUser(app),
    await signUpUser(app),
  ];
  ana = await signUpUser(app, { firstName: 'Ana', lastName: '=Silva' });
  bruno = await signUpUser(app, { firstName: 'Bruno', lastName: 'Costa' });
  const db = app.database.db;
  organizationId = await createOrganizationRow(db, { ownerId: owner.user.id, slug: 'hour-counters' });
  await addOrganizationMemberRow(db, organizationId, admin.user.id, 'admin');
  await addOrganizationMemberRow(db, organizationId, organizer.user.id, 'organizer');
  await addOrganizationMemberRow(db, organizationId, member.user.id, 'member');
  await pastEvent('2026-03-01T09:00:00Z', 120, [ana, bruno], 'Beach "day"');
  await pastEvent('2026-03-15T23:30:00Z', 90, [ana]);
  await pastEvent('2026-05-01T10:00:00Z', 60, [bruno]);
  // Recorded as absent, and another organization's event: neither counts.
  const absent = await pastEvent('2026-03-10T10:00:00Z', 600, [bruno]);
  await app.database.db.update(rsvps).set({ attended: false }).where(eq(rsvps.eventId, absent.id));
  const elsewhere = await createEventRow(db, { organizerId: stranger.user.id, date: new Date('2026-03-05T10:00:00Z') });
  await addRsvpRow(db, elsewhere.id, ana.user.id);
  await db.update(rsvps).set({ attended: true }).where(eq(rsvps.eventId, elsewhere.id));
});
afterAll(async () => app?.close());

function read(query: string, cookie = owner.cookie, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'GET',
    url: `/api/organizations/${organizationId}/hours${query}`,
    headers: { cookie, ...headers },
  });
}

describe("an organization's hours report", () => {
  it('adds every verified hour at its events in the range, per person and in total', async () => {
    const response = await read('?from=2026-01-01&to=2026-12-31');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const report = response.json<HoursReport>();
    expect(report).toMatchObject({ from: '2026-01-01', to: '2026-12-31', timeZone: 'UTC', totalHours: 6.5 });
    expect(report.people.map((person) => [person.user.firstName, person.hours, person.eventCount])).toEqual([
      ['Ana', 3.5, 2],
      ['Bruno', 3, 2],
    ]);
    expect(report.entries.map((entry) => [entry.title.slice(0, 10), entry.user.firstName, entry.hours])).toEqual([
      ['Beach "day', 'Ana', 2],
      ['Beach "day', 'Bruno', 2],
      ['Cleanup 20', 'Ana', 1.5],
      ['Cleanup 20', 'Bruno', 1],
    ]);
  });

  it("reads the range's days on the caller's clock, both days included", async () => {
    const march = (await read('?from=2026-03-01&to=2026-03-15')).json<HoursReport>();
    expect(march.totalHours).toBe(5.5);
    // 23:30 UTC on 15 March is already 16 March in Tokyo: that event falls out of the range there.
    const tokyo = (
      await read('?from=2026-03-01&to=2026-03-15', owner.cookie, {
        cookie: `${owner.cookie}; pitchin_time_zone=Asia/Tokyo`,
      })
    ).json<HoursReport>();
    expect(tokyo).toMatchObject({ timeZone: 'Asia/Tokyo', totalHours: 4 });
    const none = (await read('?from=2025-01-01&to=2025-12-31')).json<HoursReport>();
    expect(none).toMatchObject({ totalHours: 0, people: [], entries: [] });
  });

  it('is a CSV with words for columns, local times, quoted cells, and totals per person and for everyone', async () => {
    const response = await read('?from=2026-01-01&to=2026-12-31&format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="organization-${organizationId}-hours-2026-01-01-to-2026-12-31.csv"`,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Name","Event","Date (UTC)","Verified hours"');
    expect(lines[1]).toBe('"Ana =Silva","Beach ""day""","2026-03-01 09:00","2"');
    expect(lines.at(-3)).toBe('"Ana =Silva","Total (2 events)","2026-01-01 to 2026-12-31","3.5"');
    expect(lines.at(-1)).toBe('"Everyone","Total","2026-01-01 to 2026-12-31","6.5"');
    const byAccept = await read('?from=2026-01-01&to=2026-12-31', owner.cookie, { accept: 'text/csv' });
    expect(byAccept.headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('is for owners and admins: 403 for organizers, members and strangers, 404 for no organization, 401 for guests', async () => {
    expect((await read('?from=2026-01-01&to=2026-12-31', admin.cookie)).statusCode).toBe(200);
    for (const person of [organizer, member, stranger])
      expect((await read('?from=2026-01-01&to=2026-12-31', person.cookie)).statusCode).toBe(403);
    const missing = await app.inject({
      method: 'GET',
      url: '/api/organizations/999999/hours?from=2026-01-01&to=2026-12-31',
      headers: { cookie: owner.cookie },
    });
    expect(missing.statusCode).toBe(404);
    const guest = await app.inject({
      method: 'GET',
      url: `/api/organizations/${organizationId}/hours?from=2026-01-01&to=2026-12-31`,
    });
    expect(guest.statusCode).toBe(401);
  });

  it('refuses a missing, malformed, impossible or reversed range with 400', async () => {
    for (const query of [
      '',
      '?from=2026-01-01',
      '?from=2026-1-1&to=2026-12-31',
      '?from=2026-02-30&to=2026-12-31',
      '?from=2026-12-31&to=2026-01-01',
      '?from=2026-01-01&to=2026-12-31&format=xml',
    ]) {
      const response = await read(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });
});
