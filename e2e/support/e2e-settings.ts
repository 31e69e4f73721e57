/**
 * The server with demo data that most browser tests share. E2E_PORT moves both servers, so two runs
 * (two checkouts on one machine) do not collide; the empty server takes the next port.
 */
export const E2E_PORT = Number(process.env.E2E_PORT || 6173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/**
 * A second server with NO demo data, for the empty states. Tests on it must not create events or
 * RSVPs (other tests rely on it staying empty); they may sign up users.
 */
export const E2E_EMPTY_PORT = E2E_PORT + 1;
export const E2E_EMPTY_BASE_URL = `http://127.0.0.1:${E2E_EMPTY_PORT}`;
