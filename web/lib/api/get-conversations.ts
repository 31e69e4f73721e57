import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';

/** Chat's list and threads and the Messages screen: every message sent anywhere in the app changes them. */
const CONVERSATIONS_QUERY_KEY = ['/api/conversations'] as const;
const MESSAGES_QUERY_KEY = ['/api/messages'] as const;

/**
 * The thread's key is its full URL (the server seeds answers by it), which also keeps it from
 * prefix-matching ['/api/conversations'] and being refetched with the list.
 */
export function threadQueryKey(conversationId: string) {
  return [`/api/conversations/${encodeURIComponent(conversationId)}/messages`] as const;
}

/**
 * GET /api/conversations: one direct conversation per person, latest first. Read afresh each time a
 * screen opens: new messages arrive without any call on it, so the app-wide "never stale" default would
 * keep showing an old list.
 */
function conversationsQueryOptions() {
  return queryOptions({
    queryKey: CONVERSATIONS_QUERY_KEY,
    queryFn: ({ signal }) => dataOf(api.GET('/api/conversations', { signal })),
    refetchOnMount: 'always',
  });
}

/** GET /api/conversations/{id}/messages, oldest first; read afresh like the list, it grows without a call here. */
export function threadQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: threadQueryKey(conversationId),
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/conversations/{id}/messages', { params: { path: { id: conversationId } }, signal })),
    refetchOnMount: 'always',
  });
}

/**
 * GET /api/messages: the caller's sent and received messages, newest first. Read afresh on each
 * visit: messages arrive, and opening a thread in Chat marks them read, without any call there.
 */
function messagesQueryOptions() {
  return queryOptions({
    queryKey: MESSAGES_QUERY_KEY,
    queryFn: ({ signal }) => dataOf(api.GET('/api/messages', { signal })),
    refetchOnMount: 'always',
  });
}

export function useConversations() {
  return useQuery(conversationsQueryOptions());
}

export function useMessages() {
  return useQuery(messagesQueryOptions());
}

/** After a message was sent or read: the lists' last lines and unread counts change. */
export function refreshConversations(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY }),
  ]);
}
