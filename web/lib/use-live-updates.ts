import { useEffect } from 'react';
import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { StreamEventData, StreamEventType } from '@contract/notifications';
import { apiUrl } from './api-read';

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

/** The events lists (discover's filtered pages, the cards): `/api/events` and `/api/events?…`, no single event. */
const isEventList = (query: Query) => {
  const url = query.queryKey[0];
  return typeof url === 'string' && (url === '/api/events' || url.startsWith('/api/events?'));
};

/**
 * What a signal names and which cached answers show it. A read elsewhere (another tab, reading a
 * thread) changes the conversations' unread counts too, so `notification` refreshes them as well. The
 * keys are the URLs the screens' query-key factories make (apiUrl; the events feature's keys.ts,
 * lib/api/get-my-events.ts and get-conversations.ts): lib cannot import a feature, and importing those
 * modules would put their chunks in every signed-in route's first load, so it builds the same URLs.
 */
function refresh(queryClient: QueryClient, type: StreamEventType, data: StreamEventData = {}) {
  const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  const invalidateWhere = (predicate: (query: Query) => boolean) => void queryClient.invalidateQueries({ predicate });
  if (type === 'notification') {
    invalidateWhere(startsWithAny(['/api/notifications', '/api/conversations']));
    return;
  }
  if (type === 'message') {
    invalidate(['/api/conversations']);
    invalidate(['/api/messages']);
    if (data.with === undefined) invalidateWhere(startsWithAny(['/api/conversations/']));
    else invalidate([apiUrl('/api/conversations/{id}/messages', { path: { id: data.with } })]);
    return;
  }
  // An event's seats or attendees changed: its page (counts and attendee list), the cards, my events.
  if (data.eventId === undefined) invalidateWhere(startsWithAny(['/api/events']));
  else {
    invalidate([apiUrl('/api/events/{id}', { path: { id: data.eventId } })]);
    invalidate([apiUrl('/api/events/{id}/attendees', { path: { id: data.eventId } })]);
    invalidateWhere(isEventList);
  }
  invalidate(['/api/my-events']);
  invalidate(['/api/my-rsvps']);
}

/** The contract's STREAM_EVENT_TYPES, typed against it: importing the value would bring zod into every first load. */
const STREAM_EVENT_TYPES = ['notification', 'message', 'event'] as const satisfies readonly StreamEventType[];

/** A stream event's data; anything unreadable names nothing, so everything of its kind is read again. */
function parseData(message: Event): StreamEventData {
  let value: unknown;
  try {
    value = JSON.parse(String((message as MessageEvent).data));
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const { eventId, with: other } = value as Record<string, unknown>;
  return {
    ...(Number.isInteger(eventId) ? { eventId: eventId as number } : {}),
    ...(typeof other === 'string' ? { with: other } : {}),
  };
}

/**
 * ONE EventSource per signed-in tab (the bell, always in the header, mounts it). The
 * stream only signals; the lists are read again, so nothing shown depends on an event arriving. After
 * a reconnect everything it covers is read again, since signals sent meanwhile are gone; after the first
 * open, what the bell covers (the page read it before the stream was there). While the
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
        if (hasOpened) for (const type of STREAM_EVENT_TYPES) refresh(queryClient, type);
        // The first open comes after the screen's first reads (on a slow phone, seconds after): a message
        // or notification in between was signalled to nobody, so what the bell covers is read once more.
        else refresh(queryClient, 'notification');
        hasOpened = true;
      });
      for (const type of STREAM_EVENT_TYPES)
        source.addEventListener(type, (message) => refresh(queryClient, type, parseData(message)));
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
