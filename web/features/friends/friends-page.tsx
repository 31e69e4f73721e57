import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Check, MessageCircle, Search, UserPlus, Users, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { displayName } from '@/components/people/person-avatar';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { formatRelativeTime } from './format-relative-time';
import { PersonRow } from './person-row';
import { friendRequestsQueryOptions, friendSuggestionsQueryOptions, friendsQueryOptions } from './api/get-friends';
import { useFriendAction } from './api/use-friend-actions';

type Named = { firstName: string | null; lastName: string | null };

function matches(person: Named, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  return needle === '' || displayName(person).toLocaleLowerCase().includes(needle);
}

/** A tab's list, or what stands in its place: loading, a failure with a retry, nothing yet, no match. */
function TabBody({
  query,
  isEmpty,
  emptyText,
  noMatchText,
  hasItems,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  isEmpty: boolean;
  emptyText: ReactNode;
  noMatchText: string;
  hasItems: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('friends');
  if (query.isPending)
    return (
      <div className="grid gap-3 md:grid-cols-2" role="status" aria-label={t('loading')}>
        {[0, 1].map((index) => (
          <Skeleton key={index} className="h-20 rounded-xl" />
        ))}
      </div>
    );
  if (query.isError)
    return (
      <div className="rounded-xl border border-border px-4 py-8 text-center text-sm" role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  if (isEmpty)
    return (
      <div className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
        {emptyText}
      </div>
    );
  if (!hasItems)
    return (
      <p
        className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground"
        role="status"
      >
        {noMatchText}
      </p>
    );
  return <>{children}</>;
}

/**
 * Friends (decisions §21): the reader's friends, the requests waiting either way, and people they
 * volunteered with. Everything is real: no presence dots (§21), and every button calls the server.
 * The search filters every tab by name; the tab counts stay the totals.
 */
// A person's page and the remove question load when wanted: what the Friends route loads first is listed
// in the route table every signed-in screen carries, whose budget has next to no room (decisions §17).
const PersonProfile = lazy(() => import('./person-profile'));
const RemoveFriendDialog = lazy(() => import('./remove-friend-dialog'));

export default function FriendsPage() {
  const { id } = useParams<{ id?: string }>();
  return id === undefined ? (
    <FriendsLists />
  ) : (
    <Suspense fallback={null}>
      <PersonProfile userId={id} />
    </Suspense>
  );
}

function FriendsLists() {
  const { t, i18n } = useTranslation('friends');
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState('friends');
  // A friend request's notification leads to /friends#friend_request (notificationHref): its tab opens.
  // Read after hydration, never while rendering: the server never sees the hash, so the first render must
  // be the one it sent (else React throws the server's HTML away with a hydration error).
  useEffect(() => {
    const openTabOfHash = () => {
      if (window.location.hash === '#friend_request') setTab('requests');
    };
    openTabOfHash();
    window.addEventListener('hashchange', openTabOfHash);
    return () => window.removeEventListener('hashchange', openTabOfHash);
  }, []);
  const [toRemove, setToRemove] = useState<{ id: string; name: string } | null>(null);
  const friendsQuery = useQuery(friendsQueryOptions());
  const requestsQuery = useQuery(friendRequestsQueryOptions());
  const suggestionsQuery = useQuery(friendSuggestionsQueryOptions());
  const action = useFriendAction();
  const numbers = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  const friends = useMemo(
    () => (friendsQuery.data ?? []).filter((friend) => matches(friend, query)),
    [friendsQuery.data, query],
  );
  const incoming = useMemo(
    () => (requestsQuery.data?.incoming ?? []).filter((request) => matches(request.user, query)),
    [requestsQuery.data, query],
  );
  const outgoing = useMemo(
    () => (requestsQuery.data?.outgoing ?? []).filter((request) => matches(request.user, query)),
    [requestsQuery.data, query],
  );
  const suggestions = useMemo(
    () => (suggestionsQuery.data ?? []).filter((suggestion) => matches(suggestion, query)),
    [suggestionsQuery.data, query],
  );
  const noMatchText = t('noMatches', { query: query.trim() });
  const mutualLine = (count: number) =>
    count > 0 ? <p>{t('mutualFriends', { count, formattedCount: numbers.format(count) })}</p> : null;
  const isBusy = action.isPending;
  const incomingCount = requestsQuery.data?.incoming.length ?? 0;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <span className="inline-flex size-10 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
            <Users className="size-5" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        </div>
        <p className="text-sm text-muted-foreground sm:text-base">{t('subtitle')}</p>
      </header>

      <div className="relative mt-6 max-w-md">
        <Search
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchPlaceholder')}
          className="ps-9"
          data-testid="friends-search"
        />
      </div>

      <Tabs value={tab} onValueChange={setTab} className="mt-6 gap-4">
        <TabsList className="grid h-auto w-full grid-cols-3 sm:w-fit sm:min-w-[28rem]">
          <TabsTrigger value="friends" className="min-h-9 whitespace-normal leading-tight" data-testid="tab-friends">
            {t('tabs.friends', {
              count: friendsQuery.data?.length ?? 0,
              formattedCount: numbers.format(friendsQuery.data?.length ?? 0),
            })}
          </TabsTrigger>
          <TabsTrigger value="requests" className="min-h-9 whitespace-normal leading-tight" data-testid="tab-requests">
            {t('tabs.requests', { count: incomingCount, formattedCount: numbers.format(incomingCount) })}
          </TabsTrigger>
          <TabsTrigger
            value="suggestions"
            className="min-h-9 whitespace-normal leading-tight"
            data-testid="tab-suggestions"
          >
            {t('tabs.suggestions')}
          </TabsTrigger>
        </TabsList>

        <TabsContent value="friends">
          <TabBody
            query={friendsQuery}
            isEmpty={(friendsQuery.data ?? []).length === 0}
            emptyText={
              <>
                <p>{t('empty.friends')}</p>
                <Link href="/discover" className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'mt-3')}>
                  {t('empty.findEvents')}
                </Link>
              </>
            }
            noMatchText={noMatchText}
            hasItems={friends.length > 0}
          >
            <ul className="grid gap-3 md:grid-cols-2" data-testid="friend-list">
              {friends.map((friend) => {
                const name = displayName(friend) || t('someone');
                return (
                  <li key={friend.id}>
                    <PersonRow
                      person={friend}
                      testId="friend-card"
                      fallbackName={t('someone')}
                      lines={mutualLine(friend.mutualFriends)}
                      actions={
                        <>
                          <Link
                            href={`/chat/${encodeURIComponent(friend.id)}`}
                            className={buttonVariants({ variant: 'outline', size: 'sm' })}
                            aria-label={`${t('actions.message')}: ${name}`}
                          >
                            <MessageCircle aria-hidden />
                            <span className="hidden sm:inline">{t('actions.message')}</span>
                          </Link>
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => setToRemove({ id: friend.id, name })}
                            aria-label={`${t('actions.remove')}: ${name}`}
                          >
                            <X aria-hidden />
                          </Button>
                        </>
                      }
                    />
                  </li>
                );
              })}
            </ul>
          </TabBody>
        </TabsContent>

        <TabsContent value="requests" className="flex flex-col gap-6">
          <TabBody
            query={requestsQuery}
            isEmpty={incomingCount + (requestsQuery.data?.outgoing.length ?? 0) === 0}
            emptyText={<p>{t('empty.requests')}</p>}
            noMatchText={noMatchText}
            hasItems={incoming.length + outgoing.length > 0}
          >
            {incoming.length > 0 && (
              <section aria-labelledby="incoming-heading">
                <h2 id="incoming-heading" className="mb-3 text-sm font-semibold text-muted-foreground">
                  {t('incomingHeading')}
                </h2>
                <ul className="grid gap-3 md:grid-cols-2" data-testid="request-list">
                  {incoming.map((request) => {
                    const name = displayName(request.user) || t('someone');
                    return (
                      <li key={request.id}>
                        <PersonRow
                          person={request.user}
                          testId="request-card"
                          fallbackName={t('someone')}
                          lines={
                            <>
                              {mutualLine(request.user.mutualFriends)}
                              <p className="text-xs">
                                {t('requestedAt', { time: formatRelativeTime(request.createdAt, i18n.language) })}
                              </p>
                            </>
                          }
                          actions={
                            <>
                              <Button
                                size="sm"
                                disabled={isBusy}
                                onClick={() => action.mutate({ kind: 'accept', requestId: request.id })}
                                aria-label={`${t('actions.accept')}: ${name}`}
                              >
                                <Check aria-hidden />
                                {t('actions.accept')}
                              </Button>
                              <Button
                                variant="outline"
                                size="sm"
                                disabled={isBusy}
                                onClick={() => action.mutate({ kind: 'decline', requestId: request.id })}
                                aria-label={`${t('actions.decline')}: ${name}`}
                              >
                                <X aria-hidden />
                                {t('actions.decline')}
                              </Button>
                            </>
                          }
                        />
                      </li>
                    );
                  })}
                </ul>
              </section>
            )}
            {outgoing.length > 0 && (
              <section aria-labelledby="outgoing-heading">
                <h2 id="outgoing-heading" className="mb-3 text-sm font-semibold text-muted-foreground">
                  {t('outgoingHeading')}
                </h2>
                <ul className="grid gap-3 md:grid-cols-2" data-testid="outgoing-list">
                  {outgoing.map((request) => {
                    const name = displayName(request.user) || t('someone');
                    return (
                      <li key={request.id}>
                        <PersonRow
                          person={request.user}
                          testId="outgoing-card"
                          fallbackName={t('someone')}
                          lines={
                            <p className="text-xs">
                              {t('requestedAt', { time: formatRelativeTime(request.createdAt, i18n.language) })}
                            </p>
                          }
                          actions={
                            <Button
                              variant="outline"
                              size="sm"
                              disabled={isBusy}
                              onClick={() => action.mutate({ kind: 'remove', userId: request.user.id })}
                              aria-label={`${t('actions.cancelRequest')}: ${name}`}
                            >
                              <X aria-hidden />
                              {t('actions.cancelRequest')}
                            </Button>
                          }
                        />
                      </li>
                    );
                  })}
                </ul>
              </section>
            )}
          </TabBody>
        </TabsContent>

        <TabsContent value="suggestions">
          <TabBody
            query={suggestionsQuery}
            isEmpty={(suggestionsQuery.data ?? []).length === 0}
            emptyText={<p>{t('empty.suggestions')}</p>}
            noMatchText={noMatchText}
            hasItems={suggestions.length > 0}
          >
            <ul className="grid gap-3 md:grid-cols-2" data-testid="suggestion-list">
              {suggestions.map((suggestion) => {
                const name = displayName(suggestion) || t('someone');
                return (
                  <li key={suggestion.id}>
                    <PersonRow
                      person={suggestion}
                      testId="suggestion-card"
                      fallbackName={t('someone')}
                      lines={
                        <>
                          <p>
                            {t('volunteeredTogether', { event: suggestion.event.title })}
                            {suggestion.sharedEvents > 1 &&
                              ` · ${t('sharedEvents', { count: suggestion.sharedEvents, formattedCount: numbers.format(suggestion.sharedEvents) })}`}
                          </p>
                          {mutualLine(suggestion.mutualFriends)}
                        </>
                      }
                      actions={
                        <Button
                          size="sm"
                          disabled={isBusy}
                          onClick={() => action.mutate({ kind: 'ask', userId: suggestion.id })}
                          aria-label={`${t('actions.addFriend')}: ${name}`}
                        >
                          <UserPlus aria-hidden />
                          {t('actions.addFriend')}
                        </Button>
                      }
                    />
                  </li>
                );
              })}
            </ul>
          </TabBody>
        </TabsContent>
      </Tabs>

      {toRemove && (
        <Suspense fallback={null}>
          <RemoveFriendDialog friend={toRemove} onClose={() => setToRemove(null)} />
        </Suspense>
      )}
    </div>
  );
}
