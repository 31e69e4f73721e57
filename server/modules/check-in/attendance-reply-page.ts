import type { LanguageCode } from '../../../contract/languages';
import { HttpError } from '../../lib/http-error';
import { escapeHtml, fillText, mailTextsOf } from '../mail/mail-templates';
import type { AttendanceReplyPage } from './check-in.service';
import { formatLinkPageDate, type HtmlPage, linkPageParagraph, renderLinkPage } from './link-page';

export type { HtmlPage } from './link-page';

/** The reminder's answer page (decisions §19), drawn by link-page.ts. */
function render(language: LanguageCode, body: string): string {
  return renderLinkPage(language, mailTextsOf(language).attendanceReply.title, body);
}

function eventLink(language: LanguageCode, eventId: number): string {
  return `<p><a href="/events/${eventId}">${escapeHtml(mailTextsOf(language).attendanceReply.openEvent)}</a></p>`;
}

function valuesOf(page: AttendanceReplyPage, language: LanguageCode) {
  return { title: page.title, date: formatLinkPageDate(page.date, language) };
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
        linkPageParagraph(fillText(texts.confirmed, values), 'status') + eventLink(language, page.eventId),
      ),
    };
  const isConfirm = page.purpose === 'confirm';
  return {
    status: 200,
    html: render(
      language,
      [
        linkPageParagraph(fillText(isConfirm ? texts.confirmQuestion : texts.cancelQuestion, values)),
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
  return { status: 200, html: render(language, linkPageParagraph(text, 'status') + eventLink(language, page.eventId)) };
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
  return { status: error.statusCode, html: render(language, linkPageParagraph(text, 'alert')), errorCode: error.code };
}
