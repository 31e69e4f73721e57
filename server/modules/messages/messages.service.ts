import type { ChatMessage, Conversation, Message, SendMessageBody } from '../../../contract/messages';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-error';
import { normalizeEmail } from '../auth/auth.service';
import { refreshAchievementProgress } from '../journey/achievement-progress';
import * as repository from './messages.repository';

/** Bounds the inbox and a thread at benchmark scale; the client shows far fewer. */
const MESSAGE_LIST_LIMIT = 500;

function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toMessage(row: repository.MessageRow): Message {
  return {
    id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    sender: row.sender,
    receiver: row.receiver,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    isRead: row.isRead,
    eventId: row.eventId,
    event: row.eventId !== null && row.eventTitle !== null ? { id: row.eventId, title: row.eventTitle } : null,
  };
}

export class MessagesService {
  constructor(private readonly db: Database) {}

  /** decisions §6: the share dialog sends an e-mail as receiverId, the chat a user id. */
  async send(senderId: string, body: SendMessageBody): Promise<Message> {
    const recipientKey = body.receiverId.trim();
    return this.db.transaction(async (tx) => {
      const recipient = await repository.findRecipient(tx, recipientKey, normalizeEmail(recipientKey));
      if (!recipient) throw notFound('No user with that e-mail');
      if (recipient.id === senderId) throw badRequest('You cannot send a message to yourself', [{ path: 'receiverId', message: 'You cannot send a message to yourself' }]);
      const eventId = body.eventId ?? null;
      if (eventId !== null && !(await repository.eventExists(tx, eventId))) throw notFound('Event not found');
      const { id } = await repository.insertMessage(tx, { senderId, receiverId: recipient.id, eventId, content: body.content });
      await refreshAchievementProgress(tx, senderId);
      const row = await repository.findMessageById(tx, id);
      if (!row) throw new Error('message vanished');
      return toMessage(row);
    });
  }

  async listFor(userId: string): Promise<Message[]> {
    const rows = await repository.listMessagesOf(this.db, userId, MESSAGE_LIST_LIMIT);
    return rows.map(toMessage);
  }

  async conversationsOf(userId: string): Promise<Conversation[]> {
    const rows = await repository.listConversationsOf(this.db, userId);
    return rows.map((row) => ({
      id: row.other_id,
      type: 'direct',
      name: null,
      participants: [{ id: row.other_id, firstName: row.first_name, lastName: row.last_name, profileImageUrl: row.profile_image_url }],
      lastMessage: { content: row.content, createdAt: toIso(row.created_at), senderId: row.sender_id },
      unreadCount: Number(row.unread_count),
    }));
  }

  /**
   * A conversation's id is the other person's user id. An id that is no user, or a person the caller
   * never wrote with, is an empty thread (200 []), not a 404: the chat opens a fresh thread that way,
   * it costs no extra lookup and reveals nothing, since only the caller's own messages are ever read.
   */
  async thread(userId: string, otherId: string): Promise<ChatMessage[]> {
    return this.db.transaction(async (tx) => {
      await repository.markThreadRead(tx, userId, otherId);
      const rows = await repository.listThread(tx, userId, otherId, MESSAGE_LIST_LIMIT);
      return rows.reverse().map((row) => ({
        id: row.id,
        senderId: row.senderId,
        content: row.content,
        createdAt: row.createdAt.toISOString(),
        sender: { firstName: row.senderFirstName, profileImageUrl: row.senderProfileImageUrl },
      }));
    });
  }
}
