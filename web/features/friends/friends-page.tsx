import { useMemo, useState } from 'react';
import { Check, MessageCircle, Search, UserPlus, Users, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar, tintFor } from '@/components/people/person-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { formatRelativeTime } from './format-relative-time';
import { PresenceDot } from './presence-dot';
import { SampleDataNote } from './sample-data-note';
import { SAMPLE_FRIEND_REQUESTS, SAMPLE_FRIENDS, SAMPLE_SUGGESTIONS, type SamplePerson } from './sample-data';
import { useFriendsCall } from './api/get-friends';

function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

function matches(person: SamplePerson, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  return needle === '' || fullName(person).toLocaleLowerCase().includes(needle);
}

/**
 * Friends: sample data only. The actions log to the console and call no server, as the spec
 * says. Product choice: a visible 'Sample data' note sits under the title, because people who look
 * real with an online dot and a Message button would otherwise mislead a volunteer into writing to
 * someone who does not exist. The search filters every tab by name; the tab counts stay the totals.
 */
export default function FriendsPage() {
  const { t, i18n } = useTranslation('friends');
  useFriendsCall();
  const [query, setQuery] = useState('');

  const friends = useMemo(() => SAMPLE_FRIENDS.filter((friend) => matches(friend, query)), [query]);
  const requests = useMemo(
    () => SAMPLE_FRIEND_REQUESTS.filter((request) => matches(request.requester, query)),
    [query],
  );
  const suggestions = useMemo(() => SAMPLE_SUGGESTIONS.filter((suggestion) => matches(suggestion, query)), [query]);

  const noMatch = (
    <p
      className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground"
      role="status"
    >
      {t('noMatches', { query: query.trim() })}
    </p>
  );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <span className="inline-flex size-10 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
            <Users className="size-5" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
          <SampleDataNote label={t('sampleData')} />
        </div>
        <p className="text-sm text-muted-foreground sm:text-base">{t('subtitle')}</p>
        <p className="text-xs text-muted-foreground">{t('sampleDataHint')}</p>
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

      <Tabs defaultValue="friends" className="mt-6 gap-4">
        <TabsList className="grid h-auto w-full grid-cols-3 sm:w-fit sm:min-w-[28rem]">
          <TabsTrigger value="friends" className="min-h-9 whitespace-normal leading-tight" data-testid="tab-friends">
            {t('tabs.friends', { count: SAMPLE_FRIENDS.length })}
          </TabsTrigger>
          <TabsTrigger value="requests" className="min-h-9 whitespace-normal leading-tight" data-testid="tab-requests">
            {t('tabs.requests', { count: SAMPLE_FRIEND_REQUESTS.length })}
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
          {friends.length === 0 ? (
            noMatch
          ) : (
            <ul className="grid gap-3 md:grid-cols-2" data-testid="friend-list">
              {friends.map((friend) => {
                const name = fullName(friend);
                return (
                  <li key={friend.id}>
                    <Card className="flex items-center gap-3 p-4" data-testid="friend-card">
                      <PersonAvatar
                        person={friend}
                        letters="initials"
                        tint={cn('text-base', tintFor(friend.id))}
                        frameClassName=""
                        className="size-12"
                      >
                        <PresenceDot isOnline={friend.isOnline} />
                      </PersonAvatar>
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-semibold">{name}</p>
                        <p className="text-sm text-muted-foreground">
                          {t('mutualFriends', { count: friend.mutualFriends })}
                        </p>
                        <p className="mt-0.5 flex items-center gap-1.5 text-xs text-muted-foreground">
                          {friend.isOnline ? (
                            <span className="font-medium text-emerald-700 dark:text-emerald-300">{t('online')}</span>
                          ) : (
                            <span>
                              {t('lastActive', { time: formatRelativeTime(friend.lastActive, i18n.language) })}
                            </span>
                          )}
                        </p>
                      </div>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() =>
                          console.log('[friends] send message (sample data, nothing sent)', { friendId: friend.id })
                        }
                        aria-label={`${t('actions.message')}: ${name}`}
                      >
                        <MessageCircle aria-hidden />
                        <span className="hidden sm:inline">{t('actions.message')}</span>
                      </Button>
                    </Card>
                  </li>
                );
              })}
            </ul>
          )}
        </TabsContent>

        <TabsContent value="requests">
          {requests.length === 0 ? (
            noMatch
          ) : (
            <ul className="grid gap-3 md:grid-cols-2" data-testid="request-list">
              {requests.map((request) => {
                const name = fullName(request.requester);
                return (
                  <li key={request.id}>
                    <Card className="flex flex-col gap-4 p-4" data-testid="request-card">
                      <div className="flex items-center gap-3">
                        <PersonAvatar
                          person={request.requester}
                          letters="initials"
                          tint={cn('text-base', tintFor(request.requester.id))}
                          frameClassName=""
                          className="size-12"
                        />
                        <div className="min-w-0 flex-1">
                          <div className="flex flex-wrap items-center gap-2">
                            <p className="truncate font-semibold">{name}</p>
                            <Badge variant="secondary">{t('status.pending')}</Badge>
                          </div>
                          <p className="text-sm text-muted-foreground">
                            {t('mutualFriends', { count: request.mutualFriends })}
                          </p>
                          <p className="text-xs text-muted-foreground">
                            {t('requestedAt', { time: formatRelativeTime(request.createdAt, i18n.language) })}
                          </p>
                        </div>
                      </div>
                      <div className="grid grid-cols-2 gap-2">
                        <Button
                          onClick={() =>
                            console.log('[friends] accept request (sample data, nothing sent)', {
                              requestId: request.id,
                            })
                          }
                          aria-label={`${t('actions.accept')}: ${name}`}
                        >
                          <Check aria-hidden />
                          {t('actions.accept')}
                        </Button>
                        <Button
                          variant="outline"
                          onClick={() =>
                            console.log('[friends] decline request (sample data, nothing sent)', {
                              requestId: request.id,
                            })
                          }
                          aria-label={`${t('actions.decline')}: ${name}`}
                        >
                          <X aria-hidden />
                          {t('actions.decline')}
                        </Button>
                      </div>
                    </Card>
                  </li>
                );
              })}
            </ul>
          )}
        </TabsContent>

        <TabsContent value="suggestions">
          {suggestions.length === 0 ? (
            noMatch
          ) : (
            <ul className="grid gap-3 md:grid-cols-2" data-testid="suggestion-list">
              {suggestions.map((suggestion) => {
                const name = fullName(suggestion);
                return (
                  <li key={suggestion.id}>
                    <Card className="flex items-center gap-3 p-4" data-testid="suggestion-card">
                      <PersonAvatar
                        person={suggestion}
                        letters="initials"
                        tint={cn('text-base', tintFor(suggestion.id))}
                        frameClassName=""
                        className="size-12"
                      />
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-semibold">{name}</p>
                        <p className="text-sm text-muted-foreground">{t(`reasons.${suggestion.reason}`)}</p>
                        {suggestion.mutualFriends > 0 && (
                          <p className="text-xs text-muted-foreground">
                            {t('mutualFriends', { count: suggestion.mutualFriends })}
                          </p>
                        )}
                      </div>
                      <Button
                        size="sm"
                        onClick={() =>
                          console.log('[friends] add friend (sample data, nothing sent)', { userId: suggestion.id })
                        }
                        aria-label={`${t('actions.addFriend')}: ${name}`}
                      >
                        <UserPlus aria-hidden />
                        {t('actions.addFriend')}
                      </Button>
                    </Card>
                  </li>
                );
              })}
            </ul>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
