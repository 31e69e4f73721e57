import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The variables config.ts reads: the keys of its environment schema. */
function configVariables(): string[] {
  const text = readFileSync(path.join(root, 'server/config.ts'), 'utf8');
  const schema = text.slice(text.indexOf('const environmentSchema'), text.indexOf('.superRefine('));
  return [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
}

describe('docs/operations.md', () => {
  it('documents every environment variable server/config.ts reads', () => {
    const doc = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    const variables = configVariables();
    expect(variables).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'WORKERS', 'METRICS_TOKEN', 'SHUTDOWN_DRAIN_MS']),
    );
    expect(variables.filter((variable) => !doc.includes(`\`${variable}\``))).toEqual([]);
  });
});
