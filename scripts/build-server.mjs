import { cpSync, readFileSync, rmSync } from 'node:fs';
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

/**
 * The packages the compiled server imports at run time rather than carries: the production dependencies,
 * which `npm ci --omit=dev` installs, and which hold native code, WebAssembly or files read beside their
 * modules. Everything else it uses is bundled in, so a development dependency (regexparam, through the
 * route table) cannot be missing where production installs only what it needs.
 *
 * drizzle-orm is bundled although it is a dependency: its package.json is 179 kB (an `exports` entry per
 * module), and Node parses it again for each of the 112 modules the server loads from it, to learn their
 * format: about 7 ms each, 1.5–2 s of every start (docs/benchmarks.md).
 */
const BUNDLED_DEPENDENCIES = new Set(['drizzle-orm']);

export function readExternalPackages() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return Object.keys(manifest.dependencies).filter((name) => !BUNDLED_DEPENDENCIES.has(name));
}

/**
 * `npm run dev` runs the sources through tsx, with Vite inside the server (server/lib/web-dev-server.ts).
 * Left to esbuild, that module would be bundled and its static `import … from 'vite'` hoisted to the
 * compiled file's top: every production start loaded Vite and Rolldown (about 0.5 s and 45 MB), and a
 * server installed without development dependencies could not start. The compiled server gets a module
 * that says why it cannot do that instead.
 */
const withoutWebDevServer = {
  name: 'without-web-dev-server',
  setup(builder) {
    builder.onResolve({ filter: /\/web-dev-server$/ }, () => ({ path: 'web-dev-server', namespace: 'refused' }));
    builder.onLoad({ filter: /.*/, namespace: 'refused' }, () => ({
      contents:
        "export async function startWebDevServer() { throw new Error('WEB_DEV_SERVER needs the sources: run npm run dev, not the compiled server.'); }",
      loader: 'js',
    }));
  },
};

export async function buildServer({ outputDirectory: target = outputDirectory } = {}) {
  rmSync(target, { recursive: true, force: true });
  const result = await build({
    entryPoints: [path.join(root, 'server/server.ts')],
    outfile: path.join(target, 'server.mjs'),
    bundle: true,
    external: readExternalPackages().flatMap((name) => [name, `${name}/*`]),
    plugins: [withoutWebDevServer],
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  // migrate.ts finds its SQL files beside the module that runs it.
  cpSync(path.join(root, 'server/db/migrations'), path.join(target, 'migrations'), { recursive: true });
  return result.metafile;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
