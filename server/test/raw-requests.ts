import net from 'node:net';
import fc from 'fast-check';
import {
  type Answer,
  concretePath,
  FUZZED_HEADERS,
  hostileBytes,
  hostileComponent,
  hostileText,
  looseUtf8Bytes,
  type RouteFixture,
} from './hostile-requests';

/**
 * Raw HTTP/1.1 over a socket, for the bytes app.inject cannot send: unescaped non-ASCII in the request
 * target, Latin-1 and control bytes in header values, broken framing. Node's parser may refuse them
 * before Fastify sees them; what counts is that something answers, and never with a 5xx.
 */

const ANSWER_TIMEOUT_MS = 10_000;

function decodeChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < body.length) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Writes the bytes and reads until the server closes; null when nothing came back at all. */
export function sendRawRequest(port: number, bytes: Buffer): Promise<Answer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: '127.0.0.1', port });
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const received = Buffer.concat(chunks);
      const headEnd = received.indexOf('\r\n\r\n');
      if (received.length === 0 || headEnd < 0) return resolve(null);
      const [statusLine, ...headerLines] = received.subarray(0, headEnd).toString('latin1').split('\r\n');
      const statusCode = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0);
      if (!statusCode) return resolve(null);
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const rawBody = received.subarray(headEnd + 4);
      const body = headers['transfer-encoding']?.includes('chunked') ? decodeChunked(rawBody) : rawBody;
      resolve({ statusCode, headers, body: body.toString('utf8') });
    };
    const timer = setTimeout(finish, ANSWER_TIMEOUT_MS);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', finish);
    socket.on('close', finish);
    // A reset after the answer was written is how Node ends a refused request; the answer still counts.
    socket.on('error', () => {});
    // Not end(): Node aborts a request whose client half-closes before the answer (no real client does),
    // and every request says Connection: close, so the server ends the connection.
    socket.on('connect', () => socket.write(bytes));
  });
}

export type RawRequest = { target: string; bytes: Buffer };

/** Bytes for the request target, unescaped: raw UTF-8 (lone surrogates too), raw arbitrary bytes, broken escapes. */
const rawTargetPart: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 2, arbitrary: hostileText.map((text) => Buffer.from(looseUtf8Bytes(text))) },
  { weight: 2, arbitrary: hostileBytes.map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: hostileComponent.map((text) => Buffer.from(text, 'latin1')) },
);

/** Header values as bytes: Node decodes them as Latin-1 and refuses control bytes other than tab. */
const rawHeaderValue: fc.Arbitrary<Buffer> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.array(fc.integer({ min: 0x20, max: 0xff }), { maxLength: 32 }).map((bytes) => Buffer.from(bytes)),
  },
  { weight: 2, arbitrary: hostileText.map((text) => Buffer.from(looseUtf8Bytes(text.replace(/[\r\n]/g, '')))) },
  {
    weight: 1,
    arbitrary: fc.array(fc.integer({ min: 0, max: 0xff }), { maxLength: 16 }).map((bytes) => Buffer.from(bytes)),
  },
);

/** Framing a parser must refuse: smuggling attempts, folded and nameless headers, a missing or doubled Host. */
const BROKEN_FRAMING = [
  'Transfer-Encoding: chunked\r\nContent-Length: 5\r\n',
  'Transfer-Encoding: chunked, identity\r\n',
  'Content-Length: 1\r\nContent-Length: 2\r\n',
  'Content-Length: -1\r\n',
  'X-Folded: a\r\n b\r\n',
  ': no-name\r\n',
  'Bad Name: x\r\n',
  'Host: second.example\r\n',
  'Cookie: a=b\r\nCookie: pitchin_session=c\r\n',
];

export function rawRequestArbitrary(
  routes: ReadonlyArray<{ method: string; url: string }>,
  fixture: RouteFixture,
  currentCookie: () => string,
): fc.Arbitrary<RawRequest> {
  return fc
    .record({
      route: fc.constantFrom(...routes),
      where: fc.constantFrom('segment', 'parameter', 'query', 'returnTo', 'none'),
      part: rawTargetPart,
      headers: fc.array(
        fc.tuple(fc.constantFrom(...FUZZED_HEADERS.filter((name) => name !== 'host')), rawHeaderValue),
        { maxLength: 3 },
      ),
      hostValue: fc.option(rawHeaderValue, { freq: 4 }),
      hasHost: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      framing: fc.option(fc.constantFrom(...BROKEN_FRAMING), { freq: 5 }),
      signedIn: fc.boolean(),
      httpVersion: fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/1.2', 'HTTP/9.9'),
    })
    .map(({ route, where, part, headers, hostValue, hasHost, framing, signedIn, httpVersion }) => {
      const plain = concretePath(route.url, fixture);
      const parameter = /:[a-zA-Z]+|\*$/.exec(route.url)?.[0];
      const [before, after] =
        where === 'segment'
          ? [`${plain.replace(/\/$/, '')}/`, '']
          : where === 'parameter' && parameter
            ? concretePath(route.url.replace(parameter, '\u0001'), fixture).split('\u0001')
            : where === 'query'
              ? [`${plain}?search=`, '&location=x']
              : where === 'returnTo'
                ? [`${plain}?returnTo=/`, '']
                : [plain, ''];
      const target = Buffer.concat([
        Buffer.from(before ?? plain, 'latin1'),
        where === 'none' ? Buffer.alloc(0) : part,
        Buffer.from(after ?? '', 'latin1'),
      ]);
      const isSignOut = /logout/.test(route.url);
      const lines: Buffer[] = [
        Buffer.from(`${route.method} `, 'latin1'),
        target,
        Buffer.from(` ${httpVersion}\r\n`, 'latin1'),
      ];
      if (hasHost)
        lines.push(
          Buffer.from('Host: ', 'latin1'),
          hostValue ?? Buffer.from('127.0.0.1', 'latin1'),
          Buffer.from('\r\n'),
        );
      if (signedIn && !isSignOut) lines.push(Buffer.from(`Cookie: ${currentCookie()}\r\n`, 'latin1'));
      for (const [name, value] of headers) lines.push(Buffer.from(`${name}: `, 'latin1'), value, Buffer.from('\r\n'));
      if (framing) lines.push(Buffer.from(framing, 'latin1'));
      const body = route.method === 'GET' ? '' : '{}';
      if (body && !framing)
        lines.push(Buffer.from(`Content-Type: application/json\r\nContent-Length: ${body.length}\r\n`, 'latin1'));
      lines.push(Buffer.from(`Connection: close\r\n\r\n${framing ? '' : body}`, 'latin1'));
      return { target: target.toString('latin1'), bytes: Buffer.concat(lines) };
    });
}
