import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Compiles the server into one ES module, dist/server/server.mjs, with the packages left external.
 * Production runs this file rather than the TypeScript through tsx: the loader and its transformed
 * sources cost about 100 MB of resident memory and 0.6 s of start (docs/benchmarks.md), against
 * the 200 MB and 2 s targets of docs/benchmarks.md. Tests and `npm run dev` keep running the sources.
 */
const root = path.resolve(import.meta.dirname, '..');
const outputDirectory = path.join(root, 'dist/server');

/**
 * How production runs the compiled server (npm start, npm run bench). A 4 MB young generation cost
 * about a quarter of the throughput in scavenges; it is now 16 MB per semi-space, V8's long-standing
 * default (Node 26 sizes it from the machine's memory: on 24 GiB an idle server then started at 221 MB
 * instead of 168 MB). The old generation stays capped at 192 MB: without a cap V8 lets collectable
 * garbage pile up (a loaded server at 278–295 MB resident, 97 MB of heap "used" of which 44 MB live),
 * and with it the same load peaked at 174–182 MB for the same throughput within the machine's noise
 * (decision 0019, docs/benchmarks.md). The largest request, an event with 10 photos of 5 MB as data
 * URLs, needs more than 128 MB of heap and fits in 160 MB; server/stress/upload-memory.stress.ts sends
 * it to a server started with these arguments.
 *
 * The embedded database (PGlite) is PostgreSQL compiled to WebAssembly, inside this process.
 * --liftoff-only keeps V8 from compiling its hot functions a second time with the optimising
 * compiler: about 35 MB less for 0–10 % of its query speed (docs/benchmarks.md). A server on
 * PostgreSQL runs no WebAssembly, so the flag changes nothing there. Source maps are left off: they
 * cost about 10 MB; stack traces then point into dist/server/server.mjs, which is not minified
 * (NODE_OPTIONS=--enable-source-maps maps them back to the TypeScript when that is worth the memory).
 */
export const productionNodeArguments = ['--liftoff-only', '--max-semi-space-size=16', '--max-old-space-size=192'];

/**
 * The environment production adds. glibc gives each thread that allocates its own malloc arena, and
 * keeps what the WebAssembly compiler's threads once used: two arenas instead of one per thread took
 * the embedded server's peak down by about 10 MB (docs/benchmarks.md).
 */
export const productionEnvironment = { MALLOC_ARENA_MAX: '2' };

export async function buildServer() {
  rmSync(outputDirectory, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'server/server.ts')],
    outfile: path.join(outputDirectory, 'server.mjs'),
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    logLevel: 'warning',
  });
  // migrate.ts finds its SQL files beside the module that runs it.
  cpSync(path.join(root, 'server/db/migrations'), path.join(outputDirectory, 'migrations'), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
