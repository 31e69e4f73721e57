import { z } from 'zod';
import { isoDateTimeSchema } from './common';

export const MESSAGE_CONTENT_MAX = 5000;

/** decisions §6: receiverId is the recipient's e-mail (share dialog) or user id. */
export const sendMessageBodySchema = z.object({
  receiverId: z.string({ error: 'Recipient is required' }).trim().min(1, 'Recipient is required').max(254, 'Recipient must be at most 254 characters'),
  eventId: z.number({ error: 'Event must be a number' }).int('Event must be a whole number').min(1, 'Event must be at least 1').max(2_147_483_647, 'Event not found').nullable().optional(),
  content: z
    .string({ error: 'Message is required' })
    .refine((value) => value.trim().length > 0, 'Message is required')
    .pipe(z.string().max(MESSAGE_CONTENT_MAX, `Message must be at most ${MESSAGE_CONTENT_MAX} characters`)),
});
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

export const messageParticipantSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});

export const messageSchema = z.object({
  id: z.number().int(),
  senderId: z.string(),
  receiverId: z.string(),
  sender: messageParticipantSchema,
  receiver: messageParticipantSchema,
  content: z.string(),
  createdAt: isoDateTimeSchema,
  isRead: z.boolean(),
  eventId: z.number().int().nullable(),
  event: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  type: z.enum(['direct', 'group']),
  name: z.string().nullable(),
  participants: z.array(
    z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable(), profileImageUrl: z.string().nullable() }),
  ),
  lastMessage: z.object({ content: z.string(), createdAt: isoDateTimeSchema, senderId: z.string() }),
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationParamsSchema = z.object({
  id: z.string().min(1).max(100),
});

export const chatMessageSchema = z.object({
  id: z.number().int(),
  senderId: z.string(),
  content: z.string(),
  createdAt: isoDateTimeSchema,
  sender: z.object({ firstName: z.string().nullable(), profileImageUrl: z.string().nullable() }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
