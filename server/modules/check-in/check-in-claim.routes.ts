import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '../../../contract/languages';
import { LANGUAGE_COOKIE } from '../../../contract/page-data';
import { HttpError } from '../../lib/http-error';
import { textDirection } from '../../lib/page-language';
import { readMailLanguage } from '../mail/mail-settings.service';
import { escapeHtml, fillText, mailTextsOf } from '../mail/mail-templates';
import type { Database } from '../../db/client';
import type { WalkInClaimService, WalkInClaimPage } from './walk-in-claim.service';

const claimQuerySchema = z.object({ token: z.string().max(1000).default('') });

/** The page the claim mail links to; its button posts to CLAIM_ACTION, where the session is read. */
const CLAIM_PAGE = '/mail/walk-in';
const CLAIM_ACTION = '/api/walk-in-claims';

type ClaimTexts = ReturnType<typeof mailTextsOf>['walkInClaim'];

/** A page of its own, not the app, as the reminder's answer page: it works with no script at all. */
function sendPage(reply: FastifyReply, status: number, language: LanguageCode, body: string) {
  const texts = mailTextsOf(language).walkInClaim;
  const html = [
    '<!doctype html>',
    `<html lang="${language}" dir="${textDirection(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    '<meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(texts.title)} · PitchIn</title>`,
    '<style>body{font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937;background:#ffffff;max-width:36rem;margin:3rem auto;padding:0 1rem}',
    'button{padding:.75em 1.4em;border-radius:.5em;border:none;background:#15803d;color:#fff;font-size:1rem;min-height:44px;cursor:pointer}',
    'a{color:#15803d}',
    '@media (prefers-color-scheme:dark){body{background:#111827;color:#f3f4f6}a{color:#4ade80}}</style></head>',
    `<body><main><h1 style="font-size:1.4rem">${escapeHtml(texts.title)}</h1>`,
    body,
    '</main></body></html>',
  ].join('\n');
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // same-origin: the button's POST must carry our Origin for the cross-site check; the token stays here.
      .header('referrer-policy', 'same-origin')
      .header('x-robots-tag', 'noindex')
      .send(html as never)
  );
}

function paragraph(text: string, role?: 'status' | 'alert'): string {
  return `<p${role ? ` role="${role}"` : ''} dir="auto">${escapeHtml(text)}</p>`;
}

function link(href: string, label: string): string {
  return `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`;
}

function formatDate(date: Date, language: LanguageCode): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(date);
}

function pagePath(token: string): string {
  return `${CLAIM_PAGE}?token=${encodeURIComponent(token)}`;
}

/** Sign in (or up) and come back to this same page, whose button then works. */
function signInLinks(texts: ClaimTexts, token: string): string {
  const returnTo = encodeURIComponent(pagePath(token));
  return (
    link(`/api/login?returnTo=${returnTo}`, texts.signIn) +
    link(`/api/login?mode=signup&returnTo=${returnTo}`, texts.signUp)
  );
}

function stateBody(texts: ClaimTexts, page: WalkInClaimPage, token: string): string {
  switch (page.state) {
    case 'sign-in':
      return paragraph(texts.signInFirst) + signInLinks(texts, token);
    case 'other-address':
      return paragraph(texts.otherAddress, 'alert');
    case 'address-not-confirmed':
      return paragraph(texts.notConfirmed, 'alert') + link('/settings', texts.openSettings);
    case 'organizer':
      return paragraph(texts.organizer, 'alert');
    case 'claimable':
      return [
        `<form method="post" action="${escapeHtml(`${CLAIM_ACTION}?token=${encodeURIComponent(token)}`)}">`,
        `<button type="submit">${escapeHtml(texts.button)}</button>`,
        '</form>',
      ].join('\n');
  }
}

function languageOf(request: FastifyRequest): LanguageCode {
  const cookie = request.cookies[LANGUAGE_COOKIE];
  return isLanguageCode(cookie) ? cookie : DEFAULT_LANGUAGE;
}

async function pageLanguage(db: Database, request: FastifyRequest): Promise<LanguageCode> {
  const fallback = languageOf(request);
  if (!request.user) return fallback;
  const language = await readMailLanguage(db, request.user.id, fallback);
  return isLanguageCode(language) ? language : fallback;
}

/** A refused press or link: the status and code of decisions §2 kept, the reason in the reader's words. */
function isPageWanted(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

function sendRefusal(reply: FastifyReply, language: LanguageCode, error: unknown, token: string) {
  if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
  const texts = mailTextsOf(language).walkInClaim;
  const body =
    error.statusCode === 401
      ? paragraph(texts.signInFirst, 'alert') + signInLinks(texts, token)
      : error.code === 'REPLY_LINK_INVALID'
        ? paragraph(texts.invalid, 'alert')
        : error.code === 'EMAIL_NOT_VERIFIED'
          ? paragraph(texts.notConfirmed, 'alert') + link('/settings', texts.openSettings)
          : error.code === 'ORGANIZER_CANNOT_VERIFY_SELF'
            ? paragraph(texts.organizer, 'alert')
            : paragraph(texts.otherAddress, 'alert');
  if (error.code) reply.header('x-error-code', error.code);
  return sendPage(reply, error.statusCode, language, body);
}

/**
 * The walk-in's claim (decisions §22). Mail scanners open every link, so the GET only shows the question and
 * one button; the button's POST, signed in as the address's owner, moves the hours. The POST lives under
 * /api/ because only there does a POST carry its session; it answers with a page all the same.
 */
export const checkInClaimRoutes: FastifyPluginAsyncZod<{ db: Database; service: WalkInClaimService }> = async (
  app,
  { db, service },
) => {
  const pages = app.withTypeProvider<ZodTypeProvider>();
  // The button's form posts no fields: only this scope accepts its content type.
  pages.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, null),
  );

  pages.get(
    CLAIM_PAGE,
    { config: { isPublic: true }, schema: { hide: true, querystring: claimQuerySchema } },
    async (request, reply) => {
      const language = await pageLanguage(db, request);
      const { token } = request.query;
      let page: WalkInClaimPage;
      try {
        page = await service.read(token, request.user?.id ?? null);
      } catch (error) {
        return sendRefusal(reply, language, error, token);
      }
      const texts = mailTextsOf(language).walkInClaim;
      const values = { title: page.title, date: formatDate(page.date, language) };
      return sendPage(
        reply,
        200,
        language,
        paragraph(fillText(texts.question, values)) + stateBody(texts, page, token),
      );
    },
  );

  pages.post(
    CLAIM_ACTION,
    { config: { isPublic: true }, schema: { hide: true, querystring: claimQuerySchema } },
    async (request, reply) => {
      const language = await pageLanguage(db, request);
      const { token } = request.query;
      let page: WalkInClaimPage;
      try {
        page = await service.claim(token, request.user?.id ?? null);
      } catch (error) {
        // The page's own form asks for a page; any other client of /api/ gets the JSON error every API
        // route answers with.
        if (!isPageWanted(request)) throw error;
        return sendRefusal(reply, language, error, token);
      }
      const texts = mailTextsOf(language).walkInClaim;
      const values = { title: page.title, date: formatDate(page.date, language) };
      return sendPage(
        reply,
        200,
        language,
        paragraph(fillText(texts.claimed, values), 'status') + link('/journey', texts.openJourney),
      );
    },
  );
};
