import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = {
  NODE_ENV: 'test',
  DATA_DIR: '/tmp/pitchin-test-unused',
  SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
};

function problemsOf(environment: Record<string, string>): string[] {
  try {
    loadConfig({ ...base, ...environment });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('operations settings', () => {
  it('runs one process, no metrics and a 2 s drain by default', () => {
    const config = loadConfig(base);
    expect(config.workers).toBe(1);
    expect(config.metrics).toEqual({ token: null, port: null, host: '127.0.0.1' });
    expect(config.shutdownDrainMs).toBe(2000);
  });

  it('refuses more than one worker on the embedded database, naming the variable', () => {
    expect(problemsOf({ WORKERS: '3' })).toEqual([
      'WORKERS: more than 1 needs DATABASE_URL: the embedded database (PGlite) serves one process only',
    ]);
    expect(
      loadConfig({ ...base, WORKERS: '3', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pitchin' }).workers,
    ).toBe(3);
  });

  it('lists every bad operations variable at once', () => {
    const problems = problemsOf({
      WORKERS: 'many',
      METRICS_TOKEN: 'short',
      METRICS_PORT: '70000',
      SHUTDOWN_DRAIN_MS: '20000',
    });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'WORKERS',
      'METRICS_TOKEN',
      'METRICS_PORT',
      'SHUTDOWN_DRAIN_MS',
    ]);
  });

  it('caps live streams at 2000 a process and 32 an address, beating every 25 s, by default, and reads all three', () => {
    expect(loadConfig(base).streams).toEqual({ maxPerProcess: 2000, maxPerAddress: 32, heartbeatMs: 25_000 });
    expect(
      loadConfig({ ...base, STREAMS_PER_PROCESS: '500', STREAMS_PER_ADDRESS: '4', STREAM_HEARTBEAT_SECONDS: '50' })
        .streams,
    ).toEqual({ maxPerProcess: 500, maxPerAddress: 4, heartbeatMs: 50_000 });
    expect(
      problemsOf({ STREAMS_PER_PROCESS: '0', STREAMS_PER_ADDRESS: 'lots', STREAM_HEARTBEAT_SECONDS: '0.5' }),
    ).toEqual([
      'STREAMS_PER_PROCESS: must be at least 1',
      'STREAMS_PER_ADDRESS: must be a number of streams',
      'STREAM_HEARTBEAT_SECONDS: must be a whole number of seconds',
    ]);
  });
});
