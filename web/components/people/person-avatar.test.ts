import { describe, expect, it } from 'vitest';
import { avatarInitial, displayName } from './person-avatar';

describe('avatar and name fallbacks', () => {
  it('first letter of firstName, else of email, else U', () => {
    expect(avatarInitial({ firstName: 'zoe', email: 'a@b.c' })).toBe('Z');
    expect(avatarInitial({ firstName: null, email: 'kim@example.org' })).toBe('K');
    expect(avatarInitial({ firstName: '  ', email: null })).toBe('U');
    expect(avatarInitial(null)).toBe('U');
  });
  it('first and last name, else the e-mail', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: null, lastName: null, email: 'ada@example.org' })).toBe('ada@example.org');
  });
});
