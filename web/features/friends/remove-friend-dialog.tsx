import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useFriendAction } from './api/use-friend-actions';

/** Asks before a friend is removed: one tap by mistake would otherwise end a friendship silently. */
export default function RemoveFriendDialog({
  friend,
  onClose,
}: {
  friend: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('friends');
  const action = useFriendAction();
  return (
    <Dialog open={friend !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('removeDialog.title', { name: friend?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('removeDialog.description')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose className={buttonVariants({ variant: 'outline' })}>{t('removeDialog.keep')}</DialogClose>
          <Button
            variant="destructive"
            onClick={() => {
              if (friend) action.mutate({ kind: 'remove', userId: friend.id });
              onClose();
            }}
            data-testid="confirm-remove-friend"
          >
            {t('removeDialog.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
