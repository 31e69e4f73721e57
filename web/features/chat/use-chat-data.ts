import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, Conversation } from '@contract/messages';
import { useAuth } from '@/lib/use-auth';

export const CONVERSATIONS_QUERY_KEY = ['/api/conversations'] as const;
const MESSAGES_QUERY_KEY = ['/api/messages'] as const;

/**
 * spec §7 GET /api/conversations: one direct conversation per person, latest first (decisions §6).
 * Read afresh each time the screen opens: new messages arrive without any call on this screen, so the
 * app-wide "never stale" default would keep showing an old list (as the Messages screen does too).
 */
export function useConversations() {
  return useQuery<Conversation[]>({ queryKey: CONVERSATIONS_QUERY_KEY, refetchOnMount: 'always' });
}

/** The signed-in user's id, to tell own messages from the other person's. */
export function useCurrentUserId(): string | null {
  return useAuth().user?.id ?? null;
}

export function threadUrl(conversationId: string): string {
  return `/api/conversations/${encodeURIComponent(conversationId)}/messages`;
}

/**
 * spec §7 GET /api/conversations/{id}/messages, oldest first. The server marks the thread read when it
 * answers, so after each successful fetch the conversation list and the Messages screen are refetched
 * to drop their unread badges. The key's first element is the full URL (the default loader fetches
 * key[0]), which also keeps it from prefix-matching ['/api/conversations'] and refetching itself.
 */
export function useThread(conversationId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery<ChatMessage[]>({
    queryKey: [conversationId ? threadUrl(conversationId) : 'chat-thread-none'],
    enabled: conversationId !== null,
    refetchOnMount: 'always', // same reason as the list: the thread grows without a call here
  });
  const { isSuccess, dataUpdatedAt } = query;
  useEffect(() => {
    if (!isSuccess || conversationId === null) return;
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY });
  }, [isSuccess, dataUpdatedAt, conversationId, queryClient]);
  return query;
}
