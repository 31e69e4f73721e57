import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { callApi } from './call-api';

afterEach(() => vi.unstubAllGlobals());

describe('callApi', () => {
  it('loads the typed client, makes the call and answers its data', async () => {
    const fetchMock = vi.fn(
      async (_input: Request) =>
        new Response('{"status":"attending","rsvpCount":3}', { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const answer = await callApi((api) =>
      api.POST('/api/events/{id}/rsvp', { params: { path: { id: 12 } }, body: { status: 'attending' } }),
    );
    expect(answer).toEqual({ status: 'attending', rsvpCount: 3 });
    expect(new URL(fetchMock.mock.calls[0]![0].url).pathname).toBe('/api/events/12/rsvp');
  });

  it('rejects with the ApiError of a refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"message":"Event Full","code":"EVENT_FULL"}', {
            status: 409,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const error = await callApi((api) =>
      api.POST('/api/events/{id}/rsvp', { params: { path: { id: 12 } }, body: { status: 'attending' } }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'EVENT_FULL' });
  });
});
