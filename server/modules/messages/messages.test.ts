import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventRow } from '../../test/fixtures';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
});
afterAll(async () => app?.close());

type Person = Awaited<ReturnType<typeof signUpUser>>;

function send(from: Person | undefined, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/messages', headers: from ? { cookie: from.cookie } : {}, payload });
}

function get(person: Person | undefined, url: string) {
  return app.inject({ method: 'GET', url, headers: person ? { cookie: person.cookie } : {} });
}

describe('POST /api/messages', () => {
  it('sends by e-mail (any case, padded) or by user id, with an event, and answers 201 with the message', async () => {
    const alice = await signUpUser(app, { firstName: 'Alice', lastName: 'Martin' });
    const bob = await signUpUser(app, { firstName: 'Bob', lastName: 'Okafor' });
    const event = await createEventRow(app.database.db, { organizerId: alice.user.id, title: 'Tree planting at the park' });
    const byEmail = await send(alice, { receiverId: `  ${bob.user.email.toUpperCase()} `, eventId: event.id, content: 'Join me at this one?' });
    expect(byEmail.statusCode).toBe(201);
    expect(byEmail.json()).toMatchObject({
      senderId: alice.user.id,
      receiverId: bob.user.id,
      sender: { id: alice.user.id, firstName: 'Alice', lastName: 'Martin', email: alice.user.email, profileImageUrl: null },
      receiver: { id: bob.user.id, firstName: 'Bob', lastName: 'Okafor', email: bob.user.email },
      content: 'Join me at this one?',
      isRead: false,
      eventId: event.id,
      event: { id: event.id, title: 'Tree planting at the park' },
    });
    expect(typeof byEmail.json().id).toBe('number');
    const byId = await send(bob, { receiverId: alice.user.id, content: 'Sure!' });
    expect(byId.statusCode).toBe(201);
    expect(byId.json()).toMatchObject({ receiverId: alice.user.id, eventId: null, event: null });
  });

  it('answers 404 for an unknown recipient or event, 400 for yourself and bad content, 401 without a session', async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    const unknown = await send(alice, { receiverId: 'nobody@example.org', content: 'Hello' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No user with that e-mail' });
    const unknownEvent = await send(alice, { receiverId: bob.user.email, eventId: 987_654, content: 'Hello' });
    expect(unknownEvent.statusCode).toBe(404);
    expect(unknownEvent.json()).toEqual({ message: 'Event not found' });
    const self = await send(alice, { receiverId: alice.user.email, content: 'Note to self' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot send a message to yourself');
    for (const payload of [
      { receiverId: bob.user.email, content: '' },
      { receiverId: bob.user.email, content: '   ' },
      { receiverId: bob.user.email },
      { receiverId: bob.user.email, content: 'x'.repeat(5001) },
      { receiverId: '', content: 'Hello' },
      { content: 'Hello' },
      { receiverId: bob.user.email, eventId: 'x', content: 'Hello' },
    ]) {
      const response = await send(alice, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const missing = await send(alice, { receiverId: bob.user.email });
    expect(missing.json().errors).toContainEqual({ path: 'content', message: 'Message is required' });
    expect((await send(alice, { receiverId: bob.user.email, content: 'x'.repeat(5000) })).statusCode).toBe(201);
    const huge = await send(alice, { receiverId: bob.user.email, content: 'x'.repeat(70_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'Request body is too large' });
    expect((await send(undefined, { receiverId: bob.user.email, content: 'Hello' })).statusCode).toBe(401);
  });
});

describe('GET /api/messages', () => {
  it("lists the caller's sent and received messages newest first, and nobody else's", async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    const carol = await signUpUser(app);
    await send(alice, { receiverId: bob.user.id, content: 'one' });
    await send(bob, { receiverId: alice.user.id, content: 'two' });
    await send(carol, { receiverId: bob.user.id, content: 'three' });
    const forAlice = (await get(alice, '/api/messages')).json() as Array<{ content: string }>;
    expect(forAlice.map((message) => message.content)).toEqual(['two', 'one']);
    const forBob = (await get(bob, '/api/messages')).json() as Array<{ content: string }>;
    expect(forBob.map((message) => message.content)).toEqual(['three', 'two', 'one']);
    const forCarol = (await get(carol, '/api/messages')).json() as Array<{ content: string }>;
    expect(forCarol.map((message) => message.content)).toEqual(['three']);
    const outsider = await signUpUser(app);
    expect((await get(outsider, '/api/messages')).json()).toEqual([]);
    expect((await get(undefined, '/api/messages')).statusCode).toBe(401);
  });
});

describe('conversations', () => {
  it('groups by person, latest first, with the last message and unread count, and marks a thread read', async () => {
    const me = await signUpUser(app, { firstName: 'Maya', lastName: 'Chen' });
    const bob = await signUpUser(app, { firstName: 'Bob', lastName: 'Stone' });
    const carol = await signUpUser(app, { firstName: 'Carol', lastName: 'Reyes' });
    await send(bob, { receiverId: me.user.id, content: 'b1' });
    await send(me, { receiverId: bob.user.id, content: 'm1' });
    await send(bob, { receiverId: me.user.id, content: 'b2' });
    await send(bob, { receiverId: me.user.id, content: 'b3' });
    await send(carol, { receiverId: me.user.id, content: 'c1' });
    await send(me, { receiverId: carol.user.id, content: 'm2' });

    const list = await get(me, '/api/conversations');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: carol.user.id,
        type: 'direct',
        name: null,
        participants: [{ id: carol.user.id, firstName: 'Carol', lastName: 'Reyes', profileImageUrl: null }],
        lastMessage: { content: 'm2', createdAt: expect.any(String), senderId: me.user.id },
        unreadCount: 1,
      },
      {
        id: bob.user.id,
        type: 'direct',
        name: null,
        participants: [{ id: bob.user.id, firstName: 'Bob', lastName: 'Stone', profileImageUrl: null }],
        lastMessage: { content: 'b3', createdAt: expect.any(String), senderId: bob.user.id },
        unreadCount: 3,
      },
    ]);
    expect(list.json()[0].participants[0]).not.toHaveProperty('email');

    const thread = await get(me, `/api/conversations/${bob.user.id}/messages`);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().map((message: { content: string }) => message.content)).toEqual(['b1', 'm1', 'b2', 'b3']);
    expect(thread.json()[0]).toEqual({ id: expect.any(Number), senderId: bob.user.id, content: 'b1', createdAt: expect.any(String), sender: { firstName: 'Bob', profileImageUrl: null } });

    const after = (await get(me, '/api/conversations')).json() as Array<{ id: string; unreadCount: number }>;
    expect(after.map((conversation) => [conversation.id, conversation.unreadCount])).toEqual([
      [carol.user.id, 1],
      [bob.user.id, 0],
    ]);
    const inbox = (await get(me, '/api/messages')).json() as Array<{ content: string; isRead: boolean }>;
    expect(inbox.filter((message) => ['b1', 'b2', 'b3'].includes(message.content)).every((message) => message.isRead)).toBe(true);
    expect(inbox.find((message) => message.content === 'c1')!.isRead).toBe(false);
    // Reading my own thread does not mark what I sent as read for the other person.
    const bobsView = (await get(bob, '/api/conversations')).json() as Array<{ id: string; unreadCount: number }>;
    expect(bobsView).toEqual([expect.objectContaining({ id: me.user.id, unreadCount: 1 })]);

    await send(bob, { receiverId: me.user.id, content: 'b4' });
    const reordered = (await get(me, '/api/conversations')).json() as Array<{ id: string; unreadCount: number }>;
    expect(reordered.map((conversation) => [conversation.id, conversation.unreadCount])).toEqual([
      [bob.user.id, 1],
      [carol.user.id, 1],
    ]);
  });

  it("never shows a third person others' messages, and treats an unknown id as an empty thread", async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    const eve = await signUpUser(app);
    await send(alice, { receiverId: bob.user.id, content: 'private' });
    expect((await get(eve, '/api/conversations')).json()).toEqual([]);
    expect((await get(eve, '/api/messages')).json()).toEqual([]);
    expect((await get(eve, `/api/conversations/${bob.user.id}/messages`)).json()).toEqual([]);
    expect((await get(eve, `/api/conversations/${alice.user.id}/messages`)).json()).toEqual([]);
    expect((await get(eve, '/api/conversations/not-a-user/messages')).json()).toEqual([]);
    // Eve's look did not mark Bob's message read.
    const bobsView = (await get(bob, '/api/conversations')).json() as Array<{ unreadCount: number }>;
    expect(bobsView[0]!.unreadCount).toBe(1);
    expect((await get(undefined, '/api/conversations')).statusCode).toBe(401);
    expect((await get(undefined, `/api/conversations/${bob.user.id}/messages`)).statusCode).toBe(401);
    expect((await get(alice, `/api/conversations/${'x'.repeat(101)}/messages`)).statusCode).toBe(400);
  });
});
