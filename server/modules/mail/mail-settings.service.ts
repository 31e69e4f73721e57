import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '../../../contract/languages';
import { MAIL_KINDS, type MailKind, type MailSettings, type UpdateMailSettingsBody } from '../../../contract/mail';
import type { Database, Executor } from '../../db/client';
import * as repository from './mail.repository';
import { type UnsubscribeSubject, readUnsubscribeToken } from './unsubscribe-token';

/**
 * The language a person's mails are written in: the one they chose for mails, else the one the
 * request came in (the app's language cookie), else English.
 */
export async function readMailLanguage(
  db: Executor,
  userId: string | null,
  fallback: string | undefined,
): Promise<LanguageCode> {
  const stored = userId ? (await repository.readMailPreferences(db, userId))?.language : null;
  if (isLanguageCode(stored)) return stored;
  return isLanguageCode(fallback) ? fallback : DEFAULT_LANGUAGE;
}

/**
 * Mails sent later, with no request to take a language from (reminders, event changes), are written in
 * the language the person used the app in when they last signed in, until they choose one for mails.
 */
export async function rememberAppLanguage(
  db: Executor,
  userId: string,
  cookieValue: string | undefined,
): Promise<void> {
  if (isLanguageCode(cookieValue)) await repository.setMailLanguageIfUnset(db, userId, cookieValue);
}

export async function readMailSettings(
  db: Executor,
  userId: string,
  fallbackLanguage: string | undefined,
): Promise<MailSettings> {
  const preferences = await repository.readMailPreferences(db, userId);
  const disabled = new Set(preferences?.disabledKinds ?? []);
  const language = isLanguageCode(preferences?.language)
    ? preferences.language
    : isLanguageCode(fallbackLanguage)
      ? fallbackLanguage
      : DEFAULT_LANGUAGE;
  return {
    language,
    kinds: Object.fromEntries(MAIL_KINDS.map((kind) => [kind, !disabled.has(kind)])) as MailSettings['kinds'],
  };
}

export async function updateMailSettings(
  db: Database,
  userId: string,
  body: UpdateMailSettingsBody,
  fallbackLanguage: string | undefined,
): Promise<MailSettings> {
  const kinds = Object.entries(body.kinds ?? {}) as Array<[MailKind, boolean | undefined]>;
  await repository.updateMailPreferences(db, userId, {
    ...(body.language ? { language: body.language } : {}),
    turnOff: kinds.filter(([, isOn]) => isOn === false).map(([kind]) => kind),
    turnOn: kinds.filter(([, isOn]) => isOn === true).map(([kind]) => kind),
  });
  return readMailSettings(db, userId, fallbackLanguage);
}

/** A List-Unsubscribe link: whom and which kind it turns off, or null for a forged or broken link. */
export function readUnsubscribeLink(secret: string, token: string): UnsubscribeSubject | null {
  return readUnsubscribeToken(secret, token);
}

/** Applies a valid link; repeating it changes nothing. Returns the language to answer in. */
export async function applyUnsubscribe(db: Database, subject: UnsubscribeSubject): Promise<LanguageCode> {
  if (subject.kind === 'invitation') {
    await repository.insertInvitationOptOut(db, subject.addressHash);
    return DEFAULT_LANGUAGE;
  }
  await repository.updateMailPreferences(db, subject.userId, { turnOff: [subject.kind], turnOn: [] });
  return readMailLanguage(db, subject.userId, undefined);
}

export async function isInvitationRefused(db: Executor, addressHash: string): Promise<boolean> {
  return repository.hasInvitationOptOut(db, addressHash);
}
