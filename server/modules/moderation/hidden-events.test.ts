import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Slot } from '../../../contract/slots';
import { selectRows } from '../../db/client';
import { addRsvpRow, createEventRow, daysFromNow } from '../../test/fixtures';
import {
  createEvent,
  createTestApp,
  signUpMany,
  verifyEmailOf,
  type SignedUpUser,
  type TestApp,
} from '../../test/test-app';
import { type CaptureSmtpServer, startCaptureSmtpServer } from '../mail/capture-smtp-server';

/**
 * Decisions §22: a hidden event, or a suspended organizer's, reaches nobody (no announcement, change mail,
 * notification or reminder); its people may still leave it, and it no longer blocks their other slots.
 */
let smtp: CaptureSmtpServer;
let app: TestApp;
let organizer: SignedUpUser;
let people: SignedUpUser[];

beforeAll(async () => {
  smtp = await startCaptureSmtpServer();
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000', SMTP_URL: smtp.url });
  [organizer, ...people] = (await signUpMany(app, 9)) as [SignedUpUser, ...SignedUpUser[]];
  for (const person of [organizer, ...people]) await verifyEmailOf(app, person.user);
  // The sign-ups' verification mails go out now, and are all received before the tests below count their own:
  // sent does not mean arrived, and on PostgreSQL one arrived during the first test.
  await app.mailOutbox.runOnce();
  await smtp.waitForMails(9);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const HOUR = 60 * 60 * 1000;

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) {
  return app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
}

/** What a moderator's hide does to the row (moderation.repository hideContent). */
async function hide(eventId: number): Promise<void> {
  await app.database.db.execute(
    sql`UPDATE events SET hidden_at = now(), hidden_note = 'Not a real event', hidden_cause = 'report' WHERE id = ${eventId}`,
  );
}

async function mailsTo(person: SignedUpUser, action: () => Promise<unknown>): Promise<ParsedMail[]> {
  const before = smtp.mails.length;
  await action();
  return smtp.mails
    .slice(before)
    .filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === person.user.email);
}

async function countRows(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await selectRows<{ count: number }>(app.database.db, query);
  return row!.count;
}

describe('a hidden event reaches nobody', () => {
  it('refuses its announcements with 409 EVENT_HIDDEN: no message, no notification, no mail', async () => {
    const [volunteer] = people as [SignedUpUser];
    const event = await createEvent(app, organizer.cookie);
    expect(
      (await call('POST', `/api/events/${event.id}/rsvp`, volunteer.cookie, { status: 'attending' })).statusCode,
    ).toBe(200);
    await hide(event.id);
    const mails = await mailsTo(volunteer, async () => {
      const response = await call('POST', `/api/events/${event.id}/announcements`, organizer.cookie, {
        content: 'Visit my shop instead',
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: 'EVENT_HIDDEN' });
      await app.mailOutbox.runOnce();
    });
    expect(mails).toEqual([]);
    expect(await countRows(sql`SELECT count(*)::int AS count FROM messages WHERE event_id = ${event.id}`)).toBe(0);
    expect(
      await countRows(
        sql`SELECT count(*)::int AS count FROM notifications WHERE event_id = ${event.id} AND user_id = ${volunteer.user.id}`,
      ),
    ).toBe(0);
  });

  it('sends no change mail queued before the hide, and records no change made after it', async () => {
    const [, volunteer] = people as [SignedUpUser, SignedUpUser];
    const event = await createEvent(app, organizer.cookie);
    expect(
      (await call('POST', `/api/events/${event.id}/rsvp`, volunteer.cookie, { status: 'attending' })).statusCode,
    ).toBe(200);
    // Changed while visible: the record is written, its mail not yet sent.
    expect((await call('PATCH', `/api/events/${event.id}`, organizer.cookie, { location: 'Braga' })).statusCode).toBe(
      200,
    );
    await hide(event.id);
    expect((await call('PATCH', `/api/events/${event.id}`, organizer.cookie, { location: 'Faro' })).statusCode).toBe(
      200,
    );
    expect(await countRows(sql`SELECT count(*)::int AS count FROM event_changes WHERE event_id = ${event.id}`)).toBe(1);
    const mails = await mailsTo(volunteer, () => app.mailOutbox.runOnce());
    expect(mails).toEqual([]);
    const [skipped] = await selectRows<{ reason: string | null }>(
      app.database.db,
      sql`SELECT skipped_reason AS reason FROM mail_outbox WHERE event_id = ${event.id} AND user_id = ${volunteer.user.id}`,
    );
    expect(skipped?.reason).toBe('event_hidden');
  });

  it('sends no reminder for a hidden event, nor for one whose organizer is suspended', async () => {
    const [, , hiddenGuest, suspendedGuest] = people as [SignedUpUser, SignedUpUser, SignedUpUser, SignedUpUser];
    const soon = new Date(Date.now() + 5 * HOUR);
    const hidden = await createEventRow(app.database.db, { organizerId: organizer.user.id, date: soon });
    await addRsvpRow(app.database.db, hidden.id, hiddenGuest.user.id);
    await hide(hidden.id);
    const [suspended] = await signUpMany(app, 1);
    const held = await createEventRow(app.database.db, { organizerId: suspended!.user.id, date: soon });
    await addRsvpRow(app.database.db, held.id, suspendedGuest.user.id);
    // Suspended without the event hidden (one held under an organization stays listed, §20): it is still silent.
    await app.database.db.execute(sql`UPDATE users SET suspended_at = now() WHERE id = ${suspended!.user.id}`);
    const before = smtp.mails.length;
    await app.mailOutbox.runOnce({ shouldScanReminders: true });
    const recipients = smtp.mails.slice(before).map((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : ''));
    expect(recipients).not.toContain(hiddenGuest.user.email);
    expect(recipients).not.toContain(suspendedGuest.user.email);
    expect(
      await countRows(
        sql`SELECT count(*)::int AS count FROM notifications WHERE event_id IN (${hidden.id}, ${held.id}) AND type = 'event_reminder'`,
      ),
    ).toBe(0);
  });
});

describe('the people of a hidden event may still leave it', () => {
  const day = daysFromNow(6).getTime();
  const window = (startHours: number) => ({
    startsAt: new Date(day + startHours * HOUR).toISOString(),
    endsAt: new Date(day + (startHours + 2) * HOUR).toISOString(),
  });

  async function addSlot(eventId: number, startHours: number, capacity = 1): Promise<Slot> {
    const response = await call('POST', `/api/events/${eventId}/slots`, organizer.cookie, {
      role: 'Sorting',
      ...window(startHours),
      capacity,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Slot;
  }

  it('withdraws an RSVP and leaves the waitlist; a stranger still gets 404 EVENT_NOT_FOUND', async () => {
    const [guest, waiting, stranger] = people.slice(4) as [SignedUpUser, SignedUpUser, SignedUpUser];
    const event = await createEvent(app, organizer.cookie, { maxAttendees: 1 });
    expect((await call('POST', `/api/events/${event.id}/rsvp`, guest.cookie, { status: 'attending' })).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/api/events/${event.id}/waitlist`, waiting.cookie)).statusCode).toBe(201);
    await hide(event.id);
    const strangerLeaves = await call('DELETE', `/api/events/${event.id}/rsvp`, stranger.cookie);
    expect(strangerLeaves.statusCode).toBe(404);
    expect(strangerLeaves.json()).toMatchObject({ code: 'EVENT_NOT_FOUND' });
    expect((await call('DELETE', `/api/events/${event.id}/waitlist`, stranger.cookie)).json()).toMatchObject({
      code: 'EVENT_NOT_FOUND',
    });
    const left = await call('DELETE', `/api/events/${event.id}/rsvp`, guest.cookie);
    expect(left.statusCode, left.body).toBe(204);
    // The freed seat is not handed to the queue of an event that reaches nobody.
    expect(await countRows(sql`SELECT count(*)::int AS count FROM rsvps WHERE event_id = ${event.id}`)).toBe(0);
    const leftQueue = await call('DELETE', `/api/events/${event.id}/waitlist`, waiting.cookie);
    expect(leftQueue.statusCode, leftQueue.body).toBe(204);
  });

  it('gives up a slot and its waitlist place; the hidden slot no longer blocks an overlapping one', async () => {
    const [holder, waiting, stranger] = people.slice(4) as [SignedUpUser, SignedUpUser, SignedUpUser];
    const event = await createEvent(app, organizer.cookie);
    const slot = await addSlot(event.id, 0);
    const other = await createEvent(app, organizer.cookie);
    const otherSlot = await addSlot(other.id, 1);
    expect((await call('POST', `/api/slots/${slot.id}/signup`, holder.cookie)).statusCode).toBe(201);
    expect((await call('POST', `/api/slots/${slot.id}/waitlist`, waiting.cookie)).statusCode).toBe(201);
    const blocked = await call('POST', `/api/slots/${otherSlot.id}/signup`, holder.cookie);
    expect(blocked.json()).toMatchObject({ code: 'SLOT_OVERLAP' });
    await hide(event.id);
    const overlapping = await call('POST', `/api/slots/${otherSlot.id}/signup`, holder.cookie);
    expect(overlapping.statusCode, overlapping.body).toBe(201);
    expect((await call('DELETE', `/api/slots/${slot.id}/signup`, stranger.cookie)).json()).toMatchObject({
      code: 'SLOT_NOT_FOUND',
    });
    expect((await call('DELETE', `/api/slots/${slot.id}/waitlist`, stranger.cookie)).json()).toMatchObject({
      code: 'SLOT_NOT_FOUND',
    });
    const left = await call('DELETE', `/api/slots/${slot.id}/signup`, holder.cookie);
    expect(left.statusCode, left.body).toBe(204);
    const leftQueue = await call('DELETE', `/api/slots/${slot.id}/waitlist`, waiting.cookie);
    expect(leftQueue.statusCode, leftQueue.body).toBe(204);
    // Still nobody's but its organizer's to read.
    expect((await call('GET', `/api/events/${event.id}`, holder.cookie)).statusCode).toBe(404);
  });
});

describe('a hidden event leaves the side lists', () => {
  it('leaves its series, the holder’s my-slots and both sides’ message threads, for all but its organizer', async () => {
    const [volunteer, writer] = people.slice(6) as [SignedUpUser, SignedUpUser];
    const first = await createEvent(app, organizer.cookie, {
      date: daysFromNow(3).toISOString(),
      recurrence: { frequency: 'weekly', count: 3 },
    });
    const seriesUrl = `/api/series/${first.seriesId}`;
    const dates = (await call('GET', seriesUrl, volunteer.cookie)).json() as { occurrences: Array<{ id: number }> };
    const hidden = dates.occurrences[1]!.id;
    const startsAt = Date.parse(((await call('GET', `/api/events/${hidden}`)).json() as { date: string }).date);
    const slotResponse = await call('POST', `/api/events/${hidden}/slots`, organizer.cookie, {
      role: 'Sorting',
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 2 * HOUR).toISOString(),
      capacity: 3,
    });
    expect(slotResponse.statusCode, slotResponse.body).toBe(201);
    const slot = slotResponse.json() as Slot;
    expect((await call('POST', `/api/slots/${slot.id}/signup`, volunteer.cookie)).statusCode).toBe(201);
    const sent = await call('POST', '/api/messages', writer.cookie, {
      receiverId: volunteer.user.id,
      eventId: hidden,
      content: 'See you there?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await hide(hidden);

    const series = (await call('GET', seriesUrl, volunteer.cookie)).json() as { occurrences: Array<{ id: number }> };
    expect(series.occurrences.map((occurrence) => occurrence.id)).not.toContain(hidden);
    expect(series.occurrences).toHaveLength(2);
    const asGuest = (await call('GET', seriesUrl)).json() as { occurrences: Array<{ id: number }> };
    expect(asGuest.occurrences.map((occurrence) => occurrence.id)).not.toContain(hidden);
    const asOrganizer = (await call('GET', seriesUrl, organizer.cookie)).json() as {
      occurrences: Array<{ id: number }>;
    };
    expect(asOrganizer.occurrences.map((occurrence) => occurrence.id)).toContain(hidden);

    const mySlots = await call('GET', '/api/my-slots', volunteer.cookie);
    expect(mySlots.statusCode).toBe(200);
    expect(mySlots.body).not.toContain(`"id":${slot.id}`);
    expect(mySlots.body).not.toContain('River cleanup');

    for (const [reader, other] of [
      [volunteer, writer],
      [writer, volunteer],
    ] as const) {
      const thread = await call('GET', `/api/conversations/${other.user.id}/messages`, reader.cookie);
      expect(thread.statusCode, thread.body).toBe(200);
      expect(thread.body).toContain('See you there?');
      expect(thread.body).not.toContain(`"eventId":${hidden}`);
      expect(thread.body).not.toContain('River cleanup');
      const inbox = await call('GET', '/api/messages', reader.cookie);
      expect(inbox.body).toContain('See you there?');
      expect(inbox.body).not.toContain(`"eventId":${hidden}`);
      expect(inbox.body).not.toContain('River cleanup');
    }
  });
});
