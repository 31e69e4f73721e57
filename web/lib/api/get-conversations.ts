import { type QueryClient, useQuery } from '@tanstack/react-query';
import { readQueryOptions } from '@/lib/api-read';

/**
 * GET /api/conversations: one direct conversation per person, latest first. Read afresh each time a
 * screen opens: new messages arrive without any call on it, so the app-wide "never stale" default would
 * keep showing an old list.
 */
const conversations = { ...readQueryOptions('/api/conversations'), refetchOnMount: 'always' as const };

/**
 * GET /api/messages: the caller's sent and received messages, newest first. Read afresh on each
 * visit: messages arrive, and opening a thread in Chat marks them read, without any call there.
 */
const messages = { ...readQueryOptions('/api/messages'), refetchOnMount: 'always' as const };

/**
 * GET /api/conversations/{id}/messages, oldest first, read afresh like the list: it grows without a
 * call here. Its key, the full URL, does not prefix-match ['/api/conversations'], so refreshing the
 * list leaves it alone.
 */
export function threadQueryOptions(conversationId: string) {
  return {
    ...readQueryOptions('/api/conversations/{id}/messages', { path: { id: conversationId } }),
    refetchOnMount: 'always' as const,
  };
}

export function useConversations() {
  return useQuery(conversations);
}

export function useMessages() {
  return useQuery(messages);
}

/** After a message was sent or read: the lists' last lines and unread counts change. */
export function refreshConversations(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: conversations.queryKey }),
    queryClient.invalidateQueries({ queryKey: messages.queryKey }),
  ]);
}
