// The dispatcher's claim: which due deliveries this process leases next, within its fair shares
// (fairness.ts), in one statement (delivery-sql.ts claimDue), and the give-back of those it cannot send now.
//
// Claim strategies measured (`npm run bench -- webhook`, SQLite, 200 subjects × 10 events, one store,
// concurrency 32 so a store's share is 8; the box's 2 cores were shared, load average 10-15, so the
// deliveries per CPU-second of the dispatching process, subscriber included, are the comparable figure):
// - ORM per delivery (read candidates, compare-and-set updateMany, re-read the batch; each outcome
//   in an interactive transaction of ~6 statements): 9.9 statements and 154 deliveries per CPU-second.
// - One UPDATE … RETURNING claim, set-based outcome writes, slot per exchange: 0.8 statements and
//   612 per CPU-second (4×). Its CPU profile: ~28% SQLite executing and preparing statements (the
//   claim's ranking query most), ~13% Prisma's client per statement, ~25% node's HTTP client and the
//   in-process subscriber's server, the rest GC and event-loop glue. With concurrency 128 (share 32)
//   batches are 4× larger: 0.4 statements, 839 per CPU-second.
// - SELECT … FOR UPDATE SKIP LOCKED then UPDATE (graphile-worker's shape) costs a statement more per
//   claim and needs a transaction around both; PostgreSQL takes the locking sub-select inside the
//   UPDATE instead, and SQLite (one writer) needs no lock at all.
// Decision: the single-statement claim on both databases, with SKIP LOCKED inside it on PostgreSQL.
//
// The share: with the default concurrency at 32 (a share of 8), one store's backlog left the dispatcher
// idle a third of its time waiting for answers. At 128 (a share of 32) the same drain, counted past its
// first 1 000 deliveries, ran 3 100–3 500/s against 2 300–2 700/s (SQLite, quiet box, 2026-11-27).
// Decision: 128, a share of 32 per store and per origin.
// Tried and not kept: moving a claimed delivery's nextAttemptAt to its lease's end, so that claims step
// over no delivery in flight; no measurable change at 128.
import type { Services } from "../core/context.js";
import type { WebhookConfig } from "../config.js";
import { claimDue, type ClaimedDelivery } from "./delivery-sql.js";
import type { Shares } from "./fairness.js";
import type { WebhookCache } from "./webhook-cache.js";

/** Due deliveries a claim looks at per free slot (the rest of a busy store's backlog waits its turn). */
const CANDIDATES_PER_SLOT = 4;

export interface Exclusions {
  /** Stores at their share. */
  stores: string[];
  /** The (known) webhooks of origins at their share. */
  webhooks: string[];
  /** Something was skipped or is in flight: a freed slot may make more deliveries claimable. */
  capped: boolean;
}

/** What a claim must skip: stores at their share, and the (known) webhooks of origins at theirs. */
export function exclusions(shares: Shares, webhooks: WebhookCache): Exclusions {
  const full = shares.saturated();
  const skipWebhooks = full.origins.size ? [...webhooks.rows()].filter((w) => full.origins.has(w.origin)).map((w) => w.id) : [];
  const busyStores = shares.busyStores();
  return {
    stores: full.stores,
    webhooks: skipWebhooks,
    capped: full.stores.length > 0 || skipWebhooks.length > 0 || busyStores.length > 0,
  };
}

/** Claims up to `max` due deliveries (leases them to `owner`) in one statement, in seq order. */
export async function claimDeliveries(
  services: Services,
  req: { owner: string; cfg: WebhookConfig; shares: Shares; skip: Exclusions; max: number; inFlight: number },
): Promise<ClaimedDelivery[]> {
  const now = new Date();
  return claimDue(services.db, {
    owner: req.owner,
    now,
    leaseUntil: new Date(now.getTime() + req.cfg.leaseMs),
    max: req.max,
    candidates: CANDIDATES_PER_SLOT * req.max + req.inFlight,
    skipStores: req.skip.stores,
    skipWebhooks: req.skip.webhooks,
    busyStores: req.shares.busyStores(),
    storeCap: req.cfg.perStoreConcurrency,
  });
}

/** Gives leased deliveries back at once (one statement), so any replica may claim them again. */
export async function giveBack(services: Services, owner: string, seqs: number[]): Promise<void> {
  if (!seqs.length) return;
  await services.db.prisma.webhookDelivery.updateMany({
    where: { seq: { in: seqs }, leaseOwner: owner },
    data: { leaseOwner: null, leaseExpiresAt: null },
  });
}

/**
 * When the next delivery this process knows of comes due: the soonest retry (`nextAttemptAt` ahead) or
 * the soonest lease of another process to run out (a crashed replica's deliveries), whichever is first;
 * null when neither exists. Deliveries due now but skipped for their store's or origin's share are not
 * counted: a slot freed here wakes the dispatcher for them. Two index lookups, asked only when idle.
 */
export async function nextDueAt(services: Services, now = new Date()): Promise<Date | null> {
  const [retry, lease] = await Promise.all([
    services.db.prisma.webhookDelivery.aggregate({
      where: { status: "pending", nextAttemptAt: { gt: now } },
      _min: { nextAttemptAt: true },
    }),
    services.db.prisma.webhookDelivery.aggregate({
      where: { status: "pending", leaseExpiresAt: { gt: now } },
      _min: { leaseExpiresAt: true },
    }),
  ]);
  const times = [retry._min.nextAttemptAt, lease._min.leaseExpiresAt].filter((t): t is Date => t !== null);
  return times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null;
}
