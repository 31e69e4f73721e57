import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  EMAIL_REMINDER_DISMISSED_COOKIE,
  LANGUAGE_COOKIE,
  type PageData,
  type RenderedWith,
  THEME_COOKIE,
  TIME_ZONE_COOKIE,
} from '../../contract/page-data';
import { choosePageLanguage } from './page-language';
import { isTimeZone } from './time-zone';

/** Renders a page for a user, or for a signed-out visitor when `page.user` is null. */
type RenderPage = (input: {
  url: string;
  page: Pick<PageData, 'user' | 'queries'>;
  renderedWith: RenderedWith;
  timeoutMs: number;
}) => Promise<string>;

/** The file of the server's rendering in a web-ssr build. */
function rendererFile(directory: string): string {
  return path.join(directory, 'server-render.js');
}

/**
 * Whether pages can be rendered on the server: rendering is on and both builds are there, the app's
 * (dist/web) and the server's rendering of it (dist/web-ssr).
 */
export function canRenderPages(
  webDistDirectory: string,
  serverRenderDirectory: string | null,
): serverRenderDirectory is string {
  return (
    serverRenderDirectory !== null &&
    existsSync(path.join(webDistDirectory, 'index.html')) &&
    existsSync(rendererFile(serverRenderDirectory))
  );
}

export interface PageRenderer {
  renderPage: RenderPage;
  /** Renders every screen once, so that the first visitors' pages do not wait for a cold start. */
  warmUp: () => Promise<void>;
}

/**
 * The server's rendering of pages, from the web build's dist/web-ssr (web/app/server-render.tsx).
 */
export async function loadPageRenderer(directory: string): Promise<PageRenderer> {
  const file = rendererFile(directory);
  const module = (await import(pathToFileURL(file).href)) as Partial<PageRenderer>;
  if (typeof module.renderPage !== 'function' || typeof module.warmUp !== 'function')
    throw new Error(`${file} is not the page renderer`);
  return { renderPage: module.renderPage, warmUp: module.warmUp };
}

const knownTimeZones = new Map<string, boolean>();

/** isTimeZone for every page request: building the Intl formatter that checks a zone is the slow part. */
function isKnownTimeZone(value: string): boolean {
  let isValid = knownTimeZones.get(value);
  if (isValid === undefined) {
    isValid = isTimeZone(value);
    // Bounded: a client can send any text, and only real zones (a few hundred) are worth keeping.
    if (isValid || knownTimeZones.size < 1_000) knownTimeZones.set(value, isValid);
  }
  return isValid;
}

/**
 * The language, theme and time zone to render a page with: the ones the browser mirrored into cookies
 * (web/lib/page-data.ts), else the app's defaults: English, light and the server's TIME_ZONE. And whether
 * the e-mail confirmation reminder was dismissed (web/lib/email-reminder-dismissal.ts).
 */
export function readRenderSettings(cookies: Record<string, string | undefined>, defaultTimeZone: string): RenderedWith {
  return {
    language: choosePageLanguage(cookies[LANGUAGE_COOKIE]),
    theme: cookies[THEME_COOKIE] === 'dark' ? 'dark' : 'light',
    timeZone: readTimeZone(cookies, defaultTimeZone),
    ...readReminderDismissal(cookies[EMAIL_REMINDER_DISMISSED_COOKIE]),
  };
}

/** A user id, as the app writes it; anything else a client sends is as if nothing were dismissed. */
function readReminderDismissal(value: string | undefined): Pick<RenderedWith, 'emailReminderDismissedBy'> {
  return value && /^[\w-]{1,64}$/.test(value) ? { emailReminderDismissedBy: value } : {};
}

/** The zone the browser said it is in (the cookie it mirrors for rendered pages), else `defaultTimeZone`. */
export function readTimeZone(cookies: Record<string, string | undefined>, defaultTimeZone: string): string {
  const timeZone = cookies[TIME_ZONE_COOKIE] ?? '';
  return timeZone.length <= 64 && isKnownTimeZone(timeZone) ? timeZone : defaultTimeZone;
}
