import fc from 'fast-check';
import sharp from 'sharp';
import { addRsvpRow, createEventRow, daysFromNow } from './fixtures';
import {
  answerProblem,
  concretePath,
  hostileHeaders,
  hostilePath,
  hostileQuery,
  hostileText,
  type RouteFixture,
} from './hostile-requests';
import { rawRequestArbitrary, sendRawRequest } from './raw-requests';
import { signUpUser, type TestApp } from './test-app';

/**
 * The driver of the request fuzz (any byte sequence in a path, query or header gets a
 * 4xx, never a 5xx), shared by the quick suite (request-fuzz.test.ts) and the long one
 * (stress/fuzz.stress.ts): the same requests, a different number of them.
 */

export type FuzzedPart = 'path' | 'query' | 'headers' | 'body';

type BodyFixture = { pastEventId: number; otherEmail: string };

/** A body each state-changing route takes, so fuzzed paths, queries and headers reach its handler. */
function bodyFor(method: string, routeUrl: string, fixture: BodyFixture): Record<string, unknown> | undefined {
  if (method === 'GET' || method === 'HEAD') return undefined;
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/auth/signup': {
      email: 'fuzz-signup@example.org',
      password: 'a long enough passphrase 91',
      firstName: 'A',
      lastName: 'B',
    },
    'POST /api/auth/login': { email: 'nobody@example.org', password: 'a long enough passphrase 91' },
    'POST /api/events': {
      title: 'T',
      description: 'D',
      location: 'L',
      date: daysFromNow(2).toISOString(),
      categoryId: 1,
      maxAttendees: 5,
      imageUrl: null,
      images: [],
    },
    'POST /api/events/:id/rsvp': { status: 'supporting' },
    'POST /api/messages': { receiverId: 'nobody@example.org', content: 'hello' },
    'PATCH /api/events/:id': { title: 'Fuzzed title', durationMinutes: 60 },
    'POST /api/events/:id/cancel': { reason: 'Fuzz' },
    'POST /api/events/:id/announcements': { content: 'hello all' },
    'PUT /api/events/:id/attendance': { entries: [{ userId: 'someone', attended: true }] },
    'POST /api/ratings': { eventId: fixture.pastEventId, rating: 5, comment: 'ok' },
  };
  return bodies[`${method} ${routeUrl}`] ?? {};
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: hostileText },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'x'.repeat(10_000),
      '9'.repeat(400),
      'data:image/png;base64,AAAA',
      'data:text/html;base64,PHNjcmlwdD4=',
      null,
      true,
      false,
      0,
      -1,
      1.5,
      2 ** 31,
      -(2 ** 53),
      Number.MAX_SAFE_INTEGER,
      [],
      {},
      [[[[[]]]]],
    ),
  },
);

/** The route's valid body broken every way a client could: a field, missing fields, other JSON, no JSON, bad bytes. */
function hostileBody(body: Record<string, unknown>): fc.Arbitrary<string | Buffer> {
  const keys = Object.keys(body);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: keys.length
        ? fc
            .tuple(fc.constantFrom(...keys), hostileValue)
            .map(([key, value]) => JSON.stringify({ ...body, [key]: value }))
        : fc.jsonValue().map((value) => JSON.stringify(value)),
    },
    {
      weight: 2,
      arbitrary: keys.length
        ? fc.subarray(keys).map((kept) => JSON.stringify(Object.fromEntries(kept.map((key) => [key, body[key]]))))
        : fc.constant('{}'),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{',
        '{"a":',
        'null',
        '"string"',
        '[1,2',
        '\u0000',
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{}}}',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 64 })
        .map((bytes) =>
          Buffer.concat([
            Buffer.from('{"title":"'),
            Buffer.from(bytes),
            Buffer.from([0xff, 0xfe, 0xc3]),
            Buffer.from('"}'),
          ]),
        ),
    },
  );
}

const bodyContentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
    ),
  },
);

/** Routes that may end the session they are called with: they get spare sessions, never the run's own. */
const mayEndSession = (routeUrl: string) => /logout|session|auth\/user|account|password/.test(routeUrl);

/** A route of the route table, as the fuzzer walks it. */
export type FuzzedRoute = { method: string; url: string };

/** Whether a route reads a body (its bodies are fuzzed too). */
export const readsBody = (route: FuzzedRoute) => route.method !== 'GET' && route.method !== 'HEAD';

export class RequestFuzzer {
  requestCount = 0;
  /** Requests sent per route (`METHOD url`), so a run can show every route got its share. */
  readonly requestsByRoute = new Map<string, number>();
  /** Answers by status: a run that only ever reached 400s or 401s would prove little. */
  readonly statusCounts = new Map<number, number>();

  private constructor(
    private readonly app: TestApp,
    public cookie: string,
    private readonly spareCookies: string[],
    private readonly fixture: RouteFixture,
    private readonly bodyFixture: BodyFixture,
  ) {}

  /**
   * Two users, an event with a photo, a past event one of them attended (so ratings reach their rules), a
   * conversation between them; the app listens on a free port for the raw requests.
   */
  static async create(app: TestApp): Promise<RequestFuzzer> {
    const me = await signUpUser(app);
    const other = await signUpUser(app);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    const created = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie: me.cookie },
      payload: {
        title: 'Fuzz',
        description: 'd',
        location: 'l',
        date: daysFromNow(4).toISOString(),
        categoryId: 2,
        maxAttendees: 3,
        imageUrl: null,
        images: [`data:image/png;base64,${png.toString('base64')}`],
      },
    });
    if (created.statusCode !== 201) throw new Error(`event creation failed: ${created.statusCode} ${created.body}`);
    await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie: me.cookie },
      payload: { receiverId: other.user.email, content: 'hello' },
    });
    const past = await createEventRow(app.database.db, { organizerId: other.user.id, date: daysFromNow(-2) });
    await addRsvpRow(app.database.db, past.id, me.user.id);
    const spareCookies: string[] = [];
    for (let index = 0; index < 4; index += 1) spareCookies.push((await signUpUser(app)).cookie);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const fixture = {
      eventId: created.json().id,
      photoId: String(created.json().images[0]).split('/').pop()!,
      otherUserId: other.user.id,
    };
    return new RequestFuzzer(app, me.cookie, spareCookies, fixture, {
      pastEventId: past.id,
      otherEmail: other.user.email,
    });
  }

  /** Every route of the route table but the documentation's static files. */
  get routes(): FuzzedRoute[] {
    return this.app.routeList.filter((route) => !route.url.startsWith('/api/docs/static/'));
  }

  private countStatus(status: number) {
    this.statusCounts.set(status, (this.statusCounts.get(status) ?? 0) + 1);
  }

  summary(): string {
    const statuses = [...this.statusCounts]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status === 0 ? 'no answer' : status}×${count}`);
    return `${this.requestCount} requests over ${this.routes.length} routes, answers ${statuses.join(' ')}`;
  }

  /** The cookie a "signed in" request carries, with or without hostile bytes around it. */
  private cookieHeader(
    routeUrl: string,
    signedIn: boolean,
    hostileCookie: string | undefined,
    index: number,
  ): string | undefined {
    if (!signedIn) return hostileCookie;
    const own = mayEndSession(routeUrl) ? this.spareCookies[index % this.spareCookies.length]! : this.cookie;
    if (hostileCookie === undefined) return own;
    return index % 2 === 0 ? `${own}; ${hostileCookie}` : `${hostileCookie}; ${own}`;
  }

  /** Sends one request and throws with what is wrong with its answer, if anything. */
  async injectAndCheck(
    method: string,
    routeUrl: string,
    url: string,
    headers: Record<string, string | undefined>,
    signedIn: boolean,
    index: number,
    hostile?: { payload: string | Buffer; contentType: string },
  ): Promise<void> {
    const { cookie: hostileCookie, ...otherHeaders } = headers;
    const sentCookie = this.cookieHeader(routeUrl, signedIn, hostileCookie, index);
    const body = bodyFor(method, routeUrl, this.bodyFixture);
    const payload = hostile?.payload ?? (body ? JSON.stringify(body) : undefined);
    const contentType = hostile?.contentType ?? (body ? 'application/json' : undefined);
    this.requestCount += 1;
    const routeKey = `${method} ${routeUrl}`;
    this.requestsByRoute.set(routeKey, (this.requestsByRoute.get(routeKey) ?? 0) + 1);
    let response;
    try {
      response = await this.app.inject({
        method: method as 'GET',
        url,
        headers: {
          ...(contentType ? { 'content-type': contentType } : {}),
          ...(otherHeaders as Record<string, string>),
          ...(sentCookie !== undefined ? { cookie: sentCookie } : {}),
        },
        ...(payload !== undefined ? { payload } : {}),
      });
    } catch (error) {
      throw new Error(`${method} ${url} threw instead of answering: ${String(error)}`, { cause: error });
    }
    this.countStatus(response.statusCode);
    const problem = answerProblem(
      url,
      { statusCode: response.statusCode, headers: response.headers, body: response.body },
      { requireJsonOnApi: true },
    );
    if (problem) throw new Error(`${method} ${url} ${JSON.stringify(headers)} signed in: ${signedIn} → ${problem}`);
  }

  private property(part: FuzzedPart, method: string, routeUrl: string) {
    const plain = concretePath(routeUrl, this.fixture);
    type FuzzedRequest = {
      url: string;
      headers: Record<string, string | undefined>;
      hostile?: { payload: string | Buffer; contentType: string };
    };
    const request: fc.Arbitrary<FuzzedRequest> =
      part === 'path'
        ? hostilePath(routeUrl, this.fixture).map((url) => ({ url, headers: {} }))
        : part === 'query'
          ? hostileQuery.map((query) => ({ url: `${plain}?${query}`, headers: {} }))
          : part === 'headers'
            ? hostileHeaders.map((headers) => ({ url: plain, headers }))
            : fc
                .tuple(hostileBody(bodyFor(method, routeUrl, this.bodyFixture) ?? {}), bodyContentType)
                .map(([payload, contentType]) => ({ url: plain, headers: {}, hostile: { payload, contentType } }));
    return fc.asyncProperty(request, fc.boolean(), fc.nat(), ({ url, headers, hostile }, signedIn, index) =>
      this.injectAndCheck(method, routeUrl, url, headers, signedIn, index, hostile),
    );
  }

  /**
   * One property per route; every route's smallest failing request is collected instead of stopping at the first.
   * Bodies are fuzzed on the routes that read one (not GET or HEAD). `runsPerRoute` may depend on the route.
   */
  async fuzzEveryRoute(
    part: FuzzedPart,
    runsPerRoute: number | ((route: FuzzedRoute) => number),
    seed: number,
  ): Promise<string[]> {
    const failures: string[] = [];
    for (const [index, route] of this.routes.entries()) {
      if (part === 'body' && !readsBody(route)) continue;
      const numRuns = typeof runsPerRoute === 'number' ? runsPerRoute : runsPerRoute(route);
      if (numRuns === 0) continue;
      const details = await fc.check(this.property(part, route.method, route.url), { numRuns, seed: seed + index });
      if (details.failed)
        failures.push(
          String(details.errorInstance instanceof Error ? details.errorInstance.message : details.errorInstance).slice(
            0,
            600,
          ),
        );
      await this.keepOwnSessionAlive();
    }
    return failures;
  }

  /** Raw bytes over the socket; failures are collected, and the server must still answer afterwards. */
  async fuzzRawSocket(runs: number, seed: number): Promise<{ failures: string[]; isAlive: boolean }> {
    const address = this.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        rawRequestArbitrary(this.routes, this.fixture, () => this.cookie),
        async (request) => {
          this.requestCount += 1;
          const answer = await sendRawRequest(address.port, request.bytes);
          this.countStatus(answer?.statusCode ?? 0);
          const problem =
            answer === null
              ? 'no answer: the server dropped the connection'
              : answerProblem(request.target, answer, { requireJsonOnApi: false });
          if (problem) failures.push(`${JSON.stringify(request.bytes.toString('latin1').slice(0, 300))} → ${problem}`);
        },
      ),
      { numRuns: runs, seed },
    );
    const alive = await sendRawRequest(
      address.port,
      Buffer.from(
        `GET /api/auth/user HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${this.cookie}\r\nConnection: close\r\n\r\n`,
      ),
    );
    return { failures, isAlive: alive?.statusCode === 200 };
  }

  /** A route that deletes the account or its sessions must not turn the rest of the run into 401s. */
  private async keepOwnSessionAlive() {
    const alive = await this.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: this.cookie } });
    if (alive.statusCode !== 200) this.cookie = (await signUpUser(this.app)).cookie;
  }
}
