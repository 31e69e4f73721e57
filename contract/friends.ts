import { z } from 'zod';
import { idParamsSchema, isoDateTimeSchema } from './common';

/** How many people the suggestions list shows at most (people one volunteered with, decisions §21). */
export const FRIEND_SUGGESTIONS_MAX = 20;

/** A user id as a path or body value: ids are UUIDs, so anything longer is no user (400, not a lookup). */
const userIdSchema = z
  .string({ error: 'User is required' })
  .trim()
  .min(1, 'User is required')
  .max(100, 'User not found');

/** POST /api/friends/requests */
export const friendRequestBodySchema = z.object({ userId: userIdSchema });

/** DELETE /api/friends/{userId} */
export const friendParamsSchema = z.object({ userId: userIdSchema });

/** POST /api/friends/requests/{id}/accept and /decline */
export const friendRequestParamsSchema = idParamsSchema;

/** Another person on the Friends screen: never their e-mail. */
const friendPersonSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  mutualFriends: z.number().int().min(0).describe('Accepted friends the caller and this person share'),
});
export type FriendPerson = z.infer<typeof friendPersonSchema>;

/** GET /api/friends: accepted friends, by name. */
export const friendListSchema = z.array(friendPersonSchema);

const friendRequestSchema = z.object({
  id: z.number().int(),
  /** The other person: the one who asked (incoming) or the one asked (outgoing). */
  user: friendPersonSchema,
  createdAt: isoDateTimeSchema,
});

/** GET /api/friends/requests: pending requests to the caller and from the caller, newest first. */
export const friendRequestsSchema = z.object({
  incoming: z.array(friendRequestSchema),
  outgoing: z.array(friendRequestSchema),
});
export type FriendRequests = z.infer<typeof friendRequestsSchema>;

/**
 * POST /api/friends/requests → 201, and accept / decline → 200. A request is `accepted` at once when the
 * other person had already asked the caller: asking back is a yes, not a second request.
 */
export const friendRequestResultSchema = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'accepted', 'declined']),
});
export type FriendRequestResult = z.infer<typeof friendRequestResultSchema>;

/** GET /api/friends/suggestions: people who attended an event the caller attended, not yet friends or asked. */
export const friendSuggestionsSchema = z.array(
  friendPersonSchema.extend({
    /** The latest event both attended: "Volunteered together at {event}". */
    event: z.object({ id: z.number().int(), title: z.string() }),
    sharedEvents: z.number().int().min(1),
  }),
);
export type FriendSuggestion = z.infer<typeof friendSuggestionsSchema>[number];

/**
 * GET /api/friends/people/{userId}: a person's page, with where the caller stands with them: `friends`,
 * `outgoing` (the caller asked), `incoming` (they asked the caller: `requestId` answers it) or `none`.
 */
export const personSchema = friendPersonSchema.extend({
  friendship: z.enum(['none', 'friends', 'outgoing', 'incoming', 'self']),
  requestId: z.number().int().nullable(),
});
export type Person = z.infer<typeof personSchema>;
