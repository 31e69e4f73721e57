import { Check, Clock, UserCheck, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Person } from '@contract/friends';
import { Button } from '@/components/ui/button';
import { useFriendAction } from './api/use-friend-actions';

/**
 * The friendship button of a person's page: "Add friend", "Requested" (pressing it withdraws the
 * request), "Friends" (pressing it removes the friend, after asking), or "Accept" with "Decline" when
 * they asked the reader. Its label says the state; its accessible name says what pressing does.
 */
export function FriendshipButton({ person, onRemove }: { person: Person; onRemove: () => void }) {
  const { t } = useTranslation('friends');
  const action = useFriendAction();
  const isBusy = action.isPending;
  switch (person.friendship) {
    case 'self':
      return null;
    case 'none':
      return (
        <Button
          disabled={isBusy}
          onClick={() => action.mutate({ kind: 'ask', userId: person.id })}
          data-testid="friendship-button"
        >
          <UserPlus aria-hidden />
          {t('actions.addFriend')}
        </Button>
      );
    case 'outgoing':
      return (
        <Button
          variant="secondary"
          disabled={isBusy}
          onClick={() => action.mutate({ kind: 'remove', userId: person.id })}
          aria-label={t('actions.requestedWithdraw')}
          data-testid="friendship-button"
        >
          <Clock aria-hidden />
          {t('actions.requested')}
        </Button>
      );
    case 'friends':
      return (
        <Button
          variant="secondary"
          onClick={onRemove}
          aria-label={t('actions.friendsRemove')}
          data-testid="friendship-button"
        >
          <UserCheck aria-hidden />
          {t('actions.friends')}
        </Button>
      );
    case 'incoming':
      return (
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={isBusy || person.requestId === null}
            onClick={() => person.requestId !== null && action.mutate({ kind: 'accept', requestId: person.requestId })}
            data-testid="friendship-button"
          >
            <Check aria-hidden />
            {t('actions.accept')}
          </Button>
          <Button
            variant="outline"
            disabled={isBusy || person.requestId === null}
            onClick={() => person.requestId !== null && action.mutate({ kind: 'decline', requestId: person.requestId })}
          >
            {t('actions.decline')}
          </Button>
        </div>
      );
  }
}
