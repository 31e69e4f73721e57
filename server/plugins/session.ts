import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAppPageRequest } from '../lib/app-page';
import { unauthorized } from '../lib/http-error';
import type { AuthService } from '../modules/auth/auth.service';
import type { SessionUser } from '../modules/auth/session-user';

/** Over plain HTTP (local use only). */
const SESSION_COOKIE = 'pitchin_session';
/**
 * Over HTTPS the browser only accepts a `__Host-` cookie that is Secure, has Path=/ and no
 * Domain, so a sibling subdomain or a plain-HTTP page of the same host cannot plant or overwrite it.
 */
const SECURE_SESSION_COOKIE = '__Host-pitchin_session';

function sessionCookieName(isSecure: boolean): string {
  return isSecure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
  }
  interface FastifyContextConfig {
    /** The routes that need no session. */
    isPublic?: boolean;
  }
}

/**
 * `request.protocol` reads X-Forwarded-Proto only when Fastify's trustProxy (TRUST_PROXY) is set, so a
 * client cannot claim HTTPS by sending that header itself.
 */
export function isSecureRequest(request: FastifyRequest, publicUrl: string | null): boolean {
  return request.protocol === 'https' || (publicUrl?.startsWith('https:') ?? false);
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, isSecure: boolean) {
  reply.setCookie(sessionCookieName(isSecure), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, isSecure: boolean) {
  reply.clearCookie(sessionCookieName(isSecure), { path: '/', httpOnly: true, sameSite: 'lax', secure: isSecure });
}

/** The signed-in user of the request; routes that are not public can rely on it. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

async function sessionPlugin(app: FastifyInstance, options: { authService: AuthService; publicUrl: string | null }) {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', async (request, reply) => {
    // Pages too: a signed-in browser gets its user inside the page, without a second request for it.
    if (!request.url.startsWith('/api/') && !isAppPageRequest(request.method, request.url)) return;
    const token = request.cookies[sessionCookieName(isSecureRequest(request, options.publicUrl))];
    if (token) {
      const resolved = await options.authService.resolveSession(token);
      if (resolved) {
        request.user = resolved.user;
        request.sessionToken = token;
        if (resolved.renewedUntil)
          setSessionCookie(reply, token, resolved.renewedUntil, isSecureRequest(request, options.publicUrl));
      }
    }
    const isKnownRoute = request.routeOptions.url !== undefined;
    if (request.url.startsWith('/api/') && isKnownRoute && !request.routeOptions.config.isPublic && !request.user)
      throw unauthorized();
  });

  // onSend runs after the handler's transaction committed and before the client can send its next
  // request, so the user's next request reads their row afresh (an unlocked achievement, new names).
  app.addHook('onSend', async (request) => {
    if (request.user && request.method !== 'GET' && request.method !== 'HEAD')
      options.authService.forgetCachedUser(request.user.id);
  });
}

export default fp(sessionPlugin, { name: 'session' });
