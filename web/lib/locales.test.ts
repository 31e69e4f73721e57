import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../contract/errors';

// Checks the locale files directly, so a missing translation fails a test instead of silently
// showing English. Namespaces other engineers add only need English to pass until translated.
const localesDir = path.resolve(import.meta.dirname, '../locales');
const COMPLETE_NAMESPACES = ['common', 'landing', 'auth', 'settings', 'errors', 'onboarding', 'service-worker'];
const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko', 'ar'];

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const read = (lang: string, ns: string) =>
  flatten(JSON.parse(readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')) as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{?\w+\}?\}/g)].map((m) => m[0]).sort();

describe('locale files', () => {
  it('exist for exactly the ten languages', () => {
    expect(readdirSync(localesDir).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const ns of COMPLETE_NAMESPACES) {
    const english = read('en', ns);
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      it(`${lang}/${ns}.json has every English key with the same placeholders`, () => {
        const translated = read(lang, ns);
        expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
        for (const [key, text] of english) {
          expect(placeholders(translated.get(key) ?? ''), `${lang}/${ns}:${key}`).toEqual(placeholders(text));
          expect(translated.get(key)?.trim(), `${lang}/${ns}:${key}`).not.toBe('');
        }
      });
    }
  }

  it('keeps the exact spec texts in English', () => {
    const common = read('en', 'common');
    expect(common.get('notFound.title')).toBe('404 Page Not Found');
    expect(common.get('notFound.hint')).toBe(
      "This page doesn't exist or has moved. Check the address, or carry on from one of these.",
    );
    expect(common.get('status.required')).toBe('This field is required');
    expect(common.get('toasts.unauthorized.description')).toBe('You are logged out. Logging in again...');
  });
});

describe('error texts', () => {
  it('has one English text for every error code the server sends, and nothing else', () => {
    expect([...read('en', 'errors').keys()].sort()).toEqual([...ERROR_CODES].sort());
  });
});

// Plural keys differ by language (Arabic has six forms, Japanese one): compared without their suffix.
describe('organizer texts', () => {
  const withoutPlural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
  const english = read('en', 'organizer');
  const englishKeys = [...new Set([...english.keys()].map(withoutPlural))].sort();
  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang}/organizer.json translates every English text, every plural with an 'other' form`, () => {
      const translated = read(lang, 'organizer');
      expect([...new Set([...translated.keys()].map(withoutPlural))].sort()).toEqual(englishKeys);
      for (const key of englishKeys) {
        const forms = [...translated.keys()].filter((candidate) => withoutPlural(candidate) === key);
        if (forms.length > 1 || forms[0] !== key) expect(forms, `${lang}/organizer:${key}`).toContain(`${key}_other`);
        for (const form of forms) expect(translated.get(form)?.trim(), `${lang}/organizer:${form}`).not.toBe('');
      }
      const englishPlaceholders = (key: string) =>
        placeholders(english.get(key) ?? english.get(`${key}_other`) ?? '').filter((p) => p !== '{{count}}');
      for (const [key, text] of translated) {
        expect(
          placeholders(text).filter((p) => p !== '{{count}}'),
          `${lang}/organizer:${key}`,
        ).toEqual(englishPlaceholders(withoutPlural(key)));
      }
    });
  }
});
