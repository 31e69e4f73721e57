import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { isMailKind, type MailKind } from '../../../contract/mail';

/**
 * The List-Unsubscribe links turn a kind of mail off without signing in, so the link itself is the
 * proof: an HMAC-SHA256 (256 bits) of who and which kind, under a key derived from the session secret.
 * Nothing is stored per link; a forged or altered link fails the constant-time comparison.
 */
export type UnsubscribeSubject = { kind: MailKind; userId: string } | { kind: 'invitation'; addressHash: string };

const TOKEN_PATTERN = /^([A-Za-z0-9_-]{1,600})\.([A-Za-z0-9_-]{43})$/;

function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('pitchin mail unsubscribe v1').digest();
}

function signatureOf(secret: string, body: string): Buffer {
  return createHmac('sha256', keyOf(secret)).update(body).digest();
}

/** Invitations go to addresses without an account: the switch is keyed by the address's hash. */
export function hashAddress(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('base64url');
}

export function unsubscribeLink(origin: string, token: string): string {
  return `${new URL('/mail/unsubscribe', origin).href}?token=${token}`;
}

export function createUnsubscribeToken(secret: string, subject: UnsubscribeSubject): string {
  const who = subject.kind === 'invitation' ? subject.addressHash : subject.userId;
  const body = Buffer.from(JSON.stringify([subject.kind, who])).toString('base64url');
  return `${body}.${signatureOf(secret, body).toString('base64url')}`;
}

export function readUnsubscribeToken(secret: string, token: string): UnsubscribeSubject | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [, body, signature] = match;
  // Compared as text, not decoded: the 43rd character carries 2 bits no byte uses, so three other
  // spellings of a signature decode to the same bytes, and an altered link was once accepted that way.
  const given = Buffer.from(signature!);
  const expected = Buffer.from(signatureOf(secret, body!).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[1] !== 'string') return null;
  const [kind, who] = parsed as [unknown, string];
  if (kind === 'invitation') return { kind, addressHash: who };
  return isMailKind(kind) ? { kind, userId: who } : null;
}
