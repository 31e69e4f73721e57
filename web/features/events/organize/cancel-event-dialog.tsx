import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EVENT_LIMITS } from '@contract/event-limits';
import type { Event } from '@contract/events';
import { FieldError, FormDialog } from '@/components/ui/form-dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { SeriesScope } from '@contract/series';
import { useChangeAudience } from '../api/get-series';
import { useCancelEvent } from '../api/use-event-management';
import { SeriesScopeField } from '../schedule/series-scope-field';

export interface CancelEventDialogProps {
  event: Event;
  /** RSVP holders and waitlisted people other than the organizer: the people the server notifies. */
  rsvpHolderCount: number;
  waitlistCount: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** Cancel with an optional reason, saying who will be told, with the real numbers. */
export function CancelEventDialog({
  event,
  rsvpHolderCount,
  waitlistCount,
  isOpen,
  onOpenChange,
}: CancelEventDialogProps) {
  // The scope question's words (schedule) load with the dialog's own, not after it opened.
  const { t } = useTranslation(['organizer', 'schedule']);
  const reasonId = useId();
  const [scope, setScope] = useState<SeriesScope>('this');
  const cancelEvent = useCancelEvent(event.id, scope);
  // Several dates: each person once, however many of them they hold, as the server will tell them.
  const audience = useChangeAudience({ eventId: event.id }, scope);
  const counts =
    scope === 'this'
      ? { holders: rsvpHolderCount, waiting: waitlistCount }
      : audience.data && { holders: audience.data.holderCount, waiting: audience.data.waitlistCount };
  // The shared cancelEventBodySchema's bound, with the message in the user's language.
  const schema = useMemo(
    () =>
      z.object({
        reason: z
          .string()
          .trim()
          .max(EVENT_LIMITS.cancelReasonMax, t('cancel.reasonTooLong', { max: EVENT_LIMITS.cancelReasonMax })),
      }),
    [t],
  );
  const form = useForm<{ reason: string }>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const error = form.formState.errors.reason?.message;

  const onSubmit = form.handleSubmit(({ reason }) => {
    const trimmed = reason.trim();
    cancelEvent.mutate(trimmed ? { reason: trimmed } : {}, {
      onSuccess: () => {
        form.reset({ reason: '' });
        onOpenChange(false);
      },
    });
  });

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      testId="cancel-event-dialog"
      title={t('cancel.title')}
      description={t('cancel.description')}
      notice={
        <p
          className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-400/10 dark:text-amber-200"
          data-testid="cancel-notify"
        >
          <BellRing className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span aria-live="polite">
            {counts
              ? t('cancel.notify', {
                  rsvps: t('cancel.notifyRsvps', { count: counts.holders }),
                  waitlist: t('cancel.notifyWaitlist', { count: counts.waiting }),
                })
              : t('common:status.loading')}
          </span>
        </p>
      }
      onSubmit={onSubmit}
      cancelLabel={t('cancel.keep')}
      confirmLabel={t('cancel.confirm')}
      pendingLabel={t('cancel.confirming')}
      isPending={cancelEvent.isPending}
      confirmVariant="destructive"
    >
      {event.seriesId !== null && <SeriesScopeField value={scope} onChange={setScope} name={`${reasonId}-scope`} />}
      <div className="flex flex-col gap-2">
        <Label htmlFor={reasonId}>{t('cancel.reason')}</Label>
        <Textarea
          id={reasonId}
          rows={3}
          maxLength={EVENT_LIMITS.cancelReasonMax}
          placeholder={t('cancel.reasonPlaceholder')}
          aria-invalid={!!error}
          aria-describedby={error ? `${reasonId}-error` : undefined}
          {...form.register('reason')}
        />
        <FieldError id={`${reasonId}-error`} message={error} />
      </div>
    </FormDialog>
  );
}
