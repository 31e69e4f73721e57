import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EMAIL_VERIFICATION_QUERY_KEY,
  EMAIL_VERIFICATION_STATES,
  type EmailVerificationState,
} from '@contract/email-verification';
import { toast } from '@/lib/use-toast';

function isVerificationState(value: string | null): value is EmailVerificationState {
  return (EMAIL_VERIFICATION_STATES as readonly string[]).includes(value ?? '');
}

/**
 * The verification link lands on `/?emailVerification=<state>`: say what happened in a toast, and take
 * the parameter out of the address so a reload or a bookmark does not say it again. Loaded only on the
 * page the link landed on, apart from the reminder, which every unconfirmed account loads.
 */
export function EmailVerificationOutcome() {
  const { t } = useTranslation('shell');
  useEffect(() => {
    const url = new URL(window.location.href);
    const state = url.searchParams.get(EMAIL_VERIFICATION_QUERY_KEY);
    if (!isVerificationState(state)) return;
    url.searchParams.delete(EMAIL_VERIFICATION_QUERY_KEY);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    toast({
      title: t(`emailVerification.outcome.${state}.title`),
      description: t(`emailVerification.outcome.${state}.description`),
      ...(state === 'verified' ? {} : { variant: 'destructive' as const }),
    });
  }, [t]);
  return null;
}
