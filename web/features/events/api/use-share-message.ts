import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Event } from '@contract/events';
import type { Message } from '@contract/messages';
import { callApi } from '@/lib/call-api';
import { refreshConversations } from '@/lib/api/get-conversations';
import { USER_ACHIEVEMENTS_QUERY_KEY } from '@/lib/api/get-user-achievements';
import { USER_STATS_QUERY_KEY } from '@/lib/api/get-user-stats';
import { isApiError, isUnauthorizedError } from '@/lib/api-error';
import { loadErrorTexts, type ErrorTexts } from '@/lib/error-text';
import { toast } from '@/lib/use-toast';
import { handleUnauthorized } from './use-rsvp';

export interface ShareMessageInput {
  recipientEmail: string;
  content: string;
}

/** Where a refused send is explained: next to the field it is about, or for the whole form. */
export interface ShareMessageProblem {
  field: 'recipient' | 'content' | 'form';
  message: string;
}

/**
 * 'Check out this volunteer opportunity: {title}' followed by the description, location and
 * date, in the user's language (the date in their locale's long form).
 */
export function buildShareMessage(
  event: Pick<Event, 'title' | 'description' | 'location' | 'date'>,
  t: TFunction<'share'>,
  language: string,
): string {
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(
    new Date(event.date),
  );
  return [
    t('message.intro', { title: event.title }),
    '',
    event.description.trim(),
    '',
    t('message.locationLine', { location: event.location }),
    t('message.dateLine', { date }),
  ].join('\n');
}

/**
 * A refusal the user can act on, placed where it belongs and worded from its code in their language:
 * an unknown recipient (404 USER_NOT_FOUND) or a field the server refused goes under that field, other
 * 400s and 404s (the event is gone) and an unconfirmed sender's 403 EMAIL_NOT_VERIFIED under the form;
 * null for anything else (server down, 5xx), which gets the generic failure toast instead.
 */
function problemFromError(error: unknown, texts: ErrorTexts, genericText: string): ShareMessageProblem | null {
  if (!isApiError(error)) return null;
  // An unconfirmed account wrote to an address with no account: the form says why and what to do.
  if (error.code === 'EMAIL_NOT_VERIFIED') return { field: 'form', message: texts.text(error.code) ?? genericText };
  if (error.status !== 400 && error.status !== 404) return null;
  const message = texts.text(error.code) ?? genericText;
  if (error.code === 'USER_NOT_FOUND') return { field: 'recipient', message };
  const fieldError = error.fieldErrors.find((item) => item.path === 'receiverId' || item.path === 'content');
  if (fieldError) return { field: fieldError.path === 'content' ? 'content' : 'recipient', message };
  return { field: 'form', message };
}

/**
 * POST /api/messages with the typed e-mail as receiverId. On success the messages (and the
 * conversations built from them) are refreshed; the journey counts shares too.
 */
export function useShareMessage(
  eventId: number,
  handlers: { onSent: () => void; onProblem: (problem: ShareMessageProblem) => void },
) {
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation('share');
  return useMutation<Message, Error, ShareMessageInput>({
    // Query's default pauses a mutation while the device is offline and leaves 'Sending...' spinning
    // with no word; failing at once tells the user to try again when they have signal.
    networkMode: 'always',
    mutationFn: ({ recipientEmail, content }) =>
      callApi((api) => api.POST('/api/messages', { body: { receiverId: recipientEmail.trim(), eventId, content } })),
    onSuccess: async () => {
      toast({ title: t('toast.shared.title'), description: t('toast.shared.description') });
      handlers.onSent();
      await Promise.all([
        refreshConversations(queryClient),
        queryClient.invalidateQueries({ queryKey: USER_ACHIEVEMENTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_STATS_QUERY_KEY }),
      ]);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        handleUnauthorized(t('common:toasts.unauthorized.title'), t('common:toasts.unauthorized.description'));
        return;
      }
      void loadErrorTexts(i18n).then((texts) => {
        const problem = problemFromError(error, texts, t('toast.shareFailed'));
        if (problem) handlers.onProblem(problem);
        else
          toast({ title: t('common:toasts.errorTitle'), description: t('toast.shareFailed'), variant: 'destructive' });
      });
    },
  });
}
