import type { Executor } from '../../db/client';
import { notifyOfEventChange } from '../notifications/notifications.service';
import { insertEventChange, type NewEventChange } from '../event-management/event-management.repository';

export type EventChange = NewEventChange;

/**
 * THE place where "an event changed / was cancelled / someone was promoted / the organizer announced
 * something" is announced (decision 0012). It writes an outbox row in the caller's transaction, so the
 * record exists exactly when the change does; the notifications and e-mails about the change are made
 * from these rows (event_changes, processed_at null = not yet delivered). Recipients are listed at the
 * moment of the change: who held an RSVP then is who must hear of it, whatever happens next.
 */
export async function announceEventChange(tx: Executor, change: EventChange): Promise<void> {
  await insertEventChange(tx, change);
  await notifyOfEventChange(tx, change);
}
