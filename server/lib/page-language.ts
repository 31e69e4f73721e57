import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '../../contract/languages';

/**
 * The language a page is written in on the server: the one the app mirrored into its cookie (the
 * visitor's choice), else English. The product's default is English whatever the browser's
 * Accept-Language says, so the server does not guess. The browser keeps the stored choice as the truth;
 * its pre-paint script asks again once when the two differ (web/index.html, decision 0013).
 */
export function choosePageLanguage(cookieValue: string | undefined): LanguageCode {
  return isLanguageCode(cookieValue) ? cookieValue : DEFAULT_LANGUAGE;
}

export function textDirection(language: string): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The built page with its `lang` and `dir` set to `language`, so the browser lays out the first paint
 * in the page's own direction and script rules (Arabic right to left, CJK line breaking).
 */
export function withDocumentLanguage(html: string, language: string): string {
  return html.replace(/<html\b[^>]*>/, (tag) => {
    const attributes = tag.replace(/\s(lang|dir)="[^"]*"/g, '').slice('<html'.length, -1);
    return `<html lang="${language}" dir="${textDirection(language)}"${attributes}>`;
  });
}
