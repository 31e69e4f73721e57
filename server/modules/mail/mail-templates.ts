import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '../../../contract/languages';
import type { MailKind } from '../../../contract/mail';
import { textDirection } from '../../lib/page-language';
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import ja from './locales/ja.json';
import ko from './locales/ko.json';
import pt from './locales/pt.json';
import zh from './locales/zh.json';

/**
 * Plain templates over one JSON file of texts per language (decision 0019): every mail is a few
 * paragraphs, a button and a footer, so a layout function and interpolated strings say all of it,
 * the texts stay where translators and tests read them, and no React renderer runs on the server.
 */
export type MailTexts = typeof en;

const TEXTS: Record<LanguageCode, MailTexts> = { en, es, fr, de, it, pt, zh, ja, ko, ar };

export function mailTextsOf(language: string | null | undefined): MailTexts {
  return TEXTS[isLanguageCode(language) ? language : DEFAULT_LANGUAGE];
}

export type RenderedMail = { subject: string; text: string; html: string };

export function fillText(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/** Whatever a person typed (titles, names, announcements) is text in the HTML, never markup. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );
}

/**
 * Someone else's words in a mail (an invitation's message, an announcement, the writer's name), disarmed so that
 * no mail client makes a link of them: `https://` becomes `https[:]//` and the dots of anything that looks
 * like a host name or an IPv4 address become `[.]` (`evil[.]example`), the notation security teams use
 * for links one must not click. Clients link bare domains too (`evil.example/login`), so the scheme
 * alone is not enough. Readers can still read, and retype on purpose, what was written.
 */
const SCHEME_PATTERN = /\b([a-z][a-z0-9+.-]{1,20}):\/\//giu;
const HOST_PATTERN = /(?:[\p{L}\p{N}_-]+\.)+\p{L}[\p{L}\p{N}-]*|\b\d{1,3}(?:\.\d{1,3}){3}\b/gu;

function defangLinks(text: string): string {
  return text
    .replace(SCHEME_PATTERN, (_whole, scheme: string) => `${scheme}[:]//`)
    .replace(HOST_PATTERN, (host) => host.replaceAll('.', '[.]'));
}

type Block =
  | { kind: 'paragraph'; text: string; isStrong?: boolean }
  | { kind: 'quote'; text: string }
  | { kind: 'lines'; lines: string[] }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'image'; cid: string; alt: string; size: number };

/**
 * A footer line whose `{{url}}` is the link itself in the text and an anchor (with `linkLabel`, if given)
 * in the HTML.
 */
type FooterLine = { template: string; url: string; linkLabel?: string };

const URL_MARK = '\u0000';

function renderFooterHtml(line: FooterLine): string {
  const escaped = escapeHtml(fillText(line.template, { url: URL_MARK }));
  const anchor = `<a href="${escapeHtml(line.url)}" style="color: #4b5563">${escapeHtml(line.linkLabel ?? line.url)}</a>`;
  return escaped.replace(URL_MARK, anchor);
}

function renderLayout(
  language: LanguageCode,
  greeting: string,
  blocks: Block[],
  footer: FooterLine[],
): { text: string; html: string } {
  const textParts: string[] = [greeting, ''];
  const htmlParts: string[] = [`<p>${escapeHtml(greeting)}</p>`];
  for (const block of blocks) {
    if (block.kind === 'paragraph') {
      textParts.push(block.text, '');
      htmlParts.push(
        block.isStrong ? `<p><strong>${escapeHtml(block.text)}</strong></p>` : `<p>${escapeHtml(block.text)}</p>`,
      );
    } else if (block.kind === 'quote') {
      // Quoted as the writer's own (a "> " before each line, a bordered block), never a link.
      const quoted = defangLinks(block.text);
      textParts.push(...quoted.split(/\r?\n/).map((line) => `> ${line}`), '');
      htmlParts.push(
        `<blockquote style="margin: 0 0 1em; padding: 0.5em 1em; border-inline-start: 3px solid #d1d5db; white-space: pre-wrap">${escapeHtml(quoted)}</blockquote>`,
      );
    } else if (block.kind === 'lines') {
      textParts.push(...block.lines, '');
      htmlParts.push(`<p>${block.lines.map(escapeHtml).join('<br>')}</p>`);
    } else if (block.kind === 'image') {
      // An attached image (Content-ID): clients that block remote images still show it.
      htmlParts.push(
        `<p><img src="cid:${escapeHtml(block.cid)}" width="${block.size}" height="${block.size}" alt="${escapeHtml(block.alt)}" style="display: block; background: #ffffff"></p>`,
      );
    } else {
      textParts.push(`${block.label}: ${block.url}`, '');
      htmlParts.push(
        `<p><a href="${escapeHtml(block.url)}" style="display: inline-block; padding: 0.6em 1.2em; border-radius: 0.5em; background: #15803d; color: #ffffff; text-decoration: none">${escapeHtml(block.label)}</a></p>`,
      );
    }
  }
  if (footer.length > 0) {
    textParts.push('--', ...footer.map((line) => fillText(line.template, { url: line.url })), '');
    htmlParts.push(
      `<hr style="border: none; border-top: 1px solid #e5e7eb">`,
      ...footer.map((line) => `<p style="font-size: 0.85em; color: #6b7280">${renderFooterHtml(line)}</p>`),
    );
  }
  const html = [
    '<!doctype html>',
    `<html lang="${language}" dir="${textDirection(language)}"><head><meta charset="utf-8"></head>`,
    '<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2937">',
    ...htmlParts,
    '</body></html>',
  ].join('\n');
  return { text: textParts.join('\n'), html };
}

function greetingOf(texts: MailTexts, firstName: string | null): string {
  const name = firstName?.trim();
  return name ? fillText(texts.greeting, { name }) : texts.greetingNoName;
}

function formatDate(date: Date, language: LanguageCode, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(date);
}

function formatDuration(minutes: number, language: LanguageCode): string {
  if (minutes % 60 === 0)
    return new Intl.NumberFormat(language, { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(minutes / 60);
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(minutes);
}

type Change = { from: string | number; to: string | number };
type Changes = { date?: Change; location?: Change; durationMinutes?: Change };

/**
 * The fields a change mail names: a mail gathers every change since the last one, and a field changed and
 * then changed back (its first `from` is its last `to`) is no change to tell of.
 */
export function effectiveChanges(changes: Changes | undefined): Changes {
  return Object.fromEntries(
    Object.entries(changes ?? {}).filter(([, change]) => change !== undefined && change.from !== change.to),
  );
}

type SlotWindow = { startsAt: string; endsAt: string };

/** "Saturday, 3 May 2031 at 09:00 – 11:00": a slot's start in full and its end's time. */
function formatWindow(window: SlotWindow, language: LanguageCode, timeZone: string): string {
  const end = new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone }).format(new Date(window.endsAt));
  return `${formatDate(new Date(window.startsAt), language, timeZone)} – ${end}`;
}

/** The lines of a change mail about a slot the person holds, waits for or asked for. */
function slotChangeLines(
  payload: EventMailInput['payload'],
  texts: MailTexts,
  language: LanguageCode,
  timeZone: string,
): string[] {
  const window = (value: SlotWindow) => formatWindow(value, language, timeZone);
  const lines: string[] = [];
  if (payload.slot)
    lines.push(
      fillText(texts.slotChanges.moved, {
        role: payload.slot.role,
        from: window(payload.slot.from),
        to: window(payload.slot.to),
      }),
    );
  if (payload.slotRemoved)
    lines.push(
      fillText(texts.slotChanges.removed, { role: payload.slotRemoved.role, window: window(payload.slotRemoved) }),
    );
  if (payload.slotDeclined)
    lines.push(
      fillText(texts.slotChanges.declined, { role: payload.slotDeclined.role, window: window(payload.slotDeclined) }),
    );
  return lines;
}

export type EventMailInput = {
  kind: MailKind;
  language: string | null;
  firstName: string | null;
  event: { title: string; date: Date; location: string };
  organizerName: string | null;
  payload: {
    changes?: Changes;
    reason?: string | null;
    content?: string;
    /** A change of several dates of a series: the dates the person holds that it reached (decisions §18). */
    series?: { dates?: Array<{ eventId: number; date: string }> };
    /** A slot's new time, its removal, or a declined place in it (decision 0027). */
    slot?: { role: string; from: SlotWindow; to: SlotWindow };
    slotRemoved?: SlotWindow & { role: string };
    slotDeclined?: SlotWindow & { role: string };
    /** A followed organization's new event: the organization's name as it was when the event was made. */
    organizationName?: string;
  };
  eventUrl: string;
  unsubscribeUrl: string;
  settingsUrl: string;
  timeZone: string;
  /** The reminder's ticket: the holder's check-in code and the Content-ID of its attached QR code. */
  ticket?: { code: string; imageCid: string };
  /** The reminder's signed one-click answers (decisions §19): each opens a page with one button. */
  attendanceReply?: { confirmUrl: string; cancelUrl: string };
  /** The second reminder, 2 hours before the start, in place of the day-before wording. */
  isFinalReminder?: boolean;
};

/**
 * A person told once of a change that reached several of their dates in a series hears every one of
 * them, not only the first (decisions §18): a heading and one line per date, as they are now.
 */
function seriesDateBlocks(
  heading: string,
  series: EventMailInput['payload']['series'],
  language: LanguageCode,
  timeZone: string,
): Block[] {
  const dates = series?.dates ?? [];
  if (dates.length < 2) return [];
  return [
    { kind: 'paragraph', text: heading },
    { kind: 'lines', lines: dates.map((entry) => formatDate(new Date(entry.date), language, timeZone)) },
  ];
}

/** The QR code's side in the mail, in CSS pixels: large enough to scan from a phone held out. */
const TICKET_IMAGE_SIZE = 240;

/**
 * A change mail that only says a place was declined is not "an event you are going to has changed": the
 * person asked and is not going. Gathered with real changes, the change's words stay.
 */
function isOnlyDeclined(input: EventMailInput): boolean {
  const { payload } = input;
  return (
    input.kind === 'event_changed' &&
    payload.slotDeclined !== undefined &&
    payload.slot === undefined &&
    payload.slotRemoved === undefined &&
    Object.keys(effectiveChanges(payload.changes)).length === 0
  );
}

/** The mails about an event: what happened, when and where, the event's link, and how to stop them. */
export function renderEventMail(input: EventMailInput): RenderedMail {
  const language: LanguageCode = isLanguageCode(input.language) ? input.language : DEFAULT_LANGUAGE;
  const texts = mailTextsOf(language);
  const date = formatDate(input.event.date, language, input.timeZone);
  // The organizer's name introduces their announcement: disarmed like the announcement itself.
  const organizer = defangLinks(input.organizerName?.trim() || fillText(texts.invitation.someone, {}));
  // An organization's name is whatever its admins typed: disarmed like the organizer's.
  const organization = defangLinks(input.payload.organizationName?.trim() ?? '');
  const values = { title: input.event.title, date, location: input.event.location, organizer, organization };
  const whenWhere: Block = { kind: 'lines', lines: [fillText(texts.when, values), fillText(texts.where, values)] };
  const blocks: Block[] = [];
  const kindTexts =
    input.kind === 'event_reminder' && input.isFinalReminder
      ? texts.finalReminder
      : isOnlyDeclined(input)
        ? texts.slot_declined
        : texts[input.kind];
  blocks.push({ kind: 'paragraph', text: fillText(kindTexts.body, values) });
  if (input.kind === 'event_changed') {
    const changes = effectiveChanges(input.payload.changes);
    const lines: string[] = [];
    if (changes.date)
      lines.push(
        fillText(texts.changeDate, {
          from: formatDate(new Date(changes.date.from), language, input.timeZone),
          to: formatDate(new Date(changes.date.to), language, input.timeZone),
        }),
      );
    if (changes.location)
      lines.push(
        fillText(texts.changeLocation, { from: String(changes.location.from), to: String(changes.location.to) }),
      );
    if (changes.durationMinutes)
      lines.push(
        fillText(texts.changeDuration, {
          from: formatDuration(Number(changes.durationMinutes.from), language),
          to: formatDuration(Number(changes.durationMinutes.to), language),
        }),
      );
    lines.push(...slotChangeLines(input.payload, texts, language, input.timeZone));
    if (lines.length > 0) blocks.push({ kind: 'lines', lines });
    blocks.push(...seriesDateBlocks(texts.event_changed.seriesDates, input.payload.series, language, input.timeZone));
  } else if (input.kind === 'event_cancelled') {
    if (input.payload.reason)
      blocks.push({
        kind: 'paragraph',
        text: fillText(texts.event_cancelled.reason, { reason: input.payload.reason }),
      });
    blocks.push(...seriesDateBlocks(texts.event_cancelled.seriesDates, input.payload.series, language, input.timeZone));
  } else if (input.kind === 'announcement') {
    blocks.push({ kind: 'quote', text: input.payload.content ?? '' });
    blocks.push(whenWhere);
  } else {
    blocks.push(whenWhere);
  }
  if (input.ticket) {
    blocks.push({ kind: 'paragraph', text: texts.ticket.hint });
    blocks.push({ kind: 'image', cid: input.ticket.imageCid, alt: texts.ticket.alt, size: TICKET_IMAGE_SIZE });
    blocks.push({ kind: 'paragraph', text: fillText(texts.ticket.code, { code: input.ticket.code }) });
  }
  if (input.attendanceReply) {
    blocks.push({ kind: 'paragraph', text: texts.attendanceReply.question });
    blocks.push({ kind: 'button', label: texts.attendanceReply.confirm, url: input.attendanceReply.confirmUrl });
    blocks.push({ kind: 'button', label: texts.attendanceReply.cancel, url: input.attendanceReply.cancelUrl });
  }
  blocks.push({ kind: 'button', label: texts.openEvent, url: input.eventUrl });
  const footer: FooterLine[] = [
    { template: texts.footerReason, url: '' },
    { template: texts.footerUnsubscribe, url: input.unsubscribeUrl, linkLabel: texts.footerUnsubscribeLink },
    { template: texts.footerSettings, url: input.settingsUrl },
  ];
  const { text, html } = renderLayout(language, greetingOf(texts, input.firstName), blocks, footer);
  // Only our own words (and the date) in a subject: a title or a name is whatever its author typed, and
  // a subject is what a mail client shows as the sender's claim.
  return { subject: fillText(kindTexts.subject, { date }), text, html };
}

/** The password reset link: how long it works, and that ignoring it changes nothing. */
export function renderPasswordResetMail(input: {
  language: string | null;
  firstName: string | null;
  resetUrl: string;
  validMinutes: number;
}): RenderedMail {
  const language: LanguageCode = isLanguageCode(input.language) ? input.language : DEFAULT_LANGUAGE;
  const texts = mailTextsOf(language);
  const { text, html } = renderLayout(
    language,
    greetingOf(texts, input.firstName),
    [
      { kind: 'paragraph', text: texts.password_reset.body },
      { kind: 'button', label: texts.password_reset.button, url: input.resetUrl },
      { kind: 'paragraph', text: fillText(texts.password_reset.validity, { minutes: String(input.validMinutes) }) },
    ],
    [],
  );
  return { subject: texts.password_reset.subject, text, html };
}

/** The link that confirms an address: it works once, for `validDays` days; ignoring it changes nothing. */
export function renderEmailVerificationMail(input: {
  language: string | null;
  firstName: string | null;
  verifyUrl: string;
  validDays: number;
}): RenderedMail {
  const language: LanguageCode = isLanguageCode(input.language) ? input.language : DEFAULT_LANGUAGE;
  const texts = mailTextsOf(language);
  const { text, html } = renderLayout(
    language,
    greetingOf(texts, input.firstName),
    [
      { kind: 'paragraph', text: texts.email_verification.body },
      { kind: 'button', label: texts.email_verification.button, url: input.verifyUrl },
      { kind: 'paragraph', text: fillText(texts.email_verification.validity, { days: String(input.validDays) }) },
    ],
    [],
  );
  return { subject: texts.email_verification.subject, text, html };
}

/**
 * Someone wrote to an address with no account: who (first name only: the sender's
 * address stays theirs), what, how to sign up to answer, and how to refuse further invitations.
 */
export function renderInvitationMail(input: {
  language: string | null;
  senderFirstName: string | null;
  content: string;
  signUpUrl: string;
  unsubscribeUrl: string;
}): RenderedMail {
  const language: LanguageCode = isLanguageCode(input.language) ? input.language : DEFAULT_LANGUAGE;
  const texts = mailTextsOf(language);
  const sender = defangLinks(input.senderFirstName?.trim() || texts.invitation.someone);
  const { text, html } = renderLayout(
    language,
    texts.greetingNoName,
    [
      { kind: 'paragraph', text: texts.invitation.body },
      { kind: 'paragraph', text: fillText(texts.wrote, { name: sender }), isStrong: true },
      { kind: 'quote', text: input.content },
      { kind: 'paragraph', text: texts.invitation.action },
      { kind: 'button', label: texts.invitation.button, url: input.signUpUrl },
    ],
    [{ template: texts.invitation.footer, url: input.unsubscribeUrl, linkLabel: texts.footerUnsubscribeLink }],
  );
  // A fixed subject: the sender's name and words would make it theirs ("PayPal Security: verify at …").
  return { subject: texts.invitation.subject, text, html };
}

/**
 * An organization's invitation: who invites, to what and as what, and the link that joins the person who
 * opens it signed in. The address did not ask for it (decisions §22): it carries the one-click refusal link.
 */
export function renderOrganizationInvitationMail(input: {
  language: string | null;
  inviterName: string | null;
  organizationName: string;
  role: 'owner' | 'admin' | 'organizer' | 'member';
  acceptUrl: string;
  validDays: number;
  unsubscribeUrl: string;
}): RenderedMail {
  const language: LanguageCode = isLanguageCode(input.language) ? input.language : DEFAULT_LANGUAGE;
  const texts = mailTextsOf(language);
  const organization = defangLinks(input.organizationName);
  const inviter = defangLinks(input.inviterName?.trim() || texts.invitation.someone);
  const { text, html } = renderLayout(
    language,
    texts.greetingNoName,
    [
      {
        kind: 'paragraph',
        text: fillText(texts.organization_invitation.body, {
          inviter,
          organization,
          role: texts.organization_invitation.roles[input.role],
        }),
      },
      {
        kind: 'button',
        label: fillText(texts.organization_invitation.button, { organization }),
        url: input.acceptUrl,
      },
      {
        kind: 'paragraph',
        text: fillText(texts.organization_invitation.validity, { days: String(input.validDays) }),
      },
    ],
    [
      {
        template: texts.organization_invitation.footer,
        url: input.unsubscribeUrl,
        linkLabel: texts.footerUnsubscribeLink,
      },
    ],
  );
  return { subject: texts.organization_invitation.subject, text, html };
}

/**
 * A walk-in checked in at the door (decisions §22): who checked them in, where, and the one link that claims
 * those hours for the account of this address. The organizer's name and the title are disarmed, and stay
 * out of the subject: the address was typed by someone else, so the mail must not carry their words where a
 * mail list shows them.
 */
export function renderWalkInInvitationMail(input: {
  language: string | null;
  organizerName: string | null;
  eventTitle: string;
  eventDate: Date;
  timeZone: string;
  claimUrl: string;
  unsubscribeUrl: string;
}): RenderedMail {
  const language: LanguageCode = isLanguageCode(input.language) ? input.language : DEFAULT_LANGUAGE;
  const texts = mailTextsOf(language);
  const values = {
    organizer: defangLinks(input.organizerName?.trim() || texts.invitation.someone),
    title: defangLinks(input.eventTitle),
    date: formatDate(input.eventDate, language, input.timeZone),
  };
  const { text, html } = renderLayout(
    language,
    texts.greetingNoName,
    [
      { kind: 'paragraph', text: fillText(texts.walkInInvitation.body, values) },
      { kind: 'button', label: texts.walkInInvitation.button, url: input.claimUrl },
      { kind: 'paragraph', text: texts.walkInInvitation.untilThen },
    ],
    [{ template: texts.walkInInvitation.footer, url: input.unsubscribeUrl, linkLabel: texts.footerUnsubscribeLink }],
  );
  return { subject: texts.walkInInvitation.subject, text, html };
}
