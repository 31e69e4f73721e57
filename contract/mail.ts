import { z } from 'zod';
import { LANGUAGE_CODES } from './languages';

/** The kinds of mail a person can switch off, one switch each in settings and in each mail's List-Unsubscribe. */
export const MAIL_KINDS = [
  'waitlist_promoted',
  'event_changed',
  'event_cancelled',
  'announcement',
  'event_reminder',
  'organization_event',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export function isMailKind(value: unknown): value is MailKind {
  return typeof value === 'string' && (MAIL_KINDS as readonly string[]).includes(value);
}

export const mailSettingsSchema = z.object({
  language: z.enum(LANGUAGE_CODES).describe('The language mails are written in'),
  kinds: z
    .object({
      waitlist_promoted: z.boolean(),
      event_changed: z.boolean(),
      event_cancelled: z.boolean(),
      announcement: z.boolean(),
      event_reminder: z.boolean(),
      organization_event: z.boolean(),
    })
    .describe('true: this kind of mail is sent'),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;

export const updateMailSettingsBodySchema = z
  .object({
    language: z.enum(LANGUAGE_CODES, { error: `Language must be one of ${LANGUAGE_CODES.join(', ')}` }).optional(),
    kinds: z
      .object({
        waitlist_promoted: z.boolean().optional(),
        event_changed: z.boolean().optional(),
        event_cancelled: z.boolean().optional(),
        announcement: z.boolean().optional(),
        event_reminder: z.boolean().optional(),
        organization_event: z.boolean().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type UpdateMailSettingsBody = z.infer<typeof updateMailSettingsBodySchema>;
