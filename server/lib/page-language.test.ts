import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../contract/languages';
import { choosePageLanguage, withDocumentLanguage } from './page-language';

describe('choosePageLanguage', () => {
  it("takes the cookie's language, else English (the product's default, whatever the browser asks)", () => {
    expect(choosePageLanguage('ja')).toBe('ja');
    expect(choosePageLanguage('ar')).toBe('ar');
    expect(choosePageLanguage('klingon')).toBe('en');
    expect(choosePageLanguage(undefined)).toBe('en');
  });

  it('answers one of the app languages for any cookie value', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (value) => {
        expect((LANGUAGE_CODES as readonly string[]).includes(choosePageLanguage(value))).toBe(true);
      }),
    );
  });
});

describe('withDocumentLanguage', () => {
  it("sets the page's lang and dir, keeping its other attributes", () => {
    expect(withDocumentLanguage('<!doctype html><html lang="en" dir="ltr"><head></head></html>', 'ar')).toBe(
      '<!doctype html><html lang="ar" dir="rtl"><head></head></html>',
    );
    expect(withDocumentLanguage('<html class="x"><body lang="en"></body></html>', 'ja')).toBe(
      '<html lang="ja" dir="ltr" class="x"><body lang="en"></body></html>',
    );
  });
});
