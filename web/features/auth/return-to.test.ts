import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

const origin = 'https://pitchin.example';

describe('safeReturnTo', () => {
  it('keeps same-origin paths with query and hash', () => {
    expect(safeReturnTo('/events/3?tab=reviews#top', origin)).toBe('/events/3?tab=reviews#top');
    expect(safeReturnTo('/journey', origin)).toBe('/journey');
  });

  it('falls back to / for anything that could leave the site', () => {
    for (const raw of [
      null,
      undefined,
      '',
      'events',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnTo(raw, origin)).toBe('/');
    }
  });

  it('never loops back to the sign-in or sign-out navigation', () => {
    expect(safeReturnTo('/api/login?returnTo=/x', origin)).toBe('/');
    expect(safeReturnTo('/api/logout', origin)).toBe('/');
  });
});
