import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationGroup } from '../../../contract/notifications';
import { notifications } from '../../db/schema';
import { listenOn, openStream } from '../../test/stream-client';
import { createEvent, createTestApp, signUpUser, type SignedUpUser, type TestApp } from '../../test/test-app';

let app: TestApp;
let origin: string;

beforeAll(async () => {
  app = await createTestApp();
  origin = await listenOn(app);
});
afterAll(async () => app?.close());

async function read<T>(account: SignedUpUser, url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers: { cookie: account.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function rsvp(account: SignedUpUser, eventId: number) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/rsvp`,
    headers: { cookie: account.cookie },
    payload: { status: 'attending' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('notifications keep the names they tell of', () => {
  it('an RSVP names the person and the event', async () => {
    const organizer = await signUpUser(app, { firstName: 'Olga', lastName: 'Organizer' });
    const volunteer = await signUpUser(app, { firstName: 'Vera', lastName: 'Volunteer' });
    const event = await createEvent(app, organizer.cookie, { title: 'Beach Cleanup' });
    await rsvp(volunteer, event.id);
    const [received] = await read<Notification[]>(organizer, '/api/notifications');
    expect(received).toMatchObject({
      type: 'rsvp_received',
      data: { eventTitle: 'Beach Cleanup', actorName: 'Vera Volunteer' },
    });
  });

  it('an unlocked achievement names the achievement, each one its own', async () => {
    const organizer = await signUpUser(app);
    const volunteer = await signUpUser(app);
    await rsvp(volunteer, (await createEvent(app, organizer.cookie)).id);
    const unlocked = (await read<Notification[]>(volunteer, '/api/notifications')).filter(
      (item) => item.type === 'achievement_unlocked',
    );
    expect(unlocked.length).toBeGreaterThanOrEqual(1);
    for (const item of unlocked) expect(item.data.achievementName).toEqual(expect.any(String));
    const names = unlocked.map((item) => item.data.achievementName);
    expect(new Set(names).size).toBe(names.length);
  });

  it('a message names its sender', async () => {
    const sender = await signUpUser(app, { firstName: 'Sam', lastName: 'Sender' });
    const receiver = await signUpUser(app);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie: sender.cookie },
      payload: { receiverId: receiver.user.id, content: 'Hello there' },
    });
    expect(sent.statusCode).toBe(201);
    const [received] = await read<Notification[]>(receiver, '/api/notifications');
    expect(received).toMatchObject({ type: 'message_received', data: { actorName: 'Sam Sender' } });
  });

  it('a row written before names were kept still reads, with empty data', async () => {
    const person = await signUpUser(app);
    await app.database.db.insert(notifications).values({ userId: person.user.id, type: 'achievement_unlocked' });
    const [old] = await read<Notification[]>(person, '/api/notifications');
    expect(old).toMatchObject({ type: 'achievement_unlocked', data: {} });
  });
});

describe('GET /api/notifications/groups', () => {
  it('gathers notifications of the same kind about the same event into one entry with a count', async () => {
    const organizer = await signUpUser(app);
    const beach = await createEvent(app, organizer.cookie, { title: 'Beach Cleanup' });
    const park = await createEvent(app, organizer.cookie, { title: 'Park Planting' });
    for (let index = 0; index < 3; index += 1) await rsvp(await signUpUser(app), beach.id);
    await rsvp(await signUpUser(app, { firstName: 'Pia', lastName: 'Park' }), park.id);
    const groups = await read<NotificationGroup[]>(organizer, '/api/notifications/groups');
    const rsvps = groups.filter((group) => group.type === 'rsvp_received');
    expect(rsvps).toHaveLength(2);
    // Newest first: the park's RSVP came last.
    expect(rsvps[0]).toMatchObject({ count: 1, event: { id: park.id }, data: { actorName: 'Pia Park' } });
    expect(rsvps[1]).toMatchObject({ count: 3, event: { id: beach.id }, readAt: null });
    expect(rsvps[1]!.ids).toHaveLength(3);
    // Marking a group's ids read reads every notification it gathers.
    const marked = await app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { cookie: organizer.cookie },
      payload: { ids: rsvps[1]!.ids },
    });
    expect(marked.statusCode).toBe(204);
    const after = await read<NotificationGroup[]>(organizer, '/api/notifications/groups');
    expect(after.find((group) => group.event?.id === beach.id)?.readAt).not.toBeNull();
    // The full list still has every notification, one by one.
    const all = await read<Notification[]>(organizer, '/api/notifications');
    expect(all.filter((item) => item.type === 'rsvp_received')).toHaveLength(4);
  });

  it('keeps different achievements apart', async () => {
    const volunteer = await signUpUser(app);
    await rsvp(volunteer, (await createEvent(app, (await signUpUser(app)).cookie)).id);
    const groups = await read<NotificationGroup[]>(volunteer, '/api/notifications/groups');
    const list = await read<Notification[]>(volunteer, '/api/notifications');
    expect(groups.filter((group) => group.type === 'achievement_unlocked')).toHaveLength(
      list.filter((item) => item.type === 'achievement_unlocked').length,
    );
  });

  it('refuses a bad limit with 400', async () => {
    const person = await signUpUser(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/notifications/groups?limit=abc',
      headers: { cookie: person.cookie },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the live stream names what changed', () => {
  it('an RSVP and a withdrawal send "event" with the event id to the organizer', async () => {
    const organizer = await signUpUser(app);
    const volunteer = await signUpUser(app);
    const event = await createEvent(app, organizer.cookie);
    const stream = await openStream(origin, organizer.cookie);
    await rsvp(volunteer, event.id);
    await stream.waitFor('event');
    const afterRsvp = stream.events.length;
    expect(stream.text()).toContain(`event: event\ndata: {"eventId":${event.id}}`);
    const withdrawn = await app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}/rsvp`,
      headers: { cookie: volunteer.cookie },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBeLessThan(300);
    await stream.waitFor('event', afterRsvp);
    stream.close();
  });

  it('sends the person who acted no "event": their tab already holds the answer', async () => {
    const organizer = await signUpUser(app);
    const volunteer = await signUpUser(app);
    const event = await createEvent(app, organizer.cookie);
    const stream = await openStream(origin, volunteer.cookie);
    await rsvp(volunteer, event.id);
    // A message after the RSVP: signals arrive in commit order, so the RSVP's would have come first.
    const sent = await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie: organizer.cookie },
      payload: { receiverId: volunteer.user.id, content: 'Thanks' },
    });
    expect(sent.statusCode).toBe(201);
    await stream.waitFor('message');
    expect(stream.text()).not.toContain('event: event');
    stream.close();
  });

  it('a message names the conversation for both people', async () => {
    const sender = await signUpUser(app);
    const receiver = await signUpUser(app);
    const stream = await openStream(origin, receiver.cookie);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie: sender.cookie },
      payload: { receiverId: receiver.user.id, content: 'Hi' },
    });
    expect(sent.statusCode).toBe(201);
    await stream.waitFor('message');
    expect(stream.text()).toContain(`event: message\ndata: {"with":"${sender.user.id}"}`);
    stream.close();
  });
});
