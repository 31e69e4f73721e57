import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The reminder's "I'm coming" / "I can't come" links (decisions §19, decision 0033): the link is the
 * proof, so it is an HMAC-SHA256 under a key of its own derived from the session secret. The signed body
 * names the purpose (a confirm link cannot cancel), the event, the person, the expiry (the event's start)
 * and a tag of the place's ticket code (a keyed hash, so the code itself never leaves the server), so a
 * link dies with the place it was written for (a withdrawal and a new RSVP get a new code).
 *
 * The signature covers the body alone and is checked before anything is looked up (decisions §22): a
 * forged link gets the same answer whether or not its person holds a place. (Until round four the
 * signature covered the code, which had to be read first: a forged link for a holder answered "not
 * valid", one for anyone else "no place", and 139 guesses read a person's RSVP history.)
 */
export type AttendanceReplyPurpose = 'confirm' | 'cancel';

export type AttendanceReply = {
  purpose: AttendanceReplyPurpose;
  eventId: number;
  userId: string;
  expiresAt: Date;
};

/** A token whose signature holds: what it says, and the tag its place's code must still match. */
export type VerifiedAttendanceReply = AttendanceReply & { placeTag: string };

const TOKEN_PATTERN = /^([A-Za-z0-9_-]{1,600})\.([A-Za-z0-9_-]{43})$/;

function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('pitchin attendance reply v2').digest();
}

function signatureOf(secret: string, body: string): string {
  return createHmac('sha256', keyOf(secret)).update(`link\n${body}`).digest('base64url');
}

/** 128 bits of a keyed hash of the place's ticket code: names the place without carrying its code. */
function placeTagOf(secret: string, ticketCode: string): string {
  return createHmac('sha256', keyOf(secret))
    .update(`place\n${ticketCode}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function createAttendanceReplyToken(secret: string, reply: AttendanceReply, ticketCode: string): string {
  const body = Buffer.from(
    JSON.stringify([
      reply.purpose,
      reply.eventId,
      reply.userId,
      Math.floor(reply.expiresAt.getTime() / 1000),
      placeTagOf(secret, ticketCode),
    ]),
  ).toString('base64url');
  return `${body}.${signatureOf(secret, body)}`;
}

/**
 * The token's claim when its signature holds, else null, before and without any lookup. Compared as
 * text in constant time: a base64url signature has spellings that decode alike (see unsubscribe-token).
 */
export function readAttendanceReplyToken(secret: string, token: string): VerifiedAttendanceReply | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [, body, signature] = match;
  const given = Buffer.from(signature!);
  const expected = Buffer.from(signatureOf(secret, body!));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 5) return null;
  const [purpose, eventId, userId, expiresAtSeconds, placeTag] = parsed as unknown[];
  if (purpose !== 'confirm' && purpose !== 'cancel') return null;
  if (!Number.isSafeInteger(eventId) || typeof userId !== 'string' || !Number.isSafeInteger(expiresAtSeconds))
    return null;
  if (typeof placeTag !== 'string') return null;
  return {
    purpose,
    eventId: eventId as number,
    userId,
    expiresAt: new Date((expiresAtSeconds as number) * 1000),
    placeTag,
  };
}

/** Whether a place's current code is the one the link was written for, in constant time. */
export function isSamePlace(secret: string, placeTag: string, ticketCode: string): boolean {
  const given = Buffer.from(placeTag);
  const expected = Buffer.from(placeTagOf(secret, ticketCode));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
