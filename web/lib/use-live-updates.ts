import { useEffect } from 'react';
import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { StreamEventType } from '@contract/notifications';

/** After the server refused the stream (401, 429...), EventSource gives up; this is when to try again. */
const REOPEN_AFTER_REFUSAL_MS = 30_000;

const startsWithAny = (prefixes: readonly string[]) => (query: Query) => {
  const url = query.queryKey[0];
  return typeof url === 'string' && prefixes.some((prefix) => url.startsWith(prefix));
};

/**
 * Which cached answers each stream event makes stale. A read elsewhere (another tab, reading a thread)
 * changes the conversations' unread counts too, so `notification` refreshes them as well.
 */
const STALE_AFTER: Record<StreamEventType, readonly string[]> = {
  notification: ['/api/notifications', '/api/conversations'],
  message: ['/api/conversations', '/api/messages'],
};

function refresh(queryClient: QueryClient, type: StreamEventType) {
  void queryClient.invalidateQueries({ predicate: startsWithAny(STALE_AFTER[type]) });
}

/**
 * ONE EventSource per signed-in tab (the bell, always in the header, mounts it). The
 * stream only signals; the lists are read again, so nothing shown depends on an event arriving. After
 * a reconnect everything it covers is read again, since signals sent meanwhile are gone.
 */
export function useLiveUpdates(isSignedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSignedIn || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let hasOpened = false;
    const open = () => {
      source = new EventSource('/api/stream', { withCredentials: true });
      source.addEventListener('open', () => {
        if (hasOpened) for (const type of Object.keys(STALE_AFTER) as StreamEventType[]) refresh(queryClient, type);
        hasOpened = true;
      });
      for (const type of Object.keys(STALE_AFTER) as StreamEventType[])
        source.addEventListener(type, () => refresh(queryClient, type));
      source.addEventListener('error', () => {
        // CONNECTING: the browser retries by itself (the server's retry: hint). CLOSED: it has given up.
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        reopenTimer = setTimeout(open, REOPEN_AFTER_REFUSAL_MS);
      });
    };
    open();
    return () => {
      clearTimeout(reopenTimer);
      source?.close();
    };
  }, [isSignedIn, queryClient]);
}
