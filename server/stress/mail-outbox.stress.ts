import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startCaptureSmtpServer } from '../modules/mail/capture-smtp-server';
import { createPostgresDatabase, postgresServerUrl, startServer, type ServerProcess } from './server-process';

/**
 * Reminders 24 hours before an event, sent once per person, with three server processes
 * on one PostgreSQL database and one of them killed with SIGKILL in the middle of its batch, then
 * started again. Counted at a real SMTP server on loopback: every reminder arrives, none under two
 * Message-IDs. A mail the killed process handed to the SMTP server but had not yet marked sent is sent
 * again by another process once the claim runs out, under the same Message-ID (decision 0019): the
 * suite counts those separately, and there can be at most one per kill.
 */
const USERS = 240;
const EVENTS = 4;
const PORTS = [7431, 7432, 7433];
const CLAIM_SECONDS = 3;

function recipientOf(mail: ParsedMail): string {
  return mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
}

function eventIdOf(mail: ParsedMail): number {
  const match = /\/events\/(\d+)/.exec(mail.text ?? '');
  return match ? Number(match[1]) : -1;
}

describe('reminder mails across processes', () => {
  it.runIf(postgresServerUrl() !== null)(
    'three processes, one killed mid-batch and restarted: every reminder delivered once',
    async () => {
      const database = await createPostgresDatabase(postgresServerUrl()!);
      const smtp = await startCaptureSmtpServer();
      const servers: ServerProcess[] = [];
      const client = new pg.Client({ connectionString: database.url });
      const environment = {
        DATABASE_URL: database.url,
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://pitchin.example.org',
        MAIL_CLAIM_SECONDS: String(CLAIM_SECONDS),
        WORKERS: '1',
      };
      try {
        // One start migrates the database; the seed goes in while no process runs, so that the three
        // start on the same pile of due reminders.
        const migrator = await startServer(environment, PORTS[0]!);
        await migrator.stop();
        await client.connect();
        const expected = new Set<string>();
        const organizerId = randomUUID();
        await client.query("INSERT INTO users (id, email, first_name) VALUES ($1, 'organizer@example.org', 'Olga')", [
          organizerId,
        ]);
        const eventIds: number[] = [];
        for (let index = 0; index < EVENTS; index += 1) {
          const { rows } = await client.query<{ id: number }>(
            `INSERT INTO events (title, description, location, date, category_id, organizer_id, search_vector)
           VALUES ($1, 'stress', 'Lisbon', now() + make_interval(hours => $2), 1, $3, to_tsvector('simple', 'stress')) RETURNING id`,
            [`Reminder stress ${index}`, 2 + index * 5, organizerId],
          );
          eventIds.push(rows[0]!.id);
        }
        for (let index = 0; index < USERS; index += 1) {
          const id = randomUUID();
          const email = `reminder-${index}@example.org`;
          await client.query('INSERT INTO users (id, email, first_name) VALUES ($1, $2, $3)', [
            id,
            email,
            `Person ${index}`,
          ]);
          // Each person holds an RSVP for two of the events: 2 × USERS reminders in all.
          for (const eventId of [eventIds[index % EVENTS]!, eventIds[(index + 1) % EVENTS]!]) {
            await client.query("INSERT INTO rsvps (event_id, user_id, status) VALUES ($1, $2, 'attending')", [
              eventId,
              id,
            ]);
            expected.add(`${email}|${eventId}`);
          }
        }
        const started = Date.now();
        servers.push(...(await Promise.all(PORTS.map((port) => startServer(environment, port)))));

        // SIGKILL the first process once mails flow, in the middle of whatever it is doing.
        const deadline = Date.now() + 60_000;
        while (smtp.mails.length < expected.size / 5 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 5));
        const deliveredAtKill = smtp.mails.length;
        await servers[0]!.stop('SIGKILL');
        const { rows: heldByDead } = await client.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM mail_outbox WHERE sent_at IS NULL AND claimed_until > now()',
        );
        servers[0] = await startServer(environment, PORTS[0]!);

        const keysOf = () => new Set(smtp.mails.map((mail) => `${recipientOf(mail)}|${eventIdOf(mail)}`));
        while (keysOf().size < expected.size && Date.now() < deadline + 60_000)
          await new Promise((resolve) => setTimeout(resolve, 100));
        // Longer than a claim, so that anything a process might still send twice has had its chance.
        await new Promise((resolve) => setTimeout(resolve, (CLAIM_SECONDS + 3) * 1000));

        const received = smtp.mails.map((mail) => ({
          key: `${recipientOf(mail)}|${eventIdOf(mail)}`,
          messageId: mail.messageId ?? '',
        }));
        const keys = new Set(received.map((mail) => mail.key));
        const missing = [...expected].filter((key) => !keys.has(key));
        const unexpected = [...keys].filter((key) => !expected.has(key));
        const messageIdsPerKey = new Map<string, Set<string>>();
        for (const mail of received)
          messageIdsPerKey.set(mail.key, (messageIdsPerKey.get(mail.key) ?? new Set()).add(mail.messageId));
        const underTwoIds = [...messageIdsPerKey].filter(([, ids]) => ids.size > 1).map(([key]) => key);
        const resent = received.length - keys.size;
        const { rows: open } = await client.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM mail_outbox WHERE sent_at IS NULL',
        );
        const { rows: queued } = await client.query<{ count: number }>(
          "SELECT count(*)::int AS count FROM mail_outbox WHERE kind = 'event_reminder'",
        );
        const { rows: notified } = await client.query<{ count: number }>(
          "SELECT count(*)::int AS count FROM notifications WHERE type = 'event_reminder'",
        );

        expect(missing, 'reminders lost').toEqual([]);
        expect(unexpected, 'mails nobody should get').toEqual([]);
        expect(underTwoIds, 'a reminder sent as two different messages').toEqual([]);
        expect(
          resent,
          'mails sent again under their Message-ID: at most the one in flight at the kill',
        ).toBeLessThanOrEqual(1);
        expect(open[0]!.count).toBe(0);
        expect(queued[0]!.count).toBe(expected.size);
        expect(notified[0]!.count).toBe(expected.size);
        console.log(
          `mail outbox (PostgreSQL, 3 processes): ${expected.size} reminders, ${deliveredAtKill} delivered when one process was killed (${heldByDead[0]!.count} mails claimed and unsent at that moment), ` +
            `${keys.size} delivered in ${((Date.now() - started) / 1000).toFixed(1)} s, 0 lost, ${resent} sent again under the same Message-ID`,
        );
      } finally {
        await Promise.all(servers.map((server) => server.stop('SIGKILL')));
        await client.end().catch(() => undefined);
        await smtp.close();
        await database.drop();
      }
    },
  );
});
