import { describe, expect, it } from 'vitest';
import { personName } from './person-name';

describe('personName', () => {
  it('joins first and last name, leaving out a missing or blank part', () => {
    expect(personName({ firstName: 'Ann', lastName: 'Lee' })).toBe('Ann Lee');
    expect(personName({ firstName: ' Ann ', lastName: null })).toBe('Ann');
    expect(personName({ firstName: null, lastName: 'Lee' })).toBe('Lee');
    expect(personName({ firstName: '  ', lastName: '' })).toBe('Unknown');
    expect(personName({ firstName: null, lastName: null })).toBe('Unknown');
  });
});
