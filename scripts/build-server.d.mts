/** Compiles the server into dist/server/server.mjs (see build-server.mjs). */
export function buildServer(): Promise<void>;
/** The node arguments production runs the compiled server with. */
export const productionNodeArguments: string[];
/** The environment variables production adds to the compiled server's. */
export const productionEnvironment: Record<string, string>;
