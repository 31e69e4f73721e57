import { lazy, Suspense } from 'react';
import { Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/components/app-shell/use-current-user';
import { useUnauthorizedFallback } from '@/components/app-shell/use-unauthorized-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { DataSection, DeleteAccountSection } from './data-section';
import { EmailSection } from './email-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';
import { useSessions } from './api/use-account';

// Below the fold, with texts of its own (the moderation namespace): it loads after the rest of the page.
const BlockedSection = lazy(() => import('./blocked-section'));

/** The account screen (profile and photo, password, e-mails, sessions, data export, deletion). */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { user } = useCurrentUser();
  useUnauthorizedFallback(useSessions().error);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex items-start gap-3">
        <span
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground"
          aria-hidden
        >
          <Settings className="size-5" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
          <p className="mt-0.5 text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
      </div>
      <div className="mt-6 grid gap-6">
        {user ? <ProfileSection user={user} /> : <Skeleton className="h-72 w-full rounded-xl" />}
        <PasswordSection />
        <EmailSection />
        <SessionsSection />
        <Suspense fallback={<Skeleton className="h-40 w-full rounded-xl" />}>
          <BlockedSection />
        </Suspense>
        <DataSection />
        <DeleteAccountSection />
      </div>
    </div>
  );
}
