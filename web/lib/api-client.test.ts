import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, dataOf } from './api-client';
import { ApiError, codeOf, isUnauthorizedError, statusOf } from './api-error';
import { apiFetch } from './api-fetch';

function stubFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(
    async (_input: Request) =>
      new Response(body || null, { status, statusText, headers: body ? { 'content-type': 'application/json' } : {} }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('the typed client', () => {
  it('fills path parameters, sends the JSON body with its type and the session cookie, and returns the answer', async () => {
    const fetchMock = stubFetch(200, '{"status":"attending","rsvpCount":3}');
    const answer = await dataOf(
      api.POST('/api/events/{id}/rsvp', { params: { path: { id: 12 } }, body: { status: 'attending' } }),
    );
    expect(answer).toEqual({ status: 'attending', rsvpCount: 3 });
    const request = fetchMock.mock.calls[0]![0];
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/events/12/rsvp');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.credentials).toBe('include');
    expect(await request.text()).toBe('{"status":"attending"}');
  });

  it('throws one ApiError with the status, the code and the "status: text" message the product shows', async () => {
    const body = '{"message":"Event Full","code":"EVENT_FULL"}';
    stubFetch(409, body);
    const error = await api
      .POST('/api/events/{id}/rsvp', { params: { path: { id: 12 } }, body: { status: 'attending' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'EVENT_FULL',
      serverMessage: 'Event Full',
      fieldErrors: [],
      message: `409: ${body}`,
    });
    expect(statusOf(error)).toBe(409);
    expect(codeOf(error)).toBe('EVENT_FULL');
  });

  it('keeps the field errors of a refused form', async () => {
    stubFetch(
      400,
      '{"message":"You cannot send a message to yourself","code":"MESSAGE_TO_SELF","errors":[{"path":"receiverId","message":"You cannot send a message to yourself"}]}',
    );
    const error = (await api
      .POST('/api/messages', { body: { receiverId: 'me@example.org', content: 'Hi' } })
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error.code).toBe('MESSAGE_TO_SELF');
    expect(error.fieldErrors).toEqual([{ path: 'receiverId', message: 'You cannot send a message to yourself' }]);
  });
});

describe('apiFetch', () => {
  it('falls back to the status text for an empty body, and has no code for a body that is not ours', async () => {
    stubFetch(503, '', 'Service Unavailable');
    const empty = (await apiFetch('/api/events').catch((caught: unknown) => caught)) as ApiError;
    expect(empty.message).toBe('503: Service Unavailable');
    expect(empty.code).toBeNull();
    stubFetch(502, '<html>Bad Gateway</html>');
    const proxy = (await apiFetch('/api/events').catch((caught: unknown) => caught)) as ApiError;
    expect(proxy).toMatchObject({
      status: 502,
      code: null,
      serverMessage: null,
      message: '502: <html>Bad Gateway</html>',
    });
  });

  it('lets a 304 through for the caller that revalidates', async () => {
    stubFetch(304, '');
    await expect(apiFetch('/api/user/achievements')).resolves.toHaveProperty('status', 304);
  });

  it('leaves a network failure as it is: status 0, no code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiFetch('/api/events').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect(statusOf(error)).toBe(0);
    expect(codeOf(error)).toBeNull();
  });
});

describe('isUnauthorizedError', () => {
  it('is the 401 of a missing session, not a wrong password or another refusal', () => {
    expect(isUnauthorizedError(new ApiError(401, '{"message":"Unauthorized","code":"UNAUTHORIZED"}'))).toBe(true);
    expect(
      isUnauthorizedError(new ApiError(401, '{"message":"Invalid email or password","code":"INVALID_CREDENTIALS"}')),
    ).toBe(false);
    expect(
      isUnauthorizedError(
        new ApiError(403, '{"message":"Cross-site requests are not allowed","code":"CROSS_SITE_REQUEST"}'),
      ),
    ).toBe(false);
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(false);
  });
});
