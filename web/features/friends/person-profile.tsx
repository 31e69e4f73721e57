import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LoadError } from '@/components/app-shell/page-states';
import { displayName, PersonAvatar, tintFor } from '@/components/people/person-avatar';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-error';
import { cn } from '@/lib/utils';
import { personQueryOptions } from './api/get-friends';
import { FriendshipButton } from './friendship-button';
import RemoveFriendDialog from './remove-friend-dialog';

// Report and Block (decisions §20) with the moderation texts: a chunk of their own, as in the chat.
const PersonSafety = lazy(() => import('@/components/moderation/person-safety'));

/**
 * A person's page (/friends/{id}): their name and picture, the friends shared with the reader, the
 * friendship button, a way to write to them, and Report and Block. Nothing else of theirs is shown:
 * no e-mail (§16).
 */
export default function PersonProfile({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('friends');
  const query = useQuery(personQueryOptions(userId));
  const [isRemoving, setIsRemoving] = useState(false);
  const person = query.data;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 sm:py-10">
      {query.isPending ? (
        <Skeleton className="h-48 rounded-2xl" role="status" aria-label={t('loading')} />
      ) : query.isError ? (
        isApiError(query.error) && query.error.status === 404 ? (
          <p
            className="rounded-2xl border border-dashed border-border px-6 py-10 text-center text-muted-foreground"
            role="status"
          >
            {t('person.notFound')}
          </p>
        ) : (
          <LoadError onRetry={() => void query.refetch()} />
        )
      ) : person ? (
        <Card className="flex flex-col items-center gap-4 p-6 text-center sm:p-8" data-testid="person-card">
          <PersonAvatar
            person={person}
            letters="initials"
            tint={cn('text-2xl', tintFor(person.id))}
            frameClassName=""
            className="size-24"
          />
          <div>
            <h1 className="text-2xl font-bold tracking-tight" dir="auto">
              {displayName(person) || t('someone')}
            </h1>
            {person.mutualFriends > 0 && (
              <p className="mt-1 text-sm text-muted-foreground">
                {t('mutualFriends', {
                  count: person.mutualFriends,
                  formattedCount: new Intl.NumberFormat(i18n.language).format(person.mutualFriends),
                })}
              </p>
            )}
            {person.friendship === 'incoming' && <p className="mt-1 text-sm font-medium">{t('person.askedYou')}</p>}
          </div>
          {person.friendship !== 'self' && (
            <div className="flex flex-wrap justify-center gap-2">
              <FriendshipButton person={person} onRemove={() => setIsRemoving(true)} />
              <Link
                href={`/chat/${encodeURIComponent(person.id)}`}
                className={buttonVariants({ variant: 'outline' })}
                data-testid="person-message"
              >
                <MessageCircle aria-hidden />
                {t('actions.message')}
              </Link>
            </div>
          )}
          {person.friendship !== 'self' && (
            <Suspense fallback={null}>
              <PersonSafety userId={person.id} name={displayName(person) || t('someone')} />
            </Suspense>
          )}
          <RemoveFriendDialog
            friend={isRemoving ? { id: person.id, name: displayName(person) || t('someone') } : null}
            onClose={() => setIsRemoving(false)}
          />
        </Card>
      ) : null}
    </div>
  );
}
