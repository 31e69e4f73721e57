import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_MAX_LENGTH } from '@contract/event-management';
import type { Event } from '@contract/events';
import { FieldError, FormDialog } from '@/components/ui/form-dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useSendAnnouncement } from '../api/use-event-management';

export interface AnnouncementDialogProps {
  event: Event;
  recipientCount: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** One message to every RSVP holder (a message, a notification and an e-mail each). */
export function AnnouncementDialog({ event, recipientCount, isOpen, onOpenChange }: AnnouncementDialogProps) {
  const { t } = useTranslation('organizer');
  const fieldId = useId();
  const send = useSendAnnouncement(event.id);
  // The shared announcementBodySchema's rules, with messages in the user's language.
  const schema = useMemo(
    () =>
      z.object({
        content: z
          .string()
          .trim()
          .min(1, t('announce.required'))
          .max(ANNOUNCEMENT_MAX_LENGTH, t('announce.tooLong', { max: ANNOUNCEMENT_MAX_LENGTH })),
      }),
    [t],
  );
  const form = useForm<{ content: string }>({ resolver: zodResolver(schema), defaultValues: { content: '' } });
  const error = form.formState.errors.content?.message;

  const onSubmit = form.handleSubmit(({ content }) => {
    send.mutate(
      { content: content.trim() },
      {
        onSuccess: () => {
          form.reset({ content: '' });
          onOpenChange(false);
        },
      },
    );
  });

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      testId="announcement-dialog"
      title={t('announce.title')}
      description={recipientCount > 0 ? t('announce.description', { count: recipientCount }) : t('announce.nobody')}
      onSubmit={onSubmit}
      cancelLabel={t('common:actions.cancel')}
      confirmLabel={t('announce.send')}
      pendingLabel={t('announce.sending')}
      isPending={send.isPending}
      isConfirmDisabled={recipientCount === 0}
      confirmIcon={<Send className="rtl:-scale-x-100" aria-hidden />}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={fieldId}>{t('announce.label')}</Label>
        <Textarea
          id={fieldId}
          rows={5}
          maxLength={ANNOUNCEMENT_MAX_LENGTH}
          placeholder={t('announce.placeholder')}
          aria-invalid={!!error}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          {...form.register('content')}
        />
        <FieldError id={`${fieldId}-error`} message={error} testId="announcement-error" />
      </div>
    </FormDialog>
  );
}
