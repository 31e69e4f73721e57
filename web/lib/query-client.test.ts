import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, getQueryFn, isUnauthorizedError, queryClient } from './query-client';

function stubFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(body || null, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const queryContext = (key: readonly unknown[]) =>
  ({ queryKey: key, signal: new AbortController().signal, meta: undefined, client: queryClient }) as unknown as Parameters<
    ReturnType<typeof getQueryFn>
  >[0];

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends credentials and a JSON body with its content type', async () => {
    const fetchMock = stubFetch(201, '{"id":1}');
    await apiRequest('POST', '/api/events', { title: 'Park cleanup' });
    expect(fetchMock).toHaveBeenCalledWith('/api/events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"title":"Park cleanup"}',
      credentials: 'include',
    });
  });

  it('throws "status: body" (spec §8), falling back to the status text', async () => {
    stubFetch(401, '{"message":"Unauthorized"}');
    const error = await apiRequest('POST', '/api/ratings', {}).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('401: {"message":"Unauthorized"}');
    expect(isUnauthorizedError(error as Error)).toBe(true);

    stubFetch(503, '', 'Service Unavailable');
    await expect(apiRequest('GET', '/api/events')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  it('uses only the first key element as the URL', async () => {
    const fetchMock = stubFetch(200, '[1,2]');
    const data = await getQueryFn({ on401: 'throw' })(queryContext(['/api/users', 'ann']));
    expect(data).toEqual([1, 2]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users');
  });

  it('returns null on 401 when asked to, and throws otherwise', async () => {
    stubFetch(401, '{"message":"Unauthorized"}');
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/auth/user']))).resolves.toBeNull();
    stubFetch(401, '{"message":"Unauthorized"}');
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/auth/user']))).rejects.toThrow(/^401: .*Unauthorized/);
  });
});

describe('defaults (spec §7)', () => {
  it('never refetches on its own and never retries', () => {
    const { queries, mutations } = queryClient.getDefaultOptions();
    expect(queries).toMatchObject({ refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false });
    expect(mutations).toMatchObject({ retry: false });
  });
});

describe('isUnauthorizedError', () => {
  it('matches only 401 messages that say Unauthorized', () => {
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('403: {"message":"Unauthorized origin"}'))).toBe(false);
    expect(isUnauthorizedError(new Error('401: {"message":"Invalid email or password"}'))).toBe(false);
  });
});
