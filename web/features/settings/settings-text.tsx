import type { TFunction } from 'i18next';
import { PASSWORD_MIN_LENGTH } from '@contract/users';
import type { ErrorCode } from '@contract/errors';
import { isApiError } from '@/lib/api-error';

/** The contract's name messages are English; the known ones get their translation. */
const NAME_MESSAGE_KEYS: Array<[RegExp, string]> = [
  [/ is required$/, 'errors.nameRequired'],
  [/ must be at most \d+ characters$/, 'errors.nameTooLong'],
  [/ must not contain /, 'errors.nameCharacters'],
  [/ must contain a letter or a digit$/, 'errors.nameNoLetter'],
];

export function nameErrorText(t: TFunction<'settings'>, message: string | undefined): string | null {
  if (!message) return null;
  const key = NAME_MESSAGE_KEYS.find(([pattern]) => pattern.test(message))?.[1];
  return key ? t(key) : message;
}

/** The refusals this page words itself, by the answer's code. */
const CODE_KEYS: Partial<Record<ErrorCode, string>> = {
  WRONG_PASSWORD: 'password.wrongCurrent',
  PASSWORD_NOT_SET: 'password.noPassword',
  WEAK_PASSWORD: 'password.weak',
  RATE_LIMITED: 'errors.tooMany',
  PAYLOAD_TOO_LARGE: 'profile.photoTooLarge',
};

/** A refusal in the user's language, chosen by the answer's code; the server's English is never shown. */
export function problemText(t: TFunction<'settings'>, error: unknown): string {
  if (!isApiError(error)) return t('errors.network');
  const key = error.code ? CODE_KEYS[error.code] : undefined;
  return key ? t(key) : t('errors.generic');
}

/**
 * The password field's refusal: the form's own zod messages (too short, too long, required), or a text
 * the page already chose from the server's code (problemText), shown as it is.
 */
export function passwordErrorText(t: TFunction<'settings'>, message: string | undefined): string | null {
  if (!message) return null;
  if (/must be at least/.test(message)) return t('password.tooShort', { min: PASSWORD_MIN_LENGTH });
  if (/must be at most/.test(message)) return t('password.tooLong');
  if (/is required$/.test(message)) return t('password.required');
  return message;
}

export function FieldMessage({
  id,
  message,
  testId,
  role,
}: {
  id: string;
  message: string | null | undefined;
  testId?: string;
  role?: 'alert';
}) {
  if (!message) return role ? <div role={role} className="sr-only" /> : null;
  return (
    <p id={id} role={role} className="text-sm font-medium text-destructive" data-testid={testId}>
      {message}
    </p>
  );
}
