import { useState } from 'react';
import { MailCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button-variants';
import { useEmailReminderDismissal } from '@/lib/email-reminder-dismissal';
import { useAuth } from '@/lib/use-auth';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';

/**
 * A small reminder on every signed-in page while the account's address is unconfirmed. The app stays fully
 * usable; only messages to people without an account wait for the confirmation. Dismissed, it stays away
 * for the rest of the browser session. Part of the page the server renders, so it never moves the page.
 */
export function EmailVerificationBanner() {
  const { t, i18n } = useTranslation('shell');
  const { user } = useAuth();
  const [isDismissed, dismiss] = useEmailReminderDismissal(user?.id ?? '');
  const [isSending, setIsSending] = useState(false);
  const resend = async (email: string) => {
    setIsSending(true);
    try {
      const { resendVerificationEmail } = await import('./resend-verification-email');
      await resendVerificationEmail(i18n, email);
    } catch {
      // Its code did not arrive (a lost connection): the same failure toast as a refused request.
      toast({ title: t('emailVerification.resendFailed'), variant: 'destructive' });
    } finally {
      setIsSending(false);
    }
  };

  if (!user || user.emailVerified || !user.email || isDismissed) return null;
  const { email } = user;
  return (
    <section
      aria-label={t('emailVerification.region')}
      className="border-b border-amber-300/70 bg-amber-50 text-amber-950 dark:border-amber-500/40 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="email-verification-banner"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm sm:px-6">
        <MailCheck className="size-4 shrink-0" aria-hidden />
        {/* Isolated (U+2068 … U+2069): in Arabic the address's "-" and "." otherwise joined the sentence's
            right-to-left run and moved to its other end. */}
        <p className="min-w-0 flex-1">{t('emailVerification.text', { email: `\u2068${email}\u2069` })}</p>
        <button
          type="button"
          onClick={() => void resend(email)}
          disabled={isSending}
          className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'h-7 bg-transparent')}
          data-testid="email-verification-resend"
        >
          {isSending ? t('emailVerification.sending') : t('emailVerification.resend')}
        </button>
        <button
          type="button"
          onClick={dismiss}
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
