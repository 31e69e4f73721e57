import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNT, signInWith, signUpWith, type TestUser } from './support/accounts';

/**
 * OWASP XSS payloads stored in every user text field (names, event title, description,
 * location, rating comments, messages) and opened in real Chromium on every screen that shows them.
 * None may execute: window.__xss stays undefined, no dialog opens, and the CSP never had to block a
 * script (a blocked script would mean the payload reached a script sink and only the CSP saved us).
 * Each screen must also show the payload as text, which proves it was rendered and not dropped.
 */

const PAYLOADS = [
  '<img src=x onerror=window.__xss=1>',
  '<script>window.__xss=1</script>',
  '"><svg onload=window.__xss=1>',
  "{{constructor.constructor('window.__xss=1')()}}",
  '</title><script>window.__xss=1</script>',
  '<a href="javascript:window.__xss=1">x</a>',
  "'><img src=x onerror=alert(1)>",
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<details open ontoggle=window.__xss=1>',
  'javascript:window.__xss=1',
] as const;

declare global {
  interface Window {
    __xss?: unknown;
    __cspViolations?: string[];
  }
}

type Guard = { dialogs: string[]; cspConsole: string[] };

/** Watches a page for any sign that a payload ran or was about to run. */
async function guard(page: Page): Promise<Guard> {
  const state: Guard = { dialogs: [], cspConsole: [] };
  page.on('dialog', (dialog) => {
    state.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    // Zod runs jitless (web/lib/zod-jitless.ts), so no script report of any kind is expected, eval included.
    if (/Content Security Policy/i.test(message.text()) && /script|inline|eval/i.test(message.text()))
      state.cspConsole.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile} ${event.sample}`,
      );
    });
  });
  return state;
}

async function expectNothingRan(page: Page, state: Guard, screen: string) {
  // onerror / onload / ontoggle handlers fire after the first paint; give them the time to.
  await page.waitForTimeout(300);
  const seen = await page.evaluate(() => ({
    xss: typeof window.__xss,
    csp: (window.__cspViolations ?? []).filter((line) => /script/i.test(line)),
  }));
  expect(seen.xss, `${screen}: window.__xss was set`).toBe('undefined');
  expect(seen.csp, `${screen}: CSP blocked a script`).toEqual([]);
  expect(state.dialogs, `${screen}: a dialog opened`).toEqual([]);
  expect(state.cspConsole, `${screen}: CSP console report`).toEqual([]);
}

async function expectText(page: Page, text: string, screen: string) {
  await expect(page.getByText(text, { exact: false }).first(), `${screen} shows ${JSON.stringify(text)}`).toBeVisible({
    timeout: 60_000,
  });
}

const suffix = () => randomBytes(4).toString('hex');
const inHours = (hours: number) => new Date(Date.now() + hours * 60 * 60 * 1000).toISOString();

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );
}

async function post(request: APIRequestContext, url: string, data: unknown, statuses: number[]) {
  const response = await request.post(url, { data });
  expect(statuses, `${url}: ${response.status()} ${await response.text()}`).toContain(response.status());
  return response.json();
}

/** Opens a screen, waits for every expected text to be visible, then checks nothing ran. */
async function visit(
  page: Page,
  state: Guard,
  url: string,
  shows: string[],
  label: string,
  prepare?: (page: Page) => Promise<void>,
) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  if (prepare) await prepare(page);
  for (const text of shows) await expectText(page, text, `${label} ${url}`);
  await expectNothingRan(page, state, `${label} ${url}`);
}

type Author = {
  context: BrowserContext;
  user: TestUser;
  name: string;
  payload: string;
  event: { id: number };
  fields: { title: string; description: string; location: string };
  content: string;
};

/**
 * One author per payload, named with it, organizing an event whose title, description and location
 * carry it, and messaging one reader about that event. The reader joins every event, so their lists
 * (home, discover, my events, profile, journey, messages) show all payloads at once.
 */
test.describe('stored XSS payloads never execute', () => {
  test.describe.configure({ mode: 'default' });
  const tag = `xss${suffix()}`;
  const authors: Author[] = [];
  let reader: { context: BrowserContext; user: TestUser };

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(600_000);
    const readerContext = await browser.newContext({ baseURL });
    reader = {
      context: readerContext,
      user: await signUpWith(readerContext.request, { firstName: 'Reader', lastName: tag }),
    };
    for (const [index, payload] of PAYLOADS.entries()) {
      const context = await browser.newContext({ baseURL });
      const name = `F${index} ${payload}`;
      const user = await signUpWith(context.request, { firstName: name, lastName: `L${index} ${payload}` });
      const fields = {
        title: `${tag} T${index} ${payload}`,
        description: `D${index} ${payload}`,
        location: `Loc${index} ${payload}`,
      };
      // Within the hour: the soonest upcoming events lead the home list.
      const event = await post(
        context.request,
        '/api/events',
        {
          ...fields,
          date: inHours(1 + index / 100),
          categoryId: 1 + (index % 12),
          maxAttendees: null,
          imageUrl: null,
          images: [],
        },
        [201],
      );
      const content = `M${index} ${payload}`;
      await post(context.request, '/api/messages', { receiverId: reader.user.id, content, eventId: event.id }, [201]);
      await post(readerContext.request, `/api/events/${event.id}/rsvp`, { status: 'attending' }, [200]);
      authors.push({ context, user, name, payload, event, fields, content });
    }
  });

  test.afterAll(async () => {
    for (const author of authors) await author.context.close();
    await reader?.context.close();
  });

  test("the reader's lists: home, discover, my events, messages, profile, journey", async () => {
    test.setTimeout(600_000);
    const page = await reader.context.newPage();
    const state = await guard(page);
    const titles = authors.map((author) => author.fields.title);
    await visit(page, state, '/', titles, 'reader');
    await visit(
      page,
      state,
      `/discover?search=${encodeURIComponent(tag)}`,
      authors.flatMap((author) => [
        author.fields.title,
        author.fields.description,
        author.fields.location,
        author.name,
      ]),
      'reader',
    );
    await visit(page, state, '/my-events', titles, 'reader', (screen) =>
      screen.getByRole('tab', { name: 'Events I Joined' }).click(),
    );
    await visit(
      page,
      state,
      '/messages',
      authors.flatMap((author) => [author.name, author.content, author.fields.title]),
      'reader',
    );
    await visit(page, state, '/profile', [], 'reader');
    await visit(page, state, '/journey', [], 'reader');
  });

  test('event detail pages, and the server-rendered link-preview HTML escapes every payload', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(600_000);
    const page = await reader.context.newPage();
    const state = await guard(page);
    const visitor = await browser.newContext({ baseURL });
    try {
      for (const author of authors) {
        await visit(
          page,
          state,
          `/events/${author.event.id}`,
          [author.fields.title, author.fields.description, author.fields.location, author.name],
          'reader',
        );
        for (const request of [reader.context.request, visitor.request]) {
          const html = await (await request.get(`/events/${author.event.id}`)).text();
          const fullHead = html.slice(0, html.indexOf('</head>'));
          // A signed-in reader's page also carries data blocks (the page's answers, its scripts): JSON
          // that the browser never runs, in which no `<` may appear, so nothing in it can end the block.
          const dataBlocks = [
            ...fullHead.matchAll(/<script type="application\/json" id="[a-z-]+">([\s\S]*?)<\/script>/g),
          ].map((match) => match[1] ?? '');
          for (const block of dataBlocks) {
            expect(block, 'a < inside a data block').not.toContain('<');
            expect(() => JSON.parse(block) as unknown).not.toThrow();
          }
          const head = fullHead.replace(/<script type="application\/json" id="[a-z-]+">[\s\S]*?<\/script>/g, '');
          expect(head).toContain(escapeHtml(author.fields.title));
          if (/[<>"']/.test(author.payload))
            expect(head, 'raw payload in the server-rendered head').not.toContain(author.payload);
          expect(head.match(/<title>/g), 'one <title> only').toHaveLength(1);
          // The only scripts that run are the build's own: its files, the inline pre-paint script and, in
          // a page the server rendered (the reader's event page, the visitor's not-found page), the
          // loader of its scripts; a signed-in reader's page ends with the service worker's registration.
          const isReader = request === reader.context.request;
          const inlineScripts = [...head.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
          expect(
            (head.match(/<script\b[^>]*>/g) ?? []).filter(
              (tagText) => tagText !== '<script>' && !/\bsrc="\/assets\/[^"]+"/.test(tagText),
            ),
          ).toEqual([]);
          expect(inlineScripts[0]).toContain("localStorage.getItem('theme')");
          expect(inlineScripts).toHaveLength(isReader ? 3 : 2);
          expect(inlineScripts[1]).toContain('pitchinTakeEarlyEvents');
          if (isReader)
            expect(inlineScripts[2]).toBe(
              "if ('serviceWorker' in navigator) addEventListener('load', function () { navigator.serviceWorker.register('/service-worker.js').catch(function () {}); });",
            );
        }
      }
    } finally {
      await visitor.close();
    }
  });

  test('chat threads on both sides', async () => {
    test.setTimeout(600_000);
    const page = await reader.context.newPage();
    const state = await guard(page);
    for (const author of authors)
      await visit(
        page,
        state,
        `/chat/${author.user.id}`,
        [author.content, `F${PAYLOADS.indexOf(author.payload as (typeof PAYLOADS)[number])}`],
        'reader',
      );
    for (const author of authors.slice(0, 3)) {
      const authorPage = await author.context.newPage();
      await visit(authorPage, await guard(authorPage), `/chat/${reader.user.id}`, [author.content], 'author');
      await authorPage.close();
    }
  });

  test("each author's own screens: home greeting, profile, my events, journey", async () => {
    test.setTimeout(600_000);
    for (const author of authors) {
      const page = await author.context.newPage();
      const state = await guard(page);
      await visit(page, state, '/', [author.name], 'author');
      await visit(page, state, '/profile', [author.name, author.fields.title], 'author');
      await page.close();
    }
    const first = authors[0]!;
    const page = await first.context.newPage();
    const state = await guard(page);
    await visit(page, state, '/my-events', [first.fields.title], 'author');
    await visit(page, state, '/journey', [], 'author');
  });

  test('rating comments: a payload comment on a past event is shown as text on the reviews', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL });
    try {
      await signInWith(context, DEMO_ACCOUNT);
      const me = await (await context.request.get('/api/auth/user')).json();
      const joined: Array<{ id: number; date: string; organizerId: string }> = await (
        await context.request.get('/api/my-rsvps?include=past&limit=100')
      ).json();
      const past = joined
        .filter((item) => new Date(item.date).getTime() < Date.now() && item.organizerId !== me.id)
        .sort((a, b) => a.id - b.id);
      expect(past.length, 'the demo account joined past events').toBeGreaterThan(0);
      // reviews.spec.ts rates the first three; take the last so the suites do not race.
      const event = past[past.length - 1]!;
      const comment = `C${suffix()} ${PAYLOADS.join(' | ')}`;
      expect(comment.length).toBeLessThanOrEqual(2000);
      // The demo data may already hold the demo account's rating of it: then this updates it (200).
      await post(context.request, '/api/ratings', { eventId: event.id, rating: 4, comment }, [200, 201]);

      const page = await context.newPage();
      const state = await guard(page);
      await page.goto(`/events/${event.id}`);
      await page.waitForLoadState('networkidle');
      const more = page.getByRole('button', { name: /^Show \d+ More Reviews?$/ });
      if (await more.isVisible()) await more.click();
      const review = page.getByTestId('review').filter({ hasText: comment.slice(0, 12) });
      await expect(review).toBeVisible({ timeout: 60_000 });
      await expect(review).toContainText(comment);
      await expectNothingRan(page, state, 'reviews');

      // Journey and profile of the rater, where past events and impact are listed.
      for (const url of ['/journey', '/profile']) {
        await page.goto(url);
        await page.waitForLoadState('networkidle');
        await expectNothingRan(page, state, url);
      }
    } finally {
      await context.close();
    }
  });

  test('an image URL must be http(s): javascript:, data: and vbscript: are refused by the server', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL });
    try {
      await signUpWith(context.request);
      const base = {
        title: `Image URL ${suffix()}`,
        description: 'd',
        location: 'l',
        date: inHours(5),
        categoryId: 1,
        maxAttendees: null,
        images: [],
      };
      for (const imageUrl of [
        'javascript:window.__xss=1',
        'JaVaScRiPt:window.__xss=1',
        ' javascript:window.__xss=1',
        'data:text/html,<script>window.__xss=1</script>',
        'vbscript:msgbox(1)',
      ]) {
        const response = await context.request.post('/api/events', { data: { ...base, imageUrl } });
        expect(response.status(), imageUrl).toBe(400);
        expect((await response.json()).message).toMatch(/http/i);
      }
      // An http(s) URL carrying markup is only ever an attribute value: stored, shown, inert.
      const tricky = `https://example.invalid/x.png?a="><svg/onload=window.__xss=1>`;
      const event = await post(context.request, '/api/events', { ...base, imageUrl: tricky }, [201]);
      const page = await context.newPage();
      const state = await guard(page);
      await page.goto(`/events/${event.id}`);
      await expectText(page, base.title, 'event with a tricky image URL');
      await expectNothingRan(page, state, 'event with a tricky image URL');
    } finally {
      await context.close();
    }
  });
});
