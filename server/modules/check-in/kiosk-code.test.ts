import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELF_CHECK_IN_CODE_SECONDS, SELF_CHECK_IN_GRACE_SECONDS } from '../../../contract/check-in';
import { rsvps } from '../../db/schema';
import { addRsvpRow, createEventRow } from '../../test/fixtures';
import { createTestApp, signUpMany, type SignedUpUser, type TestApp } from '../../test/test-app';

/**
 * decisions §22, item 3 of round four: one photo of the kiosk's code checked in anyone who got it, for two
 * minutes. Now a kiosk shows a new code every 30 seconds, the one before is taken 30 seconds more (a
 * person scanning at the change is not refused), and each code names the kiosk that showed it, which the
 * check-in keeps and the door's log shows.
 */
const HOUR_MS = 3600_000;
let app: TestApp;
let organizer: SignedUpUser;

beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  organizer = (await signUpMany(app, 1))[0]!;
});
afterAll(async () => {
  await app?.close();
});

function call(method: 'GET' | 'POST', url: string, as: SignedUpUser, payload?: object) {
  return app.inject({ method, url, headers: { cookie: as.cookie }, ...(payload === undefined ? {} : { payload }) });
}

async function eventWith(people: SignedUpUser[]): Promise<number> {
  const event = await createEventRow(app.database.db, {
    organizerId: organizer.user.id,
    date: new Date(Date.now() + HOUR_MS),
  });
  for (const person of people) await addRsvpRow(app.database.db, event.id, person.user.id);
  return event.id;
}

/** The kiosk's code as it was `secondsAgo` seconds ago. */
async function codeShown(eventId: number, device: string, secondsAgo = 0): Promise<string> {
  const realNow = Date.now;
  Date.now = () => realNow() - secondsAgo * 1000;
  try {
    const answer = await call('GET', `/api/events/${eventId}/check-in-code?device=${device}`, organizer);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().code;
  } finally {
    Date.now = realNow;
  }
}

describe("the kiosk's rotating code", () => {
  it('is renewed every 30 seconds and names the kiosk; the check-in keeps the name and the door shows it', async () => {
    expect(SELF_CHECK_IN_CODE_SECONDS).toBe(30);
    const [holder] = await signUpMany(app, 1);
    const eventId = await eventWith([holder!]);
    const answer = await call('GET', `/api/events/${eventId}/check-in-code?device=HALL7K`, organizer);
    expect(answer.statusCode).toBe(200);
    const lifeMs = new Date(answer.json().expiresAt).getTime() - Date.now();
    expect(lifeMs).toBeGreaterThan(25_000);
    expect(lifeMs).toBeLessThanOrEqual(30_000);
    expect(answer.json().code).toMatch(/^\d+\.HALL7K\.[\w-]{22}$/);

    const checkedIn = await call('POST', `/api/events/${eventId}/self-check-in`, holder!, { code: answer.json().code });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    const door = (await call('GET', `/api/events/${eventId}/check-ins`, organizer)).json();
    expect(door.people).toEqual([expect.objectContaining({ checkInDevice: 'HALL7K' })]);
  });

  it('asks the kiosk to name itself, and a code renamed to another kiosk fails its signature', async () => {
    const [holder] = await signUpMany(app, 1);
    const eventId = await eventWith([holder!]);
    for (const query of ['', '?device=', '?device=a.b', `?device=${'A'.repeat(17)}`])
      expect((await call('GET', `/api/events/${eventId}/check-in-code${query}`, organizer)).statusCode).toBe(400);
    const [issued, , signature] = (await codeShown(eventId, 'HALL7K')).split('.');
    const renamed = await call('POST', `/api/events/${eventId}/self-check-in`, holder!, {
      code: `${issued}.GATE22.${signature}`,
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().code).toBe('CHECK_IN_CODE_INVALID');
  });

  it('takes the code before the current one (a scan at the change), and nothing older', async () => {
    const [atChange, late] = await signUpMany(app, 2);
    const eventId = await eventWith([atChange!, late!]);
    // Shown 50 s ago, replaced 20 s ago: still within its grace.
    const previous = await codeShown(eventId, 'HALL7K', SELF_CHECK_IN_CODE_SECONDS + 20);
    const taken = await call('POST', `/api/events/${eventId}/self-check-in`, atChange!, { code: previous });
    expect(taken.statusCode, taken.body).toBe(200);
    // A photo passed on: a minute and more after it was shown, refused.
    const photo = await codeShown(eventId, 'HALL7K', SELF_CHECK_IN_CODE_SECONDS + SELF_CHECK_IN_GRACE_SECONDS + 2);
    const refused = await call('POST', `/api/events/${eventId}/self-check-in`, late!, { code: photo });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CHECK_IN_CODE_EXPIRED');
    const [row] = await app.database.db
      .select({ checkedInAt: rsvps.checkedInAt })
      .from(rsvps)
      .where(and(eq(rsvps.eventId, eventId), eq(rsvps.userId, late!.user.id)));
    expect(row!.checkedInAt).toBeNull();
  });

  it('a check-in at the door names no kiosk', async () => {
    const [holder] = await signUpMany(app, 1);
    const eventId = await eventWith([holder!]);
    const ticket = (await call('GET', `/api/events/${eventId}/ticket`, holder!)).json().code;
    expect((await call('POST', `/api/events/${eventId}/check-ins`, organizer, { code: ticket })).statusCode).toBe(200);
    const door = (await call('GET', `/api/events/${eventId}/check-ins`, organizer)).json();
    expect(door.people).toEqual([expect.objectContaining({ checkInDevice: null })]);
  });
});
