import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Event } from '@contract/events';
import type { Message } from '@contract/messages';
import { apiRequest, isUnauthorizedError } from '@/lib/query-client';
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
 * Spec §2: 'Check out this volunteer opportunity: {title}' followed by the description, location and
 * date, in the user's language (the date in their locale's long form).
 */
export function buildShareMessage(event: Pick<Event, 'title' | 'description' | 'location' | 'date'>, t: TFunction<'share'>, language: string): string {
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(event.date));
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
 * Reads a refusal the user can act on out of an apiRequest error (`404: {"message":"No user with that
 * e-mail"}`, `400: {"message":…,"errors":[{"path":"content",…}]}`); null for anything else (server
 * down, 5xx), which gets the generic failure toast instead.
 */
export function problemFromError(error: Error): ShareMessageProblem | null {
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  const status = Number(match[1]);
  if (status !== 400 && status !== 404) return null;
  let body: unknown;
  try {
    body = JSON.parse(match[2] ?? '');
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || !('message' in body) || typeof body.message !== 'string') return null;
  const errors = 'errors' in body && Array.isArray(body.errors) ? (body.errors as Array<{ path?: unknown; message?: unknown }>) : [];
  const fieldError = errors.find((item) => item.path === 'receiverId' || item.path === 'content');
  if (fieldError && typeof fieldError.message === 'string') {
    return { field: fieldError.path === 'content' ? 'content' : 'recipient', message: fieldError.message };
  }
  // decisions §6: 404 'No user with that e-mail' is about the recipient; 'Event not found' is not.
  if (status === 404 && /user/i.test(body.message)) return { field: 'recipient', message: body.message };
  return { field: 'form', message: body.message };
}

/**
 * POST /api/messages with the typed e-mail as receiverId (spec §3). On success the messages (and the
 * conversations built from them) are refreshed (spec §7); the journey counts shares too (decisions §7).
 */
export function useShareMessage(eventId: number, handlers: { onSent: () => void; onProblem: (problem: ShareMessageProblem) => void }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('share');
  return useMutation<Message, Error, ShareMessageInput>({
    // Query's default pauses a mutation while the device is offline and leaves 'Sending...' spinning
    // with no word; failing at once tells the user to try again when they have signal.
    networkMode: 'always',
    mutationFn: async ({ recipientEmail, content }) => {
      const res = await apiRequest('POST', '/api/messages', { receiverId: recipientEmail.trim(), eventId, content });
      return (await res.json()) as Message;
    },
    onSuccess: async () => {
      toast({ title: t('toast.shared.title'), description: t('toast.shared.description') });
      handlers.onSent();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/messages'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/conversations'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/user/achievements'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/user/stats'] }),
      ]);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        handleUnauthorized(t('toast.unauthorized.title'), t('toast.unauthorized.description'));
        return;
      }
      const problem = problemFromError(error);
      if (problem) {
        handlers.onProblem(problem);
        return;
      }
      toast({ title: t('toast.error'), description: t('toast.shareFailed'), variant: 'destructive' });
    },
  });
}
