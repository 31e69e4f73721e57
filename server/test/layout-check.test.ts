import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/** scripts/check-layout.mjs run on a small project of its own, so each rule is seen to refuse and to pass. */
const script = path.resolve(import.meta.dirname, '../../scripts/check-layout.mjs');
const projects: string[] = [];
// The fixtures write their citations with a № the check does not read, dropped on the way to disk, so
// that this file does not cite issues itself.
const unmark = (text: string) => text.replaceAll('№', '');

function makeProject(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'pitchin-layout-'));
  projects.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), unmark(text));
  }
  return root;
}

function checkLayout(root: string) {
  const result = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  const problems = result.stderr
    .split('\n')
    .filter((line) => line.startsWith('  - '))
    .map((line) => line.slice(4));
  return { status: result.status, problems };
}

afterEach(() => {
  for (const root of projects.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the layout check on issue-number citations', () => {
  it('refuses an issue number cited in docs, code comments and test titles, naming file, line and citation', () => {
    const root = makeProject({
      'README.md': '# App\n\nFast enough for the targets of issue №6.\n',
      'docs/security.md': "Closed since (#№12).\n\nIssue №15's findings, and issues №15 and 17.\n",
      'server/modules/events/events.service.ts': '// Locks the row first: see #№31.\nexport const value = 1;\n',
      'e2e/rsvp.spec.ts': "test('refuses a second RSVP (issue-№16)', () => {});\n",
      'bench/run.mts': '// Fixes GH-№4 and PR #№9.\n',
      'package.json': '{ "description": "issue #№3" }\n',
    });

    const { status, problems } = checkLayout(root);

    expect(status).toBe(1);
    expect(problems.map((problem) => problem.replace(/; say what is meant.*$/, '')).sort()).toEqual(
      [
        'README.md:3: cites "issue №6"',
        'bench/run.mts:1: cites "GH-№4"',
        'bench/run.mts:1: cites "PR #№9"',
        'docs/security.md:1: cites "(#№12)"',
        'docs/security.md:3: cites "Issue №15"',
        'docs/security.md:3: cites "issues №15"',
        'e2e/rsvp.spec.ts:1: cites "issue-№16"',
        'package.json:1: cites "issue #№3"',
        'server/modules/events/events.service.ts:1: cites "see #№31"',
      ]
        .map(unmark)
        .sort(),
    );
  });

  it('passes decision records, colours, waitlist places, character references and the word issue without a number', () => {
    const root = makeProject({
      'docs/decisions/0009-answer-cache.md': 'Issue №16 asked for every read afresh (#№16).\n',
      'docs/operations.md': 'Behind a proxy every request speaks HTTP/1.1 # of hops matters. OIDC issuer 2.\n',
      'web/features/events/share-image.ts':
        "export const colours = { muted: '#475569', mark: '#123', black: '#000' };\n",
      'e2e/volunteer-waitlist.spec.ts': "const text = 'You are #2 on the waitlist';\nconst quote = '&#39;';\n",
      'web/lib/page-data.ts': '// Chromium files every document.cookie use as a performance issue.\n',
    });

    expect(checkLayout(root)).toEqual({ status: 0, problems: [] });
  });
});
