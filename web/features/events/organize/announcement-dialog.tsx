import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { LoaderCircle, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_MAX_LENGTH } from '@contract/event-management';
import type { Event } from '@contract/events';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent data-testid="announcement-dialog">
        <DialogHeader>
          <DialogTitle>{t('announce.title')}</DialogTitle>
          <DialogDescription>
            {recipientCount > 0 ? t('announce.description', { count: recipientCount }) : t('announce.nobody')}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
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
            {error && (
              <p
                id={`${fieldId}-error`}
                className="text-sm font-medium text-destructive"
                data-testid="announcement-error"
              >
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              disabled={send.isPending || recipientCount === 0}
              aria-busy={send.isPending || undefined}
            >
              {send.isPending ? (
                <LoaderCircle className="animate-spin" aria-hidden />
              ) : (
                <Send className="rtl:-scale-x-100" aria-hidden />
              )}
              {send.isPending ? t('announce.sending') : t('announce.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
