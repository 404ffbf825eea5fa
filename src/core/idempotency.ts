// Idempotency keys for creating operations (REST `Idempotency-Key` header → the mutation's
// `idempotencyKey` argument). Generic: any creating service wraps its work in `idempotent()`.
//  - same key, same request   → the stored result, `replayed: true` (REST answers 200 instead of 201)
//  - same key, other request  → 422 `request/idempotency-key-reused`
//  - same key, still running  → 409 `request/idempotency-key-in-flight`
//  - keys expire after 24 h; a failed attempt releases its key so the caller may retry.
import { createHash } from "node:crypto";
import type { RequestContext } from "./context.js";
import { fail } from "./errors.js";
import { isUniqueViolation } from "./db-errors.js";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyScope {
  storeId: string;
  /** Names the operation, e.g. "createReturn": keys are per store and operation. */
  operation: string;
  /** The caller's key; null/undefined → no idempotency. */
  key: string | null | undefined;
  /** The request as the caller sent it (hashed canonically: key order does not matter). */
  request: unknown;
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

/**
 * Runs `work` at most once per (store, operation, key). `work` returns a JSON-serialisable result
 * (keep it small: ids, which the caller re-reads) that later replays get back.
 */
export async function idempotent<T>(ctx: RequestContext, scope: IdempotencyScope, work: () => Promise<T>): Promise<{ result: T; replayed: boolean }> {
  const key = scope.key;
  if (key === null || key === undefined) return { result: await work(), replayed: false };
  if (key.length < 1 || key.length > 255) throw fail.badInput("`Idempotency-Key` must have 1 to 255 characters.", "idempotencyKey");
  const prisma = ctx.prisma;
  const id = { storeId: scope.storeId, operation: scope.operation, key };
  const hash = requestHash(scope.request);

  for (let attempt = 0; ; attempt++) {
    const now = new Date();
    try {
      await prisma.idempotencyKey.create({ data: { ...id, requestHash: hash, response: null, createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) } });
      break; // we own the key
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 2) throw err;
    }
    const existing = await prisma.idempotencyKey.findUnique({ where: { storeId_operation_key: id } });
    if (!existing) continue; // released meanwhile: try again
    if (existing.expiresAt.getTime() <= now.getTime()) {
      await prisma.idempotencyKey.deleteMany({ where: { ...id, expiresAt: existing.expiresAt } });
      continue;
    }
    if (existing.requestHash !== hash) {
      throw fail.unprocessable(
        "request/idempotency-key-reused",
        "Idempotency key reused",
        `The Idempotency-Key ${JSON.stringify(key)} was already used with a different request in the last 24 hours; use a new key for a new request.`,
      );
    }
    if (existing.response === null) {
      throw fail.conflict("request/idempotency-key-in-flight", "Request in progress", `A request with the Idempotency-Key ${JSON.stringify(key)} is still being processed; retry shortly.`);
    }
    return { result: JSON.parse(existing.response) as T, replayed: true };
  }

  let result: T;
  try {
    result = await work();
  } catch (err) {
    await prisma.idempotencyKey.deleteMany({ where: { ...id, response: null } }).catch(() => {});
    throw err;
  }
  await prisma.idempotencyKey.update({ where: { storeId_operation_key: id }, data: { response: JSON.stringify(result) } });
  return { result, replayed: false };
}
