/** Compiles the server into dist/server/server.mjs (see build-server.mjs). */
export function buildServer(): Promise<void>;
