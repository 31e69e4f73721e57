import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Headless shell first: the browser tests never show a window, and on a two-core machine the full
// browser's headless mode cost about 40 % more CPU per test (docs/decisions/0026-headless-shell.md).
const CANDIDATES = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** The browser the tests drive: CHROMIUM_PATH, else the first installed candidate, else null. */
export function findInstalledChromium({ isFullBrowserNeeded = false } = {}) {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  const candidates = isFullBrowserNeeded ? CANDIDATES.slice(1) : CANDIDATES;
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

function installWithApt(packages) {
  const environment = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages, 'fonts-noto-core'], {
      stdio: 'inherit',
      env: environment,
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Browser tests need a Chromium; browsers cannot be downloaded by Playwright here, so we use the
 * distribution's package. As root on Debian/Ubuntu we install it (the headless shell, or the full
 * browser where a release has no headless-shell package, or where Lighthouse needs the full browser);
 * otherwise we say how.
 */
export function ensureChromium({ isFullBrowserNeeded = false } = {}) {
  const found = findInstalledChromium({ isFullBrowserNeeded });
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium not found: installing Debian\'s "chromium-headless-shell" package (apt-get)…');
    execFileSync('apt-get', ['update', '-qq'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (isFullBrowserNeeded || !installWithApt(['chromium-headless-shell'])) installWithApt(['chromium']);
    const installed = findInstalledChromium({ isFullBrowserNeeded });
    if (installed) return installed;
  }
  console.error(
    [
      'The browser tests need Chromium and none was found.',
      'Install it with your package manager, e.g. `sudo apt-get install chromium-headless-shell`',
      '(or `chromium`) on Debian/Ubuntu, or point CHROMIUM_PATH at a Chromium or Chrome binary,',
      'then run `npm test` again.',
    ].join('\n'),
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
