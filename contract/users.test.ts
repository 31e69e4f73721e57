import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasVisibleLetterOrDigit, personNameSchema } from './users';

/** The names an attacker reported as accepted: each draws nothing, or only blank space. */
const BLANK_NAMES = [
  '\u3164', // Hangul filler
  '\u2800', // Braille pattern blank
  '\uFFA0', // halfwidth Hangul filler
  '\u115F\u1160', // Hangul choseong and jungseong fillers
  '\u034F', // combining grapheme joiner
  '\u00AD', // soft hyphen
  '\u180E', // Mongolian vowel separator
  '\u{E0020}', // tag space
  '\u17B5', // Khmer vowel inherent aa
  '\u2062', // invisible times
];

/** Every code point Unicode marks Default_Ignorable, read from the engine's own tables. */
const DEFAULT_IGNORABLE: string[] = [];
for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += 1) {
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
  const character = String.fromCodePoint(codePoint);
  if (/\p{Default_Ignorable_Code_Point}/u.test(character)) DEFAULT_IGNORABLE.push(character);
}

const invisible = fc.constantFrom(...DEFAULT_IGNORABLE, '\u2800', ' ', '\u3000', '\u00A0');
const invisibleRun = fc.array(invisible, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
const letterOrDigit = fc.constantFrom('a', 'Z', '7', '\u00E9', '\u674E', '\uD55C', '\u0639', '\u0663', '\u05D0', 'ж');

const firstName = personNameSchema('First name');

describe('a name must show a letter or a digit', () => {
  it.each(BLANK_NAMES)('refuses %j as a whole name', (name) => {
    const result = firstName.safeParse(name);
    expect(result.success).toBe(false);
    expect(hasVisibleLetterOrDigit(name)).toBe(false);
    expect(firstName.safeParse(`${name}${name} ${name}`).success).toBe(false);
  });

  it('refuses any name made only of default-ignorable code points, fillers and blanks', () => {
    fc.assert(
      fc.property(invisibleRun, (name) => {
        expect(firstName.safeParse(name).success).toBe(false);
      }),
      { numRuns: 3000, seed: 20261126 },
    );
  });

  it('finds the letter or digit among any invisible characters around it', () => {
    fc.assert(
      fc.property(
        fc.option(invisibleRun, { nil: '' }),
        letterOrDigit,
        fc.option(invisibleRun, { nil: '' }),
        (before, visible, after) => {
          expect(hasVisibleLetterOrDigit(`${before}${visible}${after}`)).toBe(true);
        },
      ),
      { numRuns: 1000, seed: 20261126 },
    );
  });

  it('keeps names of every script, with digits, hyphens and apostrophes', () => {
    for (const name of [
      'Ana',
      "O'Brien",
      'Jean-Luc',
      '\u674E\u534E',
      '\uD55C\uAE00',
      '\u0639\u0644\u064A',
      'Nguy\u1EC5n',
      'R2D2',
      '7',
    ]) {
      expect(firstName.safeParse(name)).toMatchObject({ success: true, data: name });
    }
  });
});
