/**
 * Finished answers (compressed bytes and their headers) kept for a short time, so a page that many
 * people open is read, serialised and compressed once per lifetime instead of once per request
 * (decision 0009).
 *
 * Freshness within the process comes from the write generation: every request that may change data
 * advances it after its transaction committed, and an entry or viewer map is only served at the
 * generation it was read at. An answer whose reading began before a write finished is never stored,
 * so a read racing a write cannot keep the old data alive. Other processes' writes, and the clock
 * (an event starting), show after at most the lifetime.
 */

/** A part of a shared answer that depends on the viewer: an event id and the viewer's RSVP status for it. */
export type PersonalPart = readonly [id: number, value: string | null];

export type CachedAnswer = {
  body: Buffer;
  headers: Record<string, string>;
  /** null: the answer is one viewer's own (the key names the viewer). */
  personal: PersonalPart[] | null;
};

type Entry = { generation: number; storedAt: number; variants: CachedAnswer[]; bytes: number };
type ViewerEntry = { generation: number; storedAt: number; values: ReadonlyMap<number, string> };

/** Answers stored at one key at once: concurrent readers of one page may each store theirs. */
const VARIANTS_PER_KEY = 4;

export type AnswerCacheOptions = {
  lifetimeMs: number;
  maxBytes: number;
  maxViewers: number;
  now?: () => number;
};

export class AnswerCache {
  private generation = 0;
  private readonly entries = new Map<string, Entry>();
  private readonly viewers = new Map<string, ViewerEntry>();
  private bytes = 0;
  private storeCount = 0;
  private readonly now: () => number;

  constructor(private readonly options: AnswerCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get isEnabled(): boolean {
    return this.options.lifetimeMs > 0;
  }

  get currentGeneration(): number {
    return this.generation;
  }

  get storedBytes(): number {
    return this.bytes;
  }

  /** Answers stored since start: how many reads the cache let through. */
  get storedAnswers(): number {
    return this.storeCount;
  }

  /** Called after a request that may have changed data has committed; every stored answer is then stale. */
  advanceGeneration(): void {
    this.generation += 1;
    this.entries.clear();
    this.viewers.clear();
    this.bytes = 0;
  }

  private isCurrent(entry: { generation: number; storedAt: number }): boolean {
    return entry.generation === this.generation && this.now() - entry.storedAt < this.options.lifetimeMs;
  }

  /** The first stored variant for which `isFor` holds, if the key has a current entry. */
  find(key: string, isFor: (answer: CachedAnswer) => boolean): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.isCurrent(entry)) {
      this.deleteEntry(key, entry);
      return undefined;
    }
    return entry.variants.find(isFor);
  }

  hasEntry(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && this.isCurrent(entry);
  }

  /** Keeps an answer read at `generation`; one read before the latest write is dropped. */
  store(key: string, generation: number, answer: CachedAnswer): void {
    if (!this.isEnabled || generation !== this.generation || answer.body.length > this.options.maxBytes) return;
    let entry = this.entries.get(key);
    if (entry && !this.isCurrent(entry)) {
      this.deleteEntry(key, entry);
      entry = undefined;
    }
    if (!entry) {
      entry = { generation, storedAt: this.now(), variants: [], bytes: 0 };
      this.entries.set(key, entry);
    }
    if (entry.variants.length >= VARIANTS_PER_KEY) {
      const dropped = entry.variants.shift()!;
      entry.bytes -= dropped.body.length;
      this.bytes -= dropped.body.length;
    }
    entry.variants.push(answer);
    this.storeCount += 1;
    entry.bytes += answer.body.length;
    this.bytes += answer.body.length;
    this.evict();
  }

  /** A viewer's personal values (their RSVP statuses), read once per lifetime and generation. */
  async readViewer(viewerId: string, read: () => Promise<ReadonlyMap<number, string>>): Promise<ReadonlyMap<number, string>> {
    const cached = this.viewers.get(viewerId);
    if (cached && this.isCurrent(cached)) return cached.values;
    const generation = this.generation;
    const values = await read();
    if (generation === this.generation) {
      this.viewers.delete(viewerId);
      this.viewers.set(viewerId, { generation, storedAt: this.now(), values });
      // Insertion order is age order: the first viewer is the oldest.
      while (this.viewers.size > this.options.maxViewers) this.viewers.delete(this.viewers.keys().next().value!);
    }
    return values;
  }

  private deleteEntry(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Entries are kept in the order they were first stored, so the oldest go first. */
  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes && this.isCurrent(entry)) break;
      this.deleteEntry(key, entry);
    }
  }
}

/** Whether a shared answer shows exactly what this viewer would see. */
export function isAnswerFor(answer: CachedAnswer, viewerValues: ReadonlyMap<number, string>): boolean {
  if (answer.personal === null) return true;
  for (const [id, value] of answer.personal) if ((viewerValues.get(id) ?? null) !== value) return false;
  return true;
}
