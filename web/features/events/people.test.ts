import { describe, expect, it } from 'vitest';
import { greetingName, organizerInitial } from './people';

describe('organizerInitial', () => {
  it('takes the first letter of the first name, upper-cased', () => {
    expect(organizerInitial({ firstName: 'zoë', email: 'z@example.org' })).toBe('Z');
  });

  it('falls back to the e-mail, then to U', () => {
    expect(organizerInitial({ firstName: null, email: 'maria@example.org' })).toBe('M');
    expect(organizerInitial({ firstName: '  ', email: 'kim@example.org' })).toBe('K');
    expect(organizerInitial({ firstName: null, email: null })).toBe('U');
    expect(organizerInitial({ firstName: '', email: '' })).toBe('U');
  });

  it('keeps a character outside the basic plane whole', () => {
    expect(organizerInitial({ firstName: '𠮷田', email: null })).toBe('𠮷');
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
