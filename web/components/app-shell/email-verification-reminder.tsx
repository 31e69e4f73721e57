import { useEffect, useState } from 'react';
import { EMAIL_VERIFICATION_QUERY_KEY } from '@contract/email-verification';
import { useLazyModule } from '@/lib/use-lazy-module';
import { EmailVerificationBanner } from './email-verification-banner';

const loadOutcome = () => import('./email-verification-outcome');

/**
 * The confirmation reminder and the verification link's outcome. The reminder is part of the page from
 * its first HTML: loaded on use, it came in after hydration above the page and moved everything under
 * it down by its height (about 57 px), just as a finger or a click reached for a link. The outcome,
 * which only a page the link landed on needs, still loads on use.
 */
export function EmailVerificationReminder() {
  // Read after hydration: the server's rendering has no address bar.
  const [hasOutcome, setHasOutcome] = useState(false);
  useEffect(() => {
    if (new URLSearchParams(window.location.search).has(EMAIL_VERIFICATION_QUERY_KEY)) setHasOutcome(true);
  }, []);
  const outcome = useLazyModule(loadOutcome, hasOutcome);
  return (
    <>
      {outcome && <outcome.EmailVerificationOutcome />}
      <EmailVerificationBanner />
    </>
  );
}
