import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contract/errors';
import { resolveReturnPath } from '../../../contract/return-to';
import { LANGUAGE_COOKIE } from '../../../contract/page-data';
import {
  loginQuerySchema,
  securityEventListSchema,
  signInBodySchema,
  signUpBodySchema,
  userSchema,
} from '../../../contract/users';
import { badRequest, forbidden } from '../../lib/http-error';
import { choosePageLanguage, withDocumentLanguage } from '../../lib/page-language';
import { requestOrigin } from '../../lib/request-origin';
import { clearSessionCookie, isSecureRequest, requireUser, setSessionCookie } from '../../plugins/session';
import { localeChunks, preloadTags, readRouteManifest } from '../../plugins/web';
import { type AuthService, type ClientContext, toUser } from './auth.service';
import type { OidcClient } from './oidc';
import type { EmailVerificationService } from '../email-verification/email-verification.service';

type Options = {
  authService: AuthService;
  oidcClient: OidcClient | null;
  publicUrl: string | null;
  webDistDirectory: string;
  /** Keeps the language the person signed in with (the app's language cookie) for their later mails. */
  rememberAppLanguage: (userId: string, cookieValue: string | undefined) => Promise<void>;
  /** Mails the new account's verification link. */
  emailVerification: EmailVerificationService;
};

const FALLBACK_SIGN_IN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in | PitchIn</title></head>
<body><main><h1>Sign in to PitchIn</h1><p>The web app has not been built yet. Run <code>npm run build</code>, or sign in through <code>POST /api/auth/login</code>.</p></main></body></html>`;

/** The namespaces the sign-in page's first render reads (web/app/sign-in-main.tsx). */
const SIGN_IN_NAMESPACES = ['common', 'auth'];

const FETCH_METADATA_HEADERS = ['sec-fetch-dest', 'sec-fetch-mode', 'sec-fetch-site', 'sec-fetch-user'] as const;

/**
 * GET /api/logout ends a session only as a top-level navigation. An event whose image
 * URL is this app's own /api/logout would otherwise sign out everyone who looks at it: the image load is
 * same-site, so the SameSite=Lax cookie goes with it. A browser that says the request is an image,
 * script or frame load gets a refusal; scripts and old browsers send no Fetch Metadata at all and keep working.
 */
function isTopLevelNavigation(request: FastifyRequest): boolean {
  const hasFetchMetadata = FETCH_METADATA_HEADERS.some((name) => request.headers[name] !== undefined);
  return !hasFetchMetadata || request.headers['sec-fetch-dest'] === 'document';
}

function clientContextOf(request: FastifyRequest): ClientContext {
  const userAgent = request.headers['user-agent'];
  return { clientAddress: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null, log: request.log };
}

const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  415: errorResponseSchema,
  429: errorResponseSchema,
};

export const authRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { authService, oidcClient, publicUrl, webDistDirectory, rememberAppLanguage, emailVerification },
) => {
  const signInPagePath = path.join(webDistDirectory, 'sign-in.html');
  const manifest = readRouteManifest(webDistDirectory, (message) => app.log.warn(message));

  function originOf(request: { protocol: string; host: string }): string {
    return publicUrl ?? requestOrigin(request);
  }

  app.get(
    '/api/login',
    {
      config: { isPublic: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign-in page, or redirect to the OpenID Connect provider',
        querystring: loginQuerySchema,
      },
    },
    async (request, reply) => {
      const returnTo = resolveReturnPath(request.query.returnTo, originOf(request));
      // A reset link opened in a browser that is signed in still resets: it may be someone else's account.
      if (request.user && request.query.mode !== 'reset') return reply.redirect(returnTo);
      if (oidcClient) {
        const authorization = await oidcClient.buildAuthorizationUrl(`${originOf(request)}/api/callback`);
        await authService.saveOidcState({
          state: authorization.state,
          codeVerifier: authorization.codeVerifier,
          nonce: authorization.nonce,
          returnTo,
        });
        return reply.redirect(authorization.url.href);
      }
      const built = await readFile(signInPagePath, 'utf8').catch(() => null);
      let html = FALLBACK_SIGN_IN_PAGE;
      if (built !== null) {
        // The page is drawn by the browser, in this language from its first paint: its translations are
        // hinted beside the entry script instead of being found only once the script has run (decision 0013).
        const language = choosePageLanguage(request.cookies[LANGUAGE_COOKIE]);
        const hints = manifest ? preloadTags(localeChunks(manifest, SIGN_IN_NAMESPACES, language), built) : '';
        html = withDocumentLanguage(built, language).replace('</head>', () => `${hints}</head>`);
      }
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
        querystring: z
          .object({
            state: z.string().max(500).optional(),
            code: z.string().max(4000).optional(),
            error: z.string().max(500).optional(),
          })
          .loose(),
      },
    },
    async (request, reply) => {
      if (!oidcClient)
        return reply.status(404).send({ message: 'Single sign-on is not configured', code: 'NOT_FOUND' });
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
      if (user.suspendedAt !== null) throw forbidden('This account is suspended', 'ACCOUNT_SUSPENDED');
      await rememberAppLanguage(user.id, request.cookies[LANGUAGE_COOKIE]);
      await authService.recordSecurityEvent('sign-in', user.id, clientContextOf(request));
      const session = await authService.createSession(user.id, clientContextOf(request).userAgent);
      setSessionCookie(reply, session.token, session.expiresAt, isSecureRequest(request, publicUrl));
      // Resolved again: a row written before this rule (or by hand) must not send anyone off the site.
      return reply.redirect(resolveReturnPath(saved.returnTo, originOf(request)));
    },
  );

  app.post(
    '/api/auth/signup',
    {
      config: { isPublic: true },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: signUpBodySchema,
        response: { 201: userSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await authService.signUp(request.body, clientContextOf(request));
      await rememberAppLanguage(user.id, request.cookies[LANGUAGE_COOKIE]);
      await emailVerification.sendLink(user, request.cookies[LANGUAGE_COOKIE]);
      const session = await authService.createSession(user.id, clientContextOf(request).userAgent);
      setSessionCookie(reply, session.token, session.expiresAt, isSecureRequest(request, publicUrl));
      return reply.status(201).send(toUser(user));
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { isPublic: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: signInBodySchema,
        response: { 200: userSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await authService.signIn(request.body, clientContextOf(request));
      await rememberAppLanguage(user.id, request.cookies[LANGUAGE_COOKIE]);
      // A fresh id at every sign-in; the one the browser held before, if any, is ended.
      if (request.sessionToken) await authService.endSession(request.sessionToken);
      const session = await authService.createSession(user.id, clientContextOf(request).userAgent);
      setSessionCookie(reply, session.token, session.expiresAt, isSecureRequest(request, publicUrl));
      return toUser(user);
    },
  );

  async function endSession(request: FastifyRequest) {
    if (!request.sessionToken) return;
    await authService.endSession(request.sessionToken);
    if (request.user) await authService.recordSecurityEvent('sign-out', request.user.id, clientContextOf(request));
  }

  app.get(
    '/api/logout',
    { config: { isPublic: true }, schema: { tags: ['auth'], summary: 'Sign out (browser navigation)' } },
    async (request, reply) => {
      if (!isTopLevelNavigation(request)) throw forbidden('Sign out by opening this address, not by loading it');
      await endSession(request);
      clearSessionCookie(reply, isSecureRequest(request, publicUrl));
      const endSessionUrl = oidcClient
        ? await oidcClient.buildEndSessionUrl(`${originOf(request)}/`).catch(() => null)
        : null;
      return reply.redirect(endSessionUrl?.href ?? '/');
    },
  );

  app.post(
    '/api/logout',
    {
      config: { isPublic: true },
      schema: { tags: ['auth'], summary: 'Sign out (scripts)', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await endSession(request);
      clearSessionCookie(reply, isSecureRequest(request, publicUrl));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: userSchema, 401: errorResponseSchema },
      },
    },
    async (request) => toUser(requireUser(request)),
  );

  app.get(
    '/api/auth/security-events',
    {
      schema: {
        tags: ['auth'],
        summary: "The caller's last 20 security events, newest first (shown to the user as recent sign-ins)",
        response: { 200: securityEventListSchema, 401: errorResponseSchema },
      },
    },
    async (request) => authService.listRecentSecurityEvents(requireUser(request).id),
  );
};
