import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnauthorizedError, statusOf } from '@/lib/api-error';
import { callApi } from '@/lib/call-api';
import { refusalText } from '@/lib/error-text';
import { toast } from '@/lib/use-toast';
import { addDoorAction, type DoorAction, type DoorActionKind, listDoorActions, removeDoorAction } from '../door-queue';
import { doorQueryOptions } from './get-door';

/**
 * While scans wait, the door tries again this often even without an `online` event, which a captive
 * Wi-Fi that lets nothing through never sends.
 */
const RETRY_MS = 10_000;

function send(action: DoorAction): Promise<unknown> {
  const path = { id: action.eventId };
  if (action.guestId !== undefined) {
    const guestPath = { ...path, guestId: action.guestId };
    if (action.kind === 'check-out')
      return callApi((api) =>
        api.POST('/api/events/{id}/walk-ins/{guestId}/check-out', { params: { path: guestPath } }),
      );
    return callApi((api) => api.DELETE('/api/events/{id}/walk-ins/{guestId}', { params: { path: guestPath } }));
  }
  // The time the scan was made, not the time it reaches the server: a door offline all day keeps its hours.
  const body = { code: action.code, at: new Date(action.at).toISOString() };
  if (action.kind === 'check-in')
    return callApi((api) => api.POST('/api/events/{id}/check-ins', { params: { path }, body }));
  if (action.kind === 'check-out')
    return callApi((api) => api.POST('/api/events/{id}/check-outs', { params: { path }, body }));
  return callApi((api) =>
    api.DELETE('/api/events/{id}/check-ins/{code}', { params: { path: { ...path, code: action.code } } }),
  );
}

/** The network did not answer, or the server failed: the action stays queued for the next try. */
function isWorthRetrying(error: unknown): boolean {
  const status = statusOf(error);
  return status === 0 || status >= 500 || isUnauthorizedError(error);
}

/**
 * The door's actions, queued on the device and sent one after another in the order they were made
 * (a check-in before its check-out). `pending` is what the server has not confirmed yet.
 */
export function useDoorSync(eventId: number) {
  const { t, i18n } = useTranslation('check-in');
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<DoorAction[]>([]);
  const [isReachable, setIsReachable] = useState(true);
  const isSending = useRef(false);

  const flush = useCallback(async () => {
    if (isSending.current) return;
    isSending.current = true;
    let hasSent = false;
    try {
      for (;;) {
        const [next] = await listDoorActions(eventId);
        if (!next) break;
        try {
          await send(next);
          setIsReachable(true);
        } catch (error) {
          if (isWorthRetrying(error)) {
            setIsReachable(false);
            break;
          }
          // Refused for good (a code of another event, check-in closed): said once, then dropped.
          void refusalText(i18n, error).then((text) =>
            toast({ title: t('refusedTitle'), description: text ?? t('refused'), variant: 'destructive' }),
          );
        }
        await removeDoorAction(next.id);
        hasSent = true;
        setPending(await listDoorActions(eventId));
      }
    } finally {
      isSending.current = false;
      setPending(await listDoorActions(eventId).catch(() => []));
      if (hasSent) await queryClient.invalidateQueries({ queryKey: doorQueryOptions(eventId).queryKey });
    }
  }, [eventId, i18n, queryClient, t]);

  useEffect(() => {
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
    };
  }, [flush]);

  const enqueue = useCallback(
    async (kind: DoorActionKind, code: string, guestId?: number) => {
      const action = await addDoorAction({
        eventId,
        kind,
        code,
        ...(guestId === undefined ? {} : { guestId }),
        at: Date.now(),
      });
      setPending((current) => [...current, action]);
      void flush();
    },
    [eventId, flush],
  );

  return { pending, isReachable, enqueue };
}
