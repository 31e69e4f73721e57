import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app';
import { NO_SESSION_MARKER } from './web';

const webDirectory = mkdtempSync(path.join(tmpdir(), 'pitchin-web-plugin-'));
writeFileSync(path.join(webDirectory, 'index.html'), '<!doctype html><html><head><!-- head:start --><!-- head:end --></head><body></body></html>');
writeFileSync(path.join(webDirectory, 'sign-in.html'), '<!doctype html><html><head><title>Sign in</title></head><body></body></html>');

let app: TestApp;
let cookie: string;

beforeAll(async () => {
  app = await createTestApp({ WEB_DIST_DIR: webDirectory });
  cookie = (await signUpUser(app, { firstName: 'Web', lastName: 'Plugin' })).cookie;
});

afterAll(async () => {
  await app.close();
});

describe('the app page and the session marker', () => {
  it('marks pages sent without a session cookie, so the app skips the auth check that would answer 401', async () => {
    for (const url of ['/', '/discover', '/events/1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`${NO_SESSION_MARKER}</head>`);
    }
  });

  it('leaves the marker out when the browser sends a session cookie', async () => {
    for (const url of ['/', '/discover']) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.body).not.toContain('pitchin-session');
    }
  });

  it('leaves it out for an unknown session too: the app must ask, and the 401 then says signed out', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'pitchin_session=expired-or-forged' } });
    expect(response.body).not.toContain('pitchin-session');
  });
});
