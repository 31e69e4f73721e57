import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog';
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
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      testId="withdraw-dialog"
      title={t('withdraw.title')}
      description={
        <>
          <span dir="auto" className="font-medium text-foreground">
            {eventTitle}
          </span>
          {' — '}
          {t('withdraw.description')}
        </>
      }
      cancelLabel={t('withdraw.keep')}
      confirmLabel={t('withdraw.confirm')}
      pendingLabel={t('withdraw.confirming')}
      isPending={withdraw.isPending}
      confirmVariant="destructive"
      confirmTestId="withdraw-confirm"
      onConfirm={() => withdraw.mutate(undefined, { onSuccess: () => onOpenChange(false) })}
    />
  );
}
