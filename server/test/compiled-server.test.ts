import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, readExternalPackages } from '../../scripts/build-server.mjs';

/**
 * The compiled server (dist/server/server.mjs) is what `npm start` and the container run, and the
 * container installs the production dependencies only (`npm ci --omit=dev`, Dockerfile). Whatever it
 * imports at run time must be one of them: a development dependency would be missing there, and the
 * server would not start.
 */
const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;

let outputDirectory: string;
let imported: string[];
let compiled: string;

beforeAll(async () => {
  outputDirectory = mkdtempSync(path.join(tmpdir(), 'pitchin-compiled-server-'));
  const metafile = await buildServer({ outputDirectory });
  const output = Object.entries(metafile.outputs).find(([file]) => file.endsWith('server.mjs'))![1];
  imported = output.imports.filter((item) => item.external).map((item) => item.path);
  compiled = readFileSync(path.join(outputDirectory, 'server.mjs'), 'utf8');
}, 60_000);
afterAll(() => rmSync(outputDirectory, { recursive: true, force: true }));

describe('the compiled server', () => {
  it('imports only Node built-ins and production dependencies', () => {
    const builtins = new Set(builtinModules);
    const packages = [...new Set(imported.filter((specifier) => !specifier.startsWith('node:')).map(packageName))];
    expect(packages.filter((name) => !builtins.has(name) && !(name in manifest.dependencies))).toEqual([]);
    expect(packages.length).toBeGreaterThan(10);
    // The three development dependencies it used to load at every start: Vite (the dev server's), its
    // middleware adapter, and the route table's pattern parser.
    for (const name of ['vite', '@fastify/middie', 'regexparam']) {
      expect(name in manifest.devDependencies, name).toBe(true);
      expect(packages, name).not.toContain(name);
    }
  });

  it('carries drizzle-orm inside instead of loading its 112 modules through its 179 kB package.json', () => {
    expect(imported.filter((specifier) => packageName(specifier) === 'drizzle-orm')).toEqual([]);
    expect(readExternalPackages()).not.toContain('drizzle-orm');
    expect(compiled).toContain('// node_modules/drizzle-orm/pg-core/dialect.js');
  });

  it('refuses WEB_DEV_SERVER with a reason, instead of bundling Vite', () => {
    expect(compiled).not.toMatch(/from "vite"/);
    expect(compiled).toContain('WEB_DEV_SERVER needs the sources: run npm run dev, not the compiled server.');
  });
});
