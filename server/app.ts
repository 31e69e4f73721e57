import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { OidcClient } from './modules/auth/oidc';
import { categoryRoutes } from './modules/categories/categories.routes';
import { eventRoutes } from './modules/events/events.routes';
import { journeyRoutes } from './modules/journey/journey.routes';
import { messageRoutes } from './modules/messages/messages.routes';
import { ratingRoutes } from './modules/ratings/ratings.routes';
import { userRoutes } from './modules/users/users.routes';
import errorsPlugin from './plugins/errors';
import openapiPlugin from './plugins/openapi';
import securityPlugin from './plugins/security';
import sessionPlugin from './plugins/session';
import webPlugin from './plugins/web';
import answerCachePlugin from './plugins/answer-cache';
import userEtagPlugin from './plugins/user-etag';
import { canRenderPages } from './lib/page-rendering';
import { createLinkPreviewRenderer } from './modules/social/link-preview';
import { socialRoutes } from './modules/social/social.routes';
import { settingsRoutes } from './modules/settings/settings.routes';

export type RouteSummary = { method: string; url: string; isPublic: boolean; schema: unknown };

declare module 'fastify' {
  interface FastifyInstance {
    routeList: RouteSummary[];
  }
}

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
};

/** The whole application as one Fastify instance; server.ts only listens (the fastify/demo layout). */
export async function buildApp({ config, database, logger }: AppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'] },
    // The largest body is an event with 10 photos of 5 MB each, base64-encoded; every other route lowers it.
    bodyLimit: 1024 * 1024,
    trustProxy: config.publicUrl?.startsWith('https:') ? true : 'loopback',
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // The route table, for the authorization matrix and fuzz suites: a new route without an expectation fails them.
  const routeList: RouteSummary[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeList.push({ method, url: route.url, isPublic: Boolean((route.config as { isPublic?: boolean } | undefined)?.isPublic), schema: route.schema });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const authService = new AuthService(database.db, { sessionSecret: config.sessionSecret, authRateLimitPerMinute: config.authRateLimitPerMinute });
  const oidcClient = config.oidc ? new OidcClient(config.oidc) : null;

  await app.register(errorsPlugin);
  // Every JSON answer (up to 512 kB: a long my-rsvps list) is compressed in one synchronous call. On two
  // cores the plugin's default sends anything over 8 kB through a zlib stream, which writes the body to
  // the socket in many small chunks: the event list spent more time in writev than in its queries.
  await app.register(compress, { threshold: 1024, syncThreshold: 512 * 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { 1: 4 } } });
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    webDistDirectory: config.webDistDirectory,
    canRenderPages: canRenderPages(config.webDistDirectory, config.webServerRenderDirectory),
  });
  await app.register(openapiPlugin);
  await app.register(sessionPlugin, { authService, publicUrl: config.publicUrl });
  // Right after the session: an unchanged achievement poll is answered before everything else a route does.
  await app.register(userEtagPlugin);
  // After compression: its hooks must see the compressed answers. Before the routes: it hooks into each.
  await app.register(answerCachePlugin, { lifetimeMs: config.answerCacheLifetimeMs });

  await app.register(authRoutes, { authService, oidcClient, publicUrl: config.publicUrl, webDistDirectory: config.webDistDirectory });
  await app.register(categoryRoutes, { db: database.db });
  await app.register(eventRoutes, { db: database.db });
  await app.register(ratingRoutes, { db: database.db });
  await app.register(messageRoutes, { db: database.db });
  await app.register(userRoutes, { db: database.db });
  await app.register(journeyRoutes, { db: database.db });

  await app.register(settingsRoutes, { showDevPanels: config.shouldShowDevPanels });
  await app.register(socialRoutes, { db: database.db, timeZone: config.timeZone });

  await app.register(webPlugin, {
    webDistDirectory: config.webDistDirectory,
    serverRenderDirectory: config.webServerRenderDirectory,
    timeZone: config.timeZone,
    renderHead: createLinkPreviewRenderer(database.db, { publicUrl: config.publicUrl, timeZone: config.timeZone }),
  });
  return app;
}
