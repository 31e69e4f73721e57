import { describe, expect, it } from 'vitest';
import { toIso } from './iso-time';

describe('toIso', () => {
  it('writes a Date and a database time string as the same ISO 8601 instant in UTC', () => {
    expect(toIso(new Date(Date.UTC(2026, 11, 8, 1, 30)))).toBe('2026-12-08T01:30:00.000Z');
    expect(toIso('2026-12-08 02:30:00+01')).toBe('2026-12-08T01:30:00.000Z');
  });
});
