import type { ChatMessage, Conversation, Message, SendMessageBody } from '../../../contract/messages';
import type { Database, Executor } from '../../db/client';
import { normalizeEmail } from '../../lib/email-address';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-error';
import { toIso } from '../../lib/iso-time';
import { refreshAchievementProgress } from '../journey/achievement-progress';
import { consumeWriteLimit, WRITE_LIMITS, wouldExceedWriteLimit, type WriteLimit } from '../limits/limits.service';
import { notifyOfMessage, readMessageNotifications } from '../notifications/notifications.service';
import { isBlockedEitherWay } from '../moderation/moderation.service';
import { readMailLanguage } from '../mail/mail-settings.service';
import {
  EMAIL_NOT_VERIFIED_MESSAGE,
  isConfirmedSender,
  refusalLinkOf,
  takeUnaskedMailAllowance,
  type UnaskedMailPolicy,
} from '../mail/unasked-mail.service';
import { buildInvitationMail, type Mail, type Mailer, signUpLink } from '../mail/mail.service';
import * as repository from './messages.repository';

/** Bounds the inbox and a thread at benchmark scale; the client shows far fewer. */
const MESSAGE_LIST_LIMIT = 500;

/**
 * Invitation mails one sender may cause a day, on top of the limit of one per address: without it,
 * 30 messages a minute to fresh addresses would make this server a spam relay under our name.
 */
export const INVITATIONS_PER_SENDER: WriteLimit = {
  name: 'invitations-sent',
  limit: 50,
  windowMs: 24 * 60 * 60_000,
  message: 'You have invited many people today.',
};

function isEmailAddress(recipient: string): boolean {
  // User ids are UUIDs; the contract lets nothing with an "@" through unless it is a valid address.
  return recipient.includes('@');
}

/**
 * One message as `viewerId` may see it: no e-mail but the viewer's own, and a message
 * the viewer addressed by e-mail shows its receiver only as that address (contract messageSchema).
 */
function toMessage(row: repository.MessageRow, viewerId: string): Message {
  const isSentByViewer = row.senderId === viewerId;
  const isAddressedByEmail = isSentByViewer && row.receiverEmail !== null;
  const receiver =
    isAddressedByEmail || row.receiver === null
      ? {
          id: null,
          firstName: null,
          lastName: null,
          email: isSentByViewer ? row.receiverEmail : null,
          profileImageUrl: null,
        }
      : { ...row.receiver, email: row.receiver.id === viewerId ? row.receiver.email : null };
  return {
    id: row.id,
    senderId: row.senderId,
    receiverId: receiver.id,
    sender: { ...row.sender, email: isSentByViewer ? row.sender.email : null },
    receiver,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    // A read mark would tell the sender that the address has an account, as a name would.
    isRead: isAddressedByEmail ? false : row.isRead,
    eventId: row.eventId,
    event: row.eventId !== null && row.eventTitle !== null ? { id: row.eventId, title: row.eventTitle } : null,
  };
}

/**
 * Gives a newly signed-up user the messages that were waiting for their address. Call
 * it right after the account is created, in the same transaction when there is one. The messages keep
 * the address their senders typed, so the senders' views do not change and tell them nothing.
 */
export async function claimPendingMessages(db: Executor, userId: string, email: string): Promise<number> {
  return repository.claimMessagesFor(db, userId, normalizeEmail(email));
}

/**
 * INVITATIONS_PER_SENDER, before the unasked-mail policy's own rules. Two sends at once may both pass the
 * first look; the loser's consume then refuses, and that send simply mails nothing (its message still goes).
 */
async function takeSenderAllowance(db: Executor, senderId: string): Promise<boolean> {
  if (await wouldExceedWriteLimit(db, INVITATIONS_PER_SENDER, senderId)) return false;
  try {
    await consumeWriteLimit(db, INVITATIONS_PER_SENDER, senderId);
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429) return false;
    throw error;
  }
}

export class MessagesService {
  private readonly policy: UnaskedMailPolicy;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly sessionSecret: string,
    invitationMailsPerDay: number,
    private readonly log?: { warn(details: object, message: string): void },
  ) {
    this.policy = { mailsPerDay: invitationMailsPerDay, log };
  }

  /**
   * The share dialog sends an e-mail as receiverId, the chat a user id. An address
   * with no account gets the message waiting for it and an invitation mail, and the answer is the same
   * as for a known address. `origin` is where the invitation's link points; the invitation is written
   * in the sender's mail language (else `languageHint`, the language the sender's app is in), since
   * nothing is known of the recipient, and never goes to an address that turned invitations off.
   * Only a confirmed account writes to an address at all (403 EMAIL_NOT_VERIFIED otherwise, the same for an
   * address of an account and one of nobody, decisions §22): sign-up checks no address, so per-sender limits
   * alone would multiply with throwaway accounts, and a refusal only for unknown addresses told who has one.
   */
  async send(senderId: string, body: SendMessageBody, origin: string, languageHint?: string): Promise<Message> {
    const recipient = body.receiverId.trim();
    const address = isEmailAddress(recipient) ? normalizeEmail(recipient) : null;
    const outcome = await this.db.transaction(async (tx) => {
      await consumeWriteLimit(tx, WRITE_LIMITS.messages, senderId);
      const receiverId =
        address !== null
          ? await repository.findUserIdByEmail(tx, address)
          : await repository.findUserIdById(tx, recipient);
      if (address === null && receiverId === undefined) throw notFound('User not found', 'USER_NOT_FOUND');
      if (receiverId === senderId)
        throw badRequest(
          'You cannot send a message to yourself',
          [{ path: 'receiverId', message: 'You cannot send a message to yourself' }],
          'MESSAGE_TO_SELF',
        );
      // decisions §22: an unconfirmed sender gets the same refusal for every address but their own, known to
      // PitchIn or not, before anything that differs between the two (a block, the message, a mail); refused
      // after the commit, so the refusal still counts toward the message limit.
      if (address !== null && !(await isConfirmedSender(tx, senderId))) return { isRefused: true as const };
      // Decisions §20: no message either way between two people of whom one blocked the other.
      if (receiverId !== undefined && (await isBlockedEitherWay(tx, senderId, receiverId)))
        throw forbidden('You cannot message this person', 'BLOCKED');
      const eventId = body.eventId ?? null;
      if (eventId !== null && !(await repository.eventExists(tx, eventId, senderId)))
        throw notFound('Event not found', 'EVENT_NOT_FOUND');
      const { id } = await repository.insertMessage(tx, {
        senderId,
        receiverId: receiverId ?? null,
        receiverEmail: address,
        eventId,
        content: body.content,
      });
      // An answer by the person: what the other one wrote to their address joins this thread (§21).
      if (address === null && receiverId !== undefined)
        await repository.joinAddressedMessages(tx, receiverId, senderId);
      await refreshAchievementProgress(tx, senderId);
      await notifyOfMessage(tx, { senderId, receiverId: receiverId ?? null, eventId });
      const row = await repository.findMessageById(tx, id, senderId);
      if (!row) throw new Error('message vanished');
      // Mail nobody asked for: the one policy of decisions §22 (unasked-mail.service.ts).
      const mayMail =
        receiverId === undefined &&
        address !== null &&
        (await takeSenderAllowance(tx, senderId)) &&
        (await takeUnaskedMailAllowance(tx, this.policy, senderId, address));
      const mail: Mail | null = mayMail
        ? buildInvitationMail({
            to: address,
            language: await readMailLanguage(tx, senderId, languageHint),
            senderFirstName: row.sender.firstName,
            content: row.content,
            signUpUrl: signUpLink(origin),
            unsubscribeUrl: refusalLinkOf(origin, this.sessionSecret, address),
          })
        : null;
      return { isRefused: false as const, message: toMessage(row, senderId), invitation: mail };
    });
    if (outcome.isRefused) throw forbidden(EMAIL_NOT_VERIFIED_MESSAGE, 'EMAIL_NOT_VERIFIED');
    // Only once the message is stored: a rolled-back send must not have mailed anyone.
    if (outcome.invitation) this.mailer.sendInBackground(outcome.invitation);
    return outcome.message;
  }

  async listFor(userId: string): Promise<Message[]> {
    const rows = await repository.listMessagesOf(this.db, userId, MESSAGE_LIST_LIMIT);
    return rows.map((row) => toMessage(row, userId));
  }

  async conversationsOf(userId: string): Promise<Conversation[]> {
    const rows = await repository.listConversationsOf(this.db, userId);
    return rows.map((row) => ({
      id: row.other_id ?? row.other_email ?? '',
      type: 'direct',
      name: row.other_id === null ? row.other_email : null,
      participants:
        row.other_id === null
          ? []
          : [
              {
                id: row.other_id,
                firstName: row.first_name,
                lastName: row.last_name,
                profileImageUrl: row.profile_image_url,
                ...repository.deletedFlag(row.deleted_at),
              },
            ],
      lastMessage: { content: row.content, createdAt: toIso(row.created_at), senderId: row.sender_id },
      unreadCount: Number(row.unread_count),
    }));
  }

  /**
   * A conversation's id is the other person's user id, or an address the caller wrote to. An id that
   * is no user, or a person the caller never wrote with, is an empty thread (200 []), not a 404: the
   * chat opens a fresh thread that way, it costs no extra lookup and reveals nothing, since only the
   * caller's own messages are ever read. Reading changes nothing: markRead does.
   */
  async thread(userId: string, conversationId: string): Promise<ChatMessage[]> {
    const rows = isEmailAddress(conversationId)
      ? await repository.listAddressThread(this.db, userId, normalizeEmail(conversationId), MESSAGE_LIST_LIMIT)
      : await repository.listThread(this.db, userId, conversationId, MESSAGE_LIST_LIMIT);
    return rows.reverse().map((row) => ({
      id: row.id,
      senderId: row.senderId,
      content: row.content,
      createdAt: row.createdAt.toISOString(),
      sender: {
        firstName: row.senderFirstName,
        profileImageUrl: row.senderProfileImageUrl,
        ...repository.deletedFlag(row.senderDeletedAt),
      },
      event: row.eventId !== null && row.eventTitle !== null ? { id: row.eventId, title: row.eventTitle } : null,
      // A hidden message stays in its sender's thread, with why (decisions §20); its receiver never reads it.
      hiddenNotice:
        row.senderId === userId && row.hiddenAt !== null
          ? { hiddenAt: row.hiddenAt.toISOString(), note: row.hiddenNote }
          : null,
    }));
  }

  /** Marks what the caller received from that person read; nobody else's messages can match. */
  async markRead(userId: string, conversationId: string): Promise<void> {
    // The bell and the inbox count the same messages: their notifications are read with them.
    await this.db.transaction(async (tx) => {
      await repository.markThreadRead(tx, userId, conversationId);
      await readMessageNotifications(tx, userId, conversationId);
    });
  }
}
