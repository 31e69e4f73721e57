import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isTimeZone } from './lib/time-zone';

/**
 * The only module that reads the environment (DEVELOPERS.md). A bad value stops the start with a
 * message naming every bad variable at once.
 */
const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int('must be a port number').min(0, 'must be 0-65535').max(65535, 'must be 0-65535').default(5000),
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
          return (url.protocol === 'http:' || url.protocol === 'https:') && (url.pathname === '/' || url.pathname === '');
        } catch {
          return false;
        }
      }, 'must be an http(s) origin such as https://pitchin.example.org')
      .optional(),
    OIDC_ISSUER: z.url({ error: 'must be a URL' }).optional(),
    OIDC_CLIENT_ID: z.string().min(1, 'must not be empty').optional(),
    OIDC_CLIENT_SECRET: z.string().min(1, 'must not be empty').optional(),
    SEED_DEMO: booleanText.default(true),
    SHOW_DEV_PANELS: booleanText.default(true),
    AUTH_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(30),
    ANSWER_CACHE_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be 0 (off) or more')
      .max(60_000, 'must be at most 60000')
      .default(1000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
    WEB_SSR_DIR: z.string().min(1).default('./dist/web-ssr'),
    SERVER_RENDERING: booleanText.default(true),
    TIME_ZONE: z
      .string()
      .refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin')
      .default('UTC'),
  })
  .superRefine((value, context) => {
    const oidc = [value.OIDC_ISSUER, value.OIDC_CLIENT_ID, value.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      for (const key of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (!value[key]) context.addIssue({ code: 'custom', path: [key], message: 'must be set together with the other OIDC_ variables' });
      }
    }
    if (value.DATABASE_URL && !value.SESSION_SECRET && value.NODE_ENV === 'production') {
      context.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be set when DATABASE_URL is (several processes must share it)' });
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
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
  shouldSeedDemo: boolean;
  shouldShowDevPanels: boolean;
  authRateLimitPerMinute: number;
  logLevel: string;
  webDistDirectory: string;
  /** The build of the server's rendering of signed-in pages (web/app/server-render.tsx), or null when off. */
  webServerRenderDirectory: string | null;
  /** How long a finished GET answer may be served again (decision 0009); 0 turns the cache off. */
  answerCacheLifetimeMs: number;
  /** Time zone for dates the server writes itself (link previews, share images); browsers use their own. */
  timeZone: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
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
    database: value.DATABASE_URL ? { kind: 'postgres', url: value.DATABASE_URL } : { kind: 'embedded', directory: path.join(dataDirectory, 'pglite') },
    dataDirectory,
    sessionSecret: value.SESSION_SECRET ?? readOrCreateSessionSecret(dataDirectory),
    publicUrl: value.PUBLIC_URL ? new URL(value.PUBLIC_URL).origin : null,
    oidc:
      value.OIDC_ISSUER && value.OIDC_CLIENT_ID && value.OIDC_CLIENT_SECRET
        ? { issuer: value.OIDC_ISSUER, clientId: value.OIDC_CLIENT_ID, clientSecret: value.OIDC_CLIENT_SECRET }
        : null,
    shouldSeedDemo: value.SEED_DEMO,
    shouldShowDevPanels: value.SHOW_DEV_PANELS,
    authRateLimitPerMinute: value.AUTH_RATE_LIMIT,
    answerCacheLifetimeMs: value.ANSWER_CACHE_MS,
    logLevel: value.LOG_LEVEL,
    webDistDirectory: path.resolve(value.WEB_DIST_DIR),
    webServerRenderDirectory: value.SERVER_RENDERING ? path.resolve(value.WEB_SSR_DIR) : null,
    timeZone: value.TIME_ZONE,
  };
}
