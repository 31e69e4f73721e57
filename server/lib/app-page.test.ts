import { describe, expect, it } from 'vitest';
import { isAppPageRequest } from './app-page';

describe('isAppPageRequest', () => {
  it('takes page addresses with a dot in them for pages: a conversation with an invited address', () => {
    expect(isAppPageRequest('GET', '/chat/friend%40example.org')).toBe(true);
    expect(isAppPageRequest('GET', '/chat/ana@example.dev')).toBe(true);
    expect(isAppPageRequest('GET', '/events/12?from=share.link')).toBe(true);
    expect(isAppPageRequest('HEAD', '/discover')).toBe(true);
  });

  it('leaves files, the API and writes alone, so a missing file is a 404 and not the app', () => {
    for (const url of [
      '/favicon.ico',
      '/robots.txt',
      '/og-image.png',
      '/site.webmanifest',
      '/assets/missing-file.js',
      '/missing.css',
      '/fonts/inter.woff2',
      '/api/events',
      '/api',
    ]) {
      expect(isAppPageRequest('GET', url), url).toBe(false);
    }
    expect(isAppPageRequest('POST', '/chat')).toBe(false);
  });
});
