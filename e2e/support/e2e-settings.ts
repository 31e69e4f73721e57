/** The server with demo data that most browser tests share. */
export const E2E_PORT = 6173;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/**
 * A second server with NO demo data, for the empty states. Tests on it must not create events or
 * RSVPs (other tests rely on it staying empty); they may sign up users.
 */
export const E2E_EMPTY_PORT = 6174;
export const E2E_EMPTY_BASE_URL = `http://127.0.0.1:${E2E_EMPTY_PORT}`;
