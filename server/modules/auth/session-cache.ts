import type { UserRow } from './auth.repository';

/**
 * How long a process trusts a session it has looked up, without asking the database again. Every API
 * request needs its session; this saves that query on all but the first request of each window.
 * The cost, written down in docs/security.md: a sign-out or a change made through ANOTHER server process
 * reaches this one within this time. This process forgets entries itself on sign-out and on every
 * write its user makes (see the session plugin), so a user never sees their own change late.
 */
export const SESSION_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

type Entry = { user: UserRow; expiresAt: number; cachedAt: number };

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly sessionsByUser = new Map<string, Set<string>>();
  // Bumped by every forget: a lookup that began before it may have read the old row, so it is not kept.
  private generation = 0;

  constructor(private readonly now: () => number = Date.now) {}

  get(sessionId: string): UserRow | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const now = this.now();
    if (now - entry.cachedAt >= SESSION_CACHE_TTL_MS || now >= entry.expiresAt) {
      this.remove(sessionId, entry.user.id);
      return undefined;
    }
    return entry.user;
  }

  /** Taken before the database read; pass it to `set`, which keeps the row only if nothing was forgotten since. */
  currentGeneration(): number {
    return this.generation;
  }

  set(sessionId: string, user: UserRow, expiresAt: Date, generation: number): void {
    if (generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Maps keep insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest, this.entries.get(oldest)!.user.id);
    }
    this.entries.delete(sessionId);
    this.entries.set(sessionId, { user, expiresAt: expiresAt.getTime(), cachedAt: this.now() });
    const sessions = this.sessionsByUser.get(user.id) ?? new Set<string>();
    sessions.add(sessionId);
    this.sessionsByUser.set(user.id, sessions);
  }

  forgetSession(sessionId: string): void {
    this.generation += 1;
    const entry = this.entries.get(sessionId);
    if (entry) this.remove(sessionId, entry.user.id);
  }

  /** Every session of the user: their row (names, achievements version) may have changed. */
  forgetUser(userId: string): void {
    this.generation += 1;
    for (const sessionId of this.sessionsByUser.get(userId) ?? []) this.entries.delete(sessionId);
    this.sessionsByUser.delete(userId);
  }

  private remove(sessionId: string, userId: string): void {
    this.entries.delete(sessionId);
    const sessions = this.sessionsByUser.get(userId);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) this.sessionsByUser.delete(userId);
  }
}
