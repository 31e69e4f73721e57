import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageData } from '../../contract/page-data';
import { createEventRow, daysFromNow } from '../test/fixtures';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app';

/**
 * `npm run dev` (WEB_DEV_SERVER=true): the pages come from the sources through Vite in middleware mode,
 * rendered on the server as production renders them from the build.
 */
function readPageData(html: string): PageData {
  const match = /<script type="application\/json" id="pitchin-page">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no page data');
  return JSON.parse(match[1]) as PageData;
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ WEB_DEV_SERVER: 'true' });
}, 120_000);
afterAll(async () => app?.close());

describe('the development server', () => {
  it("renders the landing page on the server, with Vite's client and hot reload in the page", async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<script type="module" src="/@vite/client"></script>');
    expect(response.body).toContain('/@react-refresh');
    expect(response.body).toContain('data-rendered-language="en"');
    expect(response.body).toMatch(/<div id="root"><[a-z]/);
    expect(response.body).toContain('Make a Difference in Your Community');
  }, 120_000);

  it("renders a signed-in event page with its loaders' data, and serves the app's modules from the sources", async () => {
    const { cookie, user } = await signUpUser(app);
    const event = await createEventRow(app.database.db, {
      organizerId: user.id,
      date: daysFromNow(5),
      title: 'Rendered in development',
    });
    const page = await app.inject({ method: 'GET', url: `/events/${event.id}`, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    const data = readPageData(page.body);
    expect(data.user?.id).toBe(user.id);
    expect(data.queries.map((query) => query.url)).toEqual(['/api/config', `/api/events/${event.id}`]);
    expect(data.renderedWith).not.toBeNull();
    expect(page.body).toMatch(/<div id="root">.*Rendered in development/s);
    // The page's entry, compiled by Vite from web/app/main.tsx on request.
    const entry = await app.inject({ method: 'GET', url: '/app/main.tsx' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['content-type']).toMatch(/javascript/);
  }, 120_000);

  it('answers the API itself rather than proxying it as the Vite config does for `vite` alone', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.org', password: 'wrong password here' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
  });

  it("lets the page's inline hot-reload preamble run, which the production policy's script hashes would refuse", async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self' 'unsafe-inline'/);
    expect(policy).toMatch(/connect-src 'self' ws:/);
  });
});
