import { describe, expect, it } from 'vitest';
import { createUnsubscribeToken, readUnsubscribeToken } from './unsubscribe-token';

const SECRET = 'unsubscribe-test-secret-unsubscribe-test-secret';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('unsubscribe tokens', () => {
  it('reads back what it made', () => {
    const token = createUnsubscribeToken(SECRET, { kind: 'event_changed', userId: 'user-1' });
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ kind: 'event_changed', userId: 'user-1' });
  });

  it('refuses every other last character of the signature, though three of them decode to the same bytes', () => {
    for (let user = 0; user < 20; user += 1) {
      const token = createUnsubscribeToken(SECRET, { kind: 'event_changed', userId: `user-${user}` });
      const last = token.at(-1)!;
      for (const other of BASE64URL.replace(last, ''))
        expect(readUnsubscribeToken(SECRET, token.slice(0, -1) + other), `${last} → ${other}`).toBeNull();
    }
  });

  it('refuses a token signed under another secret', () => {
    const token = createUnsubscribeToken(`${SECRET}-other`, { kind: 'event_changed', userId: 'user-1' });
    expect(readUnsubscribeToken(SECRET, token)).toBeNull();
  });
});
