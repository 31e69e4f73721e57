import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '../../../contract/languages';
import { LANGUAGE_COOKIE } from '../../../contract/page-data';
import { HttpError } from '../../lib/http-error';
import { readMailLanguage } from '../mail/mail-settings.service';
import { escapeHtml, fillText, mailTextsOf } from '../mail/mail-templates';
import type { Database } from '../../db/client';
import { formatLinkPageDate, linkPageParagraph, renderLinkPage, sendLinkPage } from './link-page';
import type { WalkInClaimService, WalkInClaimPage } from './walk-in-claim.service';

const claimQuerySchema = z.object({ token: z.string().max(1000).default('') });

/** The page the claim mail links to; its button posts to CLAIM_ACTION, where the session is read. */
const CLAIM_PAGE = '/mail/walk-in';
const CLAIM_ACTION = '/api/walk-in-claims';

type ClaimTexts = ReturnType<typeof mailTextsOf>['walkInClaim'];

/** The claim's page, drawn as the reminder's answer page is (link-page.ts). */
function sendPage(reply: FastifyReply, status: number, language: LanguageCode, body: string) {
  const html = renderLinkPage(language, mailTextsOf(language).walkInClaim.title, body);
  return sendLinkPage(reply, { status, html });
}

function link(href: string, label: string): string {
  return `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`;
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
      return linkPageParagraph(texts.signInFirst) + signInLinks(texts, token);
    case 'other-address':
      return linkPageParagraph(texts.otherAddress, 'alert');
    case 'address-not-confirmed':
      return linkPageParagraph(texts.notConfirmed, 'alert') + link('/settings', texts.openSettings);
    case 'organizer':
      return linkPageParagraph(texts.organizer, 'alert');
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
      ? linkPageParagraph(texts.signInFirst, 'alert') + signInLinks(texts, token)
      : error.code === 'REPLY_LINK_INVALID'
        ? linkPageParagraph(texts.invalid, 'alert')
        : error.code === 'EMAIL_NOT_VERIFIED'
          ? linkPageParagraph(texts.notConfirmed, 'alert') + link('/settings', texts.openSettings)
          : error.code === 'ORGANIZER_CANNOT_VERIFY_SELF'
            ? linkPageParagraph(texts.organizer, 'alert')
            : linkPageParagraph(texts.otherAddress, 'alert');
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
      const values = { title: page.title, date: formatLinkPageDate(page.date, language) };
      return sendPage(
        reply,
        200,
        language,
        linkPageParagraph(fillText(texts.question, values)) + stateBody(texts, page, token),
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
      const values = { title: page.title, date: formatLinkPageDate(page.date, language) };
      return sendPage(
        reply,
        200,
        language,
        linkPageParagraph(fillText(texts.claimed, values), 'status') + link('/journey', texts.openJourney),
      );
    },
  );
};
