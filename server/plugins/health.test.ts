import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client';
import { createTestApp, type TestApp } from '../test/test-app';

describe('health probes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app?.close());

  it('answers /healthz while the process runs, without a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz with 200 once the database answers and every migration is applied', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers /readyz with 503 while the process drains before shutting down, /healthz still 200', async () => {
    app.readiness.isDraining = true;
    try {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'Shutting down', code: 'SERVICE_UNAVAILABLE' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      app.readiness.isDraining = false;
    }
  });

  it('answers /readyz with 503 when a migration this build knows is missing', async () => {
    const [newest] = await selectRows<{ id: number; hash: string; created_at: string }>(
      app.database.db,
      sql`SELECT id, hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY id DESC LIMIT 1`,
    );
    if (!newest) throw new Error('no migrations recorded');
    await app.database.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${newest.id}`);
    try {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toMatch(/Migrations are not done/);
    } finally {
      await app.database.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${newest.id}, ${newest.hash}, ${newest.created_at})`,
      );
    }
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers /readyz with 503 when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    try {
      const response = await other.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toMatch(/not reachable|did not answer/);
      expect((await other.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      other.database.close = async () => {};
      await other.close().catch(() => {});
    }
  });
});
