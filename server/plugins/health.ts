import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../contract/errors';
import { selectRows, type DatabaseHandle } from '../db/client';
import { migrationsFolder } from '../db/migrate';

const READINESS_TIMEOUT_MS = 2000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process was told to stop: /readyz answers 503 while requests are still served. */
    readiness: { isDraining: boolean };
  }
}

const aliveSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({ status: z.literal('ready') });
const notReadySchema = errorResponseSchema;

async function checkReadiness(database: DatabaseHandle, expectedMigrations: number): Promise<string | null> {
  try {
    const [row] = await selectRows<{ count: number }>(
      database.db,
      sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`,
    );
    // A newer release's process may have migrated further; fewer than this build knows means not done.
    if ((row?.count ?? 0) < expectedMigrations)
      return `Migrations are not done (${row?.count ?? 0} of ${expectedMigrations} applied)`;
    return null;
  } catch {
    return 'The database is not reachable';
  }
}

/**
 * Probes for load balancers and orchestrators. /healthz says the process is alive and answers
 * (restart it when not); /readyz says it can serve: the database answers and has every migration this
 * build knows (send it traffic only then). While the process shuts down Fastify answers both with 503.
 */
const healthPlugin: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.decorate('readiness', { isDraining: false });
  const expectedMigrations = readMigrationFiles({ migrationsFolder }).length;

  app.get(
    '/healthz',
    {
      config: { isPublic: true },
      schema: { tags: ['operations'], summary: 'Liveness: the process answers', response: { 200: aliveSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/readyz',
    {
      config: { isPublic: true },
      schema: {
        tags: ['operations'],
        summary: 'Readiness: database reachable, migrations done',
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (app.readiness.isDraining)
        return reply.code(503).send({ message: 'Shutting down', code: 'SERVICE_UNAVAILABLE' });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve('The database did not answer in time'), READINESS_TIMEOUT_MS);
      });
      const problem = await Promise.race([checkReadiness(database, expectedMigrations), timeout]).finally(() =>
        clearTimeout(timer),
      );
      if (problem !== null) return reply.code(503).send({ message: problem, code: 'SERVICE_UNAVAILABLE' });
      return { status: 'ready' as const };
    },
  );
};

export const healthRoutes = fp(healthPlugin, { name: 'health' });
