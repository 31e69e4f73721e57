/**
 * An event's imageUrl is loaded by every viewer's browser, so it must not make those
 * browsers reach into their own machine or network (a router's admin page, a cloud metadata endpoint, a
 * dev server on localhost) nor leak credentials. The checks run on the WHATWG URL parser's output, the
 * same parser browsers use: it has already turned `127.1`, `2130706433`, `0x7f.0.0.1` and `%31%32%37.0.0.1`
 * into `127.0.0.1`, and every IPv6 form into lowercase compressed hexadecimal (no dotted tail), so each
 * address has exactly one spelling here. No library: the web form runs this too, and the rule is a table.
 */

export const IMAGE_URL_MESSAGES = {
  notUrl: 'Image URL must be a URL',
  notHttps: 'Image URL must be an https:// URL',
  credentials: 'Image URL must not contain a user name or password',
  notPublic: 'Image URL must point to a public host, not a local or private address',
  ownOrigin: 'Image URL must point to another site, not this one',
} as const;

/** IPv4 blocks that are not globally reachable (IANA special-purpose registry), as [first address, prefix length]. */
const NON_GLOBAL_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the local machine
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata endpoints
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const DOTTED_QUAD = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4Number(address: string): number | null {
  const parts = DOTTED_QUAD.exec(address);
  if (!parts) return null;
  const octets = parts.slice(1).map(Number);
  if (octets.some((octet) => octet > 255)) return null;
  return ((octets[0]! << 24) | (octets[1]! << 16) | (octets[2]! << 8) | octets[3]!) >>> 0;
}

const NON_GLOBAL_IPV4_RANGES = NON_GLOBAL_IPV4.map(([first, prefix]) => ({
  first: ipv4Number(first)!,
  size: 2 ** (32 - prefix),
}));

function isGlobalIpv4(address: number): boolean {
  return !NON_GLOBAL_IPV4_RANGES.some(({ first, size }) => address >= first && address < first + size);
}

/** The eight groups of a bracketed IPv6 host as the URL parser serializes it. */
function ipv6Groups(host: string): number[] {
  const inner = host.slice(1, -1);
  const toGroups = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const gap = inner.indexOf('::');
  if (gap === -1) return toGroups(inner);
  const head = toGroups(inner.slice(0, gap));
  const tail = toGroups(inner.slice(gap + 2));
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/**
 * Only global unicast (2000::/3) minus its special-purpose blocks: that leaves out ::1, ::, IPv4-mapped
 * and IPv4-translated addresses (::ffff:0:0/96, 64:ff9b::/96), fc00::/7, fe80::/10 and multicast ff00::/8.
 */
function isGlobalIpv6(groups: number[]): boolean {
  const [first = 0, second = 0] = groups;
  if (first < 0x2000 || first > 0x3fff) return false;
  if (first === 0x2001 && second < 0x0200) return false; // IETF protocol assignments, Teredo (embeds IPv4)
  if (first === 0x2001 && second === 0x0db8) return false; // documentation
  if (first === 0x2002) return false; // 6to4 (embeds any IPv4 address)
  if (first === 0x3fff && second < 0x1000) return false; // documentation
  return true;
}

/**
 * Names that resolve to the viewer's own machine or network: localhost (RFC 6761), single-label names
 * (completed by the viewer's DNS search domains), mDNS .local, and the private-use .internal and .home.arpa.
 */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)\.?$|^[^.]+\.?$/;

function isPublicHost(hostname: string): boolean {
  if (hostname.startsWith('[')) return isGlobalIpv6(ipv6Groups(hostname));
  const ipv4 = ipv4Number(hostname);
  if (ipv4 !== null) return isGlobalIpv4(ipv4);
  return hostname !== '' && !LOCAL_NAME.test(hostname);
}

/**
 * Why `value` may not be an event's imageUrl, or null when it may (this app's own origin aside: the server checks
 * that).
 */
export function findImageUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return IMAGE_URL_MESSAGES.notUrl;
  }
  if (url.protocol !== 'https:') return IMAGE_URL_MESSAGES.notHttps;
  if (url.username !== '' || url.password !== '') return IMAGE_URL_MESSAGES.credentials;
  if (!isPublicHost(url.hostname)) return IMAGE_URL_MESSAGES.notPublic;
  return null;
}

/** Whether `imageUrl` is on one of `origins` (this app's), by host name whatever the port. */
export function isOnOrigin(imageUrl: string, origins: ReadonlyArray<string | null | undefined>): boolean {
  let hostname: string;
  try {
    hostname = new URL(imageUrl).hostname.replace(/\.$/, '');
  } catch {
    return false;
  }
  return origins.some((origin) => {
    if (!origin) return false;
    try {
      return new URL(origin).hostname.replace(/\.$/, '') === hostname;
    } catch {
      return false;
    }
  });
}
