import { eq } from 'drizzle-orm';
import ical, { type VCalendar, type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { addRsvpRow, createEventRow, daysFromNow } from '../../test/fixtures';
import { createEvent, createTestApp, signUpUser, type TestApp, type SignedUpUser } from '../../test/test-app';

/** The event the calendar files describe: its place and length are what the assertions read. */
const CALENDAR_EVENT = {
  title: 'Park cleanup',
  description: 'Gloves provided.',
  location: 'Parque Eduardo VII, Lisboa',
  date: daysFromNow(4).toISOString(),
  categoryId: 1,
  durationMinutes: 150,
};

let app: TestApp;
let organizer: SignedUpUser;
let volunteer: SignedUpUser;

beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  organizer = await signUpUser(app, { firstName: 'Olga', lastName: 'Organizer' });
  volunteer = await signUpUser(app, { firstName: 'Vera', lastName: 'Volunteer' });
});
afterAll(async () => app?.close());

function onlyEvent(text: string): VEvent {
  const parsed = ical.sync.parseICS(text);
  const events = Object.values(parsed).filter((component): component is VEvent => component?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  return events[0]!;
}

function allEvents(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter(
    (component): component is VEvent => component?.type === 'VEVENT',
  );
}

/** RFC 5545 §3.1: every content line ends with CRLF, the last one (END:VCALENDAR) included; no bare CR or LF. */
function expectCrlfLines(text: string): void {
  expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  const lines = text.split('\r\n');
  expect(lines.pop()).toBe('');
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(line).not.toBe('');
  }
}

async function readEventCalendar(eventId: number, cookie?: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/events/${eventId}/calendar.ics`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe("an event's calendar file", () => {
  it('is text/calendar, readable by guests, with the UID, times and text of the event', async () => {
    const created = await createEvent(app, organizer.cookie, CALENDAR_EVENT);
    const response = await readEventCalendar(created.id);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['content-disposition']).toContain(`pitchin-event-${created.id}.ics`);
    expectCrlfLines(response.body);
    const event = onlyEvent(response.body);
    expect(event.uid).toBe(`pitchin-event-${created.id}@localhost`);
    expect(event.summary).toBe('Park cleanup');
    expect(event.location).toBe('Parque Eduardo VII, Lisboa');
    // iCalendar times are whole seconds.
    expect(new Date(event.start).getTime()).toBe(Math.floor(Date.parse(created.date) / 1000) * 1000);
    expect(new Date(event.end!).getTime() - new Date(event.start).getTime()).toBe(150 * 60_000);
    expect(Number(event.sequence)).toBe(0);
    expect(event.status).toBe('CONFIRMED');
    expect(String(event.description)).toContain(`http://localhost:80/events/${created.id}`);
    // No e-mail of anyone in what a guest can read.
    expect(response.body).not.toContain('@example.org');
  });

  it('keeps its UID, raises SEQUENCE on every edit, moves DTSTART/DTEND with the date and length', async () => {
    const created = await createEvent(app, organizer.cookie, CALENDAR_EVENT);
    const before = onlyEvent((await readEventCalendar(created.id)).body);
    const newDate = daysFromNow(6);
    newDate.setUTCMilliseconds(0);
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/events/${created.id}`,
      headers: { cookie: organizer.cookie },
      payload: { date: newDate.toISOString(), durationMinutes: 60 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const afterDate = onlyEvent((await readEventCalendar(created.id)).body);
    expect(afterDate.uid).toBe(before.uid);
    expect(Number(afterDate.sequence)).toBe(Number(before.sequence) + 1);
    expect(new Date(afterDate.start).getTime()).toBe(newDate.getTime());
    expect(new Date(afterDate.end!).getTime()).toBe(newDate.getTime() + 60 * 60_000);
    // A change calendar apps show (the title) raises it as well.
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/events/${created.id}`,
      headers: { cookie: organizer.cookie },
      payload: { title: 'Park cleanup, north side' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterTitle = onlyEvent((await readEventCalendar(created.id)).body);
    expect(afterTitle.summary).toBe('Park cleanup, north side');
    expect(Number(afterTitle.sequence)).toBe(Number(before.sequence) + 2);
  });

  it('says STATUS:CANCELLED with the reason once the organizer cancels, and raises SEQUENCE', async () => {
    const created = await createEvent(app, organizer.cookie, CALENDAR_EVENT);
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/events/${created.id}/cancel`,
      headers: { cookie: organizer.cookie },
      payload: { reason: 'Storm warning' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const event = onlyEvent((await readEventCalendar(created.id)).body);
    expect(event.status).toBe('CANCELLED');
    expect(Number(event.sequence)).toBe(1);
    expect(String(event.description)).toContain('Storm warning');
  });

  it('answers the one error shape for a missing event and bad ids, never a 5xx', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/events/999999/calendar.ics' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Event not found', code: 'EVENT_NOT_FOUND' });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%00', '%E0%A4%A']) {
      const response = await app.inject({ method: 'GET', url: `/api/events/${id}/calendar.ics` });
      expect([400, 404], `${id}: ${response.statusCode}`).toContain(response.statusCode);
      expect(typeof response.json().message).toBe('string');
    }
  });
});

/** A title that closes its VEVENT and opens another one, carrying the UID of someone else's event, cancelled. */
function forgedTitle(lineBreak: string, victimUid: string): string {
  return [
    'Picnic',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `UID:${victimUid}`,
    'SEQUENCE:999',
    'DTSTAMP:20260101T000000Z',
    'DTSTART:20300101T100000Z',
    'STATUS:CANCELLED',
    'SUMMARY:Cancelled by the organizer',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:filler@evil.example',
    'DTSTAMP:20260101T000000Z',
    'DTSTART:20300101T100000Z',
    'SUMMARY:x',
  ].join(lineBreak);
}

describe('text that would break the calendar file', () => {
  // An organizer of its own: an organizer may create only 10 events an hour.
  let writer: SignedUpUser;
  beforeAll(async () => {
    writer = await signUpUser(app, { firstName: 'Wanda', lastName: 'Writer' });
  });

  it('refuses control characters and line breaks in a title or a location with 400 VALIDATION_FAILED', async () => {
    const event = await createEvent(app, writer.cookie, CALENDAR_EVENT);
    for (const bad of [
      'a\r\nb',
      'a\nb',
      'a\rb',
      'a\tb',
      'a\u0000b',
      'a\u001bb',
      'a\u0085b',
      'a\u009bb',
      'a\u2028b',
      'a\u2029b',
    ]) {
      for (const field of ['title', 'location'] as const) {
        const created = await app.inject({
          method: 'POST',
          url: '/api/events',
          headers: { cookie: writer.cookie },
          payload: {
            title: 'Park cleanup',
            description: 'Gloves provided.',
            location: 'Lisboa',
            date: daysFromNow(4).toISOString(),
            categoryId: 1,
            [field]: bad,
          },
        });
        expect(created.statusCode, `${field} ${JSON.stringify(bad)}`).toBe(400);
        expect(created.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: field }] });
        const patched = await app.inject({
          method: 'PATCH',
          url: `/api/events/${event.id}`,
          headers: { cookie: writer.cookie },
          payload: { [field]: bad },
        });
        expect(patched.statusCode, `${field} ${JSON.stringify(bad)}`).toBe(400);
        expect(patched.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: field }] });
      }
    }
  });

  it('keeps line breaks in a description, which the file carries as escaped text', async () => {
    const created = await createEvent(app, writer.cookie, {
      ...CALENDAR_EVENT,
      description: 'Line one\nLine two\r\nEND:VEVENT\r\nBEGIN:VEVENT',
    });
    const event = onlyEvent((await readEventCalendar(created.id)).body);
    expect(String(event.description)).toContain('Line one\nLine two\nEND:VEVENT\nBEGIN:VEVENT');
  });

  it.each([
    ['CR LF', '\r\n'],
    ['LF', '\n'],
    ['CR', '\r'],
  ])(
    'writes one VEVENT for a title stored with %s lines of iCalendar (a row from before the rule)',
    async (_name, lineBreak) => {
      const victim = await createEvent(app, writer.cookie, { ...CALENDAR_EVENT, title: 'Victim event' });
      const victimUid = `pitchin-event-${victim.id}@localhost`;
      const row = await createEventRow(app.database.db, {
        organizerId: writer.user.id,
        title: forgedTitle(lineBreak, victimUid),
        location: `Lisboa${lineBreak}STATUS:CANCELLED`,
        description: `About${lineBreak}END:VCALENDAR`,
      });
      const text = (await readEventCalendar(row.id)).body;
      const parsed = ical.sync.parseICS(text);
      const event = onlyEvent(text);
      expect(event.uid).toBe(`pitchin-event-${row.id}@localhost`);
      expect(event.status).toBe('CONFIRMED');
      expect(event.summary).toBe(forgedTitle(' ', victimUid));
      expect(event.location).toBe('Lisboa STATUS:CANCELLED');
      const calendar = Object.values(parsed).find((component) => component?.type === 'VCALENDAR') as
        VCalendar | undefined;
      expect(calendar?.['WR-CALNAME']).toBe(forgedTitle(' ', victimUid));
      // Every line of the file is a property of ours or a folded continuation: nothing of the title starts one.
      expect(text.split('\r\n').filter((line) => line.startsWith('UID:'))).toEqual([`UID:${event.uid}`]);
      expect(text).not.toMatch(/\r\nSTATUS:CANCELLED/);

      const member = await signUpUser(app);
      await addRsvpRow(app.database.db, row.id, member.user.id);
      await addRsvpRow(app.database.db, victim.id, member.user.id);
      const made = (
        await app.inject({ method: 'POST', url: '/api/calendar-feed', headers: { cookie: member.cookie } })
      ).json() as { url: string };
      const feed = allEvents((await app.inject({ method: 'GET', url: new URL(made.url).pathname })).body);
      expect(feed).toHaveLength(2);
      expect(feed.find((entry) => entry.uid === victimUid)?.status).toBe('CONFIRMED');
    },
  );

  it('writes an organizer name stored with line breaks as text of the description only', async () => {
    const member = await signUpUser(app, { firstName: 'Nina', lastName: 'Named' });
    await app.database.db
      .update(users)
      .set({ firstName: 'Nina\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:forged@evil.example', lastName: 'X\u2028Y' })
      .where(eq(users.id, member.user.id));
    const row = await createEventRow(app.database.db, { organizerId: member.user.id, title: 'Named organizer' });
    const event = onlyEvent((await readEventCalendar(row.id)).body);
    expect(String(event.description)).toContain('Organizer: Nina END:VEVENT BEGIN:VEVENT UID:forged@evil.example X Y');
  });
});

describe('the personal calendar feed', () => {
  it('needs a session to see, make, renew and turn off', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/calendar-feed' });
      expect(response.statusCode).toBe(401);
    }
  });

  it('lists the RSVPs of its owner only, with the same UIDs as the event files', async () => {
    const member = await signUpUser(app);
    const other = await signUpUser(app);
    const joined = await createEvent(app, organizer.cookie, { ...CALENDAR_EVENT, title: 'Joined event' });
    const cancelledLater = await createEvent(app, organizer.cookie, {
      ...CALENDAR_EVENT,
      title: 'Joined then cancelled',
    });
    const notJoined = await createEvent(app, organizer.cookie, { ...CALENDAR_EVENT, title: 'Not joined' });
    for (const eventId of [joined.id, cancelledLater.id]) {
      const rsvp = await app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/rsvp`,
        headers: { cookie: member.cookie },
        payload: { status: 'attending' },
      });
      expect(rsvp.statusCode, rsvp.body).toBe(200);
    }
    await app.inject({
      method: 'POST',
      url: `/api/events/${notJoined.id}/rsvp`,
      headers: { cookie: other.cookie },
      payload: { status: 'attending' },
    });
    const pastRow = await createEventRow(app.database.db, {
      organizerId: organizer.user.id,
      date: daysFromNow(-10),
      title: 'Past one',
    });
    await addRsvpRow(app.database.db, pastRow.id, member.user.id);
    await app.inject({
      method: 'POST',
      url: `/api/events/${cancelledLater.id}/cancel`,
      headers: { cookie: organizer.cookie },
      payload: {},
    });

    const status = await app.inject({ method: 'GET', url: '/api/calendar-feed', headers: { cookie: member.cookie } });
    expect(status.json()).toEqual({ isActive: false, createdAt: null });
    const made = await app.inject({ method: 'POST', url: '/api/calendar-feed', headers: { cookie: member.cookie } });
    expect(made.statusCode, made.body).toBe(201);
    const { url } = made.json() as { url: string };
    expect(url).toMatch(/^http:\/\/localhost:80\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const statusAfter = (
      await app.inject({ method: 'GET', url: '/api/calendar-feed', headers: { cookie: member.cookie } })
    ).json();
    expect(statusAfter.isActive).toBe(true);

    // Calendar apps send no cookie.
    const feed = await app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expectCrlfLines(feed.body);
    const entries = allEvents(feed.body);
    expect(entries.map((entry) => entry.summary).sort()).toEqual(['Joined event', 'Joined then cancelled', 'Past one']);
    const single = onlyEvent((await readEventCalendar(joined.id)).body);
    expect(entries.find((entry) => entry.summary === 'Joined event')!.uid).toBe(single.uid);
    expect(entries.find((entry) => entry.summary === 'Joined then cancelled')!.status).toBe('CANCELLED');
  });

  it('stores only a hash of the token, and a renewed URL kills the old one', async () => {
    const member = await signUpUser(app);
    const first = (
      await app.inject({ method: 'POST', url: '/api/calendar-feed', headers: { cookie: member.cookie } })
    ).json() as { url: string };
    const firstToken = first.url.split('/').pop()!.replace('.ics', '');
    const stored = await app.database.db.execute(
      `SELECT token_hash FROM calendar_feeds WHERE user_id = '${member.user.id}'` as never,
    );
    const storedHash = (stored as unknown as { rows: Array<{ token_hash: string }> }).rows[0]!.token_hash;
    expect(storedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(storedHash).not.toContain(firstToken);

    expect((await app.inject({ method: 'GET', url: new URL(first.url).pathname })).statusCode).toBe(200);
    const renewed = (
      await app.inject({ method: 'POST', url: '/api/calendar-feed', headers: { cookie: member.cookie } })
    ).json() as { url: string };
    expect(renewed.url).not.toBe(first.url);
    const old = await app.inject({ method: 'GET', url: new URL(first.url).pathname });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: 'Calendar feed not found', code: 'NOT_FOUND' });
    expect((await app.inject({ method: 'GET', url: new URL(renewed.url).pathname })).statusCode).toBe(200);

    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/calendar-feed',
      headers: { cookie: member.cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: new URL(renewed.url).pathname })).statusCode).toBe(404);
  });

  it('answers 404 for unknown and malformed tokens, never a 5xx', async () => {
    const member = await signUpUser(app);
    const made = (
      await app.inject({ method: 'POST', url: '/api/calendar-feed', headers: { cookie: member.cookie } })
    ).json() as { url: string };
    const token = made.url.split('/').pop()!.replace('.ics', '');
    const wrongLastCharacter = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const file of [
      `${wrongLastCharacter}.ics`,
      token,
      `${token}.ical`,
      `${token}x.ics`,
      'x.ics',
      '.ics',
      `${'a'.repeat(43)}.ics`,
      encodeURIComponent(`../${token}.ics`),
    ]) {
      const response = await app.inject({ method: 'GET', url: `/api/calendar/${file}` });
      expect(response.statusCode, file).toBe(404);
      expect(typeof response.json().message).toBe('string');
    }
    const controlCharacter = await app.inject({ method: 'GET', url: '/api/calendar/%00.ics' });
    expect([400, 404]).toContain(controlCharacter.statusCode);
  });

  it('refuses a feed renewal from another site', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/calendar-feed',
      headers: { cookie: volunteer.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
  });
});
