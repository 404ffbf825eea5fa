// Per-API-client rate limiting, one fixed-window counter per client and door. On SQLite (one
// process) the counters live in memory; on PostgreSQL they live in the shared database, so every
// replica behind the load balancer enforces the same limit (within the bound stated below).
import { createHmac, timingSafeEqual } from "node:crypto";
import ipaddr from "ipaddr.js";
import type { Database } from "../db/client.js";

/**
 * The part of a client address one party holds, for counters keyed by source: an IPv4 address, or the /64
 * of an IPv6 one (one host is handed a whole /64, so a per-address key would give it 2^64 tries).
 */
export function sourceOf(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return "unknown";
  const ip = ipaddr.process(address); // an IPv4-mapped IPv6 address is its IPv4 address
  if (ip.kind() === "ipv4") return ip.toString();
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
}

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
  /** Takes back `n` hits of the current window (an attempt that turned out not to count, e.g. a correct login). */
  giveBack(key: string, windowMs: number, n?: number): Promise<void>;
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

  async giveBack(key: string, windowMs: number, n = Number.POSITIVE_INFINITY): Promise<void> {
    const now = Date.now();
    const w = this.windows.get(key);
    if (w && w.start === now - (now % windowMs)) w.count = Math.max(0, w.count - n);
  }

  private prune(now: number) {
    this.lastPrune = now;
    for (const [k, w] of this.windows) if (w.start < now - COUNTER_RETENTION_MS) this.windows.delete(k);
  }
}

/**
 * PostgreSQL: counts locally and adds the counts to the shared counters in one statement every
 * FLUSH_MS, reading back the global totals. Why: one upsert per request was one of the six
 * statements of a REST read on PostgreSQL (~0.3 ms in Prisma here) and a write on every read.
 * A request whose key was not synced in the last FLUSH_MS waits for a flush before it is decided, so
 * only a steady stream of requests is decided locally. The bound: a decision counts this replica's
 * requests exactly and the other replicas' as of at most FLUSH_MS ago, so a window admits at most
 * `limit` plus what the other replicas admit in 2 × FLUSH_MS (a lone replica never more than `limit`).
 * Counts not yet flushed when a process dies are lost (at most FLUSH_MS of its traffic).
 */
export class DatabaseRateLimiter implements RateLimiter {
  static readonly FLUSH_MS = 100;
  /** Per key, the current window: the global count known at the last flush, hits being flushed, and local hits since. */
  private readonly windows = new Map<string, { start: number; shared: number; flushing: number; pending: number; syncedAt: number }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private lastPrune = 0;
  constructor(private readonly db: Database) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    const now = Date.now();
    const start = now - (now % windowMs);
    let w = this.windows.get(key);
    if (!w || w.start !== start) {
      if (w?.pending) await this.flush(); // the old window's hits still count there
      w = { start, shared: 0, flushing: 0, pending: 0, syncedAt: 0 };
      this.windows.set(key, w);
    }
    w.pending++;
    if (now - w.syncedAt > DatabaseRateLimiter.FLUSH_MS) {
      if (this.flushing) await this.flushing;
      await this.flush();
    } else this.timer ??= setTimeout(() => void this.flush(), DatabaseRateLimiter.FLUSH_MS).unref();
    if (now - this.lastPrune > 60_000) {
      this.lastPrune = now;
      this.db.prisma.rateLimitCounter.deleteMany({ where: { windowStart: { lt: BigInt(now - COUNTER_RETENTION_MS) } } }).catch(() => {});
    }
    // Hits being flushed still count: a decision taken meanwhile must not see them vanish.
    return decide(w.shared + w.flushing + w.pending, limit, start, windowMs, now);
  }

  async giveBack(key: string, windowMs: number, n = Number.POSITIVE_INFINITY): Promise<void> {
    const now = Date.now();
    const start = now - (now % windowMs);
    await this.flush();
    const w = this.windows.get(key);
    if (w && w.start === start) w.shared = Math.max(0, w.shared - n);
    // Never below zero; a whole window given back is deleted.
    if (n === Number.POSITIVE_INFINITY) await this.db.prisma.rateLimitCounter.deleteMany({ where: { key, windowStart: BigInt(start) } });
    else
      await this.db.prisma.$executeRawUnsafe(
        `UPDATE "RateLimitCounter" SET "count" = GREATEST(0, "count" - $3::int) WHERE "key" = $1 AND "windowStart" = $2::bigint`,
        key,
        String(start),
        n,
      );
  }

  /** Adds every window's pending hits to the shared counters in one statement. */
  flush(): Promise<void> {
    this.flushing ??= (async () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      const batch = [...this.windows].filter(([, w]) => w.pending > 0).map(([key, w]) => ({ key, w, n: w.pending }));
      if (!batch.length) return;
      for (const b of batch) {
        b.w.pending -= b.n;
        b.w.flushing += b.n;
      }
      try {
        const rows = await this.db.prisma.$queryRawUnsafe<{ key: string; count: number | bigint }[]>(
          `INSERT INTO "RateLimitCounter" ("key", "windowStart", "count")
           SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[])
           ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitCounter"."count" + EXCLUDED."count"
           RETURNING "key", "count"`,
          batch.map((b) => b.key),
          batch.map((b) => String(b.w.start)),
          batch.map((b) => b.n),
        );
        const byKey = new Map(rows.map((r) => [r.key, Number(r.count)]));
        const at = Date.now();
        for (const b of batch) {
          b.w.flushing -= b.n;
          b.w.shared = byKey.get(b.key) ?? b.w.shared + b.n;
          b.w.syncedAt = at;
        }
      } catch {
        for (const b of batch) {
          b.w.flushing -= b.n;
          b.w.pending += b.n; // retried at the next flush
        }
      }
      for (const [key, w] of this.windows) if (w.start + 120_000 < Date.now() && !w.pending) this.windows.delete(key);
    })().finally(() => {
      this.flushing = null;
      if (!this.timer && [...this.windows.values()].some((w) => w.pending > 0))
        this.timer = setTimeout(() => void this.flush(), DatabaseRateLimiter.FLUSH_MS).unref();
    });
    return this.flushing;
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
