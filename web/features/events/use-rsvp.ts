import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RsvpResponse, RsvpStatus } from '@contract/rsvps';
import { apiRequest, isUnauthorizedError } from '@/lib/query-client';
import { toast } from '@/lib/use-toast';

/** Spec §9: the delay before a signed-out user is sent to sign in again. */
const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/** Reads the server's `{"message": …}` out of an apiRequest error (`409: {"message":"Event Full"}`). */
export function serverMessage(error: Error): string | null {
  const body = error.message.replace(/^\d{3}: /, '');
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON (a proxy's HTML error page, say): there is no server message to show.
  }
  return null;
}

export function statusOf(error: Error): number | null {
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : null;
}

/** How long the redirect waits for the toast to reach the screen (its code may fail to load). */
const UNAUTHORIZED_TOAST_WAIT_MS = 3000;

/**
 * Spec §8: the 401 toast, then a fresh sign-in after 500 ms. The 500 ms count from when the toast is
 * on screen, so that a phone still loading the toaster's code shows it for as long as a fast one.
 */
export function handleUnauthorized(title: string, description: string) {
  const { shown } = toast({ title, description, variant: 'destructive' });
  const waitedLongEnough = new Promise<void>((resolve) => setTimeout(resolve, UNAUTHORIZED_TOAST_WAIT_MS));
  void Promise.race([shown, waitedLongEnough]).then(() => {
    setTimeout(() => {
      window.location.href = '/api/login';
    }, UNAUTHORIZED_REDIRECT_DELAY_MS);
  });
}

/**
 * Everything that shows an event's count or the user's participation: every events list (keys like
 * ['/api/events?search=…'] too, hence a URL-prefix match rather than an array-prefix one; this also
 * covers the detail key ['/api/events/{id}']), /api/my-rsvps and /api/my-events (spec §7), and the
 * journey stats, which count RSVPs (decisions §7).
 */
export function refreshEventQueries(queryClient: QueryClient, eventId: number) {
  return Promise.all([
    queryClient.invalidateQueries({
      predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/events'),
    }),
    queryClient.invalidateQueries({ queryKey: [`/api/events/${eventId}`] }),
    queryClient.invalidateQueries({ queryKey: ['/api/my-rsvps'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/my-events'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/user/stats'] }),
  ]);
}

// decisions §4 conflicts, shown in the user's language rather than the server's English.
const KNOWN_CONFLICTS: Record<string, string> = {
  'Event Full': 'rsvp.toast.fullDescription',
  'This event has already taken place': 'rsvp.toast.pastDescription',
};

/** POST /api/events/{id}/rsvp with the toasts of spec §8. */
export function useRsvp(eventId: number) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('event-detail');
  return useMutation<RsvpResponse, Error, RsvpStatus>({
    mutationFn: async (status) => {
      const res = await apiRequest('POST', `/api/events/${eventId}/rsvp`, { status });
      return (await res.json()) as RsvpResponse;
    },
    onSuccess: async () => {
      toast({ title: t('rsvp.toast.updatedTitle'), description: t('rsvp.toast.updatedDescription') });
      await refreshEventQueries(queryClient, eventId);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        handleUnauthorized(t('toast.unauthorizedTitle'), t('toast.unauthorizedDescription'));
        return;
      }
      if (statusOf(error) === 409) {
        const message = serverMessage(error);
        const known = message ? KNOWN_CONFLICTS[message] : undefined;
        toast({ title: t('toast.errorTitle'), description: known ? t(known) : (message ?? t('rsvp.toast.failedDescription')), variant: 'destructive' });
        // Our copy of the event was stale (someone took the last place, or it started): refetch it.
        void refreshEventQueries(queryClient, eventId);
        return;
      }
      toast({ title: t('toast.errorTitle'), description: t('rsvp.toast.failedDescription'), variant: 'destructive' });
    },
  });
}
