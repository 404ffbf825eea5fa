// Fair shares of the dispatcher's slots. Each store and each callback origin may hold only so many
// attempts in flight in one process, so a store (or an endpoint) whose subscribers never answer
// holds its share for the timeout and no more; the other slots stay free for everyone else.
// A claim also takes stores in turns (each store's oldest, then each store's second…), so one
// store's backlog does not fill a claim. The claim statement (delivery-sql.ts) ranks candidates this way
// in SQL on both databases; fairShare is the same rule in code (unit-tested).

/**
 * Picks up to `max` candidates (in due order) round-robin by store, giving no store more than
 * `cap` minus what it already has in flight (`busy`).
 */
export function fairShare<T extends { storeId: string }>(
  candidates: readonly T[],
  max: number,
  busy: ReadonlyMap<string, number>,
  cap: number,
): T[] {
  const turns = new Map<string, number>();
  return candidates
    .map((c, index) => {
      const turn = (turns.get(c.storeId) ?? 0) + 1;
      turns.set(c.storeId, turn);
      return { c, turn, index };
    })
    .filter((r) => r.turn + (busy.get(r.c.storeId) ?? 0) <= cap)
    .sort((a, b) => a.turn - b.turn || a.index - b.index)
    .slice(0, max)
    .map((r) => r.c);
}

/** Keys (stores, origins) holding `cap` or more attempts. */
export function saturated(busy: ReadonlyMap<string, number>, cap: number): string[] {
  return [...busy].filter(([, n]) => n >= cap).map(([key]) => key);
}

/** Counts attempts in flight per key. */
export function adjust(busy: Map<string, number>, key: string, by: 1 | -1): void {
  const n = (busy.get(key) ?? 0) + by;
  if (n > 0) busy.set(key, n);
  else busy.delete(key);
}

/** One process's attempts in flight per store and per callback origin, against their shares. */
export class Shares {
  private readonly stores = new Map<string, number>();
  private readonly origins = new Map<string, number>();

  constructor(
    private readonly perStore: number,
    private readonly perOrigin: number,
  ) {}

  take(storeId: string, origin: string): void {
    adjust(this.stores, storeId, 1);
    adjust(this.origins, origin, 1);
  }

  release(storeId: string, origin: string): void {
    adjust(this.stores, storeId, -1);
    adjust(this.origins, origin, -1);
  }

  originFull(origin: string): boolean {
    return (this.origins.get(origin) ?? 0) >= this.perOrigin;
  }

  /** Whether a store and an origin are both below their share. */
  below(storeId: string, origin: string): boolean {
    return (this.stores.get(storeId) ?? 0) < this.perStore && !this.originFull(origin);
  }

  /** Stores at their share, and origins at theirs. */
  saturated(): { stores: string[]; origins: Set<string> } {
    return { stores: saturated(this.stores, this.perStore), origins: new Set(saturated(this.origins, this.perOrigin)) };
  }

  /** Stores with an attempt in flight, and how many. */
  busyStores(): [string, number][] {
    return [...this.stores];
  }
}
