import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

function findInstalled() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

/**
 * Browser tests need a Chromium; browsers cannot be downloaded by Playwright here, so we use the
 * distribution's package. As root on Debian/Ubuntu we install it; otherwise we say how.
 */
export function ensureChromium() {
  const found = findInstalled();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium not found: installing Debian\'s "chromium" package (apt-get)…');
    const environment = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: environment });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-noto-core'], {
      stdio: 'inherit',
      env: environment,
    });
    const installed = findInstalled();
    if (installed) return installed;
  }
  console.error(
    [
      'The browser tests need Chromium and none was found.',
      'Install it with your package manager, e.g. `sudo apt-get install chromium` (Debian/Ubuntu),',
      'or point CHROMIUM_PATH at a Chromium or Chrome binary, then run `npm test` again.',
    ].join('\n'),
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
