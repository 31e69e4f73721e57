import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSessionListSchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  passwordResetCheckBodySchema,
  passwordResetCheckSchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  PROFILE_IMAGE_BYTES_MAX,
  updateUserBodySchema,
} from '../../../contract/account';
import { errorResponseSchema, errorResponses } from '../../../contract/errors';
import { LANGUAGE_COOKIE } from '../../../contract/page-data';
import { userSchema } from '../../../contract/users';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { sendNotModified } from '../../lib/not-modified';
import { clearSessionCookie, isSecureRequest, requireUser } from '../../plugins/session';
import { type AuthService, type ClientContext, toUser } from '../auth/auth.service';
import type { Mailer } from '../mail/mail.service';
import { AccountService } from './account.service';

type Options = { db: Database; authService: AuthService; mailer: Mailer; linkOrigin: string; publicUrl: string | null };

const errors = errorResponses(400, 401, 403, 404, 413, 415, 429);

/** A profile photo of 5 MB, base64-encoded, and the JSON around it. */
const PROFILE_BODY_LIMIT = Math.ceil((PROFILE_IMAGE_BYTES_MAX * 4) / 3) + 16 * 1024;
const SMALL_BODY_LIMIT = 16 * 1024;

function clientContextOf(request: FastifyRequest): ClientContext {
  const userAgent = request.headers['user-agent'];
  return { clientAddress: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null, log: request.log };
}

/** The account screen's calls. */
export const accountRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { db, authService, mailer, linkOrigin, publicUrl },
) => {
  const service = new AccountService(db, authService, mailer, linkOrigin);

  app.patch(
    '/api/auth/user',
    {
      bodyLimit: PROFILE_BODY_LIMIT,
      schema: {
        tags: ['account'],
        summary: 'Change your names and profile photo (a data URL; null removes it)',
        body: updateUserBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => toUser(await service.updateProfile(requireUser(request), request.body)),
  );

  app.get(
    '/api/profile-photos/:photoId',
    {
      config: { isPublic: true },
      schema: {
        tags: ['account'],
        summary: 'A profile photo (public, immutable: a new photo gets a new address)',
        params: z.object({ photoId: z.string().min(1).max(200) }),
        response: {
          200: z.any().describe('The image bytes'),
          304: z.null().describe('Not modified'),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const etag = `"${request.params.photoId}"`;
      const cacheHeaders = { 'cache-control': 'public, max-age=31536000, immutable', etag };
      if (request.headers['if-none-match'] === etag) return sendNotModified(reply.headers(cacheHeaders));
      const photo = await service.getProfilePhoto(request.params.photoId);
      if (!photo) throw notFound('Photo not found');
      return reply.headers(cacheHeaders).type(photo.contentType).send(photo.bytes);
    },
  );

  app.post(
    '/api/auth/password',
    {
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['account'],
        summary: 'Change your password; your other sessions end',
        body: changePasswordBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.changePassword(requireUser(request), request.body, request.sessionToken, clientContextOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/password-reset',
    {
      config: { isPublic: true },
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['account'],
        summary: 'Mail a password reset link (202 whatever the address)',
        body: passwordResetRequestBodySchema,
        response: { 202: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.requestPasswordReset(
        request.body.email,
        clientContextOf(request),
        request.cookies[LANGUAGE_COOKIE],
      );
      return reply.status(202).send(null);
    },
  );

  app.post(
    '/api/auth/password-reset/check',
    {
      config: { isPublic: true },
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['account'],
        summary: 'Whether a reset link can still be used (the reset page says so before a password is typed)',
        body: passwordResetCheckBodySchema,
        response: { 200: passwordResetCheckSchema, ...errors },
      },
    },
    async (request) => ({ state: await service.checkResetLink(request.body.token) }),
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      config: { isPublic: true },
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['account'],
        summary: 'Set a new password with a reset link; every session of the account ends',
        body: passwordResetConfirmBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.confirmPasswordReset(request.body.token, request.body.password, clientContextOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/sessions',
    {
      schema: {
        tags: ['account'],
        summary: 'Your signed-in sessions, the current one first and marked',
        response: { 200: accountSessionListSchema, 401: errorResponseSchema },
      },
    },
    async (request) => service.listSessions(requireUser(request), request.sessionToken),
  );

  app.post(
    '/api/auth/sessions/revoke-others',
    { schema: { tags: ['account'], summary: 'Sign out everywhere else', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.endOtherSessions(requireUser(request), request.sessionToken, clientContextOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/user/export',
    {
      schema: {
        tags: ['account'],
        summary: 'All your data, as a JSON download',
        response: { 200: z.record(z.string(), z.unknown()), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="pitchin-data-${date}.json"`)
        .header('cache-control', 'no-store')
        .send(await service.exportData(user));
    },
  );

  app.delete(
    '/api/auth/user',
    {
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['account'],
        summary: 'Delete your account (password to confirm)',
        body: deleteAccountBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteAccount(requireUser(request), request.body.password, clientContextOf(request));
      clearSessionCookie(reply, isSecureRequest(request, publicUrl));
      return reply.status(204).send(null);
    },
  );
};
