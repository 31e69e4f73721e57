import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../../contract/events';
import type { ModerationLogEntry, QueuedReport } from '../../../contract/moderation';
import { MODERATION_LIMITS } from '../../../contract/moderation-catalogue';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications, rateLimitCounters, users } from '../../db/schema';
import { ModerationService } from './moderation.service';
import { addRsvpRow, createEventRow, daysFromNow } from '../../test/fixtures';
import {
  createEvent,
  createTestApp,
  signUpUser,
  signUpVerifiedUser,
  type SignedUpUser,
  type TestApp,
} from '../../test/test-app';

const ADMIN_EMAIL = 'site-admin@example.org';

let app: TestApp;
let admin: SignedUpUser;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '100000', ADMIN_EMAILS: ` ${ADMIN_EMAIL.toUpperCase()} , ` });
  admin = await signUpVerifiedUser(app, { email: ADMIN_EMAIL });
});
afterAll(async () => {
  await app?.close();
});

type Method = 'GET' | 'POST' | 'DELETE';

function call(method: Method, url: string, cookie?: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

async function report(reporter: SignedUpUser, targetType: string, targetId: string | number, reason = 'spam') {
  return call('POST', '/api/reports', reporter.cookie, { targetType, targetId, reason, details: 'Looks like spam' });
}

async function reportAndFind(reporter: SignedUpUser, targetType: string, targetId: string | number) {
  const response = await report(reporter, targetType, targetId);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

async function resolve(moderator: SignedUpUser, reportId: number, action: string, note = 'Against the rules') {
  return call('POST', `/api/moderation/reports/${reportId}/resolve`, moderator.cookie, { action, note });
}

async function appoint(person: SignedUpUser) {
  const response = await call('POST', '/api/moderation/moderators', admin.cookie, { email: person.user.email });
  expect(response.statusCode, response.body).toBe(204);
}

async function readLog(moderator: SignedUpUser): Promise<ModerationLogEntry[]> {
  const response = await call('GET', '/api/moderation/log', moderator.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('reports', () => {
  it('files a report with a reason of §20 and answers it; the same open report again is 409 ALREADY_REPORTED', async () => {
    const organizer = await signUpUser(app);
    const reporter = await signUpUser(app);
    const event = await createEvent(app, organizer.cookie);
    const first = await report(reporter, 'event', event.id, 'misleading');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      targetType: 'event',
      targetId: String(event.id),
      reason: 'misleading',
      details: 'Looks like spam',
      status: 'open',
      reporter: { id: reporter.user.id },
    });
    const again = await report(reporter, 'event', event.id, 'spam');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_REPORTED' });
    // Someone else may report the same event.
    expect((await report(await signUpUser(app), 'event', event.id)).statusCode).toBe(201);
  });

  it('refuses bad input, unknown targets, one’s own content and what the reporter cannot see', async () => {
    const organizer = await signUpUser(app);
    const reporter = await signUpUser(app);
    const event = await createEvent(app, organizer.cookie);
    expect((await report(reporter, 'event', event.id, 'because')).statusCode).toBe(400);
    expect((await report(reporter, 'planet', event.id)).statusCode).toBe(400);
    expect((await report(reporter, 'event', 'x'.repeat(200))).statusCode).toBe(400);
    const unknown = await report(reporter, 'event', 999_999);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'REPORT_TARGET_NOT_FOUND']);
    expect((await report(reporter, 'user', 'no-such-user')).statusCode).toBe(404);
    expect((await report(organizer, 'event', event.id)).json().code).toBe('CANNOT_REPORT_OWN');
    expect((await report(reporter, 'user', reporter.user.id)).statusCode).toBe(400);
    // A message between two other people is not the reporter's to report, nor to learn exists.
    const sent = await call('POST', '/api/messages', organizer.cookie, { receiverId: admin.user.id, content: 'Hi' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await report(reporter, 'message', sent.json().id)).statusCode).toBe(404);
    expect((await report(admin, 'message', sent.json().id)).statusCode).toBe(201);
    expect(
      (await call('POST', '/api/reports', undefined, { targetType: 'event', targetId: 1, reason: 'spam' })).statusCode,
    ).toBe(401);
  });

  it(`allows ${MODERATION_LIMITS.reportsPerDay} reports a day per person, then 429 with Retry-After`, async () => {
    await app.database.db.delete(rateLimitCounters);
    const reporter = await signUpUser(app);
    const people = await Promise.all(
      Array.from({ length: MODERATION_LIMITS.reportsPerDay + 1 }, () => signUpUser(app)),
    );
    for (const person of people.slice(0, MODERATION_LIMITS.reportsPerDay))
      expect((await report(reporter, 'user', person.user.id)).statusCode).toBe(201);
    const over = await report(reporter, 'user', people.at(-1)!.user.id);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('moderators', () => {
  it('are the verified ADMIN_EMAILS and whom they appoint; others get 403 on every moderation call', async () => {
    const volunteer = await signUpUser(app);
    expect((await call('GET', '/api/moderation/status', volunteer.cookie)).json()).toEqual({
      isModerator: false,
      isAdmin: false,
    });
    expect((await call('GET', '/api/moderation/status', admin.cookie)).json()).toEqual({
      isModerator: true,
      isAdmin: true,
    });
    for (const [method, url, body] of [
      ['GET', '/api/moderation/reports'],
      ['GET', '/api/moderation/log'],
      ['GET', '/api/moderation/moderators'],
      ['POST', '/api/moderation/reports/1/resolve', { action: 'dismiss', note: 'x' }],
      ['POST', '/api/moderation/log/1/undo', { note: 'x' }],
      ['POST', '/api/moderation/moderators', { email: volunteer.user.email }],
    ] as const) {
      const refused = await call(method, url, volunteer.cookie, body);
      expect([refused.statusCode, refused.json().code], url).toEqual([
        403,
        url === '/api/moderation/moderators' && method === 'POST' ? 'NOT_ADMIN' : 'NOT_MODERATOR',
      ]);
    }

    // An unverified account holding an admin address is nobody special: the address must be proved.
    const squatterApp = await createTestApp({ ADMIN_EMAILS: 'squatted@example.org' });
    try {
      const squatter = await signUpUser(squatterApp, { email: 'squatted@example.org' });
      const status = await squatterApp.inject({
        method: 'GET',
        url: '/api/moderation/status',
        headers: { cookie: squatter.cookie },
      });
      expect(status.json()).toEqual({ isModerator: false, isAdmin: false });
    } finally {
      await squatterApp.close();
    }

    const appointed = await signUpUser(app);
    await appoint(appointed);
    expect((await call('GET', '/api/moderation/status', appointed.cookie)).json()).toEqual({
      isModerator: true,
      isAdmin: false,
    });
    expect((await call('GET', '/api/moderation/reports', appointed.cookie)).statusCode).toBe(200);
    // An appointed moderator appoints nobody: the refusal says an administrator is needed (NOT_ADMIN).
    const byModerator = await call('POST', '/api/moderation/moderators', appointed.cookie, {
      email: volunteer.user.email,
    });
    expect([byModerator.statusCode, byModerator.json().code]).toEqual([403, 'NOT_ADMIN']);
    const log = await readLog(admin);
    expect(log.find((entry) => entry.action === 'appoint' && entry.targetId === appointed.user.id)).toMatchObject({
      actor: { id: admin.user.id },
    });
    expect((await call('DELETE', `/api/moderation/moderators/${appointed.user.id}`, admin.cookie)).statusCode).toBe(
      204,
    );
    expect((await call('GET', '/api/moderation/reports', appointed.cookie)).statusCode).toBe(403);
  });

  it('an unconfirmed account holding an ADMIN_EMAILS address is nobody everywhere: not listed, and suspendable', async () => {
    const squatterApp = await createTestApp({ ADMIN_EMAILS: 'squatted@example.org, confirmed@example.org' });
    try {
      const inject = (method: Method, url: string, cookie: string, payload?: object) =>
        squatterApp.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      const squatter = await signUpUser(squatterApp, { email: 'squatted@example.org' });
      const confirmedAdmin = await signUpVerifiedUser(squatterApp, { email: 'confirmed@example.org' });
      const moderator = await signUpUser(squatterApp);
      expect(
        (await inject('POST', '/api/moderation/moderators', confirmedAdmin.cookie, { email: moderator.user.email }))
          .statusCode,
      ).toBe(204);
      const listed = (await inject('GET', '/api/moderation/moderators', moderator.cookie)).json() as Array<{
        id: string;
        isAdmin: boolean;
      }>;
      expect(listed.map((person) => person.id).sort()).toEqual([confirmedAdmin.user.id, moderator.user.id].sort());
      expect(listed.find((person) => person.id === confirmedAdmin.user.id)?.isAdmin).toBe(true);
      // A moderator suspends the squatter as anyone else: they are no administrator.
      const event = await createEvent(squatterApp, squatter.cookie);
      const reporter = await signUpUser(squatterApp);
      const filed = await inject('POST', '/api/reports', reporter.cookie, {
        targetType: 'event',
        targetId: String(event.id),
        reason: 'spam',
      });
      expect(filed.statusCode, filed.body).toBe(201);
      const queue = (await inject('GET', '/api/moderation/reports', moderator.cookie)).json() as QueuedReport[];
      expect(queue.find((entry) => entry.id === filed.json().id)?.content?.isAuthorModerator).toBe(false);
      const suspended = await inject('POST', `/api/moderation/reports/${filed.json().id}/resolve`, moderator.cookie, {
        action: 'suspend',
        note: 'Squatting',
      });
      expect(suspended.statusCode, suspended.body).toBe(204);
    } finally {
      await squatterApp.close();
    }
  });

  it('a moderator cannot suspend another moderator; an administrator can', async () => {
    const moderator = await signUpUser(app);
    const otherModerator = await signUpUser(app);
    await appoint(moderator);
    await appoint(otherModerator);
    const event = await createEvent(app, otherModerator.cookie);
    const filed = await reportAndFind(await signUpUser(app), 'event', event.id);
    const refused = await resolve(moderator, filed.id, 'suspend');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'CANNOT_SUSPEND_MODERATOR']);
    // The refusal changed nothing: the report is still open and the moderator still signed in.
    expect((await call('GET', '/api/auth/user', otherModerator.cookie)).statusCode).toBe(200);
    const accepted = await resolve(admin, filed.id, 'suspend');
    expect(accepted.statusCode, accepted.body).toBe(204);
    expect((await call('GET', '/api/auth/user', otherModerator.cookie)).statusCode).toBe(401);
  });
});

/** The database, counting every statement a service starts on it (select, execute, insert, update, delete). */
function countingStatements(db: Database): { db: Database; count: () => number } {
  let count = 0;
  const counted = new Set(['select', 'execute', 'insert', 'update', 'delete']);
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !counted.has(property) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        count += 1;
        return (value as (...callArgs: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy, count: () => count };
}

describe('the queue', () => {
  it('is read in the same few statements for two reports or forty: one per kind of target, not a few per report', async () => {
    const queueApp = await createTestApp({ AUTH_RATE_LIMIT: '100000', ADMIN_EMAILS: ADMIN_EMAIL });
    try {
      const queueAdmin = await signUpVerifiedUser(queueApp, { email: ADMIN_EMAIL });
      const [sessionUser] = await queueApp.database.db.select().from(users).where(eq(users.id, queueAdmin.user.id));
      // listQueue reads only; the sessions it never ends need no AuthService.
      const measure = async () => {
        const counting = countingStatements(queueApp.database.db);
        const queue = await new ModerationService(counting.db, undefined as never, [ADMIN_EMAIL]).listQueue(
          sessionUser!,
        );
        return { statements: counting.count(), queue };
      };
      const reporters = [await signUpUser(queueApp), await signUpUser(queueApp), await signUpUser(queueApp)];
      const fileReport = async (reporter: SignedUpUser, targetType: string, targetId: string | number) => {
        const response = await queueApp.inject({
          method: 'POST',
          url: '/api/reports',
          headers: { cookie: reporter.cookie },
          payload: { targetType, targetId: String(targetId), reason: 'spam' },
        });
        expect(response.statusCode, response.body).toBe(201);
      };
      const author = await signUpUser(queueApp);
      await fileReport(reporters[0]!, 'user', author.user.id);
      const firstEvent = await createEventRow(queueApp.database.db, {
        organizerId: author.user.id,
        date: daysFromNow(3),
      });
      await fileReport(reporters[1]!, 'event', firstEvent.id);
      const two = await measure();
      expect(two.queue).toHaveLength(2);
      for (let index = 0; index < 38; index += 1) {
        const reporter = reporters[index % reporters.length]!;
        if (index % 2 === 0) {
          const event = await createEventRow(queueApp.database.db, {
            organizerId: author.user.id,
            date: daysFromNow(3),
          });
          await fileReport(reporter, 'event', event.id);
        } else await fileReport(reporter, 'user', (await signUpUser(queueApp)).user.id);
      }
      const forty = await measure();
      expect(forty.queue).toHaveLength(40);
      expect(forty.queue.every((report) => report.content?.author?.id !== undefined)).toBe(true);
      expect(forty.statements).toBe(two.statements);
      expect(forty.statements).toBeLessThanOrEqual(8);
    } finally {
      await queueApp.close();
    }
  });
});

describe('hiding', () => {
  it('takes an event out of Discover, search, the calendar feed, notifications and its page for all but its organizer', async () => {
    const organizer = await signUpUser(app);
    const volunteer = await signUpUser(app);
    const title = `Hidden marsh walk ${Date.now()}`;
    const event = await createEvent(app, organizer.cookie, { title });
    await addRsvpRow(app.database.db, event.id, volunteer.user.id);
    await app.database.db
      .insert(notifications)
      .values({ userId: volunteer.user.id, type: 'event_changed', eventId: event.id, actorId: organizer.user.id });
    const feed = await call('POST', '/api/calendar-feed', volunteer.cookie);
    expect(feed.statusCode, feed.body).toBe(201);
    const feedPath = new URL(feed.json().url as string).pathname;

    const listed = async () =>
      ((await call('GET', '/api/events?limit=100', volunteer.cookie)).json() as Event[]).some((e) => e.id === event.id);
    const searched = async () =>
      ((await call('GET', `/api/events?search=${encodeURIComponent(title)}`, volunteer.cookie)).json() as Event[]).some(
        (e) => e.id === event.id,
      );
    const inFeed = async () => (await call('GET', feedPath)).body.includes(title);
    const notified = async () =>
      ((await call('GET', '/api/notifications', volunteer.cookie)).json() as Array<{ event?: { id: number } }>).some(
        (notification) => notification.event?.id === event.id,
      );
    expect([await listed(), await searched(), await inFeed(), await notified()]).toEqual([true, true, true, true]);

    const filed = await reportAndFind(volunteer, 'event', event.id);
    expect((await resolve(admin, filed.id, 'hide', 'Not a real event')).statusCode).toBe(204);

    expect([await listed(), await searched(), await inFeed(), await notified()]).toEqual([false, false, false, false]);
    expect((await call('GET', `/api/events/${event.id}`, volunteer.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${event.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${event.id}/ratings`, volunteer.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/events/${event.id}/rsvp`, admin.cookie, { status: 'attending' })).statusCode).toBe(
      404,
    );
    const own = await call('GET', `/api/events/${event.id}`, organizer.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().hiddenNotice).toMatchObject({ note: 'Not a real event' });
    // Nobody else reads a notice, not even on an event they can see.
    const visible = await createEvent(app, organizer.cookie);
    expect((await call('GET', `/api/events/${visible.id}`, volunteer.cookie)).json().hiddenNotice).toBeNull();

    // Undone from the log, it is back everywhere.
    const entry = (await readLog(admin)).find((item) => item.action === 'hide' && item.targetId === String(event.id))!;
    expect(entry).toMatchObject({ canUndo: true, note: 'Not a real event', actor: { id: admin.user.id } });
    expect(
      (await call('POST', `/api/moderation/log/${entry.id}/undo`, admin.cookie, { note: 'Checked' })).statusCode,
    ).toBe(204);
    expect([await listed(), await searched(), await inFeed()]).toEqual([true, true, true]);
    expect((await call('GET', `/api/events/${event.id}`, organizer.cookie)).json().hiddenNotice).toBeNull();
    const again = await call('POST', `/api/moderation/log/${entry.id}/undo`, admin.cookie, { note: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect((await readLog(admin)).find((item) => item.id === entry.id)).toMatchObject({
      isUndone: true,
      canUndo: false,
    });
  });

  it('hides a review from everyone but its author, who reads why, and out of the average', async () => {
    const organizer = await signUpUser(app);
    const reviewer = await signUpUser(app);
    const event = await createEventRow(app.database.db, { organizerId: organizer.user.id, date: daysFromNow(-2) });
    await addRsvpRow(app.database.db, event.id, reviewer.user.id);
    const rated = await call('POST', '/api/ratings', reviewer.cookie, {
      eventId: event.id,
      rating: 1,
      comment: 'Buy pills',
    });
    expect(rated.statusCode, rated.body).toBe(201);
    const filed = await reportAndFind(organizer, 'rating', rated.json().id);
    expect((await resolve(admin, filed.id, 'hide', 'Spam in a review')).statusCode).toBe(204);
    expect((await call('GET', `/api/events/${event.id}/ratings`, organizer.cookie)).json()).toEqual([]);
    expect((await call('GET', `/api/events/${event.id}`, organizer.cookie)).json()).toMatchObject({ ratingCount: 0 });
    const own = (await call('GET', `/api/events/${event.id}/ratings`, reviewer.cookie)).json();
    expect(own).toMatchObject([{ comment: 'Buy pills', hiddenNotice: { note: 'Spam in a review' } }]);
  });

  it('hides a message from its receiver, and tells its sender why in their thread', async () => {
    const sender = await signUpUser(app);
    const receiver = await signUpUser(app);
    const sent = await call('POST', '/api/messages', sender.cookie, {
      receiverId: receiver.user.id,
      content: 'Cheap watches at my shop',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const thread = async (reader: SignedUpUser, other: SignedUpUser) => {
      const response = await call('GET', `/api/conversations/${other.user.id}/messages`, reader.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Array<{ content: string; hiddenNotice: { note: string | null } | null }>;
    };
    expect(await thread(sender, receiver)).toMatchObject([{ content: 'Cheap watches at my shop', hiddenNotice: null }]);
    const filed = await reportAndFind(receiver, 'message', sent.json().id);
    expect((await resolve(admin, filed.id, 'hide', 'Advertising in messages')).statusCode).toBe(204);
    expect(await thread(receiver, sender)).toEqual([]);
    expect(await thread(sender, receiver)).toMatchObject([
      { content: 'Cheap watches at my shop', hiddenNotice: { note: 'Advertising in messages' } },
    ]);
  });

  it('a resolved report cannot be resolved again, and hiding a person is refused', async () => {
    const person = await signUpUser(app);
    const filed = await reportAndFind(await signUpUser(app), 'user', person.user.id);
    expect((await resolve(admin, filed.id, 'hide')).json().code).toBe('CANNOT_HIDE_PERSON');
    expect((await resolve(admin, filed.id, 'dismiss', 'Nothing wrong')).statusCode).toBe(204);
    const again = await resolve(admin, filed.id, 'dismiss');
    expect([again.statusCode, again.json().code]).toEqual([409, 'ALREADY_RESOLVED']);
    expect(
      (await call('POST', '/api/moderation/reports/999999/resolve', admin.cookie, { action: 'dismiss', note: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/moderation/reports/${filed.id}/resolve`, admin.cookie, { action: 'dismiss' }))
        .statusCode,
    ).toBe(400);
  });

  it('lists open reports first with the reported content', async () => {
    const organizer = await signUpUser(app);
    const event = await createEvent(app, organizer.cookie, { title: 'Queue walk' });
    const filed = await reportAndFind(await signUpUser(app), 'event', event.id);
    const queue = (await call('GET', '/api/moderation/reports', admin.cookie)).json() as QueuedReport[];
    const firstResolved = queue.findIndex((item) => item.status !== 'open');
    const mine = queue.findIndex((item) => item.id === filed.id);
    expect(mine).toBeGreaterThanOrEqual(0);
    if (firstResolved >= 0) expect(mine).toBeLessThan(firstResolved);
    expect(queue[mine]).toMatchObject({
      openReportCount: 1,
      content: { title: 'Queue walk', path: `/events/${event.id}`, author: { id: organizer.user.id }, isHidden: false },
    });
  });
});

describe('suspension', () => {
  it('ends the person’s sessions at once, refuses their sign-in, hides their upcoming events; undo restores', async () => {
    const person = await signUpUser(app);
    const event = await createEvent(app, person.cookie, { title: 'Suspended organizer walk' });
    const filed = await reportAndFind(await signUpUser(app), 'user', person.user.id);
    // A request that put the session in this process's cache: the suspension must not wait for it to expire.
    expect((await call('GET', '/api/auth/user', person.cookie)).statusCode).toBe(200);
    expect((await resolve(admin, filed.id, 'suspend', 'Harassing volunteers')).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/user', person.cookie)).statusCode).toBe(401);
    const signIn = await call('POST', '/api/auth/login', undefined, {
      email: person.user.email,
      password: person.password,
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    const wrong = await call('POST', '/api/auth/login', undefined, {
      email: person.user.email,
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect((await call('GET', `/api/events/${event.id}`, admin.cookie)).statusCode).toBe(404);
    expect(
      ((await call('GET', '/api/users?search=', admin.cookie)).json() as Array<{ id: string }>).map((u) => u.id),
    ).not.toContain(person.user.id);

    const entry = (await readLog(admin)).find((item) => item.action === 'suspend' && item.targetId === person.user.id)!;
    expect(
      (await call('POST', `/api/moderation/log/${entry.id}/undo`, admin.cookie, { note: 'Appeal accepted' }))
        .statusCode,
    ).toBe(204);
    expect((await call('GET', `/api/events/${event.id}`, admin.cookie)).statusCode).toBe(200);
    const back = await call('POST', '/api/auth/login', undefined, {
      email: person.user.email,
      password: person.password,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await readLog(admin))[0]).toMatchObject({ action: 'unsuspend', note: 'Appeal accepted' });
  });

  it('only the moderator who acted or an administrator undoes an action (decisions §22)', async () => {
    const [moderator, otherModerator] = [await signUpUser(app), await signUpUser(app)];
    await appoint(moderator);
    await appoint(otherModerator);
    // An administrator suspends a moderator, which only an administrator may do.
    const suspendedModerator = await signUpUser(app);
    await appoint(suspendedModerator);
    const byAdmin = await reportAndFind(await signUpUser(app), 'user', suspendedModerator.user.id);
    expect((await resolve(admin, byAdmin.id, 'suspend', 'Abused the tools')).statusCode).toBe(204);
    // A moderator hides an event.
    const event = await createEvent(app, (await signUpUser(app)).cookie);
    const byModerator = await reportAndFind(await signUpUser(app), 'event', event.id);
    expect((await resolve(moderator, byModerator.id, 'hide')).statusCode).toBe(204);

    const log = await readLog(otherModerator);
    const suspension = log.find((item) => item.action === 'suspend' && item.targetId === suspendedModerator.user.id)!;
    const hiding = log.find((item) => item.action === 'hide' && item.targetId === String(event.id))!;
    expect([suspension.canUndo, hiding.canUndo]).toEqual([false, false]);
    const undo = (person: SignedUpUser, id: number) =>
      call('POST', `/api/moderation/log/${id}/undo`, person.cookie, { note: 'Undo' });
    for (const id of [suspension.id, hiding.id]) {
      const refused = await undo(otherModerator, id);
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'NOT_ACTION_AUTHOR']);
    }
    expect((await undo(moderator, suspension.id)).json().code).toBe('NOT_ACTION_AUTHOR');
    // Still suspended: the refusals changed nothing.
    expect(
      (
        await call('POST', '/api/auth/login', undefined, {
          email: suspendedModerator.user.email,
          password: suspendedModerator.password,
        })
      ).json().code,
    ).toBe('ACCOUNT_SUSPENDED');
    expect((await readLog(moderator)).find((item) => item.id === hiding.id)?.canUndo).toBe(true);
    expect((await undo(moderator, hiding.id)).statusCode).toBe(204);
    expect((await readLog(admin)).find((item) => item.id === suspension.id)?.canUndo).toBe(true);
    expect((await undo(admin, suspension.id)).statusCode).toBe(204);
  });

  it('a moderator cannot suspend themselves', async () => {
    const moderator = await signUpUser(app);
    await appoint(moderator);
    const event = await createEvent(app, moderator.cookie);
    const filed = await reportAndFind(await signUpUser(app), 'event', event.id);
    const refused = await resolve(moderator, filed.id, 'suspend');
    // Its own code, not the VALIDATION_FAILED of a malformed body.
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'CANNOT_SUSPEND_SELF']);
  });
});

describe('blocking', () => {
  it('stops messages both ways, hides earlier ones from both, and hides each from the other’s search; unblock restores', async () => {
    const blocker = await signUpUser(app, { firstName: 'Blocka' });
    const pest = await signUpUser(app, { firstName: 'Pesto' });
    const earlier = await call('POST', '/api/messages', pest.cookie, {
      receiverId: blocker.user.id,
      content: 'Hello?',
    });
    expect(earlier.statusCode).toBe(201);
    const reply = await call('POST', '/api/messages', blocker.cookie, { receiverId: pest.user.id, content: 'Hi' });
    expect(reply.statusCode).toBe(201);

    expect((await call('POST', `/api/users/${pest.user.id}/block`, blocker.cookie)).json()).toEqual({
      isBlocked: true,
    });
    // Twice is the same.
    expect((await call('POST', `/api/users/${pest.user.id}/block`, blocker.cookie)).statusCode).toBe(200);
    const refused = await call('POST', '/api/messages', pest.cookie, { receiverId: blocker.user.id, content: 'Again' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'BLOCKED' });
    expect(
      (await call('POST', '/api/messages', blocker.cookie, { receiverId: pest.user.id, content: 'x' })).statusCode,
    ).toBe(403);

    const contents = async (person: SignedUpUser) =>
      ((await call('GET', '/api/messages', person.cookie)).json() as Array<{ content: string }>).map((m) => m.content);
    expect(await contents(blocker)).toEqual(['Hi']);
    expect(await contents(pest)).toEqual(['Hello?']);
    const thread = await call('GET', `/api/conversations/${pest.user.id}/messages`, blocker.cookie);
    expect((thread.json() as Array<{ content: string }>).map((m) => m.content)).toEqual(['Hi']);
    const searchIds = async (person: SignedUpUser, name: string) =>
      ((await call('GET', `/api/users?search=${name}`, person.cookie)).json() as Array<{ id: string }>).map(
        (u) => u.id,
      );
    expect(await searchIds(pest, 'Blocka')).not.toContain(blocker.user.id);
    expect(await searchIds(blocker, 'Pesto')).not.toContain(pest.user.id);
    expect((await call('GET', '/api/blocks', blocker.cookie)).json()).toMatchObject([{ id: pest.user.id }]);
    expect((await call('GET', `/api/users/${pest.user.id}/block`, blocker.cookie)).json()).toEqual({ isBlocked: true });

    expect((await call('DELETE', `/api/users/${pest.user.id}/block`, blocker.cookie)).json()).toEqual({
      isBlocked: false,
    });
    expect(await contents(blocker)).toEqual(['Hi', 'Hello?']);
    expect(
      (await call('POST', '/api/messages', pest.cookie, { receiverId: blocker.user.id, content: 'Sorry' })).statusCode,
    ).toBe(201);
  });

  it('refuses blocking oneself or nobody', async () => {
    const person = await signUpUser(app);
    const self = await call('POST', `/api/users/${person.user.id}/block`, person.cookie);
    expect([self.statusCode, self.json().code]).toEqual([400, 'CANNOT_BLOCK_SELF']);
    expect((await call('POST', '/api/users/nobody/block', person.cookie)).statusCode).toBe(404);
    expect((await call('POST', '/api/users/nobody/block')).statusCode).toBe(401);
  });
});

describe('configuration', () => {
  it('refuses an ADMIN_EMAILS that is not a list of addresses', async () => {
    const { loadConfig } = await import('../../config');
    expect(() =>
      loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), ADMIN_EMAILS: 'a@b.org, nope' }),
    ).toThrow(/ADMIN_EMAILS/);
    expect(
      loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), ADMIN_EMAILS: ' A@B.org ,c@d.org' }).adminEmails,
    ).toEqual(['a@b.org', 'c@d.org']);
  });
});
