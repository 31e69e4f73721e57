import { useEffect } from 'react';
import { CircleAlert, RotateCcw, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useIsOnline } from '@/lib/use-is-online';

/**
 * The error card of a screen whose data did not load, with a retry. Offline it says so, as the route's
 * error boundary does: the screen's code came from the service worker but its data was never kept
 * (decision 0037), and it loads by itself when the network returns.
 */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['common', 'shell']);
  const isOnline = useIsOnline();
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  const Icon = isOnline ? CircleAlert : WifiOff;
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-card px-6 py-10 text-center"
      data-testid="load-error"
    >
      <Icon className={isOnline ? 'size-8 text-destructive' : 'size-8 text-muted-foreground'} aria-hidden />
      <p className="font-medium">{isOnline ? t('status.error') : t('shell:routeError.offlineTitle')}</p>
      {!isOnline && <p className="max-w-sm text-sm text-muted-foreground">{t('shell:routeError.offlineHint')}</p>}
      <Button variant="outline" onClick={onRetry}>
        <RotateCcw aria-hidden />
        {t('actions.retry')}
      </Button>
    </div>
  );
}
