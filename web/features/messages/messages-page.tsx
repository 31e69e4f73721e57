import { useMemo, useState } from 'react';
import { CalendarDays, Compass, Inbox, MessagesSquare, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LoadError } from '@/components/app-shell/page-states';
import { useCurrentUser } from '@/components/app-shell/use-current-user';
import { useUnauthorizedFallback } from '@/components/app-shell/use-unauthorized-fallback';
import { displayName, PersonAvatar } from '@/components/people/person-avatar';
import { buttonVariants } from '@/components/ui/button-variants';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { groupConversations, relativeTimeParts, type ConversationSummary } from './group-conversations';
import { useMessages } from '@/lib/api/get-conversations';

export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const { user } = useCurrentUser();
  const { data: messages, isLoading, error, refetch } = useMessages();
  useUnauthorizedFallback(error);
  const [search, setSearch] = useState('');

  const conversations = useMemo(
    () => (messages && user ? groupConversations(messages, user.id) : []),
    [messages, user],
  );
  const words = search.trim().toLocaleLowerCase();
  const shown = words
    ? conversations.filter((conversation) =>
        [
          displayName(conversation.otherUser),
          conversation.lastMessage.content,
          conversation.lastMessage.event?.title ?? '',
        ]
          .join(' ')
          .toLocaleLowerCase()
          .includes(words),
      )
    : conversations;
  // Unread messages, as the chat list's badges and the header's bell count them.
  const unreadCount = conversations.reduce((total, conversation) => total + conversation.unreadCount, 0);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex items-start gap-3">
        <span
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground"
          aria-hidden
        >
          <MessagesSquare className="size-5" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
          <p className="mt-0.5 text-sm text-muted-foreground" data-testid="messages-summary">
            {conversations.length > 0
              ? t('summary', { conversations: conversations.length, unread: unreadCount })
              : t('subtitle')}
          </p>
        </div>
      </div>

      <div className="relative mt-6">
        <label htmlFor="messages-search" className="sr-only">
          {t('searchLabel')}
        </label>
        <Search
          className="pointer-events-none absolute start-3.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <input
          id="messages-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('searchPlaceholder')}
          className="h-11 w-full rounded-xl border border-input bg-card ps-10 pe-4 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
          data-testid="messages-search"
        />
      </div>

      <div className="mt-4">
        {isLoading ? (
          <ConversationSkeletons />
        ) : error ? (
          <LoadError onRetry={() => void refetch()} />
        ) : conversations.length === 0 ? (
          <EmptyMessages />
        ) : shown.length === 0 ? (
          <p
            className="rounded-2xl border border-dashed border-border px-6 py-10 text-center text-sm text-muted-foreground"
            data-testid="messages-no-match"
          >
            {t('noMatch')}
          </p>
        ) : (
          <ul
            className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm"
            data-testid="conversation-list"
          >
            {shown.map((conversation) => (
              <ConversationRow key={conversation.conversationId} conversation={conversation} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ConversationRow({ conversation }: { conversation: ConversationSummary }) {
  const { t, i18n } = useTranslation('messages');
  const { conversationId, otherUser, lastMessage, isOwnLastMessage, isUnread, unreadCount } = conversation;
  const name = otherUser.isDeleted ? t('deletedUser') : displayName(otherUser) || t('unknownPerson');
  const when = relativeTimeParts(lastMessage.createdAt, Date.now());
  const time = when
    ? new Intl.RelativeTimeFormat(i18n.resolvedLanguage ?? 'en', { numeric: 'always', style: 'short' }).format(
        -when.value,
        when.unit,
      )
    : t('justNow');
  const exactTime = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(lastMessage.createdAt));
  return (
    <li className="border-b border-border last:border-b-0">
      <Link
        href={`/chat/${encodeURIComponent(conversationId)}`}
        className="flex items-start gap-3 px-4 py-4 transition-colors hover:bg-accent/70 focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none focus-visible:ring-inset sm:px-5"
        data-testid="conversation"
        data-unread={isUnread ? 'true' : 'false'}
      >
        <PersonAvatar person={otherUser} className="size-11" />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-3">
            <p className={cn('truncate', isUnread ? 'font-bold' : 'font-semibold')} data-testid="conversation-name">
              <bdi dir="auto">{name}</bdi>
            </p>
            <time
              dateTime={lastMessage.createdAt}
              title={exactTime}
              className="shrink-0 text-xs text-muted-foreground"
              data-testid="conversation-time"
            >
              {time}
            </time>
          </div>
          <div className="mt-0.5 flex items-center gap-2">
            <p
              className={cn(
                'min-w-0 flex-1 truncate text-sm',
                isUnread ? 'font-medium text-foreground' : 'text-muted-foreground',
              )}
              data-testid="conversation-last-message"
            >
              {isOwnLastMessage && <span className="text-foreground/80">{t('youPrefix')}</span>}
              {/* People write in their own language: each message keeps its own direction. */}
              <bdi dir="auto">{lastMessage.content}</bdi>
            </p>
            {isUnread && (
              <span
                className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-blue-700 px-1.5 text-xs font-bold text-white tabular-nums dark:bg-blue-400 dark:text-blue-950"
                data-testid="unread-dot"
              >
                <span aria-hidden>{unreadCount}</span>
                <span className="sr-only">{t('unreadCount', { count: unreadCount })}</span>
              </span>
            )}
          </div>
          {lastMessage.event && (
            <p
              className="mt-1.5 inline-flex max-w-full items-center gap-1.5 rounded-md bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground"
              data-testid="conversation-event"
            >
              <CalendarDays className="size-3.5 shrink-0" aria-hidden />
              <span className="truncate">
                {/* {{title}} ends the text in every language; the title itself keeps its own direction. */}
                {t('about', { title: '' })}
                <bdi>{lastMessage.event.title}</bdi>
              </span>
            </p>
          )}
        </div>
      </Link>
    </li>
  );
}

function ConversationSkeletons() {
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      aria-label={t('status.loading')}
      className="overflow-hidden rounded-2xl border border-border bg-card"
    >
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="flex items-center gap-3 border-b border-border px-5 py-4 last:border-b-0">
          <Skeleton className="size-11 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3.5 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

function EmptyMessages() {
  const { t } = useTranslation('messages');
  return (
    <div
      className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-card/60 px-6 py-14 text-center"
      data-testid="messages-empty"
    >
      <span
        className="inline-flex size-14 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground"
        aria-hidden
      >
        <Inbox className="size-7" />
      </span>
      <h2 className="mt-4 text-lg font-semibold">{t('empty.title')}</h2>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">{t('empty.description')}</p>
      <Link href="/discover" className={buttonVariants({ className: 'mt-6' })} data-testid="messages-discover">
        <Compass aria-hidden />
        {t('empty.action')}
      </Link>
    </div>
  );
}
