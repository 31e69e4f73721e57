import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { apiUrl, readQueryOptions } from './api-read';
import { queryClient } from './query-client';

afterEach(() => vi.unstubAllGlobals());

describe('apiUrl', () => {
  it('is the URL the server seeds a rendered page answer under: parameters filled, the query in order', () => {
    expect(apiUrl('/api/events/{id}', { path: { id: 12 } })).toBe('/api/events/12');
    expect(apiUrl('/api/conversations/{id}/messages', { path: { id: 'a b/c' } })).toBe(
      '/api/conversations/a%20b%2Fc/messages',
    );
    expect(apiUrl('/api/events', { query: { limit: 24, search: 'park clean', category: undefined } })).toBe(
      '/api/events?limit=24&search=park+clean',
    );
    expect(apiUrl('/api/my-events')).toBe('/api/my-events');
  });
});

describe('readQueryOptions', () => {
  it('keys the read by its URL and loads that URL with the session cookie', async () => {
    const fetchMock = vi.fn(async (_input: Request) => new Response('{"id":12}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const options = readQueryOptions('/api/events/{id}', { path: { id: 12 } });
    expect(options.queryKey).toEqual(['/api/events/12']);
    await expect(queryClient.fetchQuery(options)).resolves.toEqual({ id: 12 });
    const request = fetchMock.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/events/12');
    expect(request.credentials).toBe('include');
    queryClient.clear();
  });

  it('throws the ApiError of a refusal', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"message":"Not Found","code":"NOT_FOUND"}', { status: 404 }));
    const error = await queryClient
      .fetchQuery(readQueryOptions('/api/events/{id}', { path: { id: 9 } }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    queryClient.clear();
  });
});
