import { Suspense } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { NotificationGroup } from '@contract/notifications';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  useFocusFirstItemOnOpen,
} from '@/components/ui/dropdown-menu';
import { callApi } from '@/lib/call-api';
import { notificationGroupsQueryOptions, refreshNotifications } from './api/get-notifications';
import { NotificationBellButton } from './notification-bell-button';
import { NotificationSummary } from './notification-summary';
import { dayKey, groupByDay, notificationHref, useDayLabel, useNotificationText } from './notification-text';

function NotificationList({
  count,
  onOpen,
  onSeeAll,
}: {
  count: number;
  onOpen: (item: NotificationGroup) => void;
  onSeeAll: () => void;
}) {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const dayLabel = useDayLabel();
  const textOf = useNotificationText();
  const { data, isPending, isError } = useQuery(notificationGroupsQueryOptions());
  const { mutate: markAllRead, isPending: isMarking } = useMutation({
    networkMode: 'always',
    mutationFn: () => callApi((api) => api.POST('/api/notifications/read', { body: {} })),
    onSettled: () => refreshNotifications(queryClient),
  });
  return (
    <>
      <div className="flex items-center justify-between gap-2 px-2 py-1.5">
        <DropdownMenuLabel className="p-0 text-sm font-semibold">{t('title')}</DropdownMenuLabel>
        <DropdownMenuItem
          disabled={count === 0 || isMarking}
          onSelect={(event) => {
            // The list stays open, to show everything read.
            event.preventDefault();
            markAllRead();
          }}
          className="h-8 px-2 text-xs font-medium text-primary"
          data-testid="notifications-mark-all-read"
        >
          <CheckCheck aria-hidden className="text-primary" />
          {t('markAllRead')}
        </DropdownMenuItem>
      </div>
      <DropdownMenuSeparator />
      {isPending && <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t('loading')}</p>}
      {isError && <p className="px-3 py-6 text-center text-sm text-destructive">{t('failed')}</p>}
      {data?.length === 0 && (
        <p className="px-3 py-6 text-center text-sm text-muted-foreground" data-testid="notifications-empty">
          {t('empty')}
        </p>
      )}
      {data &&
        groupByDay(data).map((group) => (
          <DropdownMenuGroup key={dayKey(group.day)}>
            <DropdownMenuLabel className="pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {dayLabel(group.day)}
            </DropdownMenuLabel>
            {group.items.map((item) => {
              const isUnread = item.readAt === null;
              return (
                <DropdownMenuItem
                  key={item.id}
                  onSelect={() => onOpen(item)}
                  className="items-start gap-3 py-2"
                  data-testid="notification-item"
                  data-unread={isUnread}
                  data-count={item.count}
                >
                  <NotificationSummary item={item} text={textOf(item, item.count)} />
                </DropdownMenuItem>
              );
            })}
          </DropdownMenuGroup>
        ))}
      <DropdownMenuSeparator />
      <DropdownMenuItem
        onSelect={onSeeAll}
        className="justify-center py-2 text-sm font-medium text-primary"
        data-testid="notifications-see-all"
      >
        <ListChecks aria-hidden className="text-primary" />
        {t('seeAll')}
      </DropdownMenuItem>
    </>
  );
}

/**
 * The notifications menu behind the bell, loaded on first use by notification-bell.tsx:
 * grouped by day, newest first, repeats of the same kind about the same thing as one entry with a
 * count, each entry leading to its event, conversation or the Journey (and read on the way), with
 * "mark all as read" and "See all" (the /notifications page).
 */
export default function NotificationMenu({
  count,
  isOpenedWithKeyboard = false,
}: {
  count: number;
  isOpenedWithKeyboard?: boolean;
}) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const focusFirstItem = useFocusFirstItemOnOpen(isOpenedWithKeyboard);
  const { mutate: markRead } = useMutation({
    networkMode: 'always',
    mutationFn: (ids: number[]) => callApi((api) => api.POST('/api/notifications/read', { body: { ids } })),
    onSettled: () => refreshNotifications(queryClient),
  });
  // Opening a group reads every notification it gathers.
  const open = (item: NotificationGroup) => {
    if (item.readAt === null) markRead(item.ids);
    navigate(notificationHref(item));
  };
  return (
    // Not modal: the page behind stays readable (and its live updates visible) while the list is open.
    <DropdownMenu defaultOpen modal={false}>
      <DropdownMenuTrigger asChild>
        <NotificationBellButton count={count} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        collisionPadding={8}
        className="max-h-[min(32rem,75dvh)] w-[min(24rem,calc(100vw-1rem))] overflow-y-auto"
        onFocus={focusFirstItem}
        data-testid="notifications-menu"
      >
        <Suspense fallback={<div className="h-24" />}>
          <NotificationList count={count} onOpen={open} onSeeAll={() => navigate('/notifications')} />
        </Suspense>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
