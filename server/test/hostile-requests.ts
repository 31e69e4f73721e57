import fc from 'fast-check';
import { errorResponseSchema } from '../../contract/errors';

/**
 * Generators of the requests an attacker sends (any byte sequence in a path, query or
 * header gets a 4xx, never a 5xx), shared by the quick suite (request-fuzz.test.ts) and the long one
 * (stress/fuzz.stress.ts) so both break the server in the same ways.
 */

/**
 * UTF-8 of every UTF-16 code unit sequence, lone surrogates included (as WTF-8 does: U+D800 → ED A0 80).
 * encodeURIComponent throws on a lone surrogate and Buffer.from replaces it with U+FFFD, so neither can
 * produce the bytes a hostile client sends on purpose.
 */
export function looseUtf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    let codePoint = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (codePoint >= 0xd800 && codePoint <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (next - 0xdc00);
      index += 1;
    }
    if (codePoint < 0x80) bytes.push(codePoint);
    else if (codePoint < 0x800) bytes.push(0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f));
    else if (codePoint < 0x10000)
      bytes.push(0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f));
    else
      bytes.push(
        0xf0 | (codePoint >> 18),
        0x80 | ((codePoint >> 12) & 0x3f),
        0x80 | ((codePoint >> 6) & 0x3f),
        0x80 | (codePoint & 0x3f),
      );
  }
  return bytes;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-encodes bytes: every byte, or (as browsers do) only those outside the unreserved set. */
function percentEncode(bytes: Iterable<number>, encodeEveryByte = false): string {
  let text = '';
  for (const byte of bytes) {
    const character = String.fromCharCode(byte);
    text +=
      !encodeEveryByte && byte < 0x80 && UNRESERVED.test(character)
        ? character
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return text;
}

/**
 * Text no well-behaved client sends: bidi overrides, zero-width and NUL characters, lone surrogates, emoji sequences.
 */
const NASTY_TEXT = [
  '',
  ' ',
  '\u0000',
  '\u0000abc',
  '\u202Eexe.gnp',
  '\u202D\u2066\u2069',
  '\u200B\u200C\u200D\uFEFF',
  '\uD800',
  '\uDFFF',
  'a\uDC00b',
  '\uD83D',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈🧨',
  '你好',
  'ÿ',
  '\u00A0',
  '\uFFFD\uFFFE\uFFFF',
  '\r\n',
  '\r\nSet-Cookie: pitchin_session=attacker',
  '%',
  '%25',
  '..',
  '../../etc/passwd',
  '/',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'https://evil.example',
  'javascript:alert(1)',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  'x'.repeat(3000),
];

/** Byte sequences that are not UTF-8, or are UTF-8 a decoder must refuse. */
const NASTY_BYTES: number[][] = [
  [0x00],
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0xaf], // overlong '/'
  [0xc0, 0x80], // overlong NUL
  [0xe0, 0x80, 0xaf], // overlong '/', three bytes
  [0xf0, 0x80, 0x80, 0xaf], // overlong '/', four bytes
  [0xed, 0xa0, 0x80], // U+D800, a lone surrogate
  [0xed, 0xbf, 0xbf], // U+DFFF
  [0xe4, 0xbd], // a truncated 你
  [0xf4, 0x90, 0x80, 0x80], // past U+10FFFF
  [0x80],
  [0xc3],
  [0x25, 0x30, 0x30], // "%00" itself, to be decoded twice
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
const controlCharacter = fc.integer({ min: 0, max: 0x1f }).map((unit) => String.fromCharCode(unit));

/** Arbitrary Unicode, malformed UTF-16 included. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.oneof(
          fc.constantFrom(...NASTY_TEXT.filter((text) => text.length < 50)),
          loneSurrogate,
          controlCharacter,
          fc.string({ unit: 'binary', maxLength: 4 }),
        ),
        { maxLength: 5 },
      )
      .map((parts) => parts.join('')),
  },
);

/** Arbitrary bytes, the malformed UTF-8 sequences above more often than chance would give them. */
export const hostileBytes: fc.Arbitrary<number[]> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_BYTES) },
  { weight: 2, arbitrary: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 24 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...NASTY_BYTES), fc.string({ maxLength: 6 }))
      .map(([before, bytes, after]) => [...looseUtf8Bytes(before), ...bytes, ...looseUtf8Bytes(after)]),
  },
);

/** Percent escapes no decoder accepts. */
const BROKEN_ESCAPES = ['%', '%Z', '%ZZ', '%%', '%%30', '%E4%BD', '%u4F60', '%2', 'a%', '%0g'];

/** One percent-encoded URL component (a path segment, a query key or value), ASCII only. */
export const hostileComponent: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(hostileText, fc.boolean())
      .map(([text, encodeEveryByte]) => percentEncode(looseUtf8Bytes(text), encodeEveryByte)),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(hostileBytes, fc.boolean())
      .map(([bytes, encodeEveryByte]) => percentEncode(bytes, encodeEveryByte)),
  },
  { weight: 1, arbitrary: fc.constantFrom(...BROKEN_ESCAPES) },
);

/** Query keys the routes read (and keys no route reads, which must be ignored or refused, never crash). */
const KNOWN_QUERY_KEYS = [
  'returnTo',
  'search',
  'cursor',
  'location',
  'category',
  'limit',
  'include',
  'status',
  'state',
  'code',
  'q',
  'format',
  'page',
];

export const hostileQuery: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...KNOWN_QUERY_KEYS) },
        { weight: 1, arbitrary: hostileComponent },
        { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor[prototype]', 'search[]', 'search[0]', '') },
      ),
      fc.oneof({ weight: 6, arbitrary: hostileComponent }, { weight: 1, arbitrary: fc.constant(null) }),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((pairs) => pairs.map(([key, value]) => (value === null ? key : `${key}=${value}`)).join('&'));

/** The headers whose values the server reads, or that Node and Fastify parse before any route does. */
export const FUZZED_HEADERS = [
  'cookie',
  'origin',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
  'sec-fetch-user',
  'accept',
  'accept-language',
  'accept-encoding',
  'content-type',
  'if-none-match',
  'if-modified-since',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'host',
  'user-agent',
  'referer',
] as const;

const PLAUSIBLE_HEADER_VALUES = [
  '',
  'null',
  'document',
  'image',
  'iframe',
  'empty',
  'same-origin',
  'same-site',
  'cross-site',
  'none',
  'navigate',
  'no-cors',
  '?1',
  '*/*',
  'text/html',
  'application/json',
  'application/json; charset=utf-16',
  'image/avif,image/webp,*/*',
  'br',
  'gzip;q=0, identity;q=0',
  '*;q=0',
  'W/"x"',
  '"abc", W/"def"',
  '*',
  'Thu, 01 Jan 1970 00:00:00 GMT',
  '1.2.3.4, 999.999.1.1, ::1, [fe80::1%eth0]',
  'https',
  'javascript',
  'evil.example',
  'localhost:99999',
  '[::1',
  'a b',
  'en-US,en;q=0.9',
  'x-x-x-x;q=2',
  'https://evil.example',
  'http://127.0.0.1:1',
  'pitchin_session=',
  'pitchin_session=%FF%ZZ',
  'pitchin_session="unterminated',
  '__Host-pitchin_session=abc; pitchin_session=def',
  'a'.repeat(4000),
];

/**
 * Header values: Latin-1 with control bytes (what Node's parser hands over, bytes decoded as Latin-1)
 * and, through app.inject only, characters above U+00FF that no socket can carry but a header the
 * server copies into its answer would choke on.
 */
const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PLAUSIBLE_HEADER_VALUES) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.integer({ min: 0, max: 0xff }), { maxLength: 24 })
      .map((codes) => String.fromCharCode(...codes)),
  },
  { weight: 2, arbitrary: hostileText },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...PLAUSIBLE_HEADER_VALUES), hostileText)
      .map(([value, tail]) => `${value}${tail}`),
  },
);

export const hostileHeaders: fc.Arbitrary<Partial<Record<(typeof FUZZED_HEADERS)[number], string>>> = fc.dictionary(
  fc.constantFrom(...FUZZED_HEADERS),
  hostileHeaderValue,
  { maxKeys: 5 },
);

/** The ids a route's parameters take when they are not being fuzzed, so the route's own code runs. */
export type RouteFixture = { eventId: number; photoId: string; otherUserId: string };

/** A URL that reaches the route's handler, built from its pattern in the route table. */
export function concretePath(routeUrl: string, fixture: RouteFixture): string {
  return routeUrl
    .replace(/\/api\/conversations\/:[a-zA-Z]+/, `/api/conversations/${fixture.otherUserId}`)
    .replace(/\/api\/users\/:[a-zA-Z]+/, `/api/users/${fixture.otherUserId}`)
    .replace(':photoId', fixture.photoId)
    .replace(/:[a-zA-Z]*[iI]d\b/g, String(fixture.eventId))
    .replace(/:[a-zA-Z]+/g, '1')
    .replace(/\*$/, 'anything');
}

/**
 * The route's path with hostile bytes where the router and the handler read it: a parameter, or a
 * segment added to or swapped into a static path (which then reaches the 404 handler or another route).
 */
export function hostilePath(routeUrl: string, fixture: RouteFixture): fc.Arbitrary<string> {
  const plain = concretePath(routeUrl, fixture);
  const segments = plain.split('/');
  const variants: Array<fc.Arbitrary<string>> = [
    fc.constant(plain),
    hostileComponent.map((component) => `${plain.replace(/\/$/, '')}/${component}`),
    fc
      .tuple(fc.integer({ min: 1, max: Math.max(1, segments.length - 1) }), hostileComponent)
      .map(([index, component]) => segments.map((segment, at) => (at === index ? component : segment)).join('/')),
    fc.constantFrom(
      `${plain}//`,
      `${plain}/.`,
      `${plain}/..`,
      `${plain}%2F..%2F..`,
      `${plain};jsessionid=1`,
      plain.toUpperCase(),
      `/${plain}`,
    ),
  ];
  const parameters = [...routeUrl.matchAll(/:[a-zA-Z]+|\*$/g)].map((match) => match[0]);
  for (const parameter of parameters) {
    variants.push(
      fc
        .oneof(
          hostileComponent,
          fc.integer({ min: -(2 ** 53), max: 2 ** 53 }).map(String),
          fc.constantFrom('0', '-0', '1.5', '0x10', '1e3', '00000000-0000-0000-0000-000000000000', 'a'.repeat(250)),
        )
        .map((component) => concretePath(routeUrl.replace(parameter, component), fixture)),
    );
  }
  return fc.oneof(...variants);
}

// Built once: a zod schema made per answer was 3 of the long fuzzing run's 268 CPU-seconds.
const strictErrorResponseSchema = errorResponseSchema.strict();

/** The only error shape an /api/ caller ever sees, with a code from the one list. */
function isErrorShape(body: unknown): boolean {
  return strictErrorResponseSchema.safeParse(body).success;
}

export type Answer = {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
};

/**
 * What is wrong with an answer, or null: a 5xx; no CSP or nosniff (errors too: an error page is still a
 * document a browser may render); an /api/ error that is not {message}. `requireJsonOnApi` is off over a
 * socket, where Node's parser may refuse the request before any route is known.
 */
export function answerProblem(
  target: string,
  answer: Answer,
  { requireJsonOnApi }: { requireJsonOnApi: boolean },
): string | null {
  const summary = `${answer.statusCode} ${answer.body.slice(0, 200)}`;
  if (answer.statusCode >= 500) return `5xx: ${summary}`;
  if (!answer.headers['content-security-policy'] || answer.headers['x-content-type-options'] !== 'nosniff')
    return `no security headers: ${summary}`;
  if (!target.startsWith('/api/') || answer.statusCode < 400) return null;
  const contentType = String(answer.headers['content-type'] ?? '');
  if (answer.headers['content-encoding']) return null;
  if (!contentType.startsWith('application/json'))
    return requireJsonOnApi ? `an /api/ error that is not JSON: ${contentType} ${summary}` : null;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `an /api/ error that is not valid JSON: ${summary}`;
  }
  return isErrorShape(body) ? null : `an /api/ error not shaped {message, errors?}: ${summary}`;
}
