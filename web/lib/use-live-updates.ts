import { useEffect } from 'react';
import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { StreamEventType } from '@contract/notifications';

/**
 * After the server refused the stream (429: too many from this user or network, 503: the server is full;
 * 401), EventSource gives up. It is tried again after this long, then twice as long each time up to
 * the maximum, a random part added so that many refused tabs do not come back in the same instant.
 */
const REOPEN_AFTER_REFUSAL_MS = 30_000;
const REOPEN_AFTER_REFUSAL_MAX_MS = 5 * 60_000;
/** Until the stream is back, the unread count (and the lists the bell covers) are read this often instead. */
const POLL_WHILE_REFUSED_MS = 30_000;

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
 * a reconnect everything it covers is read again, since signals sent meanwhile are gone. While the
 * server refuses the stream, the tab polls the unread count instead, and tries the stream again later.
 */
export function useLiveUpdates(isSignedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSignedIn || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let pollTimer: ReturnType<typeof setInterval> | undefined;
    let reopenAfterMs = REOPEN_AFTER_REFUSAL_MS;
    let hasOpened = false;
    const stopPolling = () => {
      clearInterval(pollTimer);
      pollTimer = undefined;
    };
    const open = () => {
      source = new EventSource('/api/stream', { withCredentials: true });
      source.addEventListener('open', () => {
        stopPolling();
        reopenAfterMs = REOPEN_AFTER_REFUSAL_MS;
        if (hasOpened) for (const type of Object.keys(STALE_AFTER) as StreamEventType[]) refresh(queryClient, type);
        hasOpened = true;
      });
      for (const type of Object.keys(STALE_AFTER) as StreamEventType[])
        source.addEventListener(type, () => refresh(queryClient, type));
      source.addEventListener('error', () => {
        // CONNECTING: the browser retries by itself (the server's retry: hint). CLOSED: it has given up.
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        // What the stream would have signalled meanwhile is read now, then every so often until it is back.
        refresh(queryClient, 'notification');
        pollTimer ??= setInterval(() => refresh(queryClient, 'notification'), POLL_WHILE_REFUSED_MS);
        reopenTimer = setTimeout(open, reopenAfterMs * (1 + Math.random() / 2));
        reopenAfterMs = Math.min(reopenAfterMs * 2, REOPEN_AFTER_REFUSAL_MAX_MS);
      });
    };
    open();
    return () => {
      clearTimeout(reopenTimer);
      stopPolling();
      source?.close();
    };
  }, [isSignedIn, queryClient]);
}
