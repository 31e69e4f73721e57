import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MailCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  EMAIL_VERIFICATION_QUERY_KEY,
  EMAIL_VERIFICATION_STATES,
  type EmailVerificationState,
} from '@contract/email-verification';
import { buttonVariants } from '@/components/ui/button-variants';
import { apiFetch } from '@/lib/api-fetch';
import { refusalText } from '@/lib/error-text';
import { useAuth } from '@/lib/use-auth';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';

/** Dismissed for the rest of the browser tab's session: the banner is a reminder, not a wall. */
const DISMISSED_KEY = 'pitchin.emailVerificationBannerDismissed';

function isVerificationState(value: string | null): value is EmailVerificationState {
  return (EMAIL_VERIFICATION_STATES as readonly string[]).includes(value ?? '');
}

/**
 * The verification link lands on `/?emailVerification=<state>`: say what happened in a toast, and take
 * the parameter out of the address so a reload or a bookmark does not say it again.
 */
function useVerificationOutcomeToast() {
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
}

/**
 * A small reminder on every signed-in page while the account's address is unconfirmed. The app stays fully
 * usable; only messages to people without an account wait for the confirmation.
 */
export function EmailVerificationBanner() {
  const { t, i18n } = useTranslation('shell');
  const { user } = useAuth();
  // Read after hydration: the server's rendering knows nothing of this tab's storage.
  const [isDismissed, setIsDismissed] = useState(false);
  useEffect(() => {
    if (window.sessionStorage.getItem(DISMISSED_KEY) === 'true') setIsDismissed(true);
  }, []);
  useVerificationOutcomeToast();
  const resend = useMutation<unknown, Error, void>({
    networkMode: 'always',
    // apiFetch itself, not the typed client: the call has no body and no answer, and the typed client would
    // be one more chunk on pages that do not load it otherwise.
    mutationFn: () => apiFetch('/api/auth/verify-email/resend', { method: 'POST' }),
    onSuccess: () =>
      toast({
        title: t('emailVerification.sent.title'),
        description: t('emailVerification.sent.description', { email: user?.email ?? '' }),
      }),
    onError: (error) =>
      void refusalText(i18n, error).then((text) =>
        toast({
          title: t('emailVerification.resendFailed'),
          description: text ?? undefined,
          variant: 'destructive',
        }),
      ),
  });

  if (!user || user.emailVerified || !user.email || isDismissed) return null;
  return (
    <section
      aria-label={t('emailVerification.region')}
      className="border-b border-amber-300/70 bg-amber-50 text-amber-950 dark:border-amber-500/40 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="email-verification-banner"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm sm:px-6">
        <MailCheck className="size-4 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1">{t('emailVerification.text', { email: user.email })}</p>
        <button
          type="button"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
          className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'h-7 bg-transparent')}
          data-testid="email-verification-resend"
        >
          {resend.isPending ? t('emailVerification.sending') : t('emailVerification.resend')}
        </button>
        <button
          type="button"
          onClick={() => {
            window.sessionStorage.setItem(DISMISSED_KEY, 'true');
            setIsDismissed(true);
          }}
          aria-label={t('emailVerification.dismiss')}
          className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'size-7' })}
          data-testid="email-verification-dismiss"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </section>
  );
}
