import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { PageLoaders } from './lib/page-loaders';
import { accountRoutes } from './modules/account/account.routes';
import { purgeExpiredResetTokens } from './modules/account/account.service';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { OidcClient } from './modules/auth/oidc';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { categoryRoutes } from './modules/categories/categories.routes';
import { emailVerificationRoutes } from './modules/email-verification/email-verification.routes';
import { EmailVerificationService } from './modules/email-verification/email-verification.service';
import { eventManagementRoutes } from './modules/event-management/event-management.routes';
import { checkInRoutes } from './modules/check-in/check-in.routes';
import { CheckInService } from './modules/check-in/check-in.service';
import { EventManagementService } from './modules/event-management/event-management.service';
import { RsvpsService } from './modules/rsvps/rsvps.service';
import { checkInClaimRoutes } from './modules/check-in/check-in-claim.routes';
import { WalkInClaimService } from './modules/check-in/walk-in-claim.service';
import { eventRoutes } from './modules/events/events.routes';
import { seriesRoutes } from './modules/series/series.routes';
import { rsvpRoutes } from './modules/rsvps/rsvps.routes';
import { slotRoutes } from './modules/slots/slots.routes';
import { journeyRoutes } from './modules/journey/journey.routes';
import { friendRoutes } from './modules/friends/friends.routes';
import { messageRoutes } from './modules/messages/messages.routes';
import { notificationRoutes, refuseStreamsOverCapacity } from './modules/notifications/notifications.routes';
import { DEFAULT_STREAM_OPTIONS, StreamHub } from './modules/notifications/stream-hub';
import { createMailer } from './modules/mail/mail.service';
import { MailOutbox } from './modules/mail/mail-outbox.service';
import { rememberAppLanguage } from './modules/mail/mail-settings.service';
import { mailRoutes } from './modules/mail/mail.routes';
import { createPreferencesPageLoaders, preferenceRoutes } from './modules/preferences/preferences.routes';
import { ratingRoutes } from './modules/ratings/ratings.routes';
import { userRoutes } from './modules/users/users.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { placeRoutes } from './modules/places/places.routes';
import { createStatsPageLoaders } from './modules/stats/stats-page-loaders';
import { StatsService } from './modules/stats/stats.service';
import errorsPlugin, { answerClientError, answerFrameworkError, MAX_PATH_SEGMENT_LENGTH } from './plugins/errors';
import openapiPlugin from './plugins/openapi';
import securityPlugin from './plugins/security';
import sessionPlugin from './plugins/session';
import webPlugin from './plugins/web';
import userEtagPlugin from './plugins/user-etag';
import { canRenderPages } from './lib/page-rendering';
import { createLinkPreviewRenderer } from './modules/social/link-preview';
import { socialRoutes } from './modules/social/social.routes';
import { createSettingsPageLoaders, settingsRoutes } from './modules/settings/settings.routes';
import { createEventPageLoaders } from './modules/events/event-page-loaders';
import { EventsService } from './modules/events/events.service';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { organizationRoutes } from './modules/organizations/organizations.routes';
import { createOrganizationPageLoaders } from './modules/organizations/organization-page-loaders';
import { OrganizationsService } from './modules/organizations/organizations.service';
import { createRequestId } from './lib/request-id';
import metricsPlugin from './plugins/metrics';
import { healthRoutes } from './plugins/health';
import { SlotsService } from './modules/slots/slots.service';

type RouteSummary = { method: string; url: string; isPublic: boolean; schema: unknown };

declare module 'fastify' {
  interface FastifyInstance {
    routeList: RouteSummary[];
    mailOutbox: MailOutbox;
  }
}

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
};

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

function trustNearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** The whole application as one Fastify instance; server.ts only listens (the fastify/demo layout). */
/** What reads each first-screen call the route table names (web/app/route-table.ts), keyed by its path. */
export function createPageLoaders(
  db: Database,
  config: Pick<Config, 'publicUrl' | 'shouldShowDevPanels'>,
  statsService: StatsService,
  organizationsService: OrganizationsService,
): PageLoaders {
  const events = new EventsService(db, { publicUrl: config.publicUrl });
  return {
    ...createSettingsPageLoaders(config.shouldShowDevPanels),
    ...createEventPageLoaders(events),
    ...createOrganizationPageLoaders(organizationsService, events),
    ...createStatsPageLoaders(statsService),
    ...createPreferencesPageLoaders(db),
  };
}

export async function buildApp({ config, database, logger }: AppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    // The largest body is an event with 10 photos of 5 MB each, base64-encoded; every other route lowers it.
    bodyLimit: 1024 * 1024,
    // A forged X-Forwarded-For must not choose the address the sign-in limits count.
    // A hop count is what Fastify itself does with a number, which its types do not admit.
    trustProxy: typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    routerOptions: { maxParamLength: MAX_PATH_SEGMENT_LENGTH },
    // The answers Fastify and Node write before any hook runs get our JSON and security headers too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Node's own answer to an HTTP/1.1 request without Host is a bare 400; plugins/security.ts gives the same refusal
    // in our shape.
    http: { requireHostHeader: false },
    // The id in every request log line, and in the answer's X-Request-Id (plugins/metrics.ts).
    genReqId: createRequestId,
  }).withTypeProvider<ZodTypeProvider>();

  // The route table, for the authorization matrix and fuzz suites: a new route without an expectation fails them.
  const routeList: RouteSummary[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeList.push({
        method,
        url: route.url,
        isPublic: Boolean((route.config as { isPublic?: boolean } | undefined)?.isPublic),
        schema: route.schema,
      });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const authService = new AuthService(database.db, {
    sessionSecret: config.sessionSecret,
    authRateLimitPerMinute: config.authRateLimitPerMinute,
  });
  const oidcClient = config.oidc ? new OidcClient(config.oidc) : null;
  const mailer = createMailer(config.mail, app.log);
  const emailVerification = new EmailVerificationService(database.db, mailer, config.linkOrigin, (userId) =>
    authService.forgetCachedUser(userId),
  );

  // Expired sessions, old sign-in attempts, ended limit windows and reset links are purged, at start and hourly.
  let purgeTimer: NodeJS.Timeout | undefined;
  // A purge in hand when the process shuts down finishes before the database closes.
  let purgeInHand: Promise<void> = Promise.resolve();
  const purgeExpiredRecords = () =>
    (purgeInHand = authService
      .purgeExpiredRecords()
      .then(() => emailVerification.purgeExpiredLinks())
      .then(() => purgeExpiredResetTokens(database.db))
      .catch((error: unknown) => app.log.error({ err: error }, 'purging expired records failed')));
  app.addHook('onReady', async () => {
    await purgeExpiredRecords();
    purgeTimer = setInterval(() => void purgeExpiredRecords(), PURGE_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(purgeTimer);
    await purgeInHand;
  });

  await app.register(errorsPlugin);
  await app.register(metricsPlugin, { metrics: config.metrics, database });
  // Every JSON answer (up to 512 kB: a long my-rsvps list) is compressed in one synchronous call. On two
  // cores the plugin's default sends anything over 8 kB through a zlib stream, which writes the body to
  // the socket in many small chunks: the event list spent more time in writev than in its queries.
  // Brotli at quality 1: a 41 kB page of 50 events in 0.24 ms to 4.3 kB, where quality 4 took 1.9 ms for
  // 3.6 kB, the largest cost of a list page in this process once PostgreSQL writes the JSON (decision 0020).
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 512 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
  });
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    webDistDirectory: config.webDistDirectory,
    canRenderPages: canRenderPages(config.webDistDirectory, config.webServerRenderDirectory),
    isWebDevServer: config.isWebDevServer,
  });
  // Loaded only for `npm run dev`: Vite is not installed where the built server runs.
  const webDevelopment = config.isWebDevServer
    ? await (await import('./lib/web-dev-server')).startWebDevServer(app, path.resolve(import.meta.dirname, '..'))
    : undefined;
  await app.register(openapiPlugin);
  // The live streams of this process. Past its caps a stream is refused here, before the session plugin
  // looks its session up: a flood of refused attempts costs no database query.
  const streamHub = new StreamHub(database, app.log, {
    ...DEFAULT_STREAM_OPTIONS,
    maxStreamsPerProcess: config.streams.maxPerProcess,
    maxStreamsPerAddress: config.streams.maxPerAddress,
    heartbeatMs: config.streams.heartbeatMs,
  });
  streamHub.onSessionsEnded = (userId) => authService.forgetCachedUser(userId);
  app.addHook('onRequest', refuseStreamsOverCapacity(streamHub));
  await app.register(sessionPlugin, { authService, publicUrl: config.publicUrl });
  // Right after the session: an unchanged achievement poll is answered before everything else a route does.
  await app.register(userEtagPlugin);

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, {
    authService,
    oidcClient,
    publicUrl: config.publicUrl,
    webDistDirectory: config.webDistDirectory,
    rememberAppLanguage: (userId, cookieValue) => rememberAppLanguage(database.db, userId, cookieValue),
    emailVerification,
  });
  await app.register(emailVerificationRoutes, { service: emailVerification });
  await app.register(categoryRoutes, { db: database.db });
  await app.register(eventRoutes, {
    db: database.db,
    publicUrl: config.publicUrl,
    canCreateTestEvents: config.shouldShowDevPanels,
    timeZone: config.timeZone,
  });
  await app.register(seriesRoutes, { db: database.db });
  await app.register(rsvpRoutes, { db: database.db });
  // Built once: the slots' writes ask the same service who may manage an event.
  const eventManagement = new EventManagementService(database.db, { publicUrl: config.publicUrl });
  await app.register(eventManagementRoutes, {
    db: database.db,
    service: eventManagement,
    publicUrl: config.publicUrl,
    timeZone: config.timeZone,
  });
  await app.register(slotRoutes, {
    service: new SlotsService(database.db, eventManagement),
    timeZone: config.timeZone,
  });
  const checkIn = new CheckInService(
    database.db,
    {
      mailer,
      linkOrigin: config.linkOrigin,
      sessionSecret: config.sessionSecret,
      timeZone: config.timeZone,
      invitationMailsPerDay: config.invitationMailsPerDay,
      log: app.log,
    },
    { management: eventManagement, rsvps: new RsvpsService(database.db) },
  );
  await app.register(checkInRoutes, { service: checkIn });
  await app.register(checkInClaimRoutes, {
    db: database.db,
    service: new WalkInClaimService(database.db, eventManagement),
  });
  await app.register(ratingRoutes, { db: database.db });
  await app.register(calendarRoutes, { db: database.db, publicUrl: config.publicUrl });
  await app.register(accountRoutes, {
    db: database.db,
    authService,
    mailer,
    linkOrigin: config.linkOrigin,
    publicUrl: config.publicUrl,
  });
  await app.register(messageRoutes, {
    db: database.db,
    mailer,
    linkOrigin: config.linkOrigin,
    sessionSecret: config.sessionSecret,
    invitationMailsPerDay: config.invitationMailsPerDay,
  });
  // Built once, for its routes and the pages' loaders (docs/architecture.md, "How a module is built").
  const organizationsService = new OrganizationsService(database.db, config.sessionSecret);
  await app.register(organizationRoutes, {
    db: database.db,
    service: organizationsService,
    publicUrl: config.publicUrl,
    timeZone: config.timeZone,
  });
  await app.register(mailRoutes, { db: database.db, sessionSecret: config.sessionSecret });
  // The mails about events: every process works the same outbox (decision 0019), the embedded database's one too.
  const mailOutbox = new MailOutbox(database.db, mailer, {
    linkOrigin: config.linkOrigin,
    timeZone: config.timeZone,
    sessionSecret: config.sessionSecret,
    claimSeconds: config.mail.claimSeconds,
    log: app.log,
    invitationMailsPerDay: config.invitationMailsPerDay,
  });
  app.decorate('mailOutbox', mailOutbox);
  app.addHook('onReady', async () => mailOutbox.start());
  app.addHook('onClose', async () => mailOutbox.stop());
  await app.register(userRoutes, { db: database.db });
  await app.register(moderationRoutes, { db: database.db, authService, adminEmails: config.adminEmails });
  await app.register(friendRoutes, { db: database.db });
  // One for the API and the pages, so both share its five-minute reading.
  const statsService = new StatsService(database.db, { timeZone: config.timeZone });
  await app.register(statsRoutes, { service: statsService });
  await app.register(placeRoutes);
  await app.register(journeyRoutes, { db: database.db });
  await app.register(preferenceRoutes, { db: database.db });
  await app.register(notificationRoutes, {
    database,
    hub: streamHub,
    sessionIdForToken: (token) => authService.sessionIdForToken(token),
    isSessionLive: (token) => authService.isSessionLive(token),
  });

  await app.register(settingsRoutes, { showDevPanels: config.shouldShowDevPanels });
  await app.register(socialRoutes, { db: database.db, timeZone: config.timeZone });

  await app.register(webPlugin, {
    webDistDirectory: config.webDistDirectory,
    serverRenderDirectory: config.webServerRenderDirectory,
    timeZone: config.timeZone,
    renderHead: createLinkPreviewRenderer(database.db, { publicUrl: config.publicUrl, timeZone: config.timeZone }),
    pageLoaders: createPageLoaders(database.db, config, statsService, organizationsService),
    development: webDevelopment,
  });
  return app;
}
