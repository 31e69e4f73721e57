import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildServer, productionEnvironment, productionNodeArguments } from './build-server.mjs';
import { passSignalsToChildren, run } from './run.mjs';
import { useScratchTemporaryDirectory } from './scratch-directory.mjs';

/**
 * The server the browser tests use, run as production runs it: the compiled server with production's
 * Node arguments (npm test builds it just before), a fresh embedded database, demo data, no reload.
 */
const root = path.resolve(import.meta.dirname, '..');
const compiledServer = path.join(root, 'dist/server/server.mjs');
// A single spec run by hand (npx playwright test …) after a fresh clone has no compiled server yet.
if (!existsSync(compiledServer)) await buildServer();
// Stopped with SIGTERM (Playwright's gracefulShutdown, the empty-state fixture), the server closes its database
// and then the folder holding it and the server's other temporary files goes: a spec run by hand has no run's
// scratch folder around it, and each run left 42 MB in /tmp.
const dataDirectory = path.join(useScratchTemporaryDirectory('e2e-server'), 'data');
passSignalsToChildren();
const code = await run(process.execPath, [...productionNodeArguments, compiledServer], {
  cwd: root,
  env: {
    ...process.env,
    ...productionEnvironment,
    NODE_ENV: 'production',
    DATA_DIR: dataDirectory,
    SEED_DEMO: process.env.SEED_DEMO ?? 'true',
    // No load balancer polls /readyz here: a stopped test server closes at once instead of serving 2 s more.
    SHUTDOWN_DRAIN_MS: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Production hides the developer test panels unless asked; the browser tests drive them.
    SHOW_DEV_PANELS: process.env.SHOW_DEV_PANELS ?? 'true',
    // A known key (e2e/support/e2e-settings.ts repeats it): the tests sign the reminder's answer links
    // as the server does, instead of waiting up to a minute for the reminder mail. A throwaway database's key.
    SESSION_SECRET: process.env.SESSION_SECRET ?? 'pitchin-browser-tests-known-key-not-a-secret',
    // Many browser tests sign up from the same loopback address.
    AUTH_RATE_LIMIT: '100000',
    // And every test's tabs hold their live streams from it, three workers at once, beside a test that holds
    // eight more: past the per-address cap a tab would poll every 30 s instead of following live.
    STREAMS_PER_ADDRESS: '1000',
    // Mail goes to a loopback SMTP server two ports up, which e2e/account.spec.ts runs while it needs
    // one (the password reset mail); with nobody listening, a mail is logged as not sent.
    SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${Number(process.env.PORT) + 2}`,
    // The demo account administers moderation (appoints moderators) in the browser tests, as an
    // operator's ADMIN_EMAILS address would; the demo seed makes it a moderator already.
    ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? 'demo@pitchin.app',
  },
});
process.exit(code);
