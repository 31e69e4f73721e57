import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DialogLoading, useHasBeenOpen } from '@/components/dialog-loading';
import { Button } from '@/components/ui/button';
import { useIsOnline } from '@/lib/use-is-online';
import { useLazyModule } from '@/lib/use-lazy-module';
import { cn } from '@/lib/utils';

const loadWithdrawDialog = () => import('./withdraw-dialog');

// Also placed under event cards, which navigate on click: keep the button's events to itself.
function stop(event: MouseEvent | KeyboardEvent) {
  event.stopPropagation();
}

/** The volunteer's Withdraw, with its confirmation dialog loaded on first use. */
export function WithdrawButton({
  eventId,
  eventTitle,
  className,
}: {
  eventId: number;
  eventTitle: string;
  className?: string;
}) {
  // The button's one word lives with the cards' texts: My Events needs no organizer texts to paint.
  const { t } = useTranslation('events');
  const [isOpen, setIsOpen] = useState(false);
  const dialog = useLazyModule(loadWithdrawDialog, useHasBeenOpen(isOpen));
  const isOffline = !useIsOnline();
  return (
    <span className={cn('inline-flex', className)} onClick={stop} onKeyDown={stop}>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-full text-destructive hover:text-destructive dark:text-red-400"
        onPointerEnter={() => void loadWithdrawDialog()}
        onFocus={() => void loadWithdrawDialog()}
        onClick={() => setIsOpen(true)}
        // Offline the confirmation could neither load nor send: disabled, and the offline banner says why.
        disabled={isOffline}
        data-testid="withdraw"
      >
        <LogOut className="rtl:-scale-x-100" aria-hidden />
        {t('card.withdraw')}
      </Button>
      {dialog ? (
        <dialog.default eventId={eventId} eventTitle={eventTitle} isOpen={isOpen} onOpenChange={setIsOpen} />
      ) : (
        isOpen && <DialogLoading />
      )}
    </span>
  );
}
