import { CircleSlash } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A cancelled event stays readable with its reason. */
export function CancelledNotice({ reason }: { reason: string | null }) {
  const { t } = useTranslation('organizer');
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400/30 dark:bg-red-400/10 dark:text-red-200"
      data-testid="cancelled-notice"
    >
      <CircleSlash className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">{t('cancelled.title')}</p>
        <p dir="auto" className="break-words whitespace-pre-line" data-testid="cancel-reason">
          {reason?.trim() || t('cancelled.noReason')}
        </p>
      </div>
    </div>
  );
}
