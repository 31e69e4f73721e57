import type { LanguageCode } from '../../../contract/languages';
import { HttpError } from '../../lib/http-error';
import { textDirection } from '../../lib/page-language';
import { escapeHtml, fillText, mailTextsOf } from '../mail/mail-templates';
import type { AttendanceReplyPage } from './check-in.service';

/**
 * The reminder's answer page (decisions §19): a page of its own, not the app, since it must work signed out,
 * on any phone, with no script at all. Every text is escaped here; the only styles are the one <style>
 * element below, which the site's CSP (style-src 'self' 'unsafe-inline') allows, and it runs no script.
 */
const STYLE = [
  'body{font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937;background:#ffffff;max-width:36rem;margin:3rem auto;padding:0 1rem}',
  'h1{font-size:1.4rem}',
  'button{padding:.75em 1.4em;border-radius:.5em;border:none;background:#15803d;color:#fff;font-size:1rem;min-height:44px;cursor:pointer}',
  'button.cancel{background:#b91c1c}a{color:#15803d}',
  '@media (prefers-color-scheme:dark){body{background:#111827;color:#f3f4f6}a{color:#4ade80}}',
].join('\n');

export type HtmlPage = { status: number; html: string; errorCode?: string };

function render(language: LanguageCode, body: string): string {
  const texts = mailTextsOf(language).attendanceReply;
  return [
    '<!doctype html>',
    `<html lang="${language}" dir="${textDirection(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    '<meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(texts.title)} · PitchIn</title>`,
    `<style>${STYLE}</style></head>`,
    `<body><main><h1>${escapeHtml(texts.title)}</h1>`,
    body,
    '</main></body></html>',
  ].join('\n');
}

function formatDate(date: Date, language: LanguageCode): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(date);
}

function eventLink(language: LanguageCode, eventId: number): string {
  return `<p><a href="/events/${eventId}">${escapeHtml(mailTextsOf(language).attendanceReply.openEvent)}</a></p>`;
}

function paragraph(text: string, role?: 'status' | 'alert'): string {
  return `<p${role ? ` role="${role}"` : ''} dir="auto">${escapeHtml(text)}</p>`;
}

function valuesOf(page: AttendanceReplyPage, language: LanguageCode) {
  return { title: page.title, date: formatDate(page.date, language) };
}

/** What opening the link shows: the question and its one button, or that the place is already confirmed. */
export function questionPage(page: AttendanceReplyPage, language: LanguageCode, token: string): HtmlPage {
  const texts = mailTextsOf(language).attendanceReply;
  const values = valuesOf(page, language);
  if (page.purpose === 'confirm' && page.isConfirmed)
    return {
      status: 200,
      html: render(
        language,
        paragraph(fillText(texts.confirmed, values), 'status') + eventLink(language, page.eventId),
      ),
    };
  const isConfirm = page.purpose === 'confirm';
  return {
    status: 200,
    html: render(
      language,
      [
        paragraph(fillText(isConfirm ? texts.confirmQuestion : texts.cancelQuestion, values)),
        `<form method="post" action="/mail/attendance?token=${escapeHtml(encodeURIComponent(token))}">`,
        `<button type="submit"${isConfirm ? '' : ' class="cancel"'}>${escapeHtml(isConfirm ? texts.confirmButton : texts.cancelButton)}</button>`,
        '</form>',
        eventLink(language, page.eventId),
      ].join('\n'),
    ),
  };
}

/** What the button's press answers. */
export function answeredPage(page: AttendanceReplyPage, language: LanguageCode): HtmlPage {
  const texts = mailTextsOf(language).attendanceReply;
  const text = fillText(page.purpose === 'confirm' ? texts.confirmed : texts.cancelled, valuesOf(page, language));
  return { status: 200, html: render(language, paragraph(text, 'status') + eventLink(language, page.eventId)) };
}

/**
 * A refused link: what went wrong in the reader's words, the status and code of decisions §2 kept. Anything
 * but a client's mistake is thrown on, to the error handler.
 */
export function refusalPage(language: LanguageCode, error: unknown): HtmlPage {
  if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
  const texts = mailTextsOf(language).attendanceReply;
  const text =
    error.code === 'REPLY_LINK_INVALID'
      ? texts.invalid
      : error.code === 'RSVP_NOT_FOUND'
        ? texts.noPlace
        : error.code === 'REPLY_LINK_EXPIRED'
          ? texts.expired
          : texts.failed;
  return { status: error.statusCode, html: render(language, paragraph(text, 'alert')), errorCode: error.code };
}
