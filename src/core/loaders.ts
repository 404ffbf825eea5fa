// Per-request DataLoader registry: each domain declares its loaders by name; they are created lazily
// on first use in a request and batch every lookup made while one GraphQL level resolves.
import DataLoader from "dataloader";

export class Loaders {
  private readonly map = new Map<string, DataLoader<unknown, unknown>>();

  get<K, V>(name: string, batch: (keys: readonly K[]) => Promise<(V | Error)[]>): DataLoader<K, V> {
    let loader = this.map.get(name);
    if (!loader) {
      loader = new DataLoader<K, V>(batch, { maxBatchSize: 500 }) as DataLoader<unknown, unknown>;
      this.map.set(name, loader);
    }
    return loader as DataLoader<K, V>;
  }

  /**
   * A has-many loader: the rows of each key, read for every key asked in one `fetch` (a `findMany` over
   * `{ in: keys }`) and grouped by `keyOf`, in the order `fetch` returns them.
   */
  hasMany<T>(name: string, fetch: (keys: string[]) => Promise<T[]>, keyOf: (row: T) => string | null): DataLoader<string, T[]> {
    return this.get<string, T[]>(name, async (keys) => groupBy<string | null, T>(keys, await fetch([...keys]), keyOf));
  }

  /** A by-id loader: the row of each id (null where there is none), read for every id asked in one `fetch`. */
  byId<T extends { id: string }>(name: string, fetch: (ids: string[]) => Promise<T[]>): DataLoader<string, T | null> {
    return this.get<string, T | null>(name, async (ids) => indexBy(ids, await fetch([...ids]), (r) => r.id));
  }
}

/** Groups rows by a key, in the order of `keys` (for one-to-many loaders). */
export function groupBy<K, T>(keys: readonly K[], rows: T[], keyOf: (row: T) => K): T[][] {
  const byKey = new Map<K, T[]>();
  for (const row of rows) {
    const k = keyOf(row);
    const list = byKey.get(k);
    if (list) list.push(row);
    else byKey.set(k, [row]);
  }
  return keys.map((k) => byKey.get(k) ?? []);
}

/** Picks one row per key, in the order of `keys` (null where missing). */
export function indexBy<K, T>(keys: readonly K[], rows: T[], keyOf: (row: T) => K): (T | null)[] {
  const byKey = new Map<K, T>();
  for (const row of rows) byKey.set(keyOf(row), row);
  return keys.map((k) => byKey.get(k) ?? null);
}
