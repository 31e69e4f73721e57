import type { ComponentType, SVGProps } from 'react';
import {
  Globe,
  KeyRound,
  LogIn,
  LogOut,
  MonitorSmartphone,
  ShieldAlert,
  ShieldCheck,
  ShieldX,
  TriangleAlert,
  UserPlus,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SecurityEvent, SecurityEventKind } from '@contract/users';
import { LoadError } from '@/components/app-shell/page-states';
import { useUnauthorizedFallback } from '@/components/app-shell/use-unauthorized-fallback';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useSecurityEvents } from './api/get-security-events';
import { summarizeUserAgent } from '@/lib/user-agent-summary';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

// A Record over the contract's kinds: a kind added there fails the type check here until it has a look.
const KIND_STYLE: Record<SecurityEventKind, { icon: Icon; className: string; isFlagged: boolean }> = {
  'sign-up': {
    icon: UserPlus,
    className: 'bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-300',
    isFlagged: false,
  },
  'sign-in': {
    icon: LogIn,
    className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300',
    isFlagged: false,
  },
  'sign-in-failed': {
    icon: ShieldAlert,
    className: 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300',
    isFlagged: true,
  },
  'sign-in-locked': {
    icon: ShieldX,
    className: 'bg-rose-100 text-rose-800 dark:bg-rose-400/15 dark:text-rose-300',
    isFlagged: true,
  },
  'sign-out': { icon: LogOut, className: 'bg-secondary text-secondary-foreground', isFlagged: false },
  'password-changed': {
    icon: KeyRound,
    className: 'bg-violet-100 text-violet-800 dark:bg-violet-400/15 dark:text-violet-300',
    isFlagged: false,
  },
  'password-reset': {
    icon: KeyRound,
    className: 'bg-violet-100 text-violet-800 dark:bg-violet-400/15 dark:text-violet-300',
    isFlagged: false,
  },
  'sessions-revoked': { icon: LogOut, className: 'bg-secondary text-secondary-foreground', isFlagged: false },
};

/** The user's own security log, shown as recent sign-ins so a stranger's attempts are noticed. */
export function RecentSignIns({ className }: { className?: string }) {
  const { t } = useTranslation('profile');
  const securityEvents = useSecurityEvents();
  useUnauthorizedFallback(securityEvents.error);

  return (
    <Card className={cn('min-w-0', className)} data-testid="recent-sign-ins">
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          {t('signIns.title')}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t('signIns.subtitle')}</p>
      </CardHeader>
      <CardContent>
        {securityEvents.error ? (
          <LoadError onRetry={() => void securityEvents.refetch()} />
        ) : !securityEvents.data ? (
          <div className="space-y-3" data-testid="recent-sign-ins-loading">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="h-16 w-full" />
            ))}
          </div>
        ) : securityEvents.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
            {t('signIns.empty')}
          </p>
        ) : (
          <ul className="-mx-2 flex flex-col gap-1">
            {securityEvents.data.map((event, index, events) => (
              // A guessing run is many rows of one kind: the hint once, on the newest, rather than on every row.
              <SecurityEventItem
                key={`${event.createdAt}-${index}`}
                event={event}
                isHinted={KIND_STYLE[event.kind].isFlagged && events[index - 1]?.kind !== event.kind}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function SecurityEventItem({ event, isHinted }: { event: SecurityEvent; isHinted: boolean }) {
  const { t, i18n } = useTranslation('profile');
  const language = i18n.resolvedLanguage ?? 'en';
  const style = KIND_STYLE[event.kind];
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(event.createdAt),
  );
  const { browser, operatingSystem } = summarizeUserAgent(event.userAgent);
  const device =
    browser && operatingSystem
      ? t('signIns.device', { browser, operatingSystem })
      : (browser ?? operatingSystem ?? t('signIns.unknownDevice'));

  return (
    <li
      className={cn(
        'flex items-start gap-3 rounded-xl px-2 py-2.5',
        style.isFlagged && 'bg-amber-50 dark:bg-amber-400/10',
      )}
      data-testid="security-event"
      data-kind={event.kind}
    >
      <span
        className={cn('mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-lg', style.className)}
        aria-hidden
      >
        <style.icon className="size-4.5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="font-semibold" data-testid="security-event-kind">
            {t(`signIns.kinds.${event.kind}`)}
          </p>
          <time
            dateTime={event.createdAt}
            className="text-xs text-muted-foreground tabular-nums"
            data-testid="security-event-time"
          >
            {when}
          </time>
        </div>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-4 gap-y-0.5 text-sm text-muted-foreground">
          <span className="inline-flex min-w-0 items-center gap-1.5" data-testid="security-event-device">
            <MonitorSmartphone className="size-3.5 shrink-0" aria-hidden />
            <span className="sr-only">{t('signIns.deviceLabel')}</span>
            {/* A script may name itself anything (Latin or not): isolated so it cannot reorder the line. */}
            <bdi className="break-all">{device}</bdi>
          </span>
          <span className="inline-flex min-w-0 items-center gap-1.5" data-testid="security-event-address">
            <Globe className="size-3.5 shrink-0" aria-hidden />
            <span className="sr-only">{t('signIns.addressLabel')}</span>
            {/* IPv6 addresses are long: they wrap anywhere rather than widen a phone's page; always left to right. */}
            {event.clientAddress ? (
              <bdi dir="ltr" className="font-mono text-xs break-all">
                {event.clientAddress}
              </bdi>
            ) : (
              t('signIns.unknownAddress')
            )}
          </span>
        </p>
        {isHinted && (
          <p
            className="mt-1.5 flex items-start gap-1.5 text-xs font-medium text-amber-800 dark:text-amber-300"
            data-testid="security-event-hint"
          >
            <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden />
            {t(`signIns.hints.${event.kind}`)}
          </p>
        )}
      </div>
    </li>
  );
}
