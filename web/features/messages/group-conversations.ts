import type { Message } from '@contract/messages';

export type ConversationSummary = {
  otherUser: Message['sender'];
  lastMessage: Message;
  isOwnLastMessage: boolean;
  /** Spec §2: the last message is unread and came from the other person. */
  isUnread: boolean;
};

/** Spec §2 Messages: one entry per other participant, the latest message first. */
export function groupConversations(messages: Message[], myId: string): ConversationSummary[] {
  const latestByPerson = new Map<string, Message>();
  for (const message of messages) {
    const otherId = message.senderId === myId ? message.receiverId : message.senderId;
    const known = latestByPerson.get(otherId);
    if (!known || Date.parse(message.createdAt) > Date.parse(known.createdAt) || (message.createdAt === known.createdAt && message.id > known.id)) {
      latestByPerson.set(otherId, message);
    }
  }
  return [...latestByPerson.values()]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)
    .map((message) => {
      const isOwnLastMessage = message.senderId === myId;
      return {
        otherUser: isOwnLastMessage ? message.receiver : message.sender,
        lastMessage: message,
        isOwnLastMessage,
        isUnread: !isOwnLastMessage && !message.isRead,
      };
    });
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Spec §2: relative time in days or hours, else "just now". */
export function relativeTimeParts(createdAt: string, now: number): { unit: 'day' | 'hour'; value: number } | null {
  const elapsed = now - Date.parse(createdAt);
  if (elapsed >= DAY_MS) return { unit: 'day', value: Math.floor(elapsed / DAY_MS) };
  if (elapsed >= HOUR_MS) return { unit: 'hour', value: Math.floor(elapsed / HOUR_MS) };
  return null;
}
