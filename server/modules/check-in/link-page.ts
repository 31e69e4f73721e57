import type { FastifyReply } from 'fastify';
import type { LanguageCode } from '../../../contract/languages';
import { textDirection } from '../../lib/page-language';
import { escapeHtml } from '../mail/mail-templates';

/**
 * The pages a mailed link opens (the reminder's answer, the walk-in's claim): pages of their own, not the
 * app, since they must work signed out, on any phone, with no script at all. Every text is escaped here; the
 * only styles are the one <style> element below, which the site's CSP (style-src 'self' 'unsafe-inline')
 * allows, and they run no script.
 */
const STYLE = [
  'body{font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937;background:#ffffff;max-width:36rem;margin:3rem auto;padding:0 1rem}',
  'h1{font-size:1.4rem}',
  'button{padding:.75em 1.4em;border-radius:.5em;border:none;background:#15803d;color:#fff;font-size:1rem;min-height:44px;cursor:pointer}',
  'button.cancel{background:#b91c1c}a{color:#15803d}',
  '@media (prefers-color-scheme:dark){body{background:#111827;color:#f3f4f6}a{color:#4ade80}}',
].join('\n');

export type HtmlPage = { status: number; html: string; errorCode?: string };

export function renderLinkPage(language: LanguageCode, title: string, body: string): string {
  return [
    '<!doctype html>',
    `<html lang="${language}" dir="${textDirection(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    '<meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(title)} · PitchIn</title>`,
    `<style>${STYLE}</style></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1>`,
    body,
    '</main></body></html>',
  ].join('\n');
}

export function linkPageParagraph(text: string, role?: 'status' | 'alert'): string {
  return `<p${role ? ` role="${role}"` : ''} dir="auto">${escapeHtml(text)}</p>`;
}

export function formatLinkPageDate(date: Date, language: LanguageCode): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(date);
}

/** Sent as it is: such a page is not part of the JSON API. */
export function sendLinkPage(reply: FastifyReply, { status, html, errorCode }: HtmlPage) {
  if (errorCode) reply.header('x-error-code', errorCode);
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // same-origin, not no-referrer: under no-referrer a browser sends the button's POST with `Origin: null`,
      // which the cross-site check refuses; the link's token still never leaves this site.
      .header('referrer-policy', 'same-origin')
      .header('x-robots-tag', 'noindex')
      .send(html as never)
  );
}
