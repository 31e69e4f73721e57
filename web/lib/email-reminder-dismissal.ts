import { useContext, useState } from 'react';
import { EMAIL_REMINDER_DISMISSED_COOKIE } from '@contract/page-data';
import { writePageCookie } from './page-data';
import { RenderedWithContext } from './rendered-with';

function readDismissedBy(): string | null {
  const prefix = `${EMAIL_REMINDER_DISMISSED_COOKIE}=`;
  const pair = document.cookie.split('; ').find((entry) => entry.startsWith(prefix));
  return pair ? decodeURIComponent(pair.slice(prefix.length)) : null;
}

// Dismissed since this page loaded: a reminder shown again later without a page load (back from the
// kiosk's full screen, which has no chrome) must not go by the page's first HTML, from before it.
let dismissedSinceLoad: string | null = null;

/**
 * Whether `userId` dismissed the reminder in this browser session, and the way to dismiss it. A cookie
 * rather than the tab's storage: the server must know it, or it would render the reminder into the page
 * and the browser remove it (the page jumping up), as it once added it after hydration (the page jumping
 * down under a finger about to tap). It holds the user's id, so another account signed in on the same
 * browser still sees its own reminder.
 */
export function useEmailReminderDismissal(userId: string): [isDismissed: boolean, dismiss: () => void] {
  // As the server read the cookie when it rendered the page, so that hydration leaves the reminder out
  // alike; the browser rendering on its own reads the cookie itself.
  const rendered = useContext(RenderedWithContext);
  const [dismissedBy, setDismissedBy] = useState(
    () =>
      dismissedSinceLoad ?? (rendered === undefined ? readDismissedBy() : (rendered.emailReminderDismissedBy ?? null)),
  );
  const dismiss = () => {
    dismissedSinceLoad = userId;
    // A session cookie: the reminder is back in the next browser session, as a reminder should be.
    writePageCookie(EMAIL_REMINDER_DISMISSED_COOKIE, userId, { isSession: true });
    setDismissedBy(userId);
  };
  return [dismissedBy === userId, dismiss];
}
