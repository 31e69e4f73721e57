import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contract/errors';
import { loginQuerySchema, signInBodySchema, signUpBodySchema, userSchema } from '../../../contract/users';
import { badRequest } from '../../lib/http-error';
import { clearSessionCookie, isSecureRequest, requireUser, setSessionCookie } from '../../plugins/session';
import { type AuthService, safeReturnPath, toUser } from './auth.service';
import type { OidcClient } from './oidc';

type Options = { authService: AuthService; oidcClient: OidcClient | null; publicUrl: string | null; webDistDirectory: string };

const FALLBACK_SIGN_IN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in | PitchIn</title></head>
<body><main><h1>Sign in to PitchIn</h1><p>The web app has not been built yet. Run <code>npm run build</code>, or sign in through <code>POST /api/auth/login</code>.</p></main></body></html>`;

const errorResponses = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema, 415: errorResponseSchema, 429: errorResponseSchema };

export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { authService, oidcClient, publicUrl, webDistDirectory }) => {
  const signInPagePath = path.join(webDistDirectory, 'sign-in.html');

  function originOf(request: { protocol: string; host: string }): string {
    return publicUrl ?? `${request.protocol}://${request.host}`;
  }

  app.get(
    '/api/login',
    {
      config: { isPublic: true },
      schema: { tags: ['auth'], summary: 'Sign-in page, or redirect to the OpenID Connect provider', querystring: loginQuerySchema },
    },
    async (request, reply) => {
      const returnTo = safeReturnPath(request.query.returnTo);
      if (request.user) return reply.redirect(returnTo);
      if (oidcClient) {
        const authorization = await oidcClient.buildAuthorizationUrl(`${originOf(request)}/api/callback`);
        await authService.saveOidcState({ state: authorization.state, codeVerifier: authorization.codeVerifier, nonce: authorization.nonce, returnTo });
        return reply.redirect(authorization.url.href);
      }
      const html = await readFile(signInPagePath, 'utf8').catch(() => FALLBACK_SIGN_IN_PAGE);
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  );

  app.get(
    '/api/callback',
    {
      config: { isPublic: true },
      schema: {
        tags: ['auth'],
        summary: 'OpenID Connect redirect target',
        querystring: z.object({ state: z.string().max(500).optional(), code: z.string().max(4000).optional(), error: z.string().max(500).optional() }).loose(),
      },
    },
    async (request, reply) => {
      if (!oidcClient) return reply.status(404).send({ message: 'Single sign-on is not configured' });
      const stateValue = request.query.state;
      if (!stateValue) throw badRequest('Missing state');
      const saved = await authService.takeOidcState(stateValue);
      if (!saved) throw badRequest('This sign-in link has expired. Please sign in again.');
      const callbackUrl = new URL(request.url, originOf(request));
      let claims;
      try {
        claims = await oidcClient.exchangeCode(callbackUrl, saved);
      } catch (error) {
        request.log.warn({ err: error }, 'OIDC code exchange failed');
        throw badRequest('Sign-in with the identity provider failed. Please try again.');
      }
      const user = await authService.upsertOidcUser(claims);
      const session = await authService.createSession(user.id);
      setSessionCookie(reply, session.token, session.expiresAt, isSecureRequest(request, publicUrl));
      return reply.redirect(saved.returnTo);
    },
  );

  app.post(
    '/api/auth/signup',
    {
      config: { isPublic: true },
      schema: { tags: ['auth'], summary: 'Create an account and sign in', body: signUpBodySchema, response: { 201: userSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const user = await authService.signUp(request.body, request.ip);
      const session = await authService.createSession(user.id);
      setSessionCookie(reply, session.token, session.expiresAt, isSecureRequest(request, publicUrl));
      return reply.status(201).send(toUser(user));
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { isPublic: true },
      schema: { tags: ['auth'], summary: 'Sign in with e-mail and password', body: signInBodySchema, response: { 200: userSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const user = await authService.signIn(request.body, request.ip);
      // A fresh id at every sign-in; the one the browser held before, if any, is ended.
      if (request.sessionToken) await authService.endSession(request.sessionToken);
      const session = await authService.createSession(user.id);
      setSessionCookie(reply, session.token, session.expiresAt, isSecureRequest(request, publicUrl));
      return toUser(user);
    },
  );

  async function endSession(request: { sessionToken: string | null }) {
    if (request.sessionToken) await authService.endSession(request.sessionToken);
  }

  app.get('/api/logout', { config: { isPublic: true }, schema: { tags: ['auth'], summary: 'Sign out (browser navigation)' } }, async (request, reply) => {
    await endSession(request);
    clearSessionCookie(reply, isSecureRequest(request, publicUrl));
    const endSessionUrl = oidcClient ? await oidcClient.buildEndSessionUrl(`${originOf(request)}/`).catch(() => null) : null;
    return reply.redirect(endSessionUrl?.href ?? '/');
  });

  app.post('/api/logout', { config: { isPublic: true }, schema: { tags: ['auth'], summary: 'Sign out (scripts)', response: { 204: z.null() } } }, async (request, reply) => {
    await endSession(request);
    clearSessionCookie(reply, isSecureRequest(request, publicUrl));
    return reply.status(204).send(null);
  });

  app.get(
    '/api/auth/user',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: userSchema, 401: errorResponseSchema } } },
    async (request) => toUser(requireUser(request)),
  );
};
