import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@contract/messages';
import { callApi } from '@/lib/call-api';
import { refreshConversations, threadQueryOptions } from '@/lib/api/get-conversations';
import { useAuth } from '@/lib/use-auth';

/** The signed-in user's id, to tell own messages from the other person's. */
export function useCurrentUserId(): string | null {
  return useAuth().user?.id ?? null;
}

/**
 * GET /api/conversations/{id}/messages, oldest first. Reading changes nothing on the server
 * (no GET changes state), so after each successful fetch the thread is marked read with
 * POST /api/conversations/{id}/read, and then the conversation list and the Messages screen are
 * refetched to drop their unread badges.
 */
export function useThread(conversationId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...threadQueryOptions(conversationId ?? ''), enabled: conversationId !== null });
  const { mutate: markRead } = useMutation<unknown, Error, string>({
    networkMode: 'always',
    mutationFn: (id) => callApi((api) => api.POST('/api/conversations/{id}/read', { params: { path: { id } } })),
    onSuccess: () => refreshConversations(queryClient),
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
      return callApi((api) => api.POST('/api/messages', { body: { receiverId: conversationId, content } }));
    },
    onSuccess: async () => {
      await Promise.all([
        conversationId === null
          ? Promise.resolve()
          : queryClient.invalidateQueries({ queryKey: threadQueryOptions(conversationId).queryKey }),
        refreshConversations(queryClient),
      ]);
    },
  });
}
