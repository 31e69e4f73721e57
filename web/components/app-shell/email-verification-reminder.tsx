import { useEffect, useState } from 'react';
import { EMAIL_VERIFICATION_QUERY_KEY } from '@contract/email-verification';
import { useAuth } from '@/lib/use-auth';
import { useLazyModule } from '@/lib/use-lazy-module';

const loadBanner = () => import('./email-verification-banner');
const loadOutcome = () => import('./email-verification-outcome');

/**
 * The confirmation reminder and the verification link's outcome, loaded on use: only an account whose
 * address is unconfirmed, or a page the link landed on, needs their code, so every other signed-in page
 * keeps it out of its first load.
 */
export function EmailVerificationReminder() {
  const { user } = useAuth();
  // Read after hydration: the server's rendering has no address bar.
  const [hasOutcome, setHasOutcome] = useState(false);
  useEffect(() => {
    if (new URLSearchParams(window.location.search).has(EMAIL_VERIFICATION_QUERY_KEY)) setHasOutcome(true);
  }, []);
  const isUnconfirmed = Boolean(user?.email && !user.emailVerified);
  const banner = useLazyModule(loadBanner, isUnconfirmed);
  const outcome = useLazyModule(loadOutcome, hasOutcome);
  return (
    <>
      {outcome && <outcome.EmailVerificationOutcome />}
      {banner && <banner.EmailVerificationBanner />}
    </>
  );
}
