import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isTimeZone } from './lib/time-zone';

/**
 * The only module that reads the environment (scripts/check-layout.mjs holds the rest of the server to
 * it). A bad value stops the start with a message naming every bad variable at once.
 */
const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a port number')
      .min(0, 'must be 0-65535')
      .max(65535, 'must be 0-65535')
      .default(5000),
    HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    PUBLIC_URL: z
      .string()
      .refine((value) => {
        try {
          const url = new URL(value);
          return (
            (url.protocol === 'http:' || url.protocol === 'https:') && (url.pathname === '/' || url.pathname === '')
          );
        } catch {
          return false;
        }
      }, 'must be an http(s) origin such as https://pitchin.example.org')
      .optional(),
    OIDC_ISSUER: z.url({ error: 'must be a URL' }).optional(),
    OIDC_CLIENT_ID: z.string().min(1, 'must not be empty').optional(),
    OIDC_CLIENT_SECRET: z.string().min(1, 'must not be empty').optional(),
    SEED_DEMO: booleanText.default(true),
    // Unset: on while developing, off in production, where test buttons are not for visitors.
    SHOW_DEV_PANELS: booleanText.optional(),
    // Client addresses come from the socket unless this says which proxies to believe.
    TRUST_PROXY: z
      .string()
      .refine(
        isTrustProxySetting,
        'must be a hop count (1, 2, …) or a comma-separated list of proxy addresses or CIDR ranges',
      )
      .optional(),
    SMTP_URL: z
      .string()
      .refine(
        (value) => /^smtps?:\/\/[^/\s]+/.test(value),
        'must be an smtp:// or smtps:// URL such as smtp://127.0.0.1:2525',
      )
      .optional(),
    // How long a process holds the mails it claimed; a process that died frees its mails after this.
    MAIL_CLAIM_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(2, 'must be at least 2')
      .max(3600, 'must be at most 3600')
      .default(300),
    // The site's own moderators (decisions §20): they may appoint others and suspend any moderator.
    ADMIN_EMAILS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((address) => address.trim().toLowerCase())
          .filter((address) => address !== ''),
      )
      .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' })))
      .optional(),
    MAIL_FROM: z
      .string()
      .min(3, 'must be a sender such as "PitchIn <no-reply@pitchin.example.org>"')
      .default('PitchIn <no-reply@pitchin.invalid>'),
    // Invitation mails (messages to addresses with no account) the whole site sends a day, all processes together.
    INVITATION_MAILS_PER_DAY: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .default(500),
    AUTH_RATE_LIMIT: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .default(30),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
    WEB_SSR_DIR: z.string().min(1).default('./dist/web-ssr'),
    SERVER_RENDERING: booleanText.default(true),
    // `npm run dev`: pages come from Vite in middleware mode (hot reload), rendered on the server.
    WEB_DEV_SERVER: booleanText.default(false),
    TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin').default('UTC'),
    // Processes of one server (node's cluster module); more than one needs PostgreSQL.
    WORKERS: z.coerce
      .number({ error: 'must be a number of processes' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(64, 'must be at most 64')
      .default(1),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    METRICS_PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a port number')
      .min(1, 'must be 1-65535')
      .max(65535, 'must be 1-65535')
      .optional(),
    METRICS_HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
    SHUTDOWN_DRAIN_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be 0 or more')
      .max(5000, 'must be at most 5000 (shutdown ends within 10 s)')
      .default(2000),
    // Live streams (GET /api/stream) one process holds, and one client address holds in it; past either the
    // process answers 503 / 429 and the browser polls instead. An idle stream costs a socket and a few kB.
    STREAMS_PER_PROCESS: z.coerce
      .number({ error: 'must be a number of streams' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100_000, 'must be at most 100000')
      .default(2000),
    STREAMS_PER_ADDRESS: z.coerce
      .number({ error: 'must be a number of streams' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100_000, 'must be at most 100000')
      .default(32),
    // The comment line an idle stream gets this often, so that a proxy or load balancer between the browser
    // and the server does not close it as idle: below the shortest idle timeout on the way (nginx 60 s,
    // most load balancers 60 s).
    STREAM_HEARTBEAT_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(1, 'must be at least 1')
      .max(300, 'must be at most 300')
      .default(25),
  })
  .superRefine((value, context) => {
    const oidc = [value.OIDC_ISSUER, value.OIDC_CLIENT_ID, value.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      for (const key of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (!value[key])
          context.addIssue({
            code: 'custom',
            path: [key],
            message: 'must be set together with the other OIDC_ variables',
          });
      }
    }
    if (value.DATABASE_URL && !value.SESSION_SECRET && value.NODE_ENV === 'production') {
      context.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'must be set when DATABASE_URL is (several processes must share it)',
      });
    }
    // PGlite is PostgreSQL inside one process: a second process on the same files would corrupt them.
    if (value.WORKERS > 1 && !value.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['WORKERS'],
        message: 'more than 1 needs DATABASE_URL: the embedded database (PGlite) serves one process only',
      });
    }
  });

export type Config = {
  environment: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: { kind: 'postgres'; url: string } | { kind: 'embedded'; directory: string };
  dataDirectory: string;
  sessionSecret: string;
  publicUrl: string | null;
  /**
   * The origin written into links that leave the request, such as the links in mails: PUBLIC_URL, else
   * this machine's own address. Never the Host header, which whoever makes the request chooses.
   */
  linkOrigin: string;
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
  shouldSeedDemo: boolean;
  /** ADMIN_EMAILS, trimmed and lower-cased as stored e-mails are: the moderators no one can suspend or dismiss. */
  adminEmails: string[];
  shouldShowDevPanels: boolean;
  authRateLimitPerMinute: number;
  /**
   * Invitation mails the whole site may send per UTC day, counted in the database across processes; past
   * it, messages to addresses with no account are still stored and answered alike, but mail nobody. 0: none.
   */
  invitationMailsPerDay: number;
  /**
   * Fastify's trustProxy: false (the socket's address, the default), a hop count, or the proxies'
   * addresses. PUBLIC_URL alone trusts no forwarded header.
   */
  trustProxy: false | number | string[];
  /** Outgoing mail (nodemailer); null writes each mail's subject and link to the log instead. */
  mail: { smtpUrl: string | null; from: string; claimSeconds: number };
  logLevel: string;
  webDistDirectory: string;
  /** The build of the server's rendering of signed-in pages (web/app/server-render.tsx), or null when off. */
  webServerRenderDirectory: string | null;
  /**
   * `npm run dev`: the web app is served by Vite in middleware mode inside this server, its pages
   * rendered from the sources (hot reload), instead of from dist/web and dist/web-ssr.
   */
  isWebDevServer: boolean;
  /** Time zone for dates the server writes itself (link previews, share images); browsers use their own. */
  timeZone: string;
  /** Server processes under node's cluster module; 1 runs no cluster. */
  workers: number;
  /**
   * Who may read /metrics: a bearer token on the main port, and/or a separate listener on a private
   * address. Neither set: /metrics is off.
   */
  metrics: { token: string | null; port: number | null; host: string };
  /**
   * After SIGTERM, how long /readyz answers 503 while the process still serves, so that a load balancer
   * stops sending before the listener closes (a connection closed under a request it just sent is cut).
   */
  shutdownDrainMs: number;
  /**
   * Caps on the live streams this process holds: in all, and per client address (request.ip, so as
   * TRUST_PROXY says; IPv6 by its /64). Each worker process has its own. And how often an idle stream
   * gets its heartbeat.
   */
  streams: { maxPerProcess: number; maxPerAddress: number; heartbeatMs: number };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const IP_OR_CIDR = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(\/\d{1,3})?$/;

function isTrustProxySetting(value: string): boolean {
  if (/^\d+$/.test(value)) return Number(value) >= 1 && Number(value) <= 10;
  const parts = value.split(',').map((part) => part.trim());
  return (
    parts.length > 0 &&
    parts.every(
      (part) => IP_OR_CIDR.test(part) || part === 'loopback' || part === 'linklocal' || part === 'uniquelocal',
    )
  );
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

type Environment = Record<string, string | undefined>;

function withoutEmptyValues(environment: Environment): Environment {
  return Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
}

/** The generated secret lives beside the embedded database so restarts keep sessions valid. */
function readOrCreateSessionSecret(dataDirectory: string): string {
  const file = path.join(dataDirectory, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDirectory, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(environment: Environment = process.env): Config {
  const parsed = environmentSchema.safeParse(withoutEmptyValues(environment));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const value = parsed.data;
  const dataDirectory = path.resolve(value.DATA_DIR);
  return {
    environment: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    database: value.DATABASE_URL
      ? { kind: 'postgres', url: value.DATABASE_URL }
      : { kind: 'embedded', directory: path.join(dataDirectory, 'pglite') },
    dataDirectory,
    sessionSecret: value.SESSION_SECRET ?? readOrCreateSessionSecret(dataDirectory),
    publicUrl: value.PUBLIC_URL ? new URL(value.PUBLIC_URL).origin : null,
    linkOrigin: value.PUBLIC_URL ? new URL(value.PUBLIC_URL).origin : `http://localhost:${value.PORT}`,
    oidc:
      value.OIDC_ISSUER && value.OIDC_CLIENT_ID && value.OIDC_CLIENT_SECRET
        ? { issuer: value.OIDC_ISSUER, clientId: value.OIDC_CLIENT_ID, clientSecret: value.OIDC_CLIENT_SECRET }
        : null,
    shouldSeedDemo: value.SEED_DEMO,
    adminEmails: value.ADMIN_EMAILS ?? [],
    shouldShowDevPanels: value.SHOW_DEV_PANELS ?? value.NODE_ENV !== 'production',
    authRateLimitPerMinute: value.AUTH_RATE_LIMIT,
    invitationMailsPerDay: value.INVITATION_MAILS_PER_DAY,
    trustProxy: parseTrustProxy(value.TRUST_PROXY),
    mail: { smtpUrl: value.SMTP_URL ?? null, from: value.MAIL_FROM, claimSeconds: value.MAIL_CLAIM_SECONDS },
    logLevel: value.LOG_LEVEL,
    webDistDirectory: path.resolve(value.WEB_DIST_DIR),
    webServerRenderDirectory: value.SERVER_RENDERING ? path.resolve(value.WEB_SSR_DIR) : null,
    isWebDevServer: value.WEB_DEV_SERVER,
    timeZone: value.TIME_ZONE,
    workers: value.WORKERS,
    metrics: { token: value.METRICS_TOKEN ?? null, port: value.METRICS_PORT ?? null, host: value.METRICS_HOST },
    shutdownDrainMs: value.SHUTDOWN_DRAIN_MS,
    streams: {
      maxPerProcess: value.STREAMS_PER_PROCESS,
      maxPerAddress: value.STREAMS_PER_ADDRESS,
      heartbeatMs: value.STREAM_HEARTBEAT_SECONDS * 1000,
    },
  };
}
