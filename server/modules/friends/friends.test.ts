import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FriendPerson, FriendRequests, FriendSuggestion } from '../../../contract/friends';
import type { Notification } from '../../../contract/notifications';
import { friendships, rsvps } from '../../db/schema';
import { addRsvpRow, createEventRow, daysFromNow } from '../../test/fixtures';
import { createTestApp, signUpUser, type SignedUpUser, type TestApp } from '../../test/test-app';
import { consumeWriteLimit, WRITE_LIMITS } from '../limits/limits.service';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '100000' });
});
afterAll(async () => app?.close());

function ask(from: SignedUpUser, userId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/friends/requests',
    headers: { cookie: from.cookie },
    payload: { userId },
  });
}

function answer(by: SignedUpUser, requestId: number, verb: 'accept' | 'decline') {
  return app.inject({
    method: 'POST',
    url: `/api/friends/requests/${requestId}/${verb}`,
    headers: { cookie: by.cookie },
  });
}

async function read<T>(account: SignedUpUser, url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers: { cookie: account.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function befriend(one: SignedUpUser, other: SignedUpUser): Promise<void> {
  const asked = await ask(one, other.user.id);
  expect(asked.statusCode, asked.body).toBe(201);
  expect((await answer(other, asked.json().id, 'accept')).statusCode).toBe(200);
}

/** Both hold an RSVP of a past event with their attendance recorded (or not). */
async function attendTogether(people: Array<{ account: SignedUpUser; attended: boolean | null }>, title: string) {
  const organizer = await signUpUser(app);
  const event = await createEventRow(app.database.db, { organizerId: organizer.user.id, date: daysFromNow(-3), title });
  for (const { account, attended } of people) {
    await addRsvpRow(app.database.db, event.id, account.user.id);
    await app.database.db
      .update(rsvps)
      .set({ attended })
      .where(and(eq(rsvps.eventId, event.id), eq(rsvps.userId, account.user.id)));
  }
  return event;
}

describe('friend requests (decisions §21)', () => {
  it('asks, shows the request to both, notifies the person asked, and accepting makes both friends', async () => {
    const ana = await signUpUser(app, { firstName: 'Ana', lastName: 'Asker' });
    const ben = await signUpUser(app, { firstName: 'Ben', lastName: 'Asked' });
    const asked = await ask(ana, ben.user.id);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ status: 'pending' });
    const requestId = asked.json().id as number;

    const bens = await read<FriendRequests>(ben, '/api/friends/requests');
    expect(bens.incoming).toEqual([
      expect.objectContaining({ id: requestId, user: expect.objectContaining({ id: ana.user.id, firstName: 'Ana' }) }),
    ]);
    expect(bens.outgoing).toEqual([]);
    expect((await read<FriendRequests>(ana, '/api/friends/requests')).outgoing[0]?.user.id).toBe(ben.user.id);
    expect(JSON.stringify(bens)).not.toContain(ana.user.email);
    const [notice] = await read<Notification[]>(ben, '/api/notifications');
    expect(notice).toMatchObject({
      type: 'friend_request',
      actor: { id: ana.user.id },
      data: { actorName: 'Ana Asker' },
    });

    expect((await answer(ben, requestId, 'accept')).json()).toEqual({ id: requestId, status: 'accepted' });
    expect((await read<FriendPerson[]>(ana, '/api/friends')).map((friend) => friend.id)).toEqual([ben.user.id]);
    expect((await read<FriendPerson[]>(ben, '/api/friends')).map((friend) => friend.id)).toEqual([ana.user.id]);
    expect(await read<FriendRequests>(ben, '/api/friends/requests')).toEqual({ incoming: [], outgoing: [] });
    const [accepted] = await read<Notification[]>(ana, '/api/notifications');
    expect(accepted).toMatchObject({ type: 'friend_accepted', actor: { id: ben.user.id } });
  });

  it("tells a person's page where the caller stands: none, outgoing, incoming (with the request), friends", async () => {
    const ana = await signUpUser(app, { firstName: 'Ana' });
    const ben = await signUpUser(app, { firstName: 'Ben' });
    const person = (viewer: SignedUpUser, id: string) =>
      read<{ friendship: string; requestId: number | null; firstName: string }>(viewer, `/api/friends/people/${id}`);
    expect(await person(ana, ben.user.id)).toMatchObject({ firstName: 'Ben', friendship: 'none', requestId: null });
    expect((await person(ana, ana.user.id)).friendship).toBe('self');
    const requestId = (await ask(ana, ben.user.id)).json().id as number;
    expect(await person(ana, ben.user.id)).toMatchObject({ friendship: 'outgoing', requestId: null });
    expect(await person(ben, ana.user.id)).toMatchObject({ friendship: 'incoming', requestId });
    await answer(ben, requestId, 'accept');
    expect((await person(ana, ben.user.id)).friendship).toBe('friends');
    expect(JSON.stringify(await person(ana, ben.user.id))).not.toContain('@');
    const missing = await app.inject({
      method: 'GET',
      url: '/api/friends/people/nobody',
      headers: { cookie: ana.cookie },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses asking twice, asking a friend, asking oneself and asking nobody', async () => {
    const ana = await signUpUser(app);
    const ben = await signUpUser(app);
    expect((await ask(ana, ben.user.id)).statusCode).toBe(201);
    const again = await ask(ana, ben.user.id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'ALREADY_REQUESTED']);
    const self = await ask(ana, ana.user.id);
    expect([self.statusCode, self.json().code]).toEqual([400, 'FRIEND_REQUEST_TO_SELF']);
    const nobody = await ask(ana, 'no-such-person');
    expect([nobody.statusCode, nobody.json().code]).toEqual([404, 'USER_NOT_FOUND']);
    const empty = await ask(ana, '');
    expect(empty.statusCode).toBe(400);

    const carl = await signUpUser(app);
    await befriend(ana, carl);
    const friends = await ask(carl, ana.user.id);
    expect([friends.statusCode, friends.json().code]).toEqual([409, 'ALREADY_FRIENDS']);
  });

  it('takes asking back as a yes: one friendship, no second request', async () => {
    const ana = await signUpUser(app);
    const ben = await signUpUser(app);
    const first = (await ask(ana, ben.user.id)).json();
    const back = await ask(ben, ana.user.id);
    expect(back.statusCode).toBe(201);
    expect(back.json()).toEqual({ id: first.id, status: 'accepted' });
    expect((await read<FriendPerson[]>(ana, '/api/friends')).map((friend) => friend.id)).toEqual([ben.user.id]);
  });

  it('lets only the person asked answer: the asker and a stranger get 403, an unknown request 404', async () => {
    const ana = await signUpUser(app);
    const ben = await signUpUser(app);
    const stranger = await signUpUser(app);
    const requestId = (await ask(ana, ben.user.id)).json().id as number;
    for (const [who, verb] of [
      [ana, 'accept'],
      [stranger, 'accept'],
      [stranger, 'decline'],
      [ana, 'decline'],
    ] as const) {
      const response = await answer(who, requestId, verb);
      expect(response.statusCode, `${verb}`).toBe(403);
    }
    expect(await read<FriendPerson[]>(ana, '/api/friends')).toEqual([]);
    expect((await answer(ben, 2_147_483_000, 'accept')).statusCode).toBe(404);
    expect((await answer(ben, 0, 'accept')).statusCode).toBe(400);
  });

  it('declining removes the request without telling the asker, who may ask again later', async () => {
    const ana = await signUpUser(app);
    const ben = await signUpUser(app);
    const requestId = (await ask(ana, ben.user.id)).json().id as number;
    expect((await answer(ben, requestId, 'decline')).json()).toEqual({ id: requestId, status: 'declined' });
    expect(await read<FriendRequests>(ana, '/api/friends/requests')).toEqual({ incoming: [], outgoing: [] });
    expect(await read<Notification[]>(ana, '/api/notifications')).toEqual([]);
    expect((await ask(ana, ben.user.id)).statusCode).toBe(201);
  });

  it('removes a friend for both, withdraws a request, and 404s when there is nothing between them', async () => {
    const ana = await signUpUser(app);
    const ben = await signUpUser(app);
    const carl = await signUpUser(app);
    await befriend(ana, ben);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/friends/${ana.user.id}`,
      headers: { cookie: ben.cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect(await read<FriendPerson[]>(ana, '/api/friends')).toEqual([]);
    expect(await read<FriendPerson[]>(ben, '/api/friends')).toEqual([]);

    await ask(ana, carl.user.id);
    const withdrawn = await app.inject({
      method: 'DELETE',
      url: `/api/friends/${carl.user.id}`,
      headers: { cookie: ana.cookie },
    });
    expect(withdrawn.statusCode).toBe(204);
    expect((await read<FriendRequests>(carl, '/api/friends/requests')).incoming).toEqual([]);
    const nothing = await app.inject({
      method: 'DELETE',
      url: `/api/friends/${carl.user.id}`,
      headers: { cookie: ana.cookie },
    });
    expect([nothing.statusCode, nothing.json().code]).toEqual([404, 'NOT_FRIENDS']);
  });

  it('counts mutual friends: the friends both have, never the two themselves', async () => {
    const ana = await signUpUser(app);
    const ben = await signUpUser(app);
    const [carl, dora, emil] = [await signUpUser(app), await signUpUser(app), await signUpUser(app)];
    await befriend(ana, ben);
    for (const common of [carl, dora]) {
      await befriend(ana, common);
      await befriend(ben, common);
    }
    await befriend(ben, emil);
    const anas = await read<FriendPerson[]>(ana, '/api/friends');
    expect(anas.find((friend) => friend.id === ben.user.id)?.mutualFriends).toBe(2);
    expect(anas.find((friend) => friend.id === carl.user.id)?.mutualFriends).toBe(1);
    // A pending request is no friendship: it counts for nobody.
    const fred = await signUpUser(app);
    await ask(fred, ana.user.id);
    await befriend(fred, ben);
    expect((await read<FriendRequests>(ana, '/api/friends/requests')).incoming[0]?.user.mutualFriends).toBe(1);
  });

  it('suggests only people who attended an event with the caller, not friends nor people already asked', async () => {
    const ana = await signUpUser(app, { firstName: 'Ana' });
    const [together, twice, onlyRsvped, absent, friend, asked, stranger] = await Promise.all(
      Array.from({ length: 7 }, () => signUpUser(app)),
    );
    await attendTogether(
      [
        { account: ana, attended: true },
        { account: together!, attended: true },
        { account: twice!, attended: true },
        { account: onlyRsvped!, attended: null },
        { account: absent!, attended: false },
        { account: friend!, attended: true },
        { account: asked!, attended: true },
      ],
      'Beach Cleanup',
    );
    const later = await attendTogether(
      [
        { account: ana, attended: true },
        { account: twice!, attended: true },
      ],
      'Tree Planting',
    );
    // The stranger attended an event Ana only RSVPed to: no shared attended event.
    await attendTogether(
      [
        { account: ana, attended: null },
        { account: stranger!, attended: true },
      ],
      'Food Bank',
    );
    await befriend(ana, friend!);
    await ask(asked!, ana.user.id);

    const suggestions = await read<FriendSuggestion[]>(ana, '/api/friends/suggestions');
    expect(suggestions.map((person) => person.id)).toEqual([twice!.user.id, together!.user.id]);
    expect(suggestions[0]).toMatchObject({ sharedEvents: 2, event: { id: later.id, title: 'Tree Planting' } });
    expect(suggestions[1]).toMatchObject({ sharedEvents: 1, event: { title: 'Beach Cleanup' } });
    expect(JSON.stringify(suggestions)).not.toContain('@');
  });

  it('limits requests per person (§16): the 31st of a day is a 429 that counts nothing', async () => {
    const ana = await signUpUser(app);
    const ben = await signUpUser(app);
    await consumeWriteLimit(
      app.database.db,
      WRITE_LIMITS.friendRequests,
      ana.user.id,
      WRITE_LIMITS.friendRequests.limit,
    );
    const refused = await ask(ana, ben.user.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await read<FriendRequests>(ben, '/api/friends/requests')).incoming).toEqual([]);
    // Saying yes to someone who asked is no new request: the limit does not stand in its way.
    const carl = await signUpUser(app);
    await ask(carl, ana.user.id);
    expect((await ask(ana, carl.user.id)).json()).toMatchObject({ status: 'accepted' });
  });

  it("puts friendships in the account's export, and deleting the account erases them", async () => {
    const ana = await signUpUser(app);
    const ben = await signUpUser(app, { firstName: 'Ben', lastName: 'Export' });
    await befriend(ana, ben);
    const exported = await read<{ friends: Array<Record<string, unknown>> }>(ana, '/api/auth/user/export');
    expect(exported.friends).toEqual([
      expect.objectContaining({ userId: ben.user.id, firstName: 'Ben', status: 'accepted', direction: 'asked' }),
    ]);
    expect(JSON.stringify(exported.friends)).not.toContain(ben.user.email);
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/auth/user',
      headers: { cookie: ana.cookie },
      payload: { password: ana.password },
    });
    expect(deleted.statusCode).toBe(204);
    const rows = await app.database.db
      .select()
      .from(friendships)
      .where(or(eq(friendships.requesterId, ana.user.id), eq(friendships.addresseeId, ana.user.id)));
    expect(rows).toEqual([]);
    expect(await read<FriendPerson[]>(ben, '/api/friends')).toEqual([]);
  });

  it('answers one of two crossing requests made at the same moment', async () => {
    const ana = await signUpUser(app);
    const ben = await signUpUser(app);
    const answers = await Promise.all([ask(ana, ben.user.id), ask(ben, ana.user.id)]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([201, 201]);
    const friends = await read<FriendPerson[]>(ana, '/api/friends');
    const requests = await read<FriendRequests>(ana, '/api/friends/requests');
    // Either both are friends (one asked, the other's ask accepted it) or one request stands: never two.
    expect(friends.length + requests.incoming.length + requests.outgoing.length).toBe(1);
  });
});
