import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Notification } from '@contract/notifications';
import { NotificationSummary } from '@/components/app-shell/notification-summary';
import {
  groupByDay,
  notificationHref,
  useDayLabel,
  useNotificationText,
} from '@/components/app-shell/notification-text';
import { LoadError } from '@/components/app-shell/page-states';
import { Button } from '@/components/ui/button';
import { callApi } from '@/lib/call-api';
import { notificationPagesQueryOptions } from './api/get-notifications';

/** Every notification, one by one and page by page (the bell's menu shows the newest, gathered). */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const dayLabel = useDayLabel();
  const textOf = useNotificationText();
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    notificationPagesQueryOptions(),
  );
  const { mutate: markRead } = useMutation({
    networkMode: 'always',
    mutationFn: (ids?: number[]) => callApi((api) => api.POST('/api/notifications/read', { body: ids ? { ids } : {} })),
    // Every key under /api/notifications (this list, the bell's count and menu). Not the shell's
    // refreshNotifications: sharing its module would split it into a chunk of its own on every route.
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/notifications'),
      }),
  });
  const items = data?.pages.flat() ?? [];
  const hasUnread = items.some((item) => item.readAt === null);
  const open = (item: Notification) => {
    if (item.readAt === null) markRead([item.id]);
    navigate(notificationHref(item));
  };
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground"
            aria-hidden
          >
            <Bell className="size-5" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={!hasUnread}
          onClick={() => markRead(undefined)}
          data-testid="notifications-page-mark-all-read"
        >
          <CheckCheck aria-hidden />
          {t('markAllRead')}
        </Button>
      </div>
      {isPending && <p className="py-10 text-center text-sm text-muted-foreground">{t('loading')}</p>}
      {isError && <LoadError onRetry={() => void refetch()} />}
      {data && items.length === 0 && (
        <p className="py-10 text-center text-sm text-muted-foreground" data-testid="notifications-empty">
          {t('empty')}
        </p>
      )}
      {groupByDay(items).map((group) => (
        <section key={group.day.toDateString()} className="mt-6">
          <h2 className="pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {dayLabel(group.day)}
          </h2>
          <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card">
            {group.items.map((item) => {
              const isUnread = item.readAt === null;
              return (
                <li key={item.id}>
                  <a
                    href={notificationHref(item)}
                    onClick={(event) => {
                      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                      event.preventDefault();
                      open(item);
                    }}
                    className="flex items-start gap-3 px-4 py-3 hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                    data-testid="notifications-page-item"
                    data-unread={isUnread}
                  >
                    <NotificationSummary item={item} text={textOf(item)} />
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="outline"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
            data-testid="notifications-load-more"
          >
            {isFetchingNextPage ? t('loading') : t('loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
