import type { Message } from '@contract/messages';

export type ConversationSummary = {
  /** The chat's id for it: the other person's user id, or the address the user wrote to (contract). */
  conversationId: string;
  otherUser: Message['receiver'];
  lastMessage: Message;
  isOwnLastMessage: boolean;
  /**
   * Messages from the other person not read yet: the chat list's count for the same conversation
   * (unread counts agree everywhere), so a reply of mine does not hide what I have not read.
   */
  unreadCount: number;
  isUnread: boolean;
};

/**
 * The other side of a message: their user id, or for what I addressed by e-mail that address (the
 * server shows no account behind it), as the chat's conversations do.
 */
function otherSideOf(message: Message, myId: string): string {
  if (message.senderId !== myId) return message.senderId;
  return message.receiverId ?? message.receiver.email ?? '';
}

/** Messages: one entry per other participant, the latest message first. */
export function groupConversations(messages: Message[], myId: string): ConversationSummary[] {
  const latestByPerson = new Map<string, Message>();
  const unreadByPerson = new Map<string, number>();
  for (const message of messages) {
    const otherId = otherSideOf(message, myId);
    if (message.senderId !== myId && !message.isRead)
      unreadByPerson.set(otherId, (unreadByPerson.get(otherId) ?? 0) + 1);
    const known = latestByPerson.get(otherId);
    if (
      !known ||
      Date.parse(message.createdAt) > Date.parse(known.createdAt) ||
      (message.createdAt === known.createdAt && message.id > known.id)
    ) {
      latestByPerson.set(otherId, message);
    }
  }
  return [...latestByPerson.values()]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)
    .map((message) => {
      const isOwnLastMessage = message.senderId === myId;
      const conversationId = otherSideOf(message, myId);
      const unreadCount = unreadByPerson.get(conversationId) ?? 0;
      return {
        conversationId,
        otherUser: isOwnLastMessage ? message.receiver : message.sender,
        lastMessage: message,
        isOwnLastMessage,
        unreadCount,
        isUnread: unreadCount > 0,
      };
    });
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Relative time in days or hours, else "just now". */
export function relativeTimeParts(createdAt: string, now: number): { unit: 'day' | 'hour'; value: number } | null {
  const elapsed = now - Date.parse(createdAt);
  if (elapsed >= DAY_MS) return { unit: 'day', value: Math.floor(elapsed / DAY_MS) };
  if (elapsed >= HOUR_MS) return { unit: 'hour', value: Math.floor(elapsed / HOUR_MS) };
  return null;
}
