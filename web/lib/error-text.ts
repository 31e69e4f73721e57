import type { i18n as I18n } from 'i18next';
import type { ErrorCode } from '@contract/errors';
import { codeOf } from './api-error';

/** web/locales/<lang>/errors.json: one text per error code, in every language. */
export const ERRORS_NAMESPACE = 'errors';

/**
 * Codes that only name the kind of refusal. For these the screen's own sentence ("Failed to update
 * RSVP. Please try again.") tells the user more than "Not found" would.
 */
const GENERIC_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'INVALID_JSON',
  'INVALID_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CROSS_SITE_REQUEST',
  'NOT_FOUND',
  'NOT_ACCEPTABLE',
  'REQUEST_TIMEOUT',
  'CONFLICT',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'INTERNAL_ERROR',
]);

/** Translates error codes; `text` is null for a code that is generic or has no text. */
export type ErrorTexts = { text: (code: ErrorCode | null) => string | null };

/**
 * The error texts in the user's language. Loaded when a refusal happens, not with the screen: no
 * screen pays a request for texts it shows only when something goes wrong.
 */
export async function loadErrorTexts(i18n: I18n): Promise<ErrorTexts> {
  // A failed load leaves the screen's own sentence, never a raw code.
  await i18n.loadNamespaces(ERRORS_NAMESPACE).catch(() => {});
  return {
    text: (code) => {
      if (!code || GENERIC_CODES.has(code) || !i18n.exists(code, { ns: ERRORS_NAMESPACE })) return null;
      return i18n.t(code, { ns: ERRORS_NAMESPACE });
    },
  };
}

/** The translated reason of a refusal, or null when the screen's own sentence should be shown. */
export async function refusalText(i18n: I18n, error: unknown): Promise<string | null> {
  return (await loadErrorTexts(i18n)).text(codeOf(error));
}
