/** RFC 8288: picks the rel="next" target out of a Link header (several links may be listed). */
export function parseNextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    const rel = match && /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;]+))/i.exec(match[2] ?? '');
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (match && relations.includes('next')) return match[1] ?? null;
  }
  return null;
}

/**
 * The Link header's next page is the same query with a new cursor (server/modules/events/events.routes.ts):
 * GET /api/events and GET /api/my-rsvps page this way.
 */
export function nextCursorOf(linkHeader: string | null): string | null {
  const next = parseNextLink(linkHeader);
  return next === null ? null : new URL(next, 'http://localhost').searchParams.get('cursor');
}
