// Limits that count rows (webhooks of a store, return tags of a store, …) hold under concurrency:
// the count and the insert run in ONE transaction that first takes a lock owned by the limit and
// its owner, so two racing creates count one after the other.
// - PostgreSQL: a transaction-scoped advisory lock on (limit, owner); released at commit/rollback.
//   (Not a row lock on the store: FOR UPDATE there would also block every insert referencing it.)
// - SQLite: every transaction begins with BEGIN IMMEDIATE (src/db/client.ts), which takes the file's
//   write lock up front, so the transaction is already serialised against every other writer.
import type { Provider, TransactionClient } from "../db/client.js";

/** Serialises, inside the caller's transaction, every count-then-insert of `limit` for `ownerId`. */
export async function lockCountLimit(tx: TransactionClient, provider: Provider, limit: string, ownerId: string): Promise<void> {
  if (provider !== "postgresql") return;
  await tx.$queryRawUnsafe(`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))) l`, limit, ownerId);
}

export interface CountLimit {
  /** The lock's name, one per limit (e.g. "store-webhooks"). */
  name: string;
  max: number;
  /** Rows counted now, read through the transaction. */
  count: () => Promise<number>;
  /** The refusal when the count has reached `max`. */
  refuse: () => Error;
}

/** Locks the limit for its owner, then refuses when the owner already holds `max` rows. */
export async function holdCountLimit(tx: TransactionClient, provider: Provider, ownerId: string, limit: CountLimit): Promise<void> {
  await lockCountLimit(tx, provider, limit.name, ownerId);
  if ((await limit.count()) >= limit.max) throw limit.refuse();
}
