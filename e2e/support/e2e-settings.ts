export const E2E_PORT = 5173 + 1000;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
