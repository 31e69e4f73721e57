import type { i18n as I18n } from 'i18next';
import { apiFetch } from '@/lib/api-fetch';
import { refusalText } from '@/lib/error-text';
import { toast } from '@/lib/use-toast';

/**
 * The reminder's "Resend": asks for a new link and says how it went in a toast. Loaded on the first
 * click, so the reminder on every page of an unconfirmed account carries only what it shows.
 */
export async function resendVerificationEmail(i18n: I18n, email: string): Promise<void> {
  const t = i18n.getFixedT(null, 'shell');
  try {
    // apiFetch itself, not the typed client: the call has no body and no answer.
    await apiFetch('/api/auth/verify-email/resend', { method: 'POST' });
    toast({
      title: t('emailVerification.sent.title'),
      description: t('emailVerification.sent.description', { email }),
    });
  } catch (error) {
    const text = await refusalText(i18n, error);
    toast({ title: t('emailVerification.resendFailed'), description: text ?? undefined, variant: 'destructive' });
  }
}
