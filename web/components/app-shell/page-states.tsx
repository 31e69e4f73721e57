import { CircleAlert, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The error card of a screen whose data did not load, with a retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-card px-6 py-10 text-center"
      data-testid="load-error"
    >
      <CircleAlert className="size-8 text-destructive" aria-hidden />
      <p className="font-medium">{t('status.error')}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCcw aria-hidden />
        {t('actions.retry')}
      </Button>
    </div>
  );
}
