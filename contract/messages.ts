import { z } from 'zod';
import { hiddenNoticeSchema, isoDateTimeSchema } from './common';

const MESSAGE_CONTENT_MAX = 5000;

/**
 * receiverId is the recipient's e-mail (share dialog) or user id. Anything with an "@" is
 * taken as an e-mail and must be a valid address, since an address with no account gets an invitation.
 */
export const sendMessageBodySchema = z.object({
  receiverId: z
    .string({ error: 'Recipient is required' })
    .trim()
    .min(1, 'Recipient is required')
    .max(254, 'Recipient must be at most 254 characters')
    .refine((value) => !value.includes('@') || z.email().safeParse(value).success, 'Enter a valid email address'),
  eventId: z
    .number({ error: 'Event must be a number' })
    .int('Event must be a whole number')
    .min(1, 'Event must be at least 1')
    .max(2_147_483_647, 'Event not found')
    .nullable()
    .optional(),
  content: z
    .string({ error: 'Message is required' })
    .refine((value) => value.trim().length > 0, 'Message is required')
    .pipe(z.string().max(MESSAGE_CONTENT_MAX, `Message must be at most ${MESSAGE_CONTENT_MAX} characters`)),
});
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

/**
 * Present, and true, only for an account that was deleted. Its names and picture are
 * null then, and screens show "Deleted user" (a person may also simply have no name on record).
 */
const isDeletedSchema = z.literal(true).optional();

/** `email` is null except on the caller's own entry. */
const messageParticipantSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isDeleted: isDeletedSchema,
});

/**
 * Whether an address has an account must not show. A message the caller addressed by
 * e-mail therefore shows its receiver, to the caller, only as the address they typed (normalized):
 * receiverId and receiver.id null, no name or picture, isRead false, whether or not the address has an
 * account or gets one later. The receiver sees it as any other message.
 */
const messageReceiverSchema = messageParticipantSchema.extend({ id: z.string().nullable() });

export const messageSchema = z.object({
  id: z.number().int(),
  senderId: z.string(),
  receiverId: z.string().nullable(),
  sender: messageParticipantSchema,
  receiver: messageReceiverSchema,
  content: z.string(),
  createdAt: isoDateTimeSchema,
  isRead: z.boolean(),
  eventId: z.number().int().nullable(),
  event: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * A conversation's id is the other person's user id, or, for the messages the caller addressed by
 * e-mail, that address (then `name` is the address and `participants` is empty: see messageSchema).
 */
export const conversationSchema = z.object({
  id: z.string(),
  type: z.enum(['direct', 'group']),
  name: z.string().nullable(),
  participants: z.array(
    z.object({
      id: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      profileImageUrl: z.string().nullable(),
      isDeleted: isDeletedSchema,
    }),
  ),
  lastMessage: z.object({ content: z.string(), createdAt: isoDateTimeSchema, senderId: z.string() }),
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** A user id or an e-mail address (254 characters at most, as receiverId). */
export const conversationParamsSchema = z.object({
  id: z.string().min(1).max(254),
});

export const chatMessageSchema = z.object({
  id: z.number().int(),
  senderId: z.string(),
  content: z.string(),
  createdAt: isoDateTimeSchema,
  sender: z.object({
    firstName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    isDeleted: isDeletedSchema,
  }),
  /** The event the message shares, shown as a card in the thread; null when it shares none (or it was deleted). */
  event: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  hiddenNotice: hiddenNoticeSchema
    .nullable()
    .describe('Set only for its sender when a moderator hid the message: when and why (decisions §20)'),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
