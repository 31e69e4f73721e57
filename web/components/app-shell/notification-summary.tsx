import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@contract/notifications';
import { cn } from '@/lib/utils';
import { ICONS } from './notification-text';

/** One notification's line as the bell's menu and the notifications page show it: icon, text, time, unread dot. */
export function NotificationSummary({ item, text }: { item: Notification; text: string }) {
  const { t, i18n } = useTranslation('notifications');
  const Icon = ICONS[item.type] ?? UserPlus;
  const isUnread = item.readAt === null;
  return (
    <>
      <span
        className={cn(
          'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full',
          isUnread ? 'bg-primary/15 text-primary' : 'bg-muted text-muted-foreground',
        )}
      >
        <Icon aria-hidden className="size-4" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span
          className={cn(
            'text-sm leading-snug break-words',
            isUnread ? 'font-semibold text-foreground' : 'text-muted-foreground',
          )}
        >
          {text}
        </span>
        <span className="text-xs text-muted-foreground">
          {new Date(item.createdAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })}
          {isUnread && <span className="sr-only"> · {t('unread')}</span>}
        </span>
      </span>
      {isUnread && <span aria-hidden className="mt-2 size-2 shrink-0 rounded-full bg-primary" />}
    </>
  );
}
