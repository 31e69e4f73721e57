// The package ships types for this file only under its .d.ts name, which TypeScript does not match to .mjs.
declare module '@zxcvbn-ts/language-en/dist/translations.mjs' {
  import type { translations } from '@zxcvbn-ts/language-en';

  const englishTranslations: typeof translations;
  export default englishTranslations;
}
