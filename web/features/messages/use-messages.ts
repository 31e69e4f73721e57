import { useQuery } from '@tanstack/react-query';
import type { Message } from '@contract/messages';

const MESSAGES_QUERY_KEY = ['/api/messages'] as const;

/**
 * GET /api/messages: the caller's sent and received messages, newest first. Read afresh on each
 * visit: messages arrive, and opening a thread in Chat marks them read, without any call here.
 */
export function useMessages() {
  return useQuery<Message[]>({ queryKey: MESSAGES_QUERY_KEY, refetchOnMount: 'always' });
}
