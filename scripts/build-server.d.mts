/** Compiles the server into dist/server/server.mjs (see build-server.mjs). */
export function buildServer(): Promise<void>;
/** The node arguments production runs the compiled server with. */
export const productionNodeArguments: string[];
