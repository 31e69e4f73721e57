import { useMemo, useState } from 'react';
import { LoaderCircle, MessagesSquare, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Conversation } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { PersonAvatar, tintFor } from '@/components/people/person-avatar';
import { formatListTime, participantName } from './chat-format';

interface ConversationListProps {
  conversations: Conversation[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  selectedId: string | null;
  currentUserId: string | null;
}

/**
 * The chat's left side: search by name, unread count badge, last message and time. The spec's green
 * dot is left out: nothing knows whether anyone is online, and a dot on every chat said nothing true.
 */
export function ConversationList({
  conversations,
  isLoading,
  isError,
  onRetry,
  selectedId,
  currentUserId,
}: ConversationListProps) {
  const { t, i18n } = useTranslation('chat');
  const [query, setQuery] = useState('');

  const visible = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    if (!conversations || needle === '') return conversations ?? [];
    return conversations.filter((conversation) =>
      (conversationTitle(conversation) ?? '').toLocaleLowerCase().includes(needle),
    );
  }, [conversations, query]);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex flex-col gap-3 border-b border-border p-4">
        <h1 className="text-xl font-bold tracking-tight">{t('title')}</h1>
        <div className="relative">
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
            data-testid="conversation-search"
          />
        </div>
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto">
        {isLoading ? (
          <div
            role="status"
            className="flex flex-col items-center justify-center gap-3 px-4 py-16 text-sm text-muted-foreground"
          >
            <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden />
            {t('loadingConversations')}
          </div>
        ) : isError ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 px-4 py-16 text-center text-sm text-muted-foreground"
          >
            {t('loadFailed')}
            <Button variant="outline" size="sm" onClick={onRetry}>
              {t('retry')}
            </Button>
          </div>
        ) : conversations && conversations.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-16 text-center" data-testid="no-conversations">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <MessagesSquare className="size-6" aria-hidden />
            </span>
            <p className="font-semibold">{t('noConversations')}</p>
            <p className="text-sm text-muted-foreground">{t('noConversationsHint')}</p>
          </div>
        ) : visible.length === 0 ? (
          <p role="status" className="px-4 py-10 text-center text-sm text-muted-foreground">
            {t('noMatches', { query: query.trim() })}
          </p>
        ) : (
          <ul className="flex flex-col p-2" aria-label={t('listLabel')} data-testid="conversation-list">
            {visible.map((conversation) => {
              const participant = conversation.participants[0];
              const title = participant?.isDeleted
                ? t('deletedUser')
                : (conversationTitle(conversation) ?? t('unknownUser'));
              const isSelected = conversation.id === selectedId;
              const isOwn = conversation.lastMessage.senderId === currentUserId;
              const preview = isOwn
                ? t('youPrefix', { message: conversation.lastMessage.content })
                : conversation.lastMessage.content;
              const hasUnread = conversation.unreadCount > 0;
              return (
                <li key={conversation.id}>
                  <Link
                    href={`/chat/${encodeURIComponent(conversation.id)}`}
                    aria-current={isSelected ? 'page' : undefined}
                    data-testid="conversation-item"
                    data-conversation-id={conversation.id}
                    className={cn(
                      'flex items-center gap-3 rounded-lg px-3 py-3 outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      isSelected && 'bg-secondary hover:bg-secondary',
                    )}
                  >
                    <PersonAvatar
                      person={participant}
                      letters="initials"
                      tint={cn('text-sm', tintFor(conversation.id))}
                      frameClassName="size-11"
                      className="size-full"
                    />
                    <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                      <span className="flex items-baseline justify-between gap-2">
                        <span
                          dir="auto"
                          className={cn('truncate [unicode-bidi:plaintext]', hasUnread ? 'font-bold' : 'font-semibold')}
                          data-testid="conversation-name"
                        >
                          {title}
                        </span>
                        <time
                          dateTime={conversation.lastMessage.createdAt}
                          className={cn(
                            'shrink-0 text-xs',
                            hasUnread ? 'font-semibold text-primary' : 'text-muted-foreground',
                          )}
                        >
                          {formatListTime(conversation.lastMessage.createdAt, i18n.language, t('yesterday'))}
                        </time>
                      </span>
                      <span className="flex items-center justify-between gap-2">
                        <span
                          dir="auto"
                          className={cn(
                            'truncate text-sm [unicode-bidi:plaintext]',
                            hasUnread ? 'font-medium text-foreground' : 'text-muted-foreground',
                          )}
                          data-testid="conversation-preview"
                        >
                          {preview}
                        </span>
                        {hasUnread && (
                          <span
                            className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-bold text-primary-foreground tabular-nums"
                            data-testid="unread-badge"
                          >
                            <span aria-hidden>{conversation.unreadCount}</span>
                            <span className="sr-only">{t('unread', { count: conversation.unreadCount })}</span>
                          </span>
                        )}
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

/** A group's name, else the person's; a conversation with an address the user wrote to is named by it. */
export function conversationTitle(conversation: Conversation): string | null {
  if (conversation.type === 'group' && conversation.name) return conversation.name;
  return participantName(conversation.participants[0]) ?? conversation.name;
}
