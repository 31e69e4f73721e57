import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The reminder's "I'm coming" / "I can't come" links (decisions §19, decision 0033): the link is the
 * proof, so it is an HMAC-SHA256 under a key of its own derived from the session secret. The signed body
 * names the purpose (a confirm link cannot cancel), the event, the person and the expiry (the event's
 * start); the signature also covers the place's ticket code, which the body does not carry, so a link
 * dies with the place it was written for (a withdrawal and a new RSVP get a new code).
 */
export type AttendanceReplyPurpose = 'confirm' | 'cancel';

export type AttendanceReply = {
  purpose: AttendanceReplyPurpose;
  eventId: number;
  userId: string;
  expiresAt: Date;
};

const TOKEN_PATTERN = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('pitchin attendance reply v1').digest();
}

function signatureOf(secret: string, body: string, ticketCode: string): string {
  return createHmac('sha256', keyOf(secret)).update(`${body}\n${ticketCode}`).digest('base64url');
}

export function createAttendanceReplyToken(secret: string, reply: AttendanceReply, ticketCode: string): string {
  const body = Buffer.from(
    JSON.stringify([reply.purpose, reply.eventId, reply.userId, Math.floor(reply.expiresAt.getTime() / 1000)]),
  ).toString('base64url');
  return `${body}.${signatureOf(secret, body, ticketCode)}`;
}

/** What a token claims, before its signature is checked (which needs the place's current ticket code). */
type AttendanceReplyClaim = AttendanceReply & { body: string; signature: string };

export function readAttendanceReplyClaim(token: string): AttendanceReplyClaim | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [, body, signature] = match;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return null;
  const [purpose, eventId, userId, expiresAtSeconds] = parsed as unknown[];
  if (purpose !== 'confirm' && purpose !== 'cancel') return null;
  if (!Number.isSafeInteger(eventId) || typeof userId !== 'string' || !Number.isSafeInteger(expiresAtSeconds))
    return null;
  return {
    purpose,
    eventId: eventId as number,
    userId,
    expiresAt: new Date((expiresAtSeconds as number) * 1000),
    body: body!,
    signature: signature!,
  };
}

/** Compared as text in constant time: a base64url signature has spellings that decode alike (see unsubscribe-token). */
export function isAttendanceReplySigned(
  secret: string,
  claim: { body: string; signature: string },
  ticketCode: string,
): boolean {
  const given = Buffer.from(claim.signature);
  const expected = Buffer.from(signatureOf(secret, claim.body, ticketCode));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
