#!/usr/bin/env node
/**
 * Fails on any import cycle among the server's files, `import type` included: eslint's import-x/no-cycle
 * (eslint.config.js) skips type-only imports, and a type is how the cycle auth.service → messages.service →
 * moderation.service → auth.service (SessionUser) came back. A type cycle still makes the files one unit
 * that cannot be read or moved alone. Static imports and re-exports count; `import()` does not (a lazy
 * load is the way to break a cycle on purpose). Run by `npm run lint`; about a second.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['server'];

function listSources(directory) {
  const files = [];
  for (const name of readdirSync(directory)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) files.push(...listSources(full));
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const withoutJs = base.replace(/\.(m?js)$/, '');
  const candidates = [base, `${withoutJs}.ts`, `${withoutJs}.tsx`, `${withoutJs}.mts`, path.join(base, 'index.ts')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** The files `file` imports or re-exports from, statically, types included. */
function readImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const imported = new Set();
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : ts.isImportEqualsDeclaration(statement) &&
            ts.isExternalModuleReference(statement.moduleReference) &&
            ts.isStringLiteral(statement.moduleReference.expression)
          ? statement.moduleReference.expression.text
          : null;
    const target = specifier === null ? null : resolveSpecifier(file, specifier);
    if (target !== null && target.startsWith(root)) imported.add(target);
  }
  return imported;
}

const files = SCANNED.flatMap((directory) => listSources(path.join(root, directory)));
const graph = new Map(files.map((file) => [file, readImports(file)]));

// Tarjan's strongly connected components: every component of more than one file (or a file importing
// itself) holds a cycle.
let nextIndex = 0;
const index = new Map();
const lowLink = new Map();
const stack = [];
const onStack = new Set();
const components = [];
function connect(file) {
  index.set(file, nextIndex);
  lowLink.set(file, nextIndex);
  nextIndex += 1;
  stack.push(file);
  onStack.add(file);
  for (const target of graph.get(file) ?? []) {
    if (!graph.has(target)) continue;
    if (!index.has(target)) {
      connect(target);
      lowLink.set(file, Math.min(lowLink.get(file), lowLink.get(target)));
    } else if (onStack.has(target)) lowLink.set(file, Math.min(lowLink.get(file), index.get(target)));
  }
  if (lowLink.get(file) === index.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.has(file)) components.push(component);
  }
}
for (const file of files) if (!index.has(file)) connect(file);

/** One cycle through the component, as a chain of files, for the message. */
function findCycle(component) {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const chain = [start];
        for (let step = file; step !== null && step !== start; step = previous.get(step)) chain.splice(1, 0, step);
        return [...chain, start];
      }
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  return component;
}

if (components.length > 0) {
  console.error(`Import cycles in ${SCANNED.join(', ')}/ (type imports count; see scripts/check-import-cycles.mjs):`);
  for (const component of components)
    console.error(
      `  ${findCycle(component)
        .map((file) => path.relative(root, file))
        .join(' → ')}`,
    );
  process.exit(1);
}
console.log(`No import cycles among ${files.length} files in ${SCANNED.join(', ')}/.`);
