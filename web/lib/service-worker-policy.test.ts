import { describe, expect, it } from 'vitest';
import type { PageData } from '@contract/page-data';
import type { User } from '@contract/users';
import {
  isAppPagePath,
  isCachedApiPath,
  languageTextUrlsOf,
  readPageDataOf,
  readPageLanguageOf,
  ticketUrlsOf,
  toOfflineShell,
  toSignedOutPage,
} from './service-worker-policy';

const user = { id: 'u-1', firstName: '</script><b>Ana', lastName: 'Silva' } as unknown as User;

function pageWith(data: PageData, rendered = '<main><div>Event 7</div></main>'): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<!doctype html><html data-rendered-language="pt" lang="pt" dir="ltr"><head><title>x</title><script type="application/json" id="pitchin-page">${json}</script><script>loader()</script></head><body><div id="root">${rendered}</div></body></html>`;
}

const eventPage = pageWith({
  user,
  queries: [
    { url: '/api/config', data: { a: 1 } },
    { url: '/api/events/7', data: { id: 7, userRsvpStatus: 'attending' } },
  ],
  renderedWith: { language: 'pt', theme: 'dark', timeZone: 'Europe/Lisbon' },
});

describe('what the service worker keeps', () => {
  it("keeps the screens' reads and the ticket, never the session, the live stream, the door, the calendar feed or the sign-in pages", () => {
    for (const path of ['/api/events/7', '/api/my-events', '/api/events/7/ticket', '/api/events/7/ticket/qr-code'])
      expect(isCachedApiPath(path), path).toBe(true);
    for (const path of [
      '/api/auth/user',
      '/api/auth/sessions',
      '/api/login',
      '/api/logout',
      '/api/callback',
      '/api/stream',
      '/api/events/7/check-ins',
      '/api/events/7/check-ins/ABCD1234',
      '/api/events/7/check-outs',
      '/api/calendar/secret-token.ics',
      '/api/calendar-feed',
      '/api/docs/json',
      '/events/7',
    ])
      expect(isCachedApiPath(path), path).toBe(false);
  });

  it("answers the app's pages, not the sign-in pages the server serves under /api", () => {
    expect(isAppPagePath('/events/7')).toBe(true);
    expect(isAppPagePath('/')).toBe(true);
    expect(isAppPagePath('/api/login')).toBe(false);
    expect(isAppPagePath('/api')).toBe(false);
  });

  it("reads the page data the server wrote, with a user's markup in it, and nothing from a page without", () => {
    expect(readPageDataOf(eventPage)?.user).toEqual(user);
    expect(readPageDataOf('<html><head></head><body></body></html>')).toBeNull();
    expect(readPageDataOf(pageWith({ user: null, queries: [], renderedWith: null }))?.user).toBeNull();
  });

  it('keeps the ticket of an event page whose person holds a place, and none for others', () => {
    expect(ticketUrlsOf(readPageDataOf(eventPage)!)).toEqual(['/api/events/7/ticket', '/api/events/7/ticket/qr-code']);
    const noPlace = {
      user,
      queries: [{ url: '/api/events/7', data: { id: 7, userRsvpStatus: null } }],
      renderedWith: null,
    };
    expect(ticketUrlsOf(noPlace)).toEqual([]);
  });
});

describe('the offline shell for a page never seen', () => {
  it("is the same person's page without its answers, its rendering or the rendered-language mark", () => {
    const shell = toOfflineShell(eventPage)!;
    expect(readPageDataOf(shell)).toEqual({ user, queries: [], renderedWith: null });
    expect(shell).toContain('<div id="root"></div></body>');
    expect(shell).not.toContain('Event 7');
    expect(shell).not.toContain('data-rendered-language');
    // The scripts that start the app stay, and the user's text cannot close the data's script element.
    expect(shell).toContain('<script>loader()</script>');
    expect(shell.match(/<\/script>/g)?.length).toBe(shell.match(/<script\b/g)?.length);
  });

  it('is not made from a signed-out page: there is nobody whose app to show', () => {
    expect(toOfflineShell(pageWith({ user: null, queries: [], renderedWith: null }))).toBeNull();
  });
});

describe("the person's language, kept for screens never opened", () => {
  it('reads the language the server wrote the page in, English for none or one the app does not ship', () => {
    expect(readPageLanguageOf(eventPage)).toBe('pt');
    expect(readPageLanguageOf('<!doctype html><html lang="ar" dir="rtl"><head></head></html>')).toBe('ar');
    expect(readPageLanguageOf('<html lang="xx"><body lang="de"></body></html>')).toBe('en');
    expect(readPageLanguageOf('<html><body lang="de"></body></html>')).toBe('en');
  });

  it("keeps every file of that language and no other's, and none for English, which is precached", () => {
    const locales = {
      'en/events': 'assets/events-a.js',
      'de/events': 'assets/events-b.js',
      'de/settings': 'assets/settings-c.js',
      'ar/events': 'assets/events-d.js',
    };
    expect(languageTextUrlsOf(locales, 'de')).toEqual(['/assets/events-b.js', '/assets/settings-c.js']);
    expect(languageTextUrlsOf(locales, 'en')).toEqual([]);
  });
});

describe('the page of a sign-out made offline', () => {
  const texts = { title: 'Signed <out>', hint: 'Back "online" & told', home: 'Home' };

  it("is in the person's language and direction, with a way home, and escapes its texts", () => {
    const page = toSignedOutPage(texts, 'ar');
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain('<h1>Signed &lt;out&gt;</h1>');
    expect(page).toContain('Back &quot;online&quot; &amp; told');
    expect(page).toContain('<a href="/">Home</a>');
    expect(toSignedOutPage(texts, 'de')).toContain('<html lang="de" dir="ltr">');
  });
});
