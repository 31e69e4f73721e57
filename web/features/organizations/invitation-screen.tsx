import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button-variants';
import { statusOf } from '@/lib/api-error';
import { callApi } from '@/lib/call-api';

/**
 * /organizations/invitation#token=…: an e-mailed invitation's link, which joins the signed-in person. The token is in
 * the fragment, which no server log or Referer carries, and is read in an effect (the page is rendered on
 * the server without it).
 */
export function InvitationScreen() {
  const { t } = useTranslation('organizations');
  const [token, setToken] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: (value: string) =>
      callApi((api) => api.POST('/api/organization-invitations/accept', { body: { token: value } })),
  });
  // Once per opening, even when React runs the effect twice: a second call would find the invitation used.
  const isSent = useRef(false);
  const { mutate } = accept;
  useEffect(() => {
    const value = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
    setToken(value);
    if (value && !isSent.current) {
      isSent.current = true;
      mutate(value);
    }
  }, [mutate]);
  const status = accept.isError ? statusOf(accept.error) : null;
  const message =
    token === ''
      ? t('invitation.missing')
      : accept.isSuccess
        ? t('invitation.joined', { name: accept.data.name, role: t(`roles.${accept.data.viewerRole ?? 'member'}`) })
        : status === 409
          ? t('invitation.used')
          : status === 404
            ? t('invitation.invalid')
            : accept.isError
              ? t('invitation.failed')
              : t('invitation.joining');
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <span
        className="inline-flex size-14 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground"
        aria-hidden
      >
        <MailCheck className="size-7" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{t('invitation.title')}</h1>
      <p role="status" className="text-muted-foreground" dir="auto" data-testid="invitation-status">
        {message}
      </p>
      {accept.isSuccess && (
        <Link href={`/o/${accept.data.slug}`} className={buttonVariants()} data-testid="invitation-open-organization">
          {t('invitation.open', { name: accept.data.name })}
        </Link>
      )}
    </div>
  );
}
