import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOrganizationBodySchema, readsAsSiteName } from './organizations';

const valid = { slug: 'river-friends', description: 'We keep the river clean.' };
const nameAccepted = (name: string) => createOrganizationBodySchema.safeParse({ ...valid, name }).success;
const slugAccepted = (slug: string) =>
  createOrganizationBodySchema.safeParse({ ...valid, name: 'River', slug }).success;

/** What does not show, or turns text around: zero-width, bidi controls, fillers, blanks. */
const INVISIBLE_OR_BIDI = [
  '\u200B',
  '\u200C',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u061C',
  '\u2060',
  '\uFEFF',
  '\u3164',
  '\uFFA0',
  '\u115F',
  '\u1160',
  '\u2800',
  '\u00AD',
  '\u034F',
  '\u180E',
];

describe('organization names (decisions §22)', () => {
  it('follow the person-name rules: no name of invisible characters, none with a bidi or zero-width one', () => {
    for (const name of ['\u200B', '\u3164', '\u2800\u2800', '\u3164 \u2800', 'Bob\u202Egnp.exe', 'River\u200BFriends'])
      expect(nameAccepted(name), JSON.stringify(name)).toBe(false);
    expect(nameAccepted('River Friends')).toBe(true);
    expect(nameAccepted('Amis de la Rivière')).toBe(true);
    expect(nameAccepted('河川の友')).toBe(true);
  });

  it('refuse every name that is only invisible or bidi characters, and every name holding a bidi or zero-width one', () => {
    const invisible = fc.constantFrom(...INVISIBLE_OR_BIDI);
    fc.assert(
      fc.property(fc.array(fc.oneof(invisible, fc.constant(' ')), { minLength: 1, maxLength: 12 }), (parts) => {
        expect(nameAccepted(parts.join(''))).toBe(false);
      }),
    );
    const forbidden = fc.constantFrom(
      ...INVISIBLE_OR_BIDI.filter((character) =>
        /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\u061C\u2060\uFEFF]/u.test(character),
      ),
    );
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        forbidden,
        fc.string({ maxLength: 20 }),
        (before, character, after) => {
          expect(nameAccepted(`River${before}${character}x${after}`)).toBe(false);
        },
      ),
    );
  });

  it('refuse what reads as PitchIn, in lookalike letters or with invisible characters between them', () => {
    for (const name of [
      'PitchIn',
      'pitchin official',
      'PitchIn Support Team',
      'Pitch-In',
      'P i t c h I n',
      'Pitch In Official',
      'РitchІn', // Cyrillic Er and Byelorussian-Ukrainian I
      'Ρitchιn', // Greek Rho and iota
      'P1tchln',
      'ＰｉｔｃｈＩｎ', // fullwidth
      'Pitch\u3164In',
      'Pítchïn',
    ])
      expect([name, nameAccepted(name)]).toEqual([name, false]);
    for (const name of ['Pitch in Porto', 'River Friends', 'Kitchen Helpers', 'Pitchfork Gardeners'])
      expect([name, nameAccepted(name)]).toEqual([name, true]);
  });

  it('folds lookalikes whatever invisible characters are put between the letters', () => {
    // The ones that are not refused outright: fillers and blanks that draw nothing between letters.
    const invisible = fc.constantFrom('\u3164', '\uFFA0', '\u115F', '\u1160', '\u2800', '\u00AD', '\u034F', '\u180E');
    fc.assert(
      fc.property(fc.array(invisible, { minLength: 7, maxLength: 7 }), (gaps) => {
        const name = [...'PitchIn'].map((letter, index) => letter + gaps[index]).join('');
        expect(nameAccepted(name)).toBe(false);
      }),
    );
  });
});

describe('organization slugs (decisions §22)', () => {
  it('reserve the words that imitate the site', () => {
    for (const slug of [
      'pitchin',
      'pitchin-official',
      'pitchin-support',
      'pitch-in',
      'p1tchin',
      'support',
      'security',
      'moderators',
      'verify',
      'trust-and-safety',
      'admin',
      'help',
      'official',
    ])
      expect([slug, slugAccepted(slug)]).toEqual([slug, false]);
    expect(slugAccepted('river-friends')).toBe(true);
    expect(readsAsSiteName('kitchen-helpers')).toBe(false);
  });
});
