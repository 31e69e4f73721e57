import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../contract/errors';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app';

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  ({ cookie } = await signUpUser(app));
});
afterAll(async () => app?.close());

/**
 * Clients tell refusals apart by `code`, never by the English message: these are the answers the web
 * reacts to, each with the one code it keys its translated text on.
 */
describe('error codes', () => {
  it('names a schema refusal VALIDATION_FAILED and keeps the field messages', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie },
      payload: { title: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.any(String),
      errors: expect.arrayContaining([expect.objectContaining({ path: 'title' })]),
    });
  });

  it('names a body that is not JSON INVALID_JSON and a wrong media type UNSUPPORTED_MEDIA_TYPE', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'Body is not valid JSON', code: 'INVALID_JSON' });
    const text = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('names a missing session UNAUTHORIZED, an unknown route NOT_FOUND and a missing event EVENT_NOT_FOUND', async () => {
    const signedOut = await app.inject({ method: 'GET', url: '/api/my-rsvps' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
    const unknownRoute = await app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { cookie } });
    expect(unknownRoute.statusCode).toBe(404);
    expect(unknownRoute.json()).toMatchObject({ code: 'NOT_FOUND' });
    const missingEvent = await app.inject({ method: 'GET', url: '/api/events/987654', headers: { cookie } });
    expect(missingEvent.json()).toEqual({ message: 'Event not found', code: 'EVENT_NOT_FOUND' });
  });

  it('names a taken e-mail EMAIL_TAKEN and a wrong password INVALID_CREDENTIALS', async () => {
    const email = `codes-${Date.now()}@example.org`;
    await signUpUser(app, { email });
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'correct horse battery', firstName: 'A', lastName: 'B' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'not the password at all' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('declares the code, with every value of the one list, in the OpenAPI error schemas', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            responses: Record<
              string,
              {
                content?: Record<
                  string,
                  { schema: { required?: string[]; properties?: Record<string, { enum?: string[] }> } }
                >;
              }
            >;
          }
        >
      >;
    };
    const rsvpConflict =
      document.paths['/api/events/{id}/rsvp']?.post?.responses['409']?.content?.['application/json']?.schema;
    expect(rsvpConflict?.required).toEqual(expect.arrayContaining(['message', 'code']));
    expect(rsvpConflict?.properties?.code?.enum).toEqual([...ERROR_CODES]);
  });
});
