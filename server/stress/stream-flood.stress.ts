import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import {
  copyMigratedDataDirectory,
  insertManyUsersWithSessions,
  runWithConcurrency,
  startServer,
  type ServerProcess,
} from './server-process';

/**
 * The live-stream flood of the attacker's test: 8 streams for each of 1 100 free accounts took the
 * server's heap from 51 to 194 MB and it died. Here 10 000 stream attempts from 1 250 accounts go at
 * one real server process with the default caps (2 000 per process, 32 per address): 1 000 from one
 * address, 9 000 spread over 300 addresses behind a trusted proxy. The process must hold exactly its
 * caps, refuse the rest with 429 / 503, stay up, keep answering an API call within its usual time and
 * keep its memory bounded.
 */
const PORT = 7451;
const ACCOUNTS = 1_250;
const ATTEMPTS = 10_000;
const ONE_ADDRESS_ATTEMPTS = 1_000;
const SPREAD_ADDRESSES = 300;
const PER_PROCESS = 2_000;
const PER_ADDRESS = 32;
const CONCURRENCY = 50;
/** The process's resident memory holding its 2 000 streams, everything else included. */
const RSS_LIMIT_MB = 400;
/**
 * What 2 000 idle streams may add to it: 60 kB a stream. The growth also holds the heap V8 grew to while
 * it answered the 10 000 attempts and has not yet given back (measured 25-42 kB a stream in all; a CI run
 * measured 83 MB against an earlier 80 MB bound), so the bound leaves room for that and still catches an
 * idle stream that keeps a buffer or a closure of its own again (the 8 800-stream crash of docs/security.md).
 */
const RSS_GROWTH_LIMIT_MB = 120;
const PROBES = 100;
/**
 * The server's heartbeat interval here (STREAM_HEARTBEAT_SECONDS): the hold below lasts one interval and more,
 * so that the one timer's beat of all 2 000 streams falls inside it. Seven seconds instead of the default 25
 * measure the same beat without 18 s of waiting for it, and still give the hold about 300 probes, so that its
 * p99 is a percentile of many calls rather than the one call a beat delayed.
 */
const HEARTBEAT_SECONDS = 7;
/** Clients that keep trying while the streams are held, each at most about 100 attempts a second. */
const RETRYING_CLIENTS = 4;

type Attempt = { status: number; socket: net.Socket | null };

/** One GET /api/stream on a socket of its own, as an EventSource sends it; a 200's socket stays open. */
function attemptStream(cookie: string, forwardedFor: string | null): Promise<Attempt> {
  return new Promise((resolve) => {
    const socket = net.connect(PORT, '127.0.0.1');
    let head = '';
    let isSettled = false;
    const settle = (attempt: Attempt) => {
      if (isSettled) return;
      isSettled = true;
      resolve(attempt);
    };
    socket.on('error', () => settle({ status: 0, socket: null }));
    socket.on('close', () => settle({ status: 0, socket: null }));
    socket.on('data', (chunk) => {
      if (isSettled) return;
      head += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (!match || !head.includes('\r\n\r\n')) return;
      const status = Number(match[1]);
      if (status === 200) settle({ status, socket });
      else {
        settle({ status, socket: null });
        socket.destroy();
      }
    });
    socket.write(
      `GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\n` +
        (forwardedFor ? `X-Forwarded-For: ${forwardedFor}\r\n` : '') +
        '\r\n',
    );
  });
}

function residentMegabytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'))!;
  return Number(/(\d+)/.exec(line)![1]) / 1024;
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** Sequential GET /api/notifications/unread-count with one session: how long each took, in ms. */
async function probe(server: ServerProcess, cookie: string, count: number, until?: () => boolean): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count || (until !== undefined && !until()); index += 1) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/notifications/unread-count`, { headers: { cookie } });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    times.push(performance.now() - started);
    // A user's tab asks now and then, not in a tight loop.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times;
}

describe('GET /api/stream under a flood of 10 000 stream attempts', () => {
  it('holds its caps, refuses the rest with 429 / 503, stays up, answers the API in its usual time and keeps its memory bounded', async () => {
    const dataDirectory = copyMigratedDataDirectory('pitchin-stream-flood-');
    const handle = await openDatabase({ kind: 'embedded', directory: path.join(dataDirectory, 'pglite') });
    const [prober, ...accounts] = await insertManyUsersWithSessions(handle.db, ACCOUNTS + 1);
    await handle.close();
    // The loopback is the trusted proxy: X-Forwarded-For names the client, as it would behind a load balancer.
    const server = await startServer(
      { DATA_DIR: dataDirectory, TRUST_PROXY: '127.0.0.1', STREAM_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS) },
      PORT,
    );
    const held: net.Socket[] = [];
    try {
      const pid = server.child.pid!;
      await probe(server, prober!.cookie, 50);
      const before = await probe(server, prober!.cookie, PROBES);
      const rssBefore = residentMegabytes(pid);

      let isFloodDone = false;
      let isHolding = false;
      const beatenWhileHolding = new Set<net.Socket>();
      const tasks = Array.from({ length: ATTEMPTS }, (_, index) => async () => {
        const spread = (index - ONE_ADDRESS_ATTEMPTS) % SPREAD_ADDRESSES;
        const forwardedFor = index < ONE_ADDRESS_ATTEMPTS ? null : `198.18.${spread >> 8}.${spread & 255}`;
        // An account's 8 attempts go together, as a script opening 8 streams per account sends them.
        const attempt = await attemptStream(accounts[Math.floor(index / 8) % ACCOUNTS]!.cookie, forwardedFor);
        if (attempt.socket) {
          // Read and drop what arrives (heartbeats), as an idle browser tab does, noting the streams beaten
          // during the hold.
          const socket = attempt.socket;
          socket.on('data', (chunk: Buffer) => {
            if (isHolding && chunk.includes(': heartbeat')) beatenWhileHolding.add(socket);
          });
          held.push(socket);
        }
        return attempt.status;
      });
      const floodStarted = performance.now();
      const [statuses, during] = await Promise.all([
        runWithConcurrency(tasks, CONCURRENCY).finally(() => (isFloodDone = true)),
        probe(server, prober!.cookie, 0, () => isFloodDone),
      ]);
      const floodSeconds = (performance.now() - floodStarted) / 1000;
      // Then the attack goes on as it would: the streams held, fresh attempts refused, for longer than a
      // heartbeat interval, so the one timer's beat of all 2 000 streams falls inside the measurement.
      isHolding = true;
      const holdingUntil = performance.now() + HEARTBEAT_SECONDS * 1000 + 1_000;
      const isHoldingDone = () => performance.now() > holdingUntil;
      const retried: number[] = [];
      const [holding] = await Promise.all([
        probe(server, prober!.cookie, 0, isHoldingDone),
        ...Array.from({ length: RETRYING_CLIENTS }, async (_, client) => {
          for (let index = 0; !isHoldingDone(); index += 1) {
            const attempt = await attemptStream(
              accounts[(client * 97 + index) % ACCOUNTS]!.cookie,
              `198.18.9.${client}`,
            );
            attempt.socket?.destroy();
            retried.push(attempt.status);
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        }),
      ]);
      const rssHolding = residentMegabytes(pid);
      isHolding = false;

      const counts = new Map<number, number>();
      for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
      const p99 = {
        before: percentile(before, 0.99),
        during: percentile(during, 0.99),
        holding: percentile(holding, 0.99),
      };
      console.log(
        `stream flood: ${ATTEMPTS} attempts in ${floodSeconds.toFixed(1)} s, ${JSON.stringify(Object.fromEntries(counts))}; ` +
          `unread-count p99 ${p99.before.toFixed(1)} ms before, ${p99.during.toFixed(1)} ms during (${during.length} calls), ` +
          `${p99.holding.toFixed(1)} ms holding (${holding.length} calls, ${retried.length} more attempts refused); RSS ${rssBefore.toFixed(0)} → ${rssHolding.toFixed(0)} MB ` +
          `(${(((rssHolding - rssBefore) * 1024) / PER_PROCESS).toFixed(1)} kB a stream)`,
      );

      // The one address gets its 32; the spread addresses fill the process to its cap; nothing else opens.
      expect(counts.get(200)).toBe(PER_PROCESS);
      expect(counts.get(429)).toBe(ONE_ADDRESS_ATTEMPTS - PER_ADDRESS);
      expect(counts.get(503)).toBe(ATTEMPTS - PER_PROCESS - (ONE_ADDRESS_ATTEMPTS - PER_ADDRESS));
      expect(held).toHaveLength(PER_PROCESS);
      // The hold was one heartbeat interval and more: the one timer beat every stream the process holds.
      expect(beatenWhileHolding.size).toBe(PER_PROCESS);
      expect(server.child.exitCode).toBeNull();
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      // While it holds its streams and refuses more, within its usual time: on a shared two-core machine the
      // floor keeps a scheduling hiccup from deciding.
      expect(retried.every((status) => status === 503)).toBe(true);
      const usual = Math.max(3 * p99.before, p99.before + 50);
      expect(p99.holding).toBeLessThan(usual);
      // During the flood itself (10 000 connections as fast as 50 sockets go) calls queue behind the
      // attempts: the process must keep answering, without a stall.
      expect(p99.during).toBeLessThan(Math.max(10 * p99.before, 500));
      expect(rssHolding).toBeLessThan(RSS_LIMIT_MB);
      expect(rssHolding - rssBefore).toBeLessThan(RSS_GROWTH_LIMIT_MB);

      // Streams that go free their slots: a new one opens.
      for (const socket of held.splice(0, 100)) socket.destroy();
      let reopened: Attempt = { status: 0, socket: null };
      for (let attempt = 0; attempt < 50 && reopened.status !== 200; attempt += 1) {
        reopened = await attemptStream(prober!.cookie, '192.0.2.77');
        if (reopened.status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(reopened.status).toBe(200);
      reopened.socket?.destroy();
    } finally {
      for (const socket of held) socket.destroy();
      await server.stop();
    }
  });
});
