import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '../../../contract/languages';
import { mailSettingsSchema, updateMailSettingsBodySchema } from '../../../contract/mail';
import { errorResponses } from '../../../contract/errors';
import { LANGUAGE_COOKIE } from '../../../contract/page-data';
import type { Database } from '../../db/client';
import { textDirection } from '../../lib/page-language';
import { requireUser } from '../../plugins/session';
import {
  applyUnsubscribe,
  readMailLanguage,
  readMailSettings,
  readUnsubscribeLink,
  updateMailSettings,
} from './mail-settings.service';
import { escapeHtml, fillText, mailTextsOf } from './mail-templates';

type Options = { db: Database; sessionSecret: string };

const errors = errorResponses(400, 401, 403, 415, 429);

const unsubscribeQuerySchema = z.object({ token: z.string().max(1000).optional() });

function languageCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[LANGUAGE_COOKIE];
}

function sendPage(reply: FastifyReply, status: number, language: LanguageCode, body: string) {
  const texts = mailTextsOf(language);
  const html = [
    '<!doctype html>',
    `<html lang="${language}" dir="${textDirection(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(texts.unsubscribePage.title)} · PitchIn</title></head>`,
    '<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2937; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">',
    `<h1 style="font-size: 1.4rem">${escapeHtml(texts.unsubscribePage.title)}</h1>`,
    body,
    `<p><a href="/settings">PitchIn</a></p>`,
    '</body></html>',
  ].join('\n');
  // A string with a non-JSON type is sent as it is: the page is not part of the JSON API.
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(html as never);
}

/**
 * The e-mail switches of the settings screen, and the List-Unsubscribe links of the
 * mails. A link opened in a browser shows a button (mail scanners open links, and must not unsubscribe
 * anyone); the POST of that button, or the mail client's RFC 8058 one-click POST, turns the kind off.
 */
export const mailRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, sessionSecret }) => {
  app.get(
    '/api/user/mail-settings',
    {
      schema: {
        tags: ['account'],
        summary: 'Your e-mail language and which kinds of mail you get',
        response: { 200: mailSettingsSchema, ...errors },
      },
    },
    async (request) => readMailSettings(db, requireUser(request).id, languageCookieOf(request)),
  );

  app.put(
    '/api/user/mail-settings',
    {
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['account'],
        summary: 'Change your e-mail language or turn kinds of mail on and off',
        body: updateMailSettingsBodySchema,
        response: { 200: mailSettingsSchema, ...errors },
      },
    },
    async (request) => updateMailSettings(db, requireUser(request).id, request.body, languageCookieOf(request)),
  );

  // The one-click POST comes as a form (RFC 8058), which the JSON-only API refuses everywhere else;
  // its body says nothing the token does not, so it is read as text and ignored.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4 * 1024 }, (_request, _body, done) =>
    done(null, null),
  );

  app.get(
    '/mail/unsubscribe',
    { config: { isPublic: true }, schema: { hide: true, querystring: unsubscribeQuerySchema } },
    async (request, reply) => {
      const subject = readUnsubscribeLink(sessionSecret, request.query.token ?? '');
      const fallback = languageCookieOf(request);
      if (!subject) {
        const language = isLanguageCode(fallback) ? fallback : DEFAULT_LANGUAGE;
        return sendPage(reply, 400, language, `<p>${escapeHtml(mailTextsOf(language).unsubscribePage.invalid)}</p>`);
      }
      const language = await readMailLanguage(db, subject.kind === 'invitation' ? null : subject.userId, fallback);
      const texts = mailTextsOf(language);
      const kind = texts.kinds[subject.kind];
      return sendPage(
        reply,
        200,
        language,
        [
          `<p>${escapeHtml(fillText(texts.unsubscribePage.question, { kind }))}</p>`,
          `<form method="post" action="/mail/unsubscribe?token=${escapeHtml(encodeURIComponent(request.query.token ?? ''))}">`,
          `<button type="submit" style="padding: 0.6em 1.2em; border-radius: 0.5em; border: none; background: #15803d; color: #ffffff; font-size: 1rem">${escapeHtml(texts.unsubscribePage.confirm)}</button>`,
          '</form>',
        ].join('\n'),
      );
    },
  );

  app.post(
    '/mail/unsubscribe',
    {
      config: { isPublic: true, acceptsOneClickPost: true },
      schema: { hide: true, querystring: unsubscribeQuerySchema },
    },
    async (request, reply) => {
      const subject = readUnsubscribeLink(sessionSecret, request.query.token ?? '');
      const fallback = languageCookieOf(request);
      if (!subject) {
        const language = isLanguageCode(fallback) ? fallback : DEFAULT_LANGUAGE;
        return sendPage(reply, 400, language, `<p>${escapeHtml(mailTextsOf(language).unsubscribePage.invalid)}</p>`);
      }
      const storedLanguage = await applyUnsubscribe(db, subject);
      const language = subject.kind === 'invitation' && isLanguageCode(fallback) ? fallback : storedLanguage;
      const texts = mailTextsOf(language);
      return sendPage(
        reply,
        200,
        language,
        `<p role="status">${escapeHtml(fillText(texts.unsubscribePage.done, { kind: texts.kinds[subject.kind] }))}</p>`,
      );
    },
  );
};
