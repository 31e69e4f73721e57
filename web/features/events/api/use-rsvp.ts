import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RsvpResponse, RsvpStatus } from '@contract/rsvps';
import { callApi } from '@/lib/call-api';
import { isUnauthorizedError, statusOf } from '@/lib/api-error';
import { refusalText } from '@/lib/error-text';
import { toast } from '@/lib/use-toast';

/** The delay before a signed-out user is sent to sign in again. */
const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/**
 * The longest the redirect waits for the toast to reach the screen. A failed load of the toaster's
 * code ends the wait at once (web/lib/use-toast.ts), so this only bounds a load that hangs; it is
 * generous because a slow phone's load that ends after it would show the toast for less than 500 ms.
 */
const UNAUTHORIZED_TOAST_WAIT_MS = 10_000;

/**
 * The 401 toast, then a fresh sign-in after 500 ms. The 500 ms count from when the toast is
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

/** POST /api/events/{id}/rsvp with its success and error toasts. */
export function useRsvp(eventId: number) {
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation('event-detail');
  return useMutation<RsvpResponse, Error, RsvpStatus>({
    mutationFn: (status) =>
      callApi((api) => api.POST('/api/events/{id}/rsvp', { params: { path: { id: eventId } }, body: { status } })),
    onSuccess: async (answer) => {
      toast({ title: t('rsvp.toast.updatedTitle'), description: t('rsvp.toast.updatedDescription') });
      // The cache code loads with the first RSVP: every event screen (My Events too) shows the RSVP
      // control, few visits use it, and the signed-in routes' budget has no room for it.
      const { applyRsvpAnswer } = await import('./apply-rsvp-answer');
      await applyRsvpAnswer(queryClient, eventId, answer);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        handleUnauthorized(t('common:toasts.unauthorized.title'), t('common:toasts.unauthorized.description'));
        return;
      }
      if (statusOf(error) === 409) {
        // The RSVP conflicts (full, already happened), in the user's language by their code.
        void refusalText(i18n, error).then((text) =>
          toast({
            title: t('common:toasts.errorTitle'),
            description: text ?? t('rsvp.toast.failedDescription'),
            variant: 'destructive',
          }),
        );
        // Our copy of the event was stale (someone took the last place, or it started): refetch it.
        void import('./keys').then(({ refreshEventQueries }) => refreshEventQueries(queryClient));
        return;
      }
      toast({
        title: t('common:toasts.errorTitle'),
        description: t('rsvp.toast.failedDescription'),
        variant: 'destructive',
      });
    },
  });
}
