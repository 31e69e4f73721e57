import { cn } from '@/lib/utils';

/**
 * The presence dot over a friend's avatar. Decorative: the page says "Online" in text too, because
 * colour alone must not carry meaning.
 */
export function PresenceDot({ isOnline }: { isOnline: boolean }) {
  return (
    <span
      aria-hidden
      data-testid="presence-dot"
      data-online={isOnline}
      className={cn(
        'absolute end-0 bottom-0 size-3.5 rounded-full border-2 border-card',
        isOnline ? 'bg-emerald-500' : 'bg-stone-400 dark:bg-stone-500',
      )}
    />
  );
}
