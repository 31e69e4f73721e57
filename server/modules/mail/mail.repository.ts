import { type SQL, sql } from 'drizzle-orm';
import { MAIL_KINDS, type MailKind } from '../../../contract/mail';
import { type Executor, selectRows } from '../../db/client';

/** The advisory lock that makes change mails one transaction at a time, in every process. */
const CHANGE_MAIL_LOCK = 7_315_002;

/** A PostgreSQL array literal of mail kinds: drizzle would spread a JS array into separate parameters. */
function kindArray(kinds: readonly MailKind[]) {
  return sql`${`{${kinds.filter((kind) => MAIL_KINDS.includes(kind)).join(',')}}`}::text[]`;
}

/** How long after one change mail about an event the next to the same person waits, gathering changes. */
const CHANGE_MAIL_SPACING_SECONDS = 15 * 60;
/** The longest a failed mail waits for its next try. */
export const MAX_RETRY_DELAY_SECONDS = 3600;

/** Where a change mail is due names its row: `event_changed:<event>:<user>:<15-minute window of its due time>`. */
function changeMailKey(eventId: SQL, userId: SQL, window: SQL): SQL {
  return sql`'event_changed:' || ${eventId} || ':' || ${userId} || ':' || ${window}`;
}

function windowOf(time: SQL): SQL {
  return sql`floor(extract(epoch FROM ${time}) / ${CHANGE_MAIL_SPACING_SECONDS})::bigint`;
}

/**
 * Two `{changes}` payloads made one: each field changed goes from its first `from` to its last `to`, so a
 * place changed twice reads "C (was A)".
 */
function mergeChanges(earlier: SQL, later: SQL): SQL {
  const field = (name: 'date' | 'location' | 'durationMinutes') => {
    const key = sql.raw(`'${name}'`);
    return sql`CASE WHEN ${later} ? ${key}
             THEN jsonb_build_object('from', coalesce(${earlier} -> ${key} -> 'from', ${later} -> ${key} -> 'from'), 'to', ${later} -> ${key} -> 'to')
             ELSE ${earlier} -> ${key} END`;
  };
  return sql`jsonb_build_object('changes', jsonb_strip_nulls(jsonb_build_object('date', ${field('date')}, 'location', ${field('location')}, 'durationMinutes', ${field('durationMinutes')})))`;
}

/**
 * Turns unprocessed event change records into mail rows and marks them processed, in one statement:
 * the claim (SKIP LOCKED), the mails and the mark commit together or not at all. A recipient whose
 * account row is gone is left out. Run it inside a transaction that took lockChangeMailQueue.
 *
 * Cancellations, promotions and announcements make one mail per record and recipient. Changes of date,
 * place or length are gathered per event and person (decision 0024): a change mail not yet
 * claimed by a sender takes in the new changes; once one is claimed, the next is due
 * CHANGE_MAIL_SPACING_SECONDS after it and gathers every change until then. One transaction at a time
 * does this (lockChangeMailQueue), and it locks the mail it may merge into, so a sender never claims a mail
 * while changes are being added to it, and two processes never open two mails for one person.
 */
export async function queueMailsOfEventChanges(tx: Executor, limit: number): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`WITH claimed AS (
            SELECT id, type, event_id, actor_id, recipient_ids, payload FROM event_changes
            WHERE processed_at IS NULL ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
          ), recipients AS (
            SELECT c.id, c.type, c.event_id, c.actor_id, c.payload, u.id AS user_id
            FROM claimed c CROSS JOIN LATERAL unnest(c.recipient_ids) AS r(user_id) JOIN users u ON u.id = r.user_id
            WHERE r.user_id IS DISTINCT FROM c.actor_id
          ), single AS (
            INSERT INTO mail_outbox (kind, dedupe_key, user_id, event_id, actor_id, payload)
            SELECT type, type || ':' || id || ':' || user_id, user_id, event_id, actor_id, payload
            -- A change of a slot (its time, its removal, a declined place) is one mail per record and person:
            -- it names the slot, and gathering is for the event's own date, place and length.
            FROM recipients WHERE type <> 'event_changed' OR NOT (payload ? 'changes')
            ON CONFLICT (dedupe_key) DO NOTHING
          ), changed_fields AS (
            SELECT r.event_id, r.user_id, f.key AS field,
                   (array_agg(f.value -> 'from' ORDER BY r.id))[1] AS from_value,
                   (array_agg(f.value -> 'to' ORDER BY r.id DESC))[1] AS to_value,
                   (array_agg(r.actor_id ORDER BY r.id DESC))[1] AS actor_id
            FROM recipients r CROSS JOIN LATERAL jsonb_each(r.payload -> 'changes') AS f
            WHERE r.type = 'event_changed'
            GROUP BY r.event_id, r.user_id, f.key
          ), changed_series AS (
            -- A change of several dates of a series names the dates the person holds (decisions §18): the
            -- latest such list goes with the gathered mail.
            SELECT DISTINCT ON (event_id, user_id) event_id, user_id, payload -> 'series' AS series
            FROM recipients WHERE type = 'event_changed' AND payload ? 'series'
            ORDER BY event_id, user_id, id DESC
          ), changed AS (
            SELECT f.event_id, f.user_id, (array_agg(f.actor_id))[1] AS actor_id,
                   jsonb_build_object('changes', jsonb_object_agg(f.field, jsonb_build_object('from', f.from_value, 'to', f.to_value)))
                     || jsonb_strip_nulls(jsonb_build_object('series', (array_agg(s.series))[1])) AS payload
            FROM changed_fields f LEFT JOIN changed_series s ON s.event_id = f.event_id AND s.user_id = f.user_id
            GROUP BY f.event_id, f.user_id
          ), latest AS (
            SELECT ch.*, last.dedupe_key AS last_key, last.attempts AS last_attempts, last.next_attempt_at AS last_due
            FROM changed ch LEFT JOIN LATERAL (
              -- The person's latest change mail about the event, by the window its key names: a mail is
              -- opened due at most CHANGE_MAIL_SPACING_SECONDS after a later one than MAX_RETRY_DELAY_SECONDS
              -- from now, so no key names a window past these.
              SELECT m.dedupe_key, m.attempts, m.next_attempt_at FROM generate_series(
                ${windowOf(sql`now()`)} - 1,
                ${windowOf(sql`now() + make_interval(secs => ${MAX_RETRY_DELAY_SECONDS + CHANGE_MAIL_SPACING_SECONDS})`)}
              ) AS w(window_index)
              JOIN mail_outbox m ON m.dedupe_key = ${changeMailKey(sql`ch.event_id`, sql`ch.user_id`, sql`w.window_index`)}
              ORDER BY w.window_index DESC LIMIT 1
              FOR UPDATE OF m
            ) AS last ON true
          ), due AS (
            SELECT latest.*,
                   CASE WHEN last_key IS NULL THEN now()
                        WHEN last_attempts = 0 THEN last_due
                        ELSE greatest(now(), last_due + make_interval(secs => ${CHANGE_MAIL_SPACING_SECONDS})) END AS due_at
            FROM latest
          ), gathered AS (
            INSERT INTO mail_outbox AS m (kind, dedupe_key, user_id, event_id, actor_id, payload, next_attempt_at)
            SELECT 'event_changed',
                   CASE WHEN last_attempts = 0 THEN last_key
                        ELSE ${changeMailKey(sql`event_id`, sql`user_id`, windowOf(sql`due_at`))} END,
                   user_id, event_id, actor_id, payload, due_at
            FROM due
            ON CONFLICT (dedupe_key) DO UPDATE
              SET payload = ${mergeChanges(sql`m.payload -> 'changes'`, sql`EXCLUDED.payload -> 'changes'`)}
                            || jsonb_strip_nulls(jsonb_build_object('series', coalesce(EXCLUDED.payload -> 'series', m.payload -> 'series'))),
                  actor_id = EXCLUDED.actor_id
              WHERE m.attempts = 0
          )
          UPDATE event_changes SET processed_at = now() WHERE id IN (SELECT id FROM claimed) RETURNING id`,
  );
  return rows.length;
}

/** Held until the transaction ends: queueMailsOfEventChanges runs in one transaction at a time, in every process. */
export async function lockChangeMailQueue(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHANGE_MAIL_LOCK})`);
}

/** No reminder of an event that reaches nobody: hidden, or its organizer suspended (decisions §22). */
const isEventHeard = sql`e.hidden_at IS NULL AND NOT EXISTS (SELECT 1 FROM users o WHERE o.id = e.organizer_id AND o.suspended_at IS NOT NULL)`;

/**
 * A reminder row for every RSVP of every scheduled event starting within the next 24 hours. The key
 * names the event's start, so whichever process gets there first writes it and the rest write nothing;
 * a moved event gets a reminder for its new start. Returns the rows written now (for notifications).
 */
export async function queueDueReminders(db: Executor): Promise<Array<{ userId: string; eventId: number }>> {
  const dayBefore = await selectRows<{ userId: string; eventId: number }>(
    db,
    sql`INSERT INTO mail_outbox (kind, dedupe_key, user_id, event_id, payload)
        SELECT 'event_reminder', 'event_reminder:' || e.id || ':' || r.user_id || ':' || floor(extract(epoch FROM e.date))::bigint, r.user_id, e.id, '{}'::jsonb
        FROM events e JOIN rsvps r ON r.event_id = e.id
        WHERE e.status = 'scheduled' AND e.date > now() AND e.date <= now() + interval '24 hours'
          AND ${isEventHeard} AND NOT r.is_walk_in AND r.checked_in_at IS NULL
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING user_id AS "userId", event_id AS "eventId"`,
  );
  return [...dayBefore, ...(await queueFinalReminders(db))];
}

/**
 * The second reminder, 2 hours before the start (decisions §19), for whoever got the day-before one at
 * least an hour ago: a place taken at the last minute has just had its reminder, and a second mail
 * minutes after the first would only be noise. Walk-ins are at the door already.
 */
async function queueFinalReminders(db: Executor): Promise<Array<{ userId: string; eventId: number }>> {
  return selectRows<{ userId: string; eventId: number }>(
    db,
    sql`INSERT INTO mail_outbox (kind, dedupe_key, user_id, event_id, payload)
        SELECT 'event_reminder', 'event_reminder_final:' || e.id || ':' || r.user_id || ':' || floor(extract(epoch FROM e.date))::bigint, r.user_id, e.id, '{"isFinal":true}'::jsonb
        FROM events e JOIN rsvps r ON r.event_id = e.id
        JOIN mail_outbox first ON first.dedupe_key = 'event_reminder:' || e.id || ':' || r.user_id || ':' || floor(extract(epoch FROM e.date))::bigint
        WHERE e.status = 'scheduled' AND e.date > now() AND e.date <= now() + interval '2 hours'
          AND first.created_at <= now() - interval '1 hour' AND ${isEventHeard} AND NOT r.is_walk_in AND r.checked_in_at IS NULL
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING user_id AS "userId", event_id AS "eventId"`,
  );
}

/**
 * The followers of an organization hear of its new event by mail too (decisions §20), one row each in the
 * event's own transaction; whether the kind is switched off is asked when it is sent, as for every kind.
 * The ids go as one JSON parameter: one statement text whatever the number of followers, and no limit of
 * bind parameters for a large organization.
 */
export async function queueOrganizationEventMails(
  tx: Executor,
  mail: { eventId: number; actorId: string; userIds: readonly string[]; organizationName: string },
): Promise<void> {
  if (mail.userIds.length === 0) return;
  await tx.execute(
    sql`INSERT INTO mail_outbox (kind, dedupe_key, user_id, event_id, actor_id, payload)
        SELECT 'organization_event', 'organization_event:' || ${mail.eventId} || ':' || u.id, u.id, ${mail.eventId}, ${mail.actorId},
               jsonb_build_object('organizationName', ${mail.organizationName}::text)
        FROM users u WHERE u.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(mail.userIds)}::jsonb))
        ON CONFLICT (dedupe_key) DO NOTHING`,
  );
}

/**
 * An organization's invitation (decisions §20) to an address that may have no account: the address is the
 * row's recipient, and the payload holds what the mail says, with the nonce its link is derived from
 * (never the link itself: see organizationInvitationToken in mail-queue.service.ts).
 */
export async function queueInvitationMail(
  tx: Executor,
  mail: { invitationId: number; recipientEmail: string; payload: Record<string, unknown> },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO mail_outbox (kind, dedupe_key, recipient_email, payload)
        VALUES ('organization_invitation', ${`organization_invitation:${mail.invitationId}`}, ${mail.recipientEmail}, ${JSON.stringify(mail.payload)}::jsonb)
        ON CONFLICT (dedupe_key) DO NOTHING`,
  );
}

/** A claimed row: a mail to a person about an event, or (kind organization_invitation) to an address. */
export type ClaimedMail = {
  id: number;
  kind: MailKind | 'organization_invitation';
  dedupeKey: string;
  userId: string | null;
  recipientEmail: string | null;
  eventId: number | null;
  actorId: string | null;
  payload: Record<string, unknown>;
  attempts: number;
};

/**
 * Takes up to `limit` due mails for `claimSeconds`. SKIP LOCKED keeps two processes off the same rows
 * while they claim; the claim's end keeps them off while one sends, and frees the rows of a process
 * that died mid-batch.
 */
export async function claimMails(
  db: Executor,
  claimToken: string,
  limit: number,
  claimSeconds: number,
): Promise<ClaimedMail[]> {
  return selectRows<ClaimedMail>(
    db,
    sql`UPDATE mail_outbox SET claimed_by = ${claimToken}, claimed_until = now() + make_interval(secs => ${claimSeconds}), attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM mail_outbox
          WHERE sent_at IS NULL AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
          ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
        )
        RETURNING id, kind, dedupe_key AS "dedupeKey", user_id AS "userId", recipient_email AS "recipientEmail", event_id AS "eventId", actor_id AS "actorId", payload, attempts`,
  );
}

/**
 * Right before a mail of a batch goes out: is the claim still this round's? It is renewed if so. A
 * round slower than its claim (a stalled process) finds the rows another process took since, and
 * leaves them to it.
 */
export async function renewClaim(db: Executor, id: number, claimToken: string, claimSeconds: number): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`UPDATE mail_outbox SET claimed_until = now() + make_interval(secs => ${claimSeconds})
        WHERE id = ${id} AND claimed_by = ${claimToken} AND sent_at IS NULL RETURNING id`,
  );
  return rows.length > 0;
}

/** Hands back what a stopping round claimed and did not send, for the next process to take at once. */
export async function releaseClaims(db: Executor, claimToken: string): Promise<void> {
  await db.execute(
    sql`UPDATE mail_outbox SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ${claimToken} AND sent_at IS NULL`,
  );
}

/** Closes a row: sent, or skipped for `skippedReason`. */
export async function closeMail(db: Executor, id: number, skippedReason: string | null): Promise<void> {
  await db.execute(
    sql`UPDATE mail_outbox SET sent_at = now(), skipped_reason = ${skippedReason}, claimed_until = NULL WHERE id = ${id}`,
  );
}

export async function postponeMail(db: Executor, id: number, delaySeconds: number): Promise<void> {
  await db.execute(
    sql`UPDATE mail_outbox SET claimed_until = NULL, next_attempt_at = now() + make_interval(secs => ${delaySeconds}) WHERE id = ${id}`,
  );
}

export type MailContext = {
  email: string | null;
  firstName: string | null;
  isDeleted: boolean;
  language: string | null;
  disabledKinds: string[] | null;
  title: string | null;
  date: Date | string | null;
  location: string | null;
  status: string | null;
  isEventHidden: boolean;
  /** Hidden by a moderator, or its organizer suspended: the event reaches nobody (decisions §22). */
  isEventSilenced: boolean;
  actorFirstName: string | null;
  actorLastName: string | null;
};

/** What a mail needs: the recipient and their switches, the event as it is now, and who acted. */
export async function readMailContext(
  db: Executor,
  mail: { userId: string; eventId: number; actorId: string | null },
): Promise<MailContext | undefined> {
  const [row] = await selectRows<MailContext>(
    db,
    sql`SELECT u.email, u.first_name AS "firstName", u.deleted_at IS NOT NULL AS "isDeleted", p.language, p.disabled_kinds AS "disabledKinds",
               e.title, e.date, e.location, e.status, e.hidden_at IS NOT NULL AS "isEventHidden",
               (e.hidden_at IS NOT NULL OR o.suspended_at IS NOT NULL) AS "isEventSilenced", a.first_name AS "actorFirstName", a.last_name AS "actorLastName"
        FROM users u
        LEFT JOIN mail_preferences p ON p.user_id = u.id
        LEFT JOIN events e ON e.id = ${mail.eventId}
        LEFT JOIN users o ON o.id = e.organizer_id
        LEFT JOIN users a ON a.id = ${mail.actorId}
        WHERE u.id = ${mail.userId}`,
  );
  return row;
}

/** Queue depths for /metrics: mails not yet sent, and change records not yet turned into mails. */
export async function countQueuedJobs(db: Executor): Promise<{ mails: number; eventChanges: number }> {
  const [row] = await selectRows<{ mails: number; eventChanges: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM mail_outbox WHERE sent_at IS NULL) AS mails,
               (SELECT count(*)::int FROM event_changes WHERE processed_at IS NULL) AS "eventChanges"`,
  );
  return row ?? { mails: 0, eventChanges: 0 };
}

export async function readMailPreferences(
  db: Executor,
  userId: string,
): Promise<{ language: string | null; disabledKinds: string[] } | undefined> {
  const [row] = await selectRows<{ language: string | null; disabledKinds: string[] }>(
    db,
    sql`SELECT language, disabled_kinds AS "disabledKinds" FROM mail_preferences WHERE user_id = ${userId}`,
  );
  return row;
}

/** One statement, so two tabs switching different kinds at once both take effect. */
export async function updateMailPreferences(
  db: Executor,
  userId: string,
  change: { language?: string; turnOff: MailKind[]; turnOn: MailKind[] },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO mail_preferences (user_id, language, disabled_kinds)
        SELECT id, ${change.language ?? null}, ${kindArray(change.turnOff)} FROM users WHERE id = ${userId}
        ON CONFLICT (user_id) DO UPDATE SET
          language = coalesce(${change.language ?? null}, mail_preferences.language),
          disabled_kinds = ARRAY(
            SELECT DISTINCT kind FROM unnest(mail_preferences.disabled_kinds || ${kindArray(change.turnOff)}) AS kind
            WHERE kind <> ALL(${kindArray(change.turnOn)}) ORDER BY kind
          ),
          updated_at = now()`,
  );
}

/** Sets the mail language only where none was chosen yet: a choice made in settings is never overwritten. */
export async function setMailLanguageIfUnset(db: Executor, userId: string, language: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO mail_preferences (user_id, language)
        SELECT id, ${language} FROM users WHERE id = ${userId}
        ON CONFLICT (user_id) DO UPDATE SET language = EXCLUDED.language, updated_at = now()
        WHERE mail_preferences.language IS NULL`,
  );
}

export async function insertInvitationOptOut(db: Executor, addressHash: string): Promise<void> {
  await db.execute(sql`INSERT INTO invitation_opt_outs (address_hash) VALUES (${addressHash}) ON CONFLICT DO NOTHING`);
}

export async function hasInvitationOptOut(db: Executor, addressHash: string): Promise<boolean> {
  const rows = await selectRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM invitation_opt_outs WHERE address_hash = ${addressHash}`,
  );
  return rows.length > 0;
}
