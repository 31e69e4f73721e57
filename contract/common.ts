import { z } from 'zod';

/** Path ids are positive integers; anything else is a 400, never a 404 or 500. */
const integerIdSchema = z.coerce
  .number({ error: 'Id must be a number' })
  .int('Id must be a whole number')
  .min(1, 'Id must be at least 1')
  .max(2_147_483_647, 'Id is too large');

export const idParamsSchema = z.object({ id: integerIdSchema });

export const isoDateTimeSchema = z.string().describe('ISO 8601 timestamp');

/** Builds the "X is required" message for both a missing and an empty value. */
export function requiredText(label: string, max: number) {
  const required = `${label} is required`;
  return z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? required : `${label} must be text`),
    })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`);
}

/**
 * Characters a one-line field (a title, a place, a name) must not hold: control characters (Unicode Cc:
 * C0 with TAB, CR and LF, DEL, C1) and the line and paragraph separators. A line break in a title starts
 * a new line wherever the title is written into a line-based format (an iCalendar file, a CSV row, a mail
 * header), where it can pose as a line of its own.
 */
export const LINE_BREAKING_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;

/** `requiredText` for a one-line field: also refuses the characters above, with a message naming the field. */
export function singleLineText(label: string, max: number) {
  return requiredText(label, max).refine(
    (value) => !LINE_BREAKING_CHARACTERS.test(value),
    `${label} must be one line, without control characters`,
  );
}

/**
 * What the author of content a moderator hid reads on its page (an event, a review): when and why
 * (decisions §20). Here rather than in moderation.ts, so that event and rating answers need no more.
 */
export const hiddenNoticeSchema = z.object({ hiddenAt: isoDateTimeSchema, note: z.string().nullable() });
