import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The conventions a linter cannot see: kebab-case file names, the fixed file names of a server module, no
 * barrel files, no folder named shared, and no issue numbers cited outside the decision records (a
 * reader of the code has no tracker; the requirement or the decision record says what is meant).
 * `node scripts/check-layout.mjs [folder]` checks another copy of the project (its tests do).
 */
const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const problems = [];
const SKIP = new Set([
  'node_modules',
  'dist',
  'data',
  '.git',
  'test-results',
  'screenshots',
  'migrations',
  'public',
  'results',
]);

function walk(directory) {
  const files = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'shared') problems.push(`${path.relative(root, full)}: do not name a folder "shared"`);
      files.push(...walk(full));
    } else files.push(full);
  }
  return files;
}

const sourceRoots = ['server', 'web', 'contract', 'e2e', 'bench', 'scripts']
  .map((name) => path.join(root, name))
  .filter((dir) => {
    try {
      return statSync(dir).isDirectory();
    } catch {
      return false;
    }
  });
const files = sourceRoots.flatMap(walk);
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;

for (const file of files) {
  const relative = path.relative(root, file);
  const name = path.basename(file);
  if (!/\.(ts|tsx|mjs|js|json|css|html|md)$/.test(name)) continue;
  if (!KEBAB.test(name)) problems.push(`${relative}: file names are kebab-case`);
  if (/^index\.(ts|tsx)$/.test(name)) problems.push(`${relative}: no barrel files`);
  const moduleMatch = relative.match(/^server\/modules\/([^/]+)\/([^/]+)$/);
  if (moduleMatch) {
    const [, domain, fileName] = moduleMatch;
    const allowed = new RegExp(`^[a-z-]+\\.(routes|service|repository|test|schemas)\\.ts$|^[a-z-]+\\.ts$`);
    if (!allowed.test(fileName))
      problems.push(`${relative}: module files are <name>.{routes,service,repository,test}.ts`);
    if (fileName.endsWith('.routes.ts') && !fileName.startsWith(domain.replace(/s$/, ''))) {
      // Routes of a module are named after it, so a reader finds the HTTP surface of a domain at once.
      problems.push(`${relative}: routes file should be named ${domain}.routes.ts`);
    }
  }
}

/**
 * The word issue or issues followed by a number (with # or a hyphen or neither), and a bare # with a
 * number only where it names a tracker item: in parentheses, after see, fixes, closes, resolves, refs,
 * PR or ticket, or as GH- and a number. Colours ('#123'), waitlist places ("You are #2") and character
 * references ('&#39;') are not citations.
 */
const ISSUE_CITATION =
  /\bissues?[ -]#?\d+\b|\(#\d+\)|\b(?:see|fix(?:es|ed)?|close[sd]?|resolve[sd]?|refs?|pr|pull request|ticket)\s+#\d+\b|\bGH-\d+\b/gi;
const CITATION_SKIP = new Set(['node_modules', 'dist', 'data', 'test-results', 'screenshots', 'playwright-report']);

function walkTexts(directory) {
  const found = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (CITATION_SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(directory, entry.name);
    // Decision records keep the history of why, issue numbers included.
    if (path.relative(root, full) === path.join('docs', 'decisions')) continue;
    if (entry.isDirectory()) found.push(...walkTexts(full));
    else if (entry.isFile() && /\.(md|ts|tsx|mts|cts|js|mjs|cjs|json)$/.test(entry.name)) found.push(full);
  }
  return found;
}

for (const file of walkTexts(root)) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(ISSUE_CITATION)) {
      problems.push(
        `${path.relative(root, file)}:${index + 1}: cites "${match[0]}"; say what is meant (the requirement, or the decision record that holds it)`,
      );
    }
  });
}

if (problems.length) {
  console.error(
    `Layout check found ${problems.length} problem(s):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`Layout check: ${files.length} files follow the conventions.`);
