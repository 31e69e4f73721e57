import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearch } from 'wouter';
import type { ErrorCode } from '@contract/errors';
import { intlLocale } from '@contract/languages';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { codeOf } from '@/lib/api-error';
import { useDisplayTimeZone } from '@/lib/display-time-zone';
import { useSelfCheckIn } from './api/use-self-check-in';

const REFUSAL_KEYS: Partial<Record<ErrorCode, string>> = {
  RSVP_NOT_FOUND: 'selfCheckIn.noPlace',
  CHECK_IN_CODE_EXPIRED: 'selfCheckIn.expired',
  CHECK_IN_CODE_INVALID: 'selfCheckIn.invalid',
  VALIDATION_FAILED: 'selfCheckIn.invalid',
  CHECK_IN_CLOSED: 'selfCheckIn.closed',
};

/**
 * What the kiosk's QR code opens on a volunteer's phone (decisions §19): opening it signed in is the
 * check-in, so it is sent at once, once; a signed-out phone comes here again after signing in.
 */
export default function SelfCheckInScreen() {
  const { t, i18n } = useTranslation('check-in');
  const params = useParams<{ id: string }>();
  const eventId = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const code = new URLSearchParams(useSearch()).get('code') ?? '';
  const checkIn = useSelfCheckIn(eventId);
  const hasSent = useRef(false);
  const timeZone = useDisplayTimeZone();
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language);

  useEffect(() => {
    if (hasSent.current) return;
    hasSent.current = true;
    checkIn.mutate(code);
  }, [checkIn, code]);

  const answer = checkIn.data;
  const refusalKey = checkIn.error
    ? (REFUSAL_KEYS[codeOf(checkIn.error) ?? 'INVALID_REQUEST'] ?? 'selfCheckIn.failed')
    : null;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 pt-8 pb-28">
      <h1 className="text-2xl font-bold tracking-tight">{t('selfCheckIn.title')}</h1>
      <Card>
        <CardContent className="flex flex-col items-center gap-4 p-6 text-center">
          {answer ? (
            <>
              <CircleCheck className="size-14 text-green-600 dark:text-green-400" aria-hidden />
              <p role="status" className="text-lg font-semibold" data-testid="self-check-in-outcome">
                {answer.alreadyCheckedIn
                  ? t('selfCheckIn.already', {
                      time: new Intl.DateTimeFormat(locale, { timeZone, timeStyle: 'short' }).format(
                        new Date(answer.checkedInAt),
                      ),
                    })
                  : t('selfCheckIn.done')}
              </p>
            </>
          ) : refusalKey ? (
            <>
              <CircleAlert className="size-14 text-destructive" aria-hidden />
              <p role="alert" className="text-lg font-semibold" data-testid="self-check-in-outcome">
                {t(refusalKey)}
              </p>
            </>
          ) : (
            <>
              <LoaderCircle className="size-14 animate-spin text-muted-foreground" aria-hidden />
              <p role="status">{t('selfCheckIn.working')}</p>
            </>
          )}
          <Link href={`/events/${eventId}`} className={buttonVariants({ variant: 'outline' })}>
            {t('selfCheckIn.openEvent')}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
