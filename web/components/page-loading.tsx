import { LoaderCircleIcon } from '@/components/shell-icons';
import { useTranslation } from 'react-i18next';

/** Full-area spinner used as the Suspense fallback while a lazy screen or its strings load. */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useTranslation('common', { useSuspense: false });
  const text = label ?? t('status.loading');
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50dvh] flex-col items-center justify-center gap-3 text-muted-foreground"
    >
      <LoaderCircleIcon className="size-8 animate-spin text-primary" aria-hidden />
      <span className="text-sm">{text}</span>
    </div>
  );
}
