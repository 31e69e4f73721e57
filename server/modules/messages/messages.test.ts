import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { messages } from '../../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventRow } from '../../test/fixtures';
import { createTestApp, signUpUser, signUpVerifiedUser, type TestApp, type SignedUpUser } from '../../test/test-app';
import { type CaptureSmtpServer, startCaptureSmtpServer } from '../mail/capture-smtp-server';
import { consumeWriteLimit } from '../limits/limits.service';
import { claimPendingMessages, INVITATIONS_PER_SENDER } from './messages.service';

let app: TestApp;
let smtp: CaptureSmtpServer;
beforeAll(async () => {
  smtp = await startCaptureSmtpServer();
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000', SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

function send(from: SignedUpUser | undefined, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: { ...headers, ...(from ? { cookie: from.cookie } : {}) },
    payload,
  });
}

function get(person: SignedUpUser | undefined, url: string) {
  return app.inject({ method: 'GET', url, headers: person ? { cookie: person.cookie } : {} });
}

function post(person: SignedUpUser | undefined, url: string) {
  return app.inject({ method: 'POST', url, headers: person ? { cookie: person.cookie } : {} });
}

function freshAddress(): string {
  return `nobody-${randomBytes(4).toString('hex')}@example.org`;
}

/** The mails to `address` but the verification link every sign-up sends (email-verification.test.ts has those). */
function mailsTo(address: string) {
  return smtp.mails.filter(
    (mail) =>
      mail.subject !== 'Confirm your e-mail address for PitchIn' &&
      (mail.to && !Array.isArray(mail.to) ? mail.to.value : []).some((to) => to.address === address),
  );
}

/** Every key path of a JSON value, e.g. "receiver.email", so two answers can be compared by shape. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value)
    .flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key))
    .sort();
}

describe('POST /api/messages', () => {
  it('sends by e-mail (any case, padded) or by user id, with an event, and answers 201 with the message', async () => {
    const alice = await signUpVerifiedUser(app, { firstName: 'Alice', lastName: 'Martin' });
    const bob = await signUpUser(app, { firstName: 'Bob', lastName: 'Okafor' });
    const event = await createEventRow(app.database.db, {
      organizerId: alice.user.id,
      title: 'Tree planting at the park',
    });
    const byEmail = await send(alice, {
      receiverId: `  ${bob.user.email.toUpperCase()} `,
      eventId: event.id,
      content: 'Join me at this one?',
    });
    expect(byEmail.statusCode).toBe(201);
    // Addressed by e-mail: the receiver is only the address Alice typed (contract messageSchema).
    expect(byEmail.json()).toEqual({
      id: expect.any(Number),
      senderId: alice.user.id,
      receiverId: null,
      sender: {
        id: alice.user.id,
        firstName: 'Alice',
        lastName: 'Martin',
        email: alice.user.email,
        profileImageUrl: null,
      },
      receiver: { id: null, firstName: null, lastName: null, email: bob.user.email, profileImageUrl: null },
      content: 'Join me at this one?',
      createdAt: expect.any(String),
      isRead: false,
      eventId: event.id,
      event: { id: event.id, title: 'Tree planting at the park' },
    });
    // Bob sees it as any message from Alice, with her name and without her address.
    const bobsInbox = (await get(bob, '/api/messages')).json() as Array<Record<string, unknown>>;
    expect(bobsInbox).toEqual([
      expect.objectContaining({
        senderId: alice.user.id,
        receiverId: bob.user.id,
        sender: { id: alice.user.id, firstName: 'Alice', lastName: 'Martin', email: null, profileImageUrl: null },
        receiver: {
          id: bob.user.id,
          firstName: 'Bob',
          lastName: 'Okafor',
          email: bob.user.email,
          profileImageUrl: null,
        },
      }),
    ]);
    const byId = await send(bob, { receiverId: alice.user.id, content: 'Sure!' });
    expect(byId.statusCode).toBe(201);
    expect(byId.json()).toMatchObject({
      receiverId: alice.user.id,
      receiver: { id: alice.user.id, firstName: 'Alice', lastName: 'Martin', email: null },
      sender: { id: bob.user.id, email: bob.user.email },
      eventId: null,
      event: null,
    });
  });

  it('answers 404 for an unknown user id or event, 400 for yourself (by id or address) and bad input, 401 without a session', async () => {
    const alice = await signUpVerifiedUser(app);
    const bob = await signUpUser(app);
    const unknownId = await send(alice, { receiverId: '6f1c1f0e-0000-4000-8000-000000000000', content: 'Hello' });
    expect(unknownId.statusCode).toBe(404);
    expect(unknownId.json()).toEqual({ message: 'User not found', code: 'USER_NOT_FOUND' });
    const unknownEvent = await send(alice, { receiverId: bob.user.email, eventId: 987_654, content: 'Hello' });
    expect(unknownEvent.statusCode).toBe(404);
    expect(unknownEvent.json()).toEqual({ message: 'Event not found', code: 'EVENT_NOT_FOUND' });
    for (const receiverId of [alice.user.email, alice.user.email.toUpperCase(), alice.user.id]) {
      const self = await send(alice, { receiverId, content: 'Note to self' });
      expect(self.statusCode).toBe(400);
      expect(self.json()).toMatchObject({ message: 'You cannot send a message to yourself', code: 'MESSAGE_TO_SELF' });
    }
    for (const payload of [
      { receiverId: bob.user.email, content: '' },
      { receiverId: bob.user.email, content: '   ' },
      { receiverId: bob.user.email },
      { receiverId: bob.user.email, content: 'x'.repeat(5001) },
      { receiverId: '', content: 'Hello' },
      { receiverId: 'not an address@', content: 'Hello' },
      { content: 'Hello' },
      { receiverId: bob.user.email, eventId: 'x', content: 'Hello' },
    ]) {
      const response = await send(alice, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await send(alice, { receiverId: 'bob@', content: 'Hello' })).json().errors).toContainEqual({
      path: 'receiverId',
      message: 'Enter a valid email address',
    });
    const missing = await send(alice, { receiverId: bob.user.email });
    expect(missing.json().errors).toContainEqual({ path: 'content', message: 'Message is required' });
    expect((await send(alice, { receiverId: bob.user.email, content: 'x'.repeat(5000) })).statusCode).toBe(201);
    const huge = await send(alice, { receiverId: bob.user.email, content: 'x'.repeat(70_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    expect((await send(undefined, { receiverId: bob.user.email, content: 'Hello' })).statusCode).toBe(401);
    // None of the refused sends was stored.
    expect((await get(alice, '/api/messages')).json()).toHaveLength(1);
  });

  it('refuses the 31st message within a minute with 429 and Retry-After, and stores nothing for it', async () => {
    const alice = await signUpVerifiedUser(app);
    const bob = await signUpUser(app);
    // The limit counts in fixed one-minute windows: start early in one so all 31 land in it.
    const intoWindow = Date.now() % 60_000;
    if (intoWindow > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoWindow + 50));
    for (let index = 0; index < 30; index += 1) {
      expect(
        (await send(alice, { receiverId: index % 2 ? bob.user.id : bob.user.email, content: `message ${index}` }))
          .statusCode,
      ).toBe(201);
    }
    const refused = await send(alice, { receiverId: bob.user.id, content: 'one too many' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      message: 'You are sending messages too fast. Please wait a moment.',
      code: 'RATE_LIMITED',
    });
    const stored = (await get(alice, '/api/messages')).json() as Array<{ content: string }>;
    expect(stored).toHaveLength(30);
    expect(stored.map((message) => message.content)).not.toContain('one too many');
    // The limit is the sender's: Bob can still write.
    expect((await send(bob, { receiverId: alice.user.id, content: 'slow down' })).statusCode).toBe(201);
  }, 70_000);
});

describe('no answer carries another user’s e-mail', () => {
  it('a stranger who writes or is written to never sees the other side’s address, and neither does the other side', async () => {
    const bob = await signUpUser(app, { firstName: 'Bob', lastName: 'Private' });
    const stranger = await signUpUser(app, { firstName: 'Sam', lastName: 'Stranger' });
    const event = await createEventRow(app.database.db, { organizerId: bob.user.id, title: 'Beach cleanup' });
    const answersFor = async (person: SignedUpUser, other: SignedUpUser) => [
      (await send(person, { receiverId: other.user.id, content: 'hello by id', eventId: event.id })).body,
      (await get(person, '/api/messages')).body,
      (await get(person, '/api/conversations')).body,
      (await get(person, `/api/conversations/${other.user.id}/messages`)).body,
    ];
    // Bob writes first (by id, as the chat does), then the stranger answers; each reads everything.
    const bobsAnswers = await answersFor(bob, stranger);
    const strangersAnswers = await answersFor(stranger, bob);
    const bobsLaterAnswers = await answersFor(bob, stranger);
    for (const text of strangersAnswers) {
      expect(text).toContain('hello by id');
      expect(text).not.toContain(bob.user.email);
    }
    for (const text of [...bobsAnswers, ...bobsLaterAnswers]) expect(text).not.toContain(stranger.user.email);
    // The caller's own address is theirs to see.
    expect(strangersAnswers[1]).toContain(stranger.user.email);
  });
});

describe('messages to an address with no account', () => {
  it('answers exactly as for a known address: same status, same keys, no identifying field', async () => {
    const alice = await signUpVerifiedUser(app, { firstName: 'Alice', lastName: 'Martin' });
    const bob = await signUpUser(app, { firstName: 'Bob', lastName: 'Okafor' });
    const unknown = freshAddress();
    const event = await createEventRow(app.database.db, { organizerId: alice.user.id, title: 'Food bank' });
    const toKnown = await send(alice, { receiverId: bob.user.email, eventId: event.id, content: 'Same words' });
    const toUnknown = await send(alice, {
      receiverId: unknown.toUpperCase(),
      eventId: event.id,
      content: 'Same words',
    });
    expect(toUnknown.statusCode).toBe(toKnown.statusCode);
    expect(toUnknown.statusCode).toBe(201);
    expect(keyPaths(toUnknown.json())).toEqual(keyPaths(toKnown.json()));
    expect(toUnknown.headers['content-type']).toBe(toKnown.headers['content-type']);
    // Apart from the message's own id and time and the address Alice typed, the answers are equal.
    const comparable = (body: Record<string, unknown> & { receiver: Record<string, unknown> }) => ({
      ...body,
      id: 0,
      createdAt: '',
      receiver: { ...body.receiver, email: '' },
    });
    expect(comparable(toUnknown.json())).toEqual(comparable(toKnown.json()));
    expect(toUnknown.json().receiver.email).toBe(unknown);
    expect(toUnknown.json().id).toBe(toKnown.json().id + 1);
    expect(toKnown.body).not.toContain(bob.user.id);
    expect(toKnown.body).not.toContain('Okafor');
    // Her lists tell the two apart no better: each address is a conversation named by that address.
    const conversations = (await get(alice, '/api/conversations')).json() as Array<Record<string, unknown>>;
    expect(conversations).toEqual([
      {
        id: unknown,
        type: 'direct',
        name: unknown,
        participants: [],
        lastMessage: { content: 'Same words', createdAt: expect.any(String), senderId: alice.user.id },
        unreadCount: 0,
      },
      {
        id: bob.user.email,
        type: 'direct',
        name: bob.user.email,
        participants: [],
        lastMessage: { content: 'Same words', createdAt: expect.any(String), senderId: alice.user.id },
        unreadCount: 0,
      },
    ]);
    const inbox = (await get(alice, '/api/messages')).json() as Array<Record<string, unknown>>;
    expect(inbox.map((message) => [message.receiverId, (message.receiver as { email: string }).email])).toEqual([
      [null, unknown],
      [null, bob.user.email],
    ]);
    expect(JSON.stringify(inbox)).not.toContain(bob.user.id);
    // Her threads with either address read the same way, and her thread with Bob's id holds nothing of it.
    for (const address of [unknown, bob.user.email]) {
      const thread = (await get(alice, `/api/conversations/${encodeURIComponent(address)}/messages`)).json() as Array<{
        content: string;
        senderId: string;
      }>;
      expect(thread).toEqual([
        {
          id: expect.any(Number),
          senderId: alice.user.id,
          content: 'Same words',
          createdAt: expect.any(String),
          sender: { firstName: 'Alice', profileImageUrl: null },
          event: { id: expect.any(Number), title: 'Food bank' },
          hiddenNotice: null,
        },
      ]);
    }
    expect((await get(alice, `/api/conversations/${bob.user.id}/messages`)).json()).toEqual([]);
  });

  it('mails one invitation per address a day with the sender’s first name, the text and the sign-up link; known addresses get none', async () => {
    const alice = await signUpVerifiedUser(app, { firstName: 'Alice', lastName: 'Martin' });
    const bob = await signUpUser(app, { firstName: 'Bob', lastName: 'Okafor' });
    const unknown = freshAddress();
    const other = freshAddress();
    expect((await send(alice, { receiverId: bob.user.email, content: 'Known address' })).statusCode).toBe(201);
    // A forged Host must not choose where the mail's link points (the sender would phish from our address).
    const first = await send(
      alice,
      { receiverId: unknown, content: 'Come <b>help</b> at the garden' },
      { host: 'evil.example:8080' },
    );
    expect(first.statusCode).toBe(201);
    const [invitation] = await waitForMailsTo(unknown, 1);
    expect(invitation!.subject).toBe('You have a message on PitchIn');
    expect(invitation!.text).toContain('Alice wrote:\n\n> Come <b>help</b> at the garden');
    expect(invitation!.text).toContain(`${app.config.linkOrigin}/api/login?mode=signup`);
    expect(`${invitation!.text} ${String(invitation!.html)}`).not.toContain('evil.example');
    expect(invitation!.text).not.toContain('Martin');
    expect(invitation!.text).not.toContain(alice.user.email);
    expect(String(invitation!.html)).toContain('Come &lt;b&gt;help&lt;/b&gt; at the garden');

    // The same day again, and from another sender: still 201, no second mail to that address.
    const carol = await signUpVerifiedUser(app, { firstName: 'Carol' });
    const second = await send(alice, { receiverId: unknown, content: 'Did you see my message?' });
    const third = await send(carol, { receiverId: unknown, content: 'Hi from Carol' });
    expect([second.statusCode, third.statusCode]).toEqual([201, 201]);
    expect(keyPaths(second.json())).toEqual(keyPaths(first.json()));
    // A later invitation to another address has arrived: the ones before it would have too.
    expect((await send(alice, { receiverId: other, content: 'And you' })).statusCode).toBe(201);
    await waitForMailsTo(other, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(unknown)).toHaveLength(1);
    expect(mailsTo(bob.user.email)).toHaveLength(0);
  });

  it('mails at most 50 invitations a day for one sender (no spam relay); the messages still go', async () => {
    const spammer = await signUpVerifiedUser(app);
    const witness = await signUpVerifiedUser(app);
    // The 50 invitations of the day are used up (sending them would take two minutes of the messages limit).
    await consumeWriteLimit(app.database.db, INVITATIONS_PER_SENDER, spammer.user.id, 50);
    const target = freshAddress();
    const refused = await send(spammer, { receiverId: target, content: 'Buy now' });
    expect(refused.statusCode).toBe(201);
    const control = freshAddress();
    expect((await send(witness, { receiverId: control, content: 'Hello' })).statusCode).toBe(201);
    await waitForMailsTo(control, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(target)).toHaveLength(0);
    // The address's own daily invitation was not spent by the refused one.
    expect((await send(witness, { receiverId: target, content: 'A real invitation' })).statusCode).toBe(201);
    expect((await waitForMailsTo(target, 1))[0]!.text).toContain('A real invitation');
  });

  it('counts toward the sender’s “messages sent” achievements like any message', async () => {
    const alice = await signUpVerifiedUser(app);
    expect((await send(alice, { receiverId: freshAddress(), content: 'one' })).statusCode).toBe(201);
    const achievements = (await get(alice, '/api/user/achievements')).json() as Array<{
      progress: number;
      achievement: { name: string };
    }>;
    expect(achievements.find((record) => record.achievement.name === 'Social Butterfly')).toMatchObject({
      progress: 1,
    });
  });

  it('signing up with the address delivers the messages waiting for it (claimPendingMessages); the sender’s view does not change', async () => {
    const alice = await signUpVerifiedUser(app, { firstName: 'Alice', lastName: 'Martin' });
    const carol = await signUpVerifiedUser(app, { firstName: 'Carol', lastName: 'Reyes' });
    const address = freshAddress();
    await send(alice, { receiverId: address, content: 'Waiting for you' });
    await send(carol, { receiverId: address.toUpperCase(), content: 'Me too' });
    const aliceBefore = (await get(alice, '/api/messages')).body;
    const aliceConversationsBefore = (await get(alice, '/api/conversations')).body;

    const newcomer = await signUpUser(app, { email: address, firstName: 'Nia', lastName: 'Adeyemi' });
    // The sign-up itself claimed both (auth.service.ts), so a later claim, in any case and padding, finds none.
    expect(await claimPendingMessages(app.database.db, newcomer.user.id, ` ${address.toUpperCase()} `)).toBe(0);

    const inbox = (await get(newcomer, '/api/messages')).json() as Array<Record<string, unknown>>;
    expect(inbox.map((message) => [message.content, message.senderId, message.receiverId, message.isRead])).toEqual([
      ['Me too', carol.user.id, newcomer.user.id, false],
      ['Waiting for you', alice.user.id, newcomer.user.id, false],
    ]);
    expect(JSON.stringify(inbox)).not.toContain(alice.user.email);
    const conversations = (await get(newcomer, '/api/conversations')).json() as Array<{
      id: string;
      unreadCount: number;
    }>;
    expect(conversations.map((conversation) => [conversation.id, conversation.unreadCount])).toEqual([
      [carol.user.id, 1],
      [alice.user.id, 1],
    ]);
    expect(
      ((await get(newcomer, `/api/conversations/${alice.user.id}/messages`)).json() as Array<{ content: string }>).map(
        (message) => message.content,
      ),
    ).toEqual(['Waiting for you']);
    expect((await post(newcomer, `/api/conversations/${alice.user.id}/read`)).statusCode).toBe(204);
    expect(
      ((await get(newcomer, '/api/conversations')).json() as Array<{ unreadCount: number }>).map(
        (conversation) => conversation.unreadCount,
      ),
    ).toEqual([1, 0]);
    // Alice still sees only the address she typed, not even that it was read: the new account's name,
    // or a read mark, would tell her the address has an account.
    expect((await get(alice, '/api/messages')).body).toBe(aliceBefore);
    expect((await get(alice, '/api/conversations')).body).toBe(aliceConversationsBefore);
    expect((await get(alice, '/api/messages')).body).not.toContain('Adeyemi');
  });
});

async function waitForMailsTo(address: string, count: number) {
  await expect.poll(() => mailsTo(address).length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);
  return mailsTo(address);
}

describe('GET /api/messages', () => {
  it("lists the caller's sent and received messages newest first, and nobody else's", async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    const carol = await signUpVerifiedUser(app);
    await send(alice, { receiverId: bob.user.id, content: 'one' });
    await send(bob, { receiverId: alice.user.id, content: 'two' });
    await send(carol, { receiverId: bob.user.id, content: 'three' });
    await send(carol, { receiverId: freshAddress(), content: 'four' });
    const forAlice = (await get(alice, '/api/messages')).json() as Array<{ content: string }>;
    expect(forAlice.map((message) => message.content)).toEqual(['two', 'one']);
    const forBob = (await get(bob, '/api/messages')).json() as Array<{ content: string }>;
    expect(forBob.map((message) => message.content)).toEqual(['three', 'two', 'one']);
    const forCarol = (await get(carol, '/api/messages')).json() as Array<{ content: string }>;
    expect(forCarol.map((message) => message.content)).toEqual(['four', 'three']);
    const outsider = await signUpUser(app);
    expect((await get(outsider, '/api/messages')).json()).toEqual([]);
    expect((await get(undefined, '/api/messages')).statusCode).toBe(401);
  });
});

describe('conversations', () => {
  it('groups by person, latest first, with the last message and unread count; reading is a POST, the GET changes nothing', async () => {
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
    expect(thread.json()[0]).toEqual({
      id: expect.any(Number),
      senderId: bob.user.id,
      content: 'b1',
      createdAt: expect.any(String),
      sender: { firstName: 'Bob', profileImageUrl: null },
      event: null,
      hiddenNotice: null,
    });

    // The GET is read-only (an <img> pointing at it must not mark anything read).
    const unreadOf = async (person: SignedUpUser) =>
      ((await get(person, '/api/conversations')).json() as Array<{ id: string; unreadCount: number }>).map(
        (conversation) => [conversation.id, conversation.unreadCount],
      );
    expect(await unreadOf(me)).toEqual([
      [carol.user.id, 1],
      [bob.user.id, 3],
    ]);
    expect(
      ((await get(me, '/api/messages')).json() as Array<{ isRead: boolean }>).every((message) => !message.isRead),
    ).toBe(true);

    const read = await post(me, `/api/conversations/${bob.user.id}/read`);
    expect(read.statusCode).toBe(204);
    expect(read.body).toBe('');
    expect(await unreadOf(me)).toEqual([
      [carol.user.id, 1],
      [bob.user.id, 0],
    ]);
    const inbox = (await get(me, '/api/messages')).json() as Array<{ content: string; isRead: boolean }>;
    expect(
      inbox.filter((message) => ['b1', 'b2', 'b3'].includes(message.content)).every((message) => message.isRead),
    ).toBe(true);
    expect(inbox.find((message) => message.content === 'c1')!.isRead).toBe(false);
    // Reading my own thread does not mark what I sent as read for the other person.
    expect(await unreadOf(bob)).toEqual([[me.user.id, 1]]);

    await send(bob, { receiverId: me.user.id, content: 'b4' });
    expect(await unreadOf(me)).toEqual([
      [bob.user.id, 1],
      [carol.user.id, 1],
    ]);
  });

  it("never shows a third person others' messages, lets no one mark them read, and treats an unknown id as an empty thread", async () => {
    const alice = await signUpVerifiedUser(app);
    const bob = await signUpUser(app);
    const eve = await signUpUser(app);
    await send(alice, { receiverId: bob.user.id, content: 'private' });
    await send(alice, { receiverId: bob.user.email, content: 'private by address' });
    expect((await get(eve, '/api/conversations')).json()).toEqual([]);
    expect((await get(eve, '/api/messages')).json()).toEqual([]);
    expect((await get(eve, `/api/conversations/${bob.user.id}/messages`)).json()).toEqual([]);
    expect((await get(eve, `/api/conversations/${alice.user.id}/messages`)).json()).toEqual([]);
    expect((await get(eve, `/api/conversations/${encodeURIComponent(bob.user.email)}/messages`)).json()).toEqual([]);
    expect((await get(eve, '/api/conversations/not-a-user/messages')).json()).toEqual([]);
    // Eve's POSTs, with either person's id or address, read nothing of theirs.
    for (const id of [alice.user.id, bob.user.id, encodeURIComponent(bob.user.email), 'not-a-user']) {
      expect((await post(eve, `/api/conversations/${id}/read`)).statusCode).toBe(204);
    }
    const bobsView = (await get(bob, '/api/conversations')).json() as Array<{ unreadCount: number }>;
    expect(bobsView[0]!.unreadCount).toBe(2);
    // Nor does Alice's: what she sent stays unread until Bob reads it.
    expect((await post(alice, `/api/conversations/${bob.user.id}/read`)).statusCode).toBe(204);
    expect(((await get(bob, '/api/conversations')).json() as Array<{ unreadCount: number }>)[0]!.unreadCount).toBe(2);
    expect((await get(undefined, '/api/conversations')).statusCode).toBe(401);
    expect((await get(undefined, `/api/conversations/${bob.user.id}/messages`)).statusCode).toBe(401);
    expect((await post(undefined, `/api/conversations/${alice.user.id}/read`)).statusCode).toBe(401);
    // The router refuses path parameters over 200 characters before the schema sees them.
    expect((await get(alice, `/api/conversations/${'x'.repeat(300)}/messages`)).statusCode).toBe(414);
    expect((await post(alice, `/api/conversations/${'x'.repeat(300)}/read`)).statusCode).toBe(414);
    // A cross-site form post cannot mark anything read either.
    const crossSite = await app.inject({
      method: 'POST',
      url: `/api/conversations/${alice.user.id}/read`,
      headers: { cookie: bob.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(((await get(bob, '/api/conversations')).json() as Array<{ unreadCount: number }>)[0]!.unreadCount).toBe(2);
  });
});

/** Decisions §21: one thread per person, whichever way the first message was addressed. */
describe('one thread per person', () => {
  type ThreadMessage = { content: string; senderId: string; event: { id: number; title: string } | null };
  type ConversationAnswer = { id: string; name: string | null; participants: Array<{ id: string }> };

  it('an event shared to an address stays that address until the person answers, then joins their thread', async () => {
    const sharer = await signUpVerifiedUser(app, { firstName: 'Sam' });
    const friend = await signUpUser(app, { firstName: 'Fay' });
    const event = await createEventRow(app.database.db, { organizerId: sharer.user.id, title: 'River cleanup' });
    expect(
      (await send(sharer, { receiverId: friend.user.email, eventId: event.id, content: 'Join me?' })).statusCode,
    ).toBe(201);
    expect((await send(sharer, { receiverId: friend.user.id, content: 'Saw you on the list' })).statusCode).toBe(201);
    // Before the answer: the address is its own conversation, which tells the sharer nothing of whose it is.
    const before = (await get(sharer, '/api/conversations')).json() as ConversationAnswer[];
    expect(before.map((conversation) => conversation.id).sort()).toEqual([friend.user.email, friend.user.id].sort());
    // The person sees both in one thread already (they know who wrote), shared event as a card.
    const theirs = (await get(friend, `/api/conversations/${sharer.user.id}/messages`)).json() as ThreadMessage[];
    expect(theirs.map((message) => [message.content, message.event?.title ?? null])).toEqual([
      ['Join me?', 'River cleanup'],
      ['Saw you on the list', null],
    ]);

    expect((await send(friend, { receiverId: sharer.user.id, content: 'Count me in' })).statusCode).toBe(201);

    const after = (await get(sharer, '/api/conversations')).json() as ConversationAnswer[];
    expect(after.map((conversation) => conversation.id)).toEqual([friend.user.id]);
    const thread = (await get(sharer, `/api/conversations/${friend.user.id}/messages`)).json() as ThreadMessage[];
    expect(thread.map((message) => message.content)).toEqual(['Join me?', 'Saw you on the list', 'Count me in']);
    expect(thread[0]?.event).toEqual({ id: event.id, title: 'River cleanup' });
    expect((await get(sharer, `/api/conversations/${encodeURIComponent(friend.user.email)}/messages`)).json()).toEqual(
      [],
    );
    expect(((await get(friend, '/api/conversations')).json() as ConversationAnswer[]).map((c) => c.id)).toEqual([
      sharer.user.id,
    ]);
  });

  it('"Contact the organizer" writes into the one thread with the organizer, the event shown in it', async () => {
    const organizer = await signUpUser(app, { firstName: 'Olga' });
    const volunteer = await signUpUser(app, { firstName: 'Vic' });
    const event = await createEventRow(app.database.db, { organizerId: organizer.user.id, title: 'Food drive' });
    await send(organizer, { receiverId: volunteer.user.id, content: 'Thanks for joining last time' });
    const read = await get(volunteer, `/api/events/${event.id}`);
    const organizerId = read.json().organizerId as string;
    expect(organizerId).toBe(organizer.user.id);
    expect(
      (await send(volunteer, { receiverId: organizerId, eventId: event.id, content: 'Is parking free?' })).statusCode,
    ).toBe(201);
    const conversations = (await get(organizer, '/api/conversations')).json() as ConversationAnswer[];
    expect(conversations.map((conversation) => conversation.id)).toEqual([volunteer.user.id]);
    const thread = (await get(organizer, `/api/conversations/${volunteer.user.id}/messages`)).json() as ThreadMessage[];
    expect(thread.map((message) => [message.content, message.event?.id ?? null])).toEqual([
      ['Thanks for joining last time', null],
      ['Is parking free?', event.id],
    ]);
  });

  it('the data migration joins threads split before this rule: address messages the person answered after', async () => {
    const sharer = await signUpUser(app);
    const friend = await signUpUser(app);
    const later = await signUpUser(app);
    const at = (minutes: number) => new Date(Date.now() - 60 * 60_000 + minutes * 60_000);
    await app.database.db.insert(messages).values([
      {
        senderId: sharer.user.id,
        receiverId: friend.user.id,
        receiverEmail: friend.user.email,
        content: 'shared',
        createdAt: at(1),
      },
      { senderId: friend.user.id, receiverId: sharer.user.id, content: 'answer', createdAt: at(2) },
      {
        senderId: sharer.user.id,
        receiverId: friend.user.id,
        receiverEmail: friend.user.email,
        content: 'after',
        createdAt: at(3),
      },
      {
        senderId: sharer.user.id,
        receiverId: later.user.id,
        receiverEmail: later.user.email,
        content: 'unanswered',
        createdAt: at(1),
      },
    ]);
    const directory = path.resolve(import.meta.dirname, '../../db/migrations');
    const file = readdirSync(directory).find((name) => name.endsWith('_one_thread_per_person.sql'));
    await app.database.db.execute(sql.raw(readFileSync(path.join(directory, file!), 'utf8')));
    const ids = ((await get(sharer, '/api/conversations')).json() as ConversationAnswer[]).map((c) => c.id);
    expect(ids.sort()).toEqual([friend.user.email, friend.user.id, later.user.email].sort());
    const joined = (await get(sharer, `/api/conversations/${friend.user.id}/messages`)).json() as ThreadMessage[];
    expect(joined.map((message) => message.content)).toEqual(['shared', 'answer']);
  });
});
