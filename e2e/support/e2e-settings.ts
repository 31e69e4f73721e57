/**
 * The server with demo data that the browser tests share. E2E_PORT moves it (and the mail and empty
 * servers above it), so two runs (two checkouts on one machine) do not collide.
 */
export const E2E_PORT = Number(process.env.E2E_PORT || 6173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * The key scripts/e2e-server.mjs gives the server under test, so that a test can sign what the server signs
 * (the reminder's answer links) without waiting for its mail.
 */
export const E2E_SESSION_SECRET = process.env.SESSION_SECRET ?? 'pitchin-browser-tests-known-key-not-a-secret';
