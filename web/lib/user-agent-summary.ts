export type UserAgentSummary = { browser: string | null; operatingSystem: string | null };

// Order matters: Edge, Opera and Samsung Internet also say "Chrome" and "Safari", Chrome also says
// "Safari", so the more specific names are tried first. A full UA parser would cost the profile page
// tens of kilobytes for a line that only has to let a person recognise their own device.
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const OPERATING_SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPad\b/, 'iPadOS'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

// A script (curl/8.5.0, python-requests/2.31) names itself in its first token: showing that name tells
// the person more than "unknown device" would.
const FIRST_PRODUCT = /^([A-Za-z][\w.-]{0,31})\//;

/** "Chrome" + "Android" from a User-Agent header; null parts when it names no browser or system we know. */
export function summarizeUserAgent(userAgent: string | null): UserAgentSummary {
  if (!userAgent) return { browser: null, operatingSystem: null };
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const operatingSystem = OPERATING_SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  if (browser || operatingSystem) return { browser, operatingSystem };
  const product = FIRST_PRODUCT.exec(userAgent)?.[1];
  return { browser: product && product !== 'Mozilla' ? product : null, operatingSystem: null };
}
