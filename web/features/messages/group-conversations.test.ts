import { describe, expect, it } from 'vitest';
import type { Message } from '@contract/messages';
import { groupConversations, relativeTimeParts } from './group-conversations';

const person = (id: string, firstName: string | null = null, email: string | null = null) => ({
  id,
  firstName,
  lastName: null,
  email,
  profileImageUrl: null,
});
let nextId = 1;
function message(from: string, to: string, createdAt: string, fields: Partial<Message> = {}): Message {
  return {
    id: nextId++,
    senderId: from,
    receiverId: to,
    sender: person(from),
    receiver: person(to),
    content: `${from}→${to}`,
    createdAt,
    isRead: false,
    eventId: null,
    event: null,
    ...fields,
  };
}

describe('groupConversations', () => {
  it('one entry per other person, latest message first, own and unread flags', () => {
    const messages = [
      message('me', 'ann', '2026-01-01T10:00:00.000Z'),
      message('ann', 'me', '2026-01-02T10:00:00.000Z'),
      message('bob', 'me', '2026-01-03T10:00:00.000Z', { isRead: true }),
      message('me', 'cat', '2026-01-04T10:00:00.000Z'),
    ];
    const conversations = groupConversations(messages, 'me');
    expect(conversations.map((item) => item.otherUser.id)).toEqual(['cat', 'bob', 'ann']);
    expect(conversations.map((item) => [item.isOwnLastMessage, item.isUnread])).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
    expect(conversations[2]?.lastMessage.content).toBe('ann→me');
  });

  it("counts the other person's unread messages even when my reply is the last one, as the chat list does", () => {
    const messages = [
      message('ann', 'me', '2026-01-01T10:00:00.000Z'),
      message('ann', 'me', '2026-01-01T11:00:00.000Z'),
      message('ann', 'me', '2026-01-01T09:00:00.000Z', { isRead: true }),
      message('me', 'ann', '2026-01-02T10:00:00.000Z'),
      message('bob', 'me', '2026-01-03T10:00:00.000Z', { isRead: true }),
    ];
    const conversations = groupConversations(messages, 'me');
    expect(
      conversations.map((item) => [item.conversationId, item.unreadCount, item.isUnread, item.isOwnLastMessage]),
    ).toEqual([
      ['bob', 0, false, false],
      ['ann', 2, true, true],
    ]);
  });
});

describe('groupConversations with messages addressed by e-mail', () => {
  it('groups what I wrote to an address under that address, apart from the account, linked by it', () => {
    const toAddress = message('me', 'ann', '2026-01-05T10:00:00.000Z', {
      receiverId: null,
      receiver: { ...person('ann'), id: null, email: 'ann@example.org' },
    });
    const messages = [
      message('ann', 'me', '2026-01-01T10:00:00.000Z'),
      toAddress,
      message('me', 'ann', '2026-01-06T10:00:00.000Z', {
        receiverId: null,
        receiver: { ...person('x'), id: null, email: 'ann@example.org' },
      }),
    ];
    const conversations = groupConversations(messages, 'me');
    expect(conversations.map((item) => [item.conversationId, item.otherUser.email, item.isOwnLastMessage])).toEqual([
      ['ann@example.org', 'ann@example.org', true],
      ['ann', null, false],
    ]);
  });
});

describe('relativeTimeParts', () => {
  const now = Date.parse('2026-01-10T12:00:00.000Z');
  it('days, else hours, else just now', () => {
    expect(relativeTimeParts('2026-01-08T11:00:00.000Z', now)).toEqual({ unit: 'day', value: 2 });
    expect(relativeTimeParts('2026-01-10T07:30:00.000Z', now)).toEqual({ unit: 'hour', value: 4 });
    expect(relativeTimeParts('2026-01-10T11:30:00.000Z', now)).toBeNull();
  });
});
