import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_PATH, resolveReturnPath } from './return-to';

const ORIGIN = 'https://pitchin.example';
const OTHER_ORIGIN = 'http://other.test:8080';

/** What a browser does with a Location header or a location.assign() of the answer, on any origin. */
function staysOn(path: string, origin: string): boolean {
  return new URL(path, origin).origin === new URL(origin).origin;
}

/** Pieces an attacker splices together: dot segments in every spelling, slashes, schemes, whitespace. */
const hostilePiece = fc.constantFrom(
  '/',
  '\\',
  '.',
  '..',
  '%2e',
  '%2E%2e',
  '%2f',
  '%5c',
  '%5C',
  '%09',
  '%0a',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u2028',
  '\u0085',
  '@',
  ':',
  'evil.example',
  'https:',
  'javascript:',
  'data:',
  '?',
  '#',
  'api',
  'login',
  '%00',
);
const hostileValue = fc.array(hostilePiece, { maxLength: 12 }).map((pieces) => pieces.join(''));
const anyValue = fc.oneof(
  hostileValue,
  hostileValue.map((value) => `/${value}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }).map((value) => `/${value}`),
);

describe('resolveReturnPath', () => {
  it('answers, for any string, a path that stays on our origin and on any other, starting with one slash', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        const path = resolveReturnPath(value, ORIGIN);
        expect(path).toMatch(/^\/(?![/\\])/);
        expect(path).toMatch(/^[\x21-\x7e]+$/);
        expect(staysOn(path, ORIGIN)).toBe(true);
        expect(staysOn(path, OTHER_ORIGIN)).toBe(true);
        // Already normalised: resolving the answer again changes nothing.
        expect(resolveReturnPath(path, ORIGIN)).toBe(path);
      }),
      { numRuns: 5000, seed: 20261126 },
    );
  });

  it('keeps any plain same-origin path, query and fragment as they are', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_~-]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        fc.option(segment, { nil: undefined }),
        fc.option(segment, { nil: undefined }),
        (segments, query, fragment) => {
          const path = `/${segments.join('/')}${query ? `?q=${query}` : ''}${fragment ? `#${fragment}` : ''}`;
          fc.pre(!['/api/login', '/api/logout'].includes(`/${segments.join('/')}`));
          expect(resolveReturnPath(path, ORIGIN)).toBe(path);
        },
      ),
      { numRuns: 500, seed: 20261126 },
    );
  });

  it.each([
    '/..//evil.example/phish',
    '/.//evil.example/phish',
    '/%2e%2e//evil.example/phish',
    '/%2E%2E//evil.example/phish',
    '/.%2e//evil.example/phish',
    '/x/..//evil.example/phish',
    '/x/%2e%2e//evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example/phish',
    '\\\\evil.example/phish',
    '/\t/evil.example/phish',
    '/\n/evil.example/phish',
    '/\r\n/evil.example/phish',
    '\t//evil.example/phish',
    '/\u2028/evil.example',
    'https://evil.example/phish',
    'https:evil.example/phish',
    'https:/evil.example/phish',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.example/phish',
    '',
    null,
    undefined,
    '/api/login?returnTo=/x',
    '/api/logout',
    '/./api/logout',
    '/%61pi/logout',
  ])('refuses %j and answers the default path', (value) => {
    expect(resolveReturnPath(value, ORIGIN)).toBe(DEFAULT_RETURN_PATH);
  });

  it.each([
    ['/events/3?tab=reviews#top', '/events/3?tab=reviews#top'],
    ['/journey', '/journey'],
    ['/events/../journey', '/journey'],
    ['/%2f/evil.example', '/%2f/evil.example'],
    ['/%5cevil.example', '/%5cevil.example'],
    ['/caf\u00e9?q=\u2713#\u00e9', '/caf%C3%A9?q=%E2%9C%93#%C3%A9'],
    ['/a b', '/a%20b'],
  ])('keeps the same-origin path %j as %j', (value, expected) => {
    expect(resolveReturnPath(value, ORIGIN)).toBe(expected);
    expect(staysOn(expected, ORIGIN)).toBe(true);
  });

  it('answers the default when our own origin cannot be parsed (a garbled Host)', () => {
    expect(resolveReturnPath('/journey', 'http://bad host')).toBe(DEFAULT_RETURN_PATH);
  });
});
