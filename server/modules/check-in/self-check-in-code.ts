import { createHmac, timingSafeEqual } from 'node:crypto';
import { SELF_CHECK_IN_CODE_SECONDS } from '../../../contract/check-in';

/**
 * The kiosk's rotating check-in code (decisions §19, decision 0033): the second it was made and an
 * HMAC of the event and that second, under a key of its own derived from the session secret. Nothing is
 * stored: a code of another event fails the signature, an old one its age, and a code read off a photo
 * of the kiosk stops working within two minutes. 128 bits of signature are plenty for a code this short-lived.
 */
const CODE_PATTERN = /^(\d{1,12})\.([A-Za-z0-9_-]{22})$/;
/** A kiosk's clock running ahead of the server's is no reason to refuse its code. */
const CLOCK_SKEW_SECONDS = 5;

function signatureOf(secret: string, eventId: number, issuedSeconds: number): string {
  const key = createHmac('sha256', secret).update('pitchin self check-in v1').digest();
  return createHmac('sha256', key).update(`${eventId}.${issuedSeconds}`).digest().subarray(0, 16).toString('base64url');
}

export function createSelfCheckInCode(
  secret: string,
  eventId: number,
  now = Date.now(),
): { code: string; expiresAt: Date } {
  const issuedSeconds = Math.floor(now / 1000);
  return {
    code: `${issuedSeconds}.${signatureOf(secret, eventId, issuedSeconds)}`,
    expiresAt: new Date((issuedSeconds + SELF_CHECK_IN_CODE_SECONDS) * 1000),
  };
}

export function readSelfCheckInCode(
  secret: string,
  eventId: number,
  code: string,
  now = Date.now(),
): 'valid' | 'expired' | 'invalid' {
  const match = CODE_PATTERN.exec(code);
  if (!match) return 'invalid';
  const issuedSeconds = Number(match[1]);
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(signatureOf(secret, eventId, issuedSeconds));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  const ageSeconds = now / 1000 - issuedSeconds;
  if (ageSeconds < -CLOCK_SKEW_SECONDS) return 'invalid';
  return ageSeconds > SELF_CHECK_IN_CODE_SECONDS ? 'expired' : 'valid';
}
