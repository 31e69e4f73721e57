import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import { sql } from 'drizzle-orm';
import { selectRows } from '../db/client';
import { createTestApp, type TestApp } from '../test/test-app';

const TOKEN = 'metrics-token-0123456789';

describe('request ids', () => {
  let database: DatabaseHandle;
  const lines: Array<Record<string, unknown>> = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'embedded', directory: 'memory://' });
    await prepareDatabase(database);
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        callback();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/pitchin-test-unused',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/tmp/pitchin-test-no-web',
      SERVER_RENDERING: 'false',
    });
    app = await buildApp({ config, database, logger: { level: 'info', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('names every answer in X-Request-Id, the id its request log lines carry', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/my-events' });
    expect(response.statusCode).toBe(401);
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.filter((line) => line.reqId === id);
    expect(logged.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    const other = await app.inject({ method: 'GET', url: '/healthz' });
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it("keeps a proxy's plain id and replaces one that could forge a log line", async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'proxy-id-0123456789' },
    });
    expect(kept.headers['x-request-id']).toBe('proxy-id-0123456789');
    const replaced = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'evil"}\\n{"level":60' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/metrics', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => app?.close());

  it('is off without METRICS_TOKEN or METRICS_PORT', async () => {
    const off = await createTestApp();
    try {
      const response = await off.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('refuses a missing or wrong token', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode,
    ).toBe(401);
  });

  it('counts requests and their latency per route pattern, with event loop lag, in Prometheus format', async () => {
    // An organizer's call: a visitor gets 401 (guests may read events themselves).
    for (let index = 0; index < 3; index += 1)
      await app.inject({ method: 'GET', url: `/api/events/${index + 1}/attendees` });
    await app.inject({ method: 'GET', url: '/healthz' });
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toContain('http_requests_total{method="GET",route="/api/events/:id/attendees",status_code="401"} 3');
    expect(text).toContain('http_requests_total{method="GET",route="/healthz",status_code="200"} 1');
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/events\/:id\/attendees"\} 3/);
    expect(text).not.toContain('route="/api/events/1/attendees"');
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toContain('# TYPE pitchin_database_pool_connections gauge');
  });

  it("counts the build's files as one series, not one per file, whose names change with every build", async () => {
    const webDirectory = mkdtempSync(path.join(tmpdir(), 'pitchin-metrics-web-'));
    writeFileSync(path.join(webDirectory, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    mkdirSync(path.join(webDirectory, 'assets'));
    for (const name of ['main-1.js', 'discover-page-2.js']) writeFileSync(path.join(webDirectory, 'assets', name), '');
    const withBuild = await createTestApp({ METRICS_TOKEN: TOKEN, WEB_DIST_DIR: webDirectory });
    try {
      for (const name of ['main-1.js', 'discover-page-2.js', 'main-1.js'])
        expect((await withBuild.inject({ method: 'GET', url: `/assets/${name}` })).statusCode).toBe(200);
      const text = (
        await withBuild.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
      ).body;
      expect(text).toContain('http_requests_total{method="GET",route="/assets/*",status_code="200"} 3');
      expect(text).not.toContain('main-1.js');
    } finally {
      await withBuild.close();
    }
  });

  it('reports the job queue depth: mails not yet sent and event changes not yet turned into mails', async () => {
    const scrape = async () =>
      (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(await scrape()).toContain('pitchin_job_queue_depth{queue="mail"} 0');
    // Stopped, so that no round of the outbox takes the rows between the insert and the scrape.
    await app.mailOutbox.stop();
    const [user] = await selectRows<{ id: string }>(
      app.database.db,
      sql`INSERT INTO users (id, email) VALUES ('queue-depth', 'queue-depth@example.org') RETURNING id`,
    );
    await app.database.db.execute(
      sql`INSERT INTO mail_outbox (kind, dedupe_key, user_id, event_id, payload) VALUES ('announcement', 'depth:1', ${user!.id}, 1, '{}'), ('announcement', 'depth:2', ${user!.id}, 1, '{}')`,
    );
    await app.database.db.execute(
      sql`INSERT INTO event_changes (type, event_id, recipient_ids, payload) VALUES ('announcement', 1, ARRAY[${user!.id}], '{}')`,
    );
    const text = await scrape();
    expect(text).toContain('# TYPE pitchin_job_queue_depth gauge');
    expect(text).toContain('pitchin_job_queue_depth{queue="mail"} 2');
    expect(text).toContain('pitchin_job_queue_depth{queue="event_changes"} 1');
  });
});

describe('/metrics on a private listener', () => {
  it('serves the metrics on METRICS_PORT without a token, and nothing else there', async () => {
    const app = await createTestApp({ METRICS_PORT: '6731', METRICS_HOST: '127.0.0.1' });
    try {
      await app.inject({ method: 'GET', url: '/healthz' });
      const response = await fetch('http://127.0.0.1:6731/metrics');
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('http_requests_total{method="GET",route="/healthz",status_code="200"} 1');
      expect((await fetch('http://127.0.0.1:6731/api/events')).status).toBe(404);
      // The public port does not serve them: no token was named.
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
