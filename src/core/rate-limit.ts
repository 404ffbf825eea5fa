// Per-API-client rate limiting, one fixed-window counter per client and door. On SQLite (one
// process) the counters live in memory; on PostgreSQL they live in the shared database, so every
// replica behind the load balancer enforces the same limit.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "../db/client.js";

export type Door = "graphql" | "rest" | "compat";

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision>;
}

function decide(count: number, limit: number, windowStart: number, windowMs: number, now: number): RateLimitDecision {
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

/** Longer than any window a limiter is asked for (a minute per API client, 15 minutes for login). */
const COUNTER_RETENTION_MS = 60 * 60_000;

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastPrune = 0;

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    const now = Date.now();
    const start = now - (now % windowMs);
    let w = this.windows.get(key);
    if (!w || w.start !== start) {
      if (this.windows.size > 10_000 && now - this.lastPrune > 60_000) this.prune(now);
      w = { start, count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    return decide(w.count, limit, start, windowMs, now);
  }

  private prune(now: number) {
    this.lastPrune = now;
    for (const [k, w] of this.windows) if (w.start < now - COUNTER_RETENTION_MS) this.windows.delete(k);
  }
}

export class DatabaseRateLimiter implements RateLimiter {
  private lastPrune = 0;
  constructor(private readonly db: Database) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    const now = Date.now();
    const start = now - (now % windowMs);
    const rows = await this.db.prisma.$queryRaw<{ count: number | bigint }[]>`
      INSERT INTO "RateLimitCounter" ("key", "windowStart", "count") VALUES (${key}, ${BigInt(start)}, 1)
      ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitCounter"."count" + 1
      RETURNING "count"`;
    if (now - this.lastPrune > 60_000) {
      this.lastPrune = now;
      this.db.prisma.rateLimitCounter.deleteMany({ where: { windowStart: { lt: BigInt(now - COUNTER_RETENTION_MS) } } }).catch(() => {});
    }
    return decide(Number(rows[0].count), limit, start, windowMs, now);
  }
}

export function createRateLimiter(db: Database): RateLimiter {
  return db.provider === "postgresql" ? new DatabaseRateLimiter(db) : new MemoryRateLimiter();
}

/** Standard headers (IETF RateLimit fields draft, plus Retry-After when refused). */
export function rateLimitHeaders(d: RateLimitDecision): Record<string, string> {
  const h: Record<string, string> = {
    "RateLimit-Limit": String(d.limit),
    "RateLimit-Remaining": String(d.remaining),
    "RateLimit-Reset": String(d.resetSeconds),
  };
  if (!d.allowed) h["Retry-After"] = String(d.resetSeconds);
  return h;
}

/**
 * A remote facade (CORE_URL) tells the core which door a request came through with this token, an
 * HMAC of the door under CURSOR_SECRET (already shared by every replica). A bare `X-Retour-Door`
 * from outside proves nothing, so a client cannot pick its own bucket.
 */
export function doorToken(secret: string, door: Door): string {
  return `${door}.${createHmac("sha256", secret).update(`retour-door:${door}`).digest("base64url")}`;
}

/** The door a `/graphql` request counts in: `graphql` unless it carries a valid door token. */
export function doorFromToken(secret: string, header: string | undefined): Door {
  const door = header?.split(".")[0];
  if (door !== "rest" && door !== "compat") return "graphql";
  const given = Buffer.from(header!);
  const expected = Buffer.from(doorToken(secret, door));
  return given.length === expected.length && timingSafeEqual(given, expected) ? door : "graphql";
}
