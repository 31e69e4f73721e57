import type { Metafile } from 'esbuild';

/** Compiles the server into dist/server/server.mjs, or into `outputDirectory` (see build-server.mjs). */
export function buildServer(options?: { outputDirectory?: string }): Promise<Metafile>;
/** The packages the compiled server imports at run time: the production dependencies it does not bundle. */
export function readExternalPackages(): string[];
/** The node arguments production runs the compiled server with. */
export const productionNodeArguments: string[];
/** The environment variables production adds to the compiled server's. */
export const productionEnvironment: Record<string, string>;
