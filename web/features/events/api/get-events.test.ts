import { describe, expect, it } from 'vitest';
import { parseNextLink } from '@/lib/paged-events';
import { EVENTS_PAGE_SIZE, eventListUrl } from './get-events';

describe('eventListUrl', () => {
  it('puts the page size and only the filters that are set into the URL', () => {
    expect(eventListUrl()).toBe(`/api/events?limit=${EVENTS_PAGE_SIZE}`);
    expect(eventListUrl({ search: '  park clean ', location: '', category: null })).toBe(
      `/api/events?limit=${EVENTS_PAGE_SIZE}&search=park+clean`,
    );
    expect(eventListUrl({ location: 'São Paulo', category: 3 })).toBe(
      `/api/events?limit=${EVENTS_PAGE_SIZE}&location=S%C3%A3o+Paulo&category=3`,
    );
  });
});

describe('parseNextLink', () => {
  it('reads the rel="next" target of an RFC 8288 Link header', () => {
    expect(parseNextLink('</api/events?limit=24&cursor=abc>; rel="next"')).toBe('/api/events?limit=24&cursor=abc');
    expect(parseNextLink('</a>; rel="prev", </b>; rel=next')).toBe('/b');
    expect(parseNextLink('</c>; title="x"; rel="prefetch next"')).toBe('/c');
  });

  it('returns null without a next link', () => {
    expect(parseNextLink(null)).toBeNull();
    expect(parseNextLink('')).toBeNull();
    expect(parseNextLink('</a>; rel="prev"')).toBeNull();
    expect(parseNextLink('</a>; rel="nextish"')).toBeNull();
  });
});
