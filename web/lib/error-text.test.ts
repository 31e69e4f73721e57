import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { ERRORS_NAMESPACE, loadErrorTexts, refusalText } from './error-text';

const readErrors = (language: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../locales', language, 'errors.json'), 'utf8')) as Record<
    string,
    string
  >;

async function createI18n(language: string) {
  const instance = createInstance();
  await instance.init({
    lng: language,
    fallbackLng: 'en',
    resources: {
      en: { [ERRORS_NAMESPACE]: readErrors('en') },
      [language]: { [ERRORS_NAMESPACE]: readErrors(language) },
    },
    interpolation: { escapeValue: false },
  });
  return instance;
}

const refusal = (status: number, message: string, code: string) =>
  new ApiError(status, JSON.stringify({ message, code }));

describe('refusalText', () => {
  it("shows a refusal in the user's language from its code, never the server's English", async () => {
    const spanish = await createI18n('es');
    expect(await refusalText(spanish, refusal(409, 'Event Full', 'EVENT_FULL'))).toBe('Evento completo');
    expect(await refusalText(spanish, refusal(409, 'This event was cancelled', 'EVENT_CANCELLED'))).toBe(
      'Este evento se ha cancelado',
    );
    const japanese = await createI18n('ja');
    expect(await refusalText(japanese, refusal(409, 'This event has already taken place', 'EVENT_PAST'))).toBe(
      'このイベントはすでに終了しています',
    );
  });

  it('leaves generic codes, bodies without a code and network failures to the screen’s own sentence', async () => {
    const french = await createI18n('fr');
    expect(await refusalText(french, refusal(409, 'Whatever happened', 'CONFLICT'))).toBeNull();
    expect(await refusalText(french, new ApiError(502, '<html>Bad Gateway</html>'))).toBeNull();
    expect(await refusalText(french, new TypeError('Failed to fetch'))).toBeNull();
  });

  it('words a code the server adds before the web has a text for it as the screen does, not as the raw code', async () => {
    const german = await createI18n('de');
    const texts = await loadErrorTexts(german);
    expect(texts.text('SOMETHING_NEW' as never)).toBeNull();
  });
});
