// Idempotency keys for creating operations (a mutation's `idempotencyKey` argument; the REST door
// takes it from its header), after the IETF httpapi idempotency-key draft. Generic: any creating
// service wraps its work in `idempotent()`.
//  - same key, same request   → the stored result, `replayed: true` (a door may mark the replay)
//  - same key, other request  → 422 `request/idempotency-key-reused`
//  - same key, still running  → 409 `request/idempotency-key-in-flight`
//  - keys expire after 24 h; a failed attempt releases its key so the caller may retry.
//  - keys are scoped per caller (API client, or staff user) and operation: two clients sending the
//    same key never see each other's results.
//  - the result is saved by the work itself, inside the transaction that creates the object
//    (`claim.save(tx, result)`), so a crash cannot leave a created object behind an in-flight key.
//  - a key in flight for longer than IDEMPOTENCY_IN_FLIGHT_MS (default 65 s) is taken over: its
//    holder is presumed dead. Should that holder still be alive, its `save` finds the key taken and
//    fails, rolling its transaction back, so the object is never created twice.
import { refuse } from "./core-refusals.js";
import { createHash } from "node:crypto";
import type { RequestContext } from "./context.js";
import { isUniqueViolation } from "./db-errors.js";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_IN_FLIGHT_MS = 65_000;

export interface IdempotencyScope {
  storeId: string;
  /** Names the operation, e.g. "createReturn": keys are per caller, store and operation. */
  operation: string;
  /** The caller's key; null/undefined → no idempotency. */
  key: string | null | undefined;
  /** The request as the caller sent it (hashed canonically: key order does not matter). */
  request: unknown;
}

/** The minimal transaction client `save` needs (a Prisma transaction client satisfies it). */
interface KeyTx {
  idempotencyKey: {
    updateMany(args: { where: Record<string, unknown>; data: Record<string, unknown> }): Promise<{ count: number }>;
  };
}

/** Handed to the work: call `save(tx, result)` inside the transaction that creates the object. */
export interface IdempotencyClaim<T> {
  save(tx: KeyTx, result: T): Promise<void>;
}

/** JSON with object keys sorted, so equal requests hash equally. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

export function requestHash(request: unknown): string {
  return createHash("sha256").update(canonicalJson(request)).digest("hex");
}

/** Who owns a key: the API client, or the staff user (not the session: a re-login keeps the keys). */
export function idempotencyCaller(ctx: RequestContext): string {
  const p = ctx.principal;
  if (p.kind === "apiClient") return p.clientId;
  if (p.kind === "staff") return `staff:${p.userId}`;
  return "anonymous";
}

const noClaim: IdempotencyClaim<never> = { save: async () => {} };

/** Expired keys are deleted now and then (at most every 10 minutes per process and database). */
const lastPrune = new WeakMap<object, number>();
function pruneExpired(ctx: RequestContext): void {
  const now = Date.now();
  if (now - (lastPrune.get(ctx.services.db) ?? 0) < 10 * 60_000) return;
  lastPrune.set(ctx.services.db, now);
  ctx.prisma.idempotencyKey
    .deleteMany({ where: { expiresAt: { lt: new Date(now) } } })
    .catch((err) => ctx.log.warn({ err }, "could not prune expired idempotency keys"));
}

function tooLate(key: string) {
  return refuse("IDEMPOTENCY_TAKEN_OVER", { key });
}

/**
 * Runs `work` at most once per (caller, store, operation, key). `work` returns a JSON-serialisable
 * result (keep it small: ids, which the caller re-reads) that later replays get back, and should call
 * `claim.save(tx, result)` inside its creating transaction; if it does not, the result is saved when
 * it returns (for work spread over several transactions, such as a bulk upload).
 */
export async function idempotent<T>(
  ctx: RequestContext,
  scope: IdempotencyScope,
  work: (claim: IdempotencyClaim<T>) => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  const key = scope.key;
  if (key === null || key === undefined) return { result: await work(noClaim as IdempotencyClaim<T>), replayed: false };
  if (key.length < 1 || key.length > 255) throw refuse("IDEMPOTENCY_KEY_LENGTH", { min: 1, max: 255 });
  const prisma = ctx.prisma;
  const id = { storeId: scope.storeId, operation: `${scope.operation}@${idempotencyCaller(ctx)}`, key };
  const hash = requestHash(scope.request);
  const inFlightMs = ctx.config.idempotencyInFlightMs ?? DEFAULT_IN_FLIGHT_MS;
  pruneExpired(ctx);

  let ownedAt: Date | null = null;
  for (let attempt = 0; ownedAt === null; attempt++) {
    if (attempt > 5) throw refuse("IDEMPOTENCY_IN_FLIGHT", { key });
    const now = new Date();
    try {
      await prisma.idempotencyKey.create({
        data: { ...id, requestHash: hash, response: null, createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) },
      });
      ownedAt = now; // we own the key
      break;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const existing = await prisma.idempotencyKey.findUnique({ where: { storeId_operation_key: id } });
    if (!existing) continue; // released meanwhile: try again
    if (existing.expiresAt.getTime() <= now.getTime()) {
      await prisma.idempotencyKey.deleteMany({ where: { ...id, expiresAt: existing.expiresAt } });
      continue;
    }
    if (existing.requestHash !== hash) {
      throw refuse("IDEMPOTENCY_REUSED", { key, hours: 24 });
    }
    if (existing.response !== null) return { result: JSON.parse(existing.response) as T, replayed: true };
    if (now.getTime() - existing.createdAt.getTime() < inFlightMs) {
      throw refuse("IDEMPOTENCY_IN_FLIGHT", { key });
    }
    // The holder is presumed dead: take the key over (compare-and-set on its start time).
    const taken = await prisma.idempotencyKey.updateMany({
      where: { ...id, response: null, createdAt: existing.createdAt },
      data: { createdAt: now },
    });
    if (taken.count === 1) ownedAt = now;
  }

  const owned = ownedAt;
  let saved = false;
  const claim: IdempotencyClaim<T> = {
    async save(tx, result) {
      const done = await tx.idempotencyKey.updateMany({
        where: { ...id, response: null, createdAt: owned },
        data: { response: JSON.stringify(result) },
      });
      if (done.count !== 1) throw tooLate(key);
      saved = true;
    },
  };
  let result: T;
  try {
    result = await work(claim);
  } catch (err) {
    await prisma.idempotencyKey.deleteMany({ where: { ...id, response: null, createdAt: owned } }).catch(() => {});
    throw err;
  }
  if (!saved) await claim.save(prisma as unknown as KeyTx, result);
  return { result, replayed: false };
}
