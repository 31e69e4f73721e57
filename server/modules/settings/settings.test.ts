import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let app: TestApp | undefined;
afterEach(async () => app?.close());

describe('GET /api/config', () => {
  it('tells the web app to show the developer panels by default outside production, without a session', async () => {
    app = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ showDevPanels: true });
  });

  it('hides them by default in production, unless SHOW_DEV_PANELS=true says otherwise', async () => {
    app = await createTestApp({ NODE_ENV: 'production' });
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({ showDevPanels: false });
    await app.close();
    app = await createTestApp({ NODE_ENV: 'production', SHOW_DEV_PANELS: 'true' });
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({ showDevPanels: true });
  });

  it('hides them when SHOW_DEV_PANELS=false', async () => {
    app = await createTestApp({ SHOW_DEV_PANELS: 'false' });
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({ showDevPanels: false });
  });
});
