import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useWithdraw } from '../api/use-event-management';

export interface WithdrawDialogProps {
  eventId: number;
  eventTitle: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** "Withdraw" (DELETE /api/events/{id}/rsvp), confirmed first. */
export default function WithdrawDialog({ eventId, eventTitle, isOpen, onOpenChange }: WithdrawDialogProps) {
  const { t } = useTranslation('organizer');
  const withdraw = useWithdraw(eventId);
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent data-testid="withdraw-dialog">
        <DialogHeader>
          <DialogTitle>{t('withdraw.title')}</DialogTitle>
          <DialogDescription>
            <span dir="auto" className="font-medium text-foreground">
              {eventTitle}
            </span>
            {' — '}
            {t('withdraw.description')}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t('withdraw.keep')}
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={withdraw.isPending}
            aria-busy={withdraw.isPending || undefined}
            onClick={() => withdraw.mutate(undefined, { onSuccess: () => onOpenChange(false) })}
            data-testid="withdraw-confirm"
          >
            {withdraw.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
            {withdraw.isPending ? t('withdraw.confirming') : t('withdraw.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
