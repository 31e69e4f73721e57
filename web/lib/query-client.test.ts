import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { getQueryFn, queryClient } from './query-client';

function stubFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async (_input: Request) => new Response(body || null, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const queryContext = (key: readonly unknown[]) =>
  ({
    queryKey: key,
    signal: new AbortController().signal,
    meta: undefined,
    client: queryClient,
  }) as unknown as Parameters<ReturnType<typeof getQueryFn>>[0];

afterEach(() => vi.unstubAllGlobals());

describe('getQueryFn', () => {
  it('uses only the first key element as the URL, with the session cookie', async () => {
    const fetchMock = stubFetch(200, '[1,2]');
    const data = await getQueryFn({ on401: 'throw' })(queryContext(['/api/users', 'ann']));
    expect(data).toEqual([1, 2]);
    const request = fetchMock.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/api/users');
    expect(request.credentials).toBe('include');
  });

  it('returns null on 401 when asked to, and throws the ApiError otherwise', async () => {
    stubFetch(401, '{"message":"Unauthorized","code":"UNAUTHORIZED"}');
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/auth/user']))).resolves.toBeNull();
    stubFetch(401, '{"message":"Unauthorized","code":"UNAUTHORIZED"}');
    const error = await Promise.resolve(getQueryFn({ on401: 'throw' })(queryContext(['/api/auth/user']))).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Unauthorized","code":"UNAUTHORIZED"}');
  });
});

describe('defaults', () => {
  it('never refetches on its own and never retries', () => {
    const { queries, mutations } = queryClient.getDefaultOptions();
    expect(queries).toMatchObject({
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    });
    expect(mutations).toMatchObject({ retry: false });
  });
});
