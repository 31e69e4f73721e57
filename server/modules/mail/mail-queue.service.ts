import { createHmac } from 'node:crypto';
import type { Executor } from '../../db/client';
import * as repository from './mail.repository';

/*
 * Mails other modules queue in their own transactions, for the outbox (mail-outbox.service.ts) to send.
 * Apart from the outbox, which reads check-in, so that organizations can queue without a cycle.
 */

/**
 * The secret part of an organization's invitation link. The outbox keeps only a random nonce and the
 * invitation only the link's hash, so neither table (nor a backup of it) holds a link that works; the
 * link is derived again, the same, each time the mail is sent, so a mail sent twice after a crash
 * carries the same link.
 */
export function organizationInvitationToken(secret: string, nonce: string): string {
  const key = createHmac('sha256', secret).update('pitchin organization invitation v1').digest();
  return createHmac('sha256', key).update(nonce).digest('base64url');
}

export type OrganizationInvitationMailInput = {
  invitationId: number;
  to: string;
  /** Who invites: the outbox asks the unasked-mail policy (decisions §22) about them before sending. */
  inviterId: string;
  nonce: string;
  language: string | null;
  inviterName: string | null;
  organizationName: string;
  role: 'owner' | 'admin' | 'organizer' | 'member';
  validDays: number;
};

/** Queues an organization's invitation in the transaction that stores it: it is sent, and retried, by the outbox. */
export async function queueOrganizationInvitationMail(
  tx: Executor,
  input: OrganizationInvitationMailInput,
): Promise<void> {
  const { invitationId, to, ...payload } = input;
  await repository.queueInvitationMail(tx, { invitationId, recipientEmail: to, payload });
}

/** Queues the mail of an organization's new event to its followers, in the event's transaction (decisions §20). */
export async function queueOrganizationEventMails(
  tx: Executor,
  mail: { eventId: number; actorId: string; userIds: readonly string[]; organizationName: string },
): Promise<void> {
  await repository.queueOrganizationEventMails(tx, mail);
}
