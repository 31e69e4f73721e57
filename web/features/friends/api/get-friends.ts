import { readQueryOptions } from '@/lib/api-read';

/** GET /api/friends: accepted friends, by name, each with the friends shared with the reader. */
export function friendsQueryOptions() {
  return readQueryOptions('/api/friends');
}

/** GET /api/friends/requests: waiting requests, to the reader (incoming) and from them (outgoing). */
export function friendRequestsQueryOptions() {
  return readQueryOptions('/api/friends/requests');
}

/** GET /api/friends/suggestions: people the reader volunteered with (both attended an event). */
export function friendSuggestionsQueryOptions() {
  return readQueryOptions('/api/friends/suggestions');
}

/** GET /api/friends/people/{userId}: a person's page and where the reader stands with them. */
export function personQueryOptions(userId: string) {
  return readQueryOptions('/api/friends/people/{userId}', { path: { userId } });
}
