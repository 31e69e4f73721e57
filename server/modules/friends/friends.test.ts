import { and, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FriendPerson, FriendRequests, FriendSuggestion } from '../../../contract/friends';
import type { Notification } from '../../../contract/notifications';
import { events, friendships, rsvps, users } from '../../db/schema';
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

function block(blocker: SignedUpUser, blockedId: string) {
  return app.inject({ method: 'POST', url: `/api/users/${blockedId}/block`, headers: { cookie: blocker.cookie } });
}

function suspend(account: SignedUpUser) {
  return app.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, account.user.id));
}

describe('who is visible: one rule for search, friends, requests, suggestions and pages (decisions §20, §22)', () => {
  it('leaves a suspended person and a blocked one (either way) out of every list, and counts only the rest', async () => {
    const ana = await signUpUser(app, { firstName: 'Ana', lastName: 'Viewer' });
    const [suspendedFriend, blockedFriend, blockingFriend, plainFriend] = await Promise.all(
      ['Sue', 'Bo', 'Bella', 'Pat'].map((firstName) => signUpUser(app, { firstName, lastName: 'Samename' })),
    );
    const [suspendedAsker, blockedAsker] = await Promise.all(
      ['Sam', 'Bill'].map((firstName) => signUpUser(app, { firstName, lastName: 'Samename' })),
    );
    for (const friend of [suspendedFriend!, blockedFriend!, blockingFriend!, plainFriend!]) await befriend(ana, friend);
    // The plain friend shares every other friend with Ana: the count must leave out the ones she cannot see.
    for (const friend of [suspendedFriend!, blockedFriend!, blockingFriend!]) await befriend(plainFriend!, friend);
    for (const asker of [suspendedAsker!, blockedAsker!]) expect((await ask(asker, ana.user.id)).statusCode).toBe(201);
    // Blocks written straight to the table, as before §22, so the friendships survive them: the lists
    // themselves must leave the two out, whatever became of the friendships.
    await app.database.db.execute(
      sql`INSERT INTO user_blocks (blocker_id, blocked_id) VALUES (${ana.user.id}, ${blockedFriend!.user.id}),
        (${blockingFriend!.user.id}, ${ana.user.id}), (${ana.user.id}, ${blockedAsker!.user.id})`,
    );
    await suspend(suspendedFriend!);
    await suspend(suspendedAsker!);
    const hidden = [suspendedFriend!, blockedFriend!, blockingFriend!, suspendedAsker!, blockedAsker!].map(
      (account) => account.user.id,
    );

    const friends = await read<FriendPerson[]>(ana, '/api/friends');
    expect(friends.map((person) => person.id)).toEqual([plainFriend!.user.id]);
    expect(friends[0]!.mutualFriends).toBe(0);
    const requests = await read<FriendRequests>(ana, '/api/friends/requests');
    expect(requests.incoming).toEqual([]);
    const found = await read<Array<{ id: string }>>(ana, '/api/users?search=samename');
    expect(found.map((person) => person.id)).toEqual([plainFriend!.user.id]);
    for (const id of hidden) expect(JSON.stringify([friends, requests, found])).not.toContain(id);
    for (const account of [suspendedFriend!, blockingFriend!]) {
      const page = await app.inject({
        method: 'GET',
        url: `/api/friends/people/${account.user.id}`,
        headers: { cookie: ana.cookie },
      });
      expect(page.statusCode).toBe(404);
      expect(page.json().code).toBe('USER_NOT_FOUND');
    }
    // The plain friend's page counts no mutual friend Ana cannot see either.
    expect(
      (await read<{ mutualFriends: number }>(ana, `/api/friends/people/${plainFriend!.user.id}`)).mutualFriends,
    ).toBe(0);
  });

  it('suggests no suspended or blocked person, and names no test or hidden event', async () => {
    const ana = await signUpUser(app, { firstName: 'Ana' });
    const [suspended, blocked, blocking, visible, onlyHidden] = await Promise.all(
      Array.from({ length: 5 }, () => signUpUser(app)),
    );
    await attendTogether(
      [ana, suspended!, blocked!, blocking!, visible!].map((account) => ({ account, attended: true })),
      'Open Cleanup',
    );
    const secret = await attendTogether(
      [ana, visible!, onlyHidden!].map((account) => ({ account, attended: true })),
      'Secret Reported Gathering',
    );
    await app.database.db.update(events).set({ hiddenAt: new Date() }).where(eq(events.id, secret.id));
    const test = await attendTogether(
      [ana, visible!, onlyHidden!].map((account) => ({ account, attended: true })),
      'Developer Test Event',
    );
    await app.database.db.update(events).set({ isTest: true }).where(eq(events.id, test.id));
    await suspend(suspended!);
    expect((await block(ana, blocked!.user.id)).statusCode).toBe(200);
    expect((await block(blocking!, ana.user.id)).statusCode).toBe(200);

    const suggestions = await read<FriendSuggestion[]>(ana, '/api/friends/suggestions');
    expect(suggestions.map((person) => person.id)).toEqual([visible!.user.id]);
    expect(suggestions[0]).toMatchObject({ sharedEvents: 1, event: { title: 'Open Cleanup' } });
    const text = JSON.stringify(suggestions);
    expect(text).not.toContain('Secret Reported Gathering');
    expect(text).not.toContain('Developer Test Event');
  });
});

describe('blocking covers friendships, friend requests and person pages (decisions §22)', () => {
  function personPage(viewer: SignedUpUser, personId: string) {
    return app.inject({ method: 'GET', url: `/api/friends/people/${personId}`, headers: { cookie: viewer.cookie } });
  }

  it("a block ends the friendship and every request, and the blocked person cannot ask again (404) nor open the blocker's page (404)", async () => {
    const blocker = await signUpUser(app, { firstName: 'Bea', lastName: 'Blocker' });
    const blocked = await signUpUser(app, { firstName: 'Ned', lastName: 'Nuisance' });
    const unknownId = '00000000-0000-4000-8000-000000000000';
    await befriend(blocker, blocked);
    expect((await block(blocker, blocked.user.id)).statusCode).toBe(200);

    const pairRows = await app.database.db
      .select()
      .from(friendships)
      .where(
        or(
          and(eq(friendships.requesterId, blocker.user.id), eq(friendships.addresseeId, blocked.user.id)),
          and(eq(friendships.requesterId, blocked.user.id), eq(friendships.addresseeId, blocker.user.id)),
        ),
      );
    expect(pairRows).toEqual([]);
    expect(await read<FriendPerson[]>(blocked, '/api/friends')).toEqual([]);
    expect(await read<FriendPerson[]>(blocker, '/api/friends')).toEqual([]);

    // Asking again, after the block as after each decline before it: the answer of an unknown account.
    const askedAgain = await ask(blocked, blocker.user.id);
    const askedNobody = await ask(blocked, unknownId);
    expect(askedAgain.statusCode).toBe(404);
    expect(askedAgain.json()).toEqual(askedNobody.json());
    expect((await read<FriendRequests>(blocker, '/api/friends/requests')).incoming).toEqual([]);
    const page = await personPage(blocked, blocker.user.id);
    const nobodysPage = await personPage(blocked, unknownId);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual(nobodysPage.json());
    expect(page.json().code).toBe('USER_NOT_FOUND');
    expect(page.body).not.toContain('Bea');

    // The blocker still opens the page of the person they blocked, no longer a friend.
    const blockersView = await personPage(blocker, blocked.user.id);
    expect(blockersView.statusCode).toBe(200);
    expect(blockersView.json()).toMatchObject({ id: blocked.user.id, friendship: 'none', mutualFriends: 0 });
  });

  it('a block ends a pending request either way, the blocker gets 403 BLOCKED, and unblocking lets both ask again', async () => {
    const blocker = await signUpUser(app);
    const [asker, asked] = await Promise.all([signUpUser(app), signUpUser(app)]);
    expect((await ask(asker, blocker.user.id)).statusCode).toBe(201);
    expect((await ask(blocker, asked.user.id)).statusCode).toBe(201);
    expect((await block(blocker, asker.user.id)).statusCode).toBe(200);
    expect((await block(blocker, asked.user.id)).statusCode).toBe(200);
    expect(await read<FriendRequests>(blocker, '/api/friends/requests')).toEqual({ incoming: [], outgoing: [] });
    expect((await read<FriendRequests>(asker, '/api/friends/requests')).outgoing).toEqual([]);
    expect((await read<FriendRequests>(asked, '/api/friends/requests')).incoming).toEqual([]);

    const blockerAsks = await ask(blocker, asked.user.id);
    expect(blockerAsks.statusCode).toBe(403);
    expect(blockerAsks.json().code).toBe('BLOCKED');

    const unblocked = await app.inject({
      method: 'DELETE',
      url: `/api/users/${asked.user.id}/block`,
      headers: { cookie: blocker.cookie },
    });
    expect(unblocked.statusCode).toBe(200);
    expect((await ask(asked, blocker.user.id)).statusCode).toBe(201);
  });
});
