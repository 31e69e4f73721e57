import { createHmac, timingSafeEqual } from 'node:crypto';
import { SELF_CHECK_IN_CODE_SECONDS, SELF_CHECK_IN_GRACE_SECONDS } from '../../../contract/check-in';

/**
 * The kiosk's rotating check-in code (decisions §19, §22, decision 0033): the second it was made, the kiosk
 * that shows it, and an HMAC of the event, that second and that kiosk, under a key of its own derived from
 * the session secret. Nothing is stored: a code of another event or kiosk fails the signature, an old one its
 * age. A kiosk shows a new code every 30 seconds, and a code is taken for 30 more (a person scanning at the
 * change, or signing in first, is not refused), so a photo of it stops working within a minute; the check-in
 * keeps the kiosk's name, so the door's log shows where each self check-in came from. 128 bits of signature
 * are plenty for a code this short-lived.
 */
const CODE_PATTERN = /^(\d{1,12})\.([A-Za-z0-9]{4,16})\.([A-Za-z0-9_-]{22})$/;
/** A kiosk's clock running ahead of the server's is no reason to refuse its code. */
const CLOCK_SKEW_SECONDS = 5;

function signatureOf(secret: string, eventId: number, issuedSeconds: number, device: string): string {
  const key = createHmac('sha256', secret).update('pitchin self check-in v2').digest();
  return createHmac('sha256', key)
    .update(`${eventId}.${issuedSeconds}.${device}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function createSelfCheckInCode(
  secret: string,
  eventId: number,
  device: string,
  now = Date.now(),
): { code: string; expiresAt: Date } {
  const issuedSeconds = Math.floor(now / 1000);
  return {
    code: `${issuedSeconds}.${device}.${signatureOf(secret, eventId, issuedSeconds, device)}`,
    expiresAt: new Date((issuedSeconds + SELF_CHECK_IN_CODE_SECONDS) * 1000),
  };
}

export type SelfCheckInCodeState = { state: 'valid'; device: string } | { state: 'expired' | 'invalid' };

export function readSelfCheckInCode(
  secret: string,
  eventId: number,
  code: string,
  now = Date.now(),
): SelfCheckInCodeState {
  const match = CODE_PATTERN.exec(code);
  if (!match) return { state: 'invalid' };
  const issuedSeconds = Number(match[1]);
  const device = match[2]!;
  const given = Buffer.from(match[3]!);
  const expected = Buffer.from(signatureOf(secret, eventId, issuedSeconds, device));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { state: 'invalid' };
  const ageSeconds = now / 1000 - issuedSeconds;
  if (ageSeconds < -CLOCK_SKEW_SECONDS) return { state: 'invalid' };
  return ageSeconds > SELF_CHECK_IN_CODE_SECONDS + SELF_CHECK_IN_GRACE_SECONDS
    ? { state: 'expired' }
    : { state: 'valid', device };
}
