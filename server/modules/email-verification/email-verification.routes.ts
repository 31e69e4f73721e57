import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../contract/errors';
import { LANGUAGE_COOKIE } from '../../../contract/page-data';
import { EMAIL_VERIFICATION_QUERY_KEY } from '../../../contract/email-verification';
import { emailVerificationQuerySchema } from '../../../contract/users';
import { requireUser } from '../../plugins/session';
import { type EmailVerificationService, VERIFY_EMAIL_PATH } from './email-verification.service';

type Options = { service: EmailVerificationService };

export const emailVerificationRoutes: FastifyPluginAsyncZod<Options> = async (app, { service }) => {
  app.get(
    VERIFY_EMAIL_PATH,
    {
      // Opened from the mail, maybe in a browser that is not signed in: the token is the credential.
      config: { isPublic: true },
      schema: {
        tags: ['auth'],
        summary:
          'Opened from the verification mail: confirms the address and redirects to the app (or, signed out, the sign-in page) with ?emailVerification=verified|used|expired|invalid',
        querystring: emailVerificationQuerySchema,
      },
    },
    async (request, reply) => {
      const state = await service.verify(request.query.token ?? '');
      // Signed in: the app says how it went. Not signed in (the mail opened on another device): the sign-in
      // page says it. The token stays out of the address the browser goes on to, and out of any Referer.
      const target = request.user ? '/' : '/api/login';
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(`${target}?${EMAIL_VERIFICATION_QUERY_KEY}=${state}`, 303);
    },
  );

  app.post(
    `${VERIFY_EMAIL_PATH}/resend`,
    {
      bodyLimit: 1024,
      schema: {
        tags: ['auth'],
        summary: 'Mail a new verification link to the signed-in user (204; nothing for a verified address)',
        response: { 204: z.null(), ...errorResponses(401, 403, 415, 429) },
      },
    },
    async (request, reply) => {
      await service.resend(requireUser(request), request.cookies[LANGUAGE_COOKIE]);
      return reply.status(204).send(null);
    },
  );
};
