import { LoaderCircle, LogOut, Monitor, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AccountSession } from '@contract/account';
import { LoadError } from '@/components/app-shell/page-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/use-toast';
import { summarizeUserAgent } from '@/lib/user-agent-summary';
import { problemText } from './settings-text';
import { useRevokeOtherSessions, useSessions } from './api/use-account';

const PHONE_SYSTEMS = new Set(['Android', 'iOS', 'iPadOS']);

/** Where the account is signed in, and "Sign out everywhere else". */
export function SessionsSection() {
  const { t, i18n } = useTranslation('settings');
  const sessions = useSessions();
  const revoke = useRevokeOtherSessions();
  const language = i18n.resolvedLanguage ?? 'en';
  const others = sessions.data?.filter((session) => !session.isCurrent).length ?? 0;

  const revokeOthers = async () => {
    try {
      await revoke.mutateAsync();
      toast({ title: t('sessions.signedOutOthers') });
    } catch (error) {
      toast({ title: problemText(t, error), variant: 'destructive' });
    }
  };

  return (
    <Card data-testid="settings-sessions">
      <CardHeader>
        <CardTitle>{t('sessions.title')}</CardTitle>
        <CardDescription>{t('sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.error ? (
          <LoadError onRetry={() => void sessions.refetch()} />
        ) : !sessions.data ? (
          <div className="grid gap-3">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : (
          <ul className="grid gap-2" data-testid="settings-session-list">
            {sessions.data.map((session, index) => (
              <SessionItem key={`${session.createdAt}-${index}`} session={session} language={language} />
            ))}
          </ul>
        )}
        {sessions.data && (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="button"
              variant="outline"
              onClick={() => void revokeOthers()}
              disabled={others === 0 || revoke.isPending}
              data-testid="settings-revoke-others"
            >
              {revoke.isPending ? (
                <LoaderCircle className="animate-spin" aria-hidden />
              ) : (
                <LogOut className="rtl:rotate-180" aria-hidden />
              )}
              {revoke.isPending ? t('sessions.signingOut') : t('sessions.signOutOthers')}
            </Button>
            {others === 0 && <p className="text-sm text-muted-foreground">{t('sessions.onlyThis')}</p>}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function SessionItem({ session, language }: { session: AccountSession; language: string }) {
  const { t } = useTranslation('settings');
  const { browser, operatingSystem } = summarizeUserAgent(session.device);
  const device =
    browser && operatingSystem
      ? t('sessions.device', { browser, operatingSystem })
      : (browser ?? operatingSystem ?? t('sessions.unknownDevice'));
  const Icon = operatingSystem && PHONE_SYSTEMS.has(operatingSystem) ? Smartphone : Monitor;
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li
      className="flex items-start gap-3 rounded-xl border border-border px-3 py-3"
      data-testid="settings-session"
      data-current={session.isCurrent}
    >
      <span
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
        aria-hidden
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <bdi className="truncate">{device}</bdi>
          {session.isCurrent && (
            <Badge variant="secondary" data-testid="settings-session-current">
              {t('sessions.thisDevice')}
            </Badge>
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          {t('sessions.signedIn', { date: format.format(new Date(session.createdAt)) })}
          <span aria-hidden> · </span>
          {t('sessions.lastUsed', { date: format.format(new Date(session.lastUsedAt)) })}
        </p>
      </div>
    </li>
  );
}
