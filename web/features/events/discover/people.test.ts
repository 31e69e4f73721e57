import { describe, expect, it } from 'vitest';
import { avatarInitial } from '@/components/people/person-avatar';
import { greetingName, isNewAccount, NEW_ACCOUNT_WINDOW_MS } from './people';

describe('avatarInitial (the one rule of every avatar)', () => {
  it('takes the first letter of the first name, upper-cased', () => {
    expect(avatarInitial({ firstName: 'zoë', email: 'z@example.org' })).toBe('Z');
  });

  it('falls back to the e-mail, then to U', () => {
    expect(avatarInitial({ firstName: null, email: 'maria@example.org' })).toBe('M');
    expect(avatarInitial({ firstName: '  ', email: 'kim@example.org' })).toBe('K');
    expect(avatarInitial({ firstName: null, email: null })).toBe('U');
    expect(avatarInitial({ firstName: '', email: '' })).toBe('U');
  });

  it('keeps a character outside the basic plane whole', () => {
    expect(avatarInitial({ firstName: '𠮷田', email: null })).toBe('𠮷');
  });
});

describe('greetingName', () => {
  it('uses the first name, else the fallback', () => {
    expect(greetingName({ firstName: 'Ana' }, 'Volunteer')).toBe('Ana');
    expect(greetingName({ firstName: null }, 'Volunteer')).toBe('Volunteer');
    expect(greetingName({ firstName: '   ' }, 'Volunteer')).toBe('Volunteer');
    expect(greetingName(null, 'Voluntario')).toBe('Voluntario');
  });
});

describe('isNewAccount', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('is true right after sign-up, so Home says Welcome, not Welcome back', () => {
    expect(isNewAccount({ createdAt: new Date(now - 5_000).toISOString() }, now)).toBe(true);
    expect(isNewAccount({ createdAt: new Date(now - NEW_ACCOUNT_WINDOW_MS + 1).toISOString() }, now)).toBe(true);
  });

  it('is false for an account older than the window, a missing user or a broken date', () => {
    expect(isNewAccount({ createdAt: new Date(now - NEW_ACCOUNT_WINDOW_MS).toISOString() }, now)).toBe(false);
    expect(isNewAccount({ createdAt: '2020-01-01T00:00:00Z' }, now)).toBe(false);
    expect(isNewAccount(null, now)).toBe(false);
    expect(isNewAccount({ createdAt: 'not a date' }, now)).toBe(false);
  });
});
