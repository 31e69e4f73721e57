import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportReason, ReportTargetType } from '@contract/moderation';
import { MODERATION_LIMITS, REPORT_REASONS } from '@contract/moderation-catalogue';
import { FormDialog } from '@/components/ui/form-dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { statusOf } from '@/lib/api-error';
import { callApi } from '@/lib/call-api';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';

export interface ReportDialogProps {
  targetType: ReportTargetType;
  targetId: string | number;
  /** What is reported, as the reporter knows it: an event's title, a person's name. */
  name: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * "Report" (decisions §20): a reason of the five, an optional note. Shared by the event page, the chat
 * and reviews, so it lives with the components, and loads on first use: no page pays for it before.
 */
export default function ReportDialog({ targetType, targetId, name, isOpen, onOpenChange }: ReportDialogProps) {
  const { t } = useTranslation('moderation');
  const reasonName = useId();
  const detailsId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [isPending, setIsPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason === null) return;
    setIsPending(true);
    try {
      await callApi((api) =>
        api.POST('/api/reports', {
          body: { targetType, targetId: String(targetId), reason, details: details.trim() || null },
        }),
      );
      toast({ title: t('report.sent') });
      onOpenChange(false);
      setReason(null);
      setDetails('');
    } catch (error) {
      // Reporting twice is no failure: the first report stands, and the person is told so.
      if (statusOf(error) === 409) {
        toast({ title: t('report.alreadySent') });
        onOpenChange(false);
      } else toast({ title: t('report.failed'), variant: 'destructive' });
    } finally {
      setIsPending(false);
    }
  };

  const description =
    targetType === 'event'
      ? t('report.descriptionEvent', { name })
      : targetType === 'user'
        ? t('report.descriptionUser', { name })
        : t('report.descriptionContent');
  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      testId="report-dialog"
      size="compact"
      title={t('report.title')}
      description={description}
      onSubmit={(event) => void submit(event)}
      cancelLabel={t('report.cancel')}
      confirmLabel={t('report.submit')}
      pendingLabel={t('report.submitting')}
      isPending={isPending}
      isConfirmDisabled={reason === null}
      isLockedWhilePending
      confirmTestId="report-submit"
    >
      <fieldset className="flex flex-col gap-2" disabled={isPending}>
        <legend className="mb-2 text-sm font-medium">{t('report.reasonLabel')}</legend>
        {REPORT_REASONS.map((option) => (
          <label
            key={option}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2 text-sm transition-colors',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              reason === option ? 'border-primary bg-primary/10' : 'hover:bg-muted',
            )}
            data-testid={`report-reason-${option}`}
          >
            <input
              type="radio"
              name={reasonName}
              value={option}
              checked={reason === option}
              onChange={() => setReason(option)}
              className="size-4 accent-primary"
              required
            />
            {t(`report.reasons.${option}`)}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-2">
        <Label htmlFor={detailsId}>{t('report.detailsLabel')}</Label>
        <Textarea
          id={detailsId}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          placeholder={t('report.detailsPlaceholder')}
          maxLength={MODERATION_LIMITS.detailsMax}
          rows={3}
          dir="auto"
          disabled={isPending}
          data-testid="report-details"
        />
      </div>
    </FormDialog>
  );
}
