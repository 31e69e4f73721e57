import type { User } from './users';

/**
 * What the server puts in a page it sends to a signed-in browser, or renders for a signed-out one, as JSON in
 * `<script type="application/json" id="pitchin-page">` (server/plugins/web.ts), and what the app reads
 * from it before its first render (web/app/main.tsx). Types only, no schema: the server writes it and
 * the app trusts it, and a schema would bring zod into every page's first load.
 */
export const PAGE_DATA_ELEMENT_ID = 'pitchin-page';

/** The settings the server rendered the page's HTML with; the browser hydrates with the same ones. */
export interface RenderedWith {
  language: string;
  theme: 'light' | 'dark';
  timeZone: string;
  /**
   * The user who dismissed the e-mail confirmation reminder in this browser session, from its cookie: the
   * server leaves the reminder out of the HTML then, so it is neither shown and removed nor added later.
   */
  emailReminderDismissedBy?: string;
}

export interface PageData {
  /** The signed-in user, exactly as GET /api/auth/user answers; null on a signed-out visitor's page. */
  user: User | null;
  /** Answers the page's first render needs, as GET returned them: the query key is `[url]`. */
  queries: Array<{ url: string; data: unknown }>;
  /** Set when the HTML holds the server's rendering of the page (else the app renders it itself). */
  renderedWith: RenderedWith | null;
}

/** Cookies the app mirrors from the browser's own settings, so the server renders pages with them. */
export const LANGUAGE_COOKIE = 'pitchin_language';
export const THEME_COOKIE = 'pitchin_theme';
export const TIME_ZONE_COOKIE = 'pitchin_time_zone';
/** A session cookie holding the id of the user who dismissed the e-mail confirmation reminder. */
export const EMAIL_REMINDER_DISMISSED_COOKIE = 'pitchin_email_reminder_dismissed';

/** The JSON element holding the scripts of a page the server rendered: `{ entry, preload }`. */
export const DEFERRED_SCRIPTS_ELEMENT_ID = 'pitchin-scripts';

/**
 * The function the script loader of a server-rendered page leaves on `window`: it stops recording and
 * returns the clicks on buttons and the form submits made before the app hydrated the page.
 */
export const EARLY_EVENTS_FUNCTION = 'pitchinTakeEarlyEvents';
