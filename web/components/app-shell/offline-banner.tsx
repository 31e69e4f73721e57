import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useIsOnline } from '@/lib/use-is-online';

/**
 * Says, while the device has no network, what still works and what waits. Part of the shell's own
 * chunk rather than loaded on use: offline, a chunk loaded on use is exactly what cannot arrive.
 */
export function OfflineBanner() {
  const { t } = useTranslation('shell');
  const isOnline = useIsOnline();
  return (
    // The live region exists from the start, so screen readers announce the text when it appears.
    <div role="status" aria-live="polite" className="contents">
      {!isOnline && (
        <p
          className="sticky top-[65px] z-30 flex items-center justify-center gap-2 border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950 dark:border-amber-400/30 dark:bg-amber-950 dark:text-amber-100"
          data-testid="offline-banner"
        >
          <WifiOff className="size-4 shrink-0" aria-hidden />
          <span>{t('offline.banner')}</span>
        </p>
      )}
    </div>
  );
}
