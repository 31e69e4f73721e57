import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, Conversation, Message } from '@contract/messages';
import { api, dataOf } from '@/lib/api-client';
import { useAuth } from '@/lib/use-auth';

const CONVERSATIONS_QUERY_KEY = ['/api/conversations'] as const;
const MESSAGES_QUERY_KEY = ['/api/messages'] as const;

/**
 * GET /api/conversations: one direct conversation per person, latest first.
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

function threadUrl(conversationId: string): string {
  return `/api/conversations/${encodeURIComponent(conversationId)}/messages`;
}

/**
 * GET /api/conversations/{id}/messages, oldest first. Reading changes nothing on the server
 * (no GET changes state), so after each successful fetch the thread is marked read with
 * POST /api/conversations/{id}/read, and then the conversation list and the Messages screen are
 * refetched to drop their unread badges. The key's first element is the full URL (the default loader
 * fetches key[0]), which also keeps it from prefix-matching ['/api/conversations'] and refetching itself.
 */
export function useThread(conversationId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery<ChatMessage[]>({
    queryKey: [conversationId ? threadUrl(conversationId) : 'chat-thread-none'],
    enabled: conversationId !== null,
    refetchOnMount: 'always', // same reason as the list: the thread grows without a call here
  });
  const { mutate: markRead } = useMutation<unknown, Error, string>({
    networkMode: 'always',
    mutationFn: (id) => api.POST('/api/conversations/{id}/read', { params: { path: { id } } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY }),
      ]);
    },
  });
  const { isSuccess, dataUpdatedAt } = query;
  useEffect(() => {
    if (!isSuccess || conversationId === null) return;
    markRead(conversationId);
  }, [isSuccess, dataUpdatedAt, conversationId, markRead]);
  return query;
}

/**
 * The reply box. POST /api/messages with the conversation's id as receiverId (a user
 * id, or the address the conversation is with). The thread, the list and the Messages screen are
 * read again afterwards, so the new message and every unread count agree at once.
 */
export function useSendMessage(conversationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation<Message, Error, string>({
    mutationFn: async (content) => {
      if (conversationId === null) throw new Error('No conversation');
      return dataOf(api.POST('/api/messages', { body: { receiverId: conversationId, content } }));
    },
    onSuccess: async () => {
      await Promise.all([
        conversationId === null
          ? Promise.resolve()
          : queryClient.invalidateQueries({ queryKey: [threadUrl(conversationId)] }),
        queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY }),
      ]);
    },
  });
}
