// What the retention sweep deletes besides events (events.ts), one bounded batch per call: each rule finds
// at most `batch` rows past their retention through an index and deletes them in one short transaction,
// so a sweep never holds SQLite's write lock for long nor grows a PostgreSQL transaction. A rule says how
// many rows it found and what it deleted by table; the sweep calls it again while it filled its batch.
import type { RetentionConfig } from "../config.js";
import type { TransactionClient } from "../db/client.js";
import { OPEN_STATES } from "../drafts/lifecycle.js";

const DAY_MS = 86_400_000;
/** Rate-limit windows are a minute long; a day-old counter counts nothing any more. */
const RATE_LIMIT_KEEP_MS = DAY_MS;
/** Draft states that still take changes (the draft lifecycle, src/drafts/lifecycle.ts); the others are closed. */
export const OPEN_DRAFT_STATES = [...OPEN_STATES];
const CLOSED_DRAFT_STATES = ["cancelled", "expired"];
/** Finished webhook deliveries and shopper emails. */
const FINISHED_DELIVERY = ["delivered", "discarded"];
const FINISHED_MAIL = ["sent", "kept", "failed"];

export type Counts = Record<string, number>;
export interface Batch {
  found: number;
  deleted: Counts;
}
const NONE: Batch = { found: 0, deleted: {} };

export interface Rule {
  name: string;
  /** One batch, in the transaction given: how many rows it found past retention, and what it changed by table. */
  run(tx: TransactionClient, now: Date, batch: number): Promise<Batch>;
}

const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

export function rulesOf(cfg: RetentionConfig): Rule[] {
  return [
    {
      // Delivered and discarded deliveries and their attempts (the delivery log shows the rest).
      name: "webhookDeliveries",
      async run(tx, now, batch) {
        // Only a finished delivery has finishedAt: found by it alone (its index), its status checked here.
        const rows = await tx.webhookDelivery.findMany({
          where: { finishedAt: { lt: ago(now, cfg.deliveriesDays) } },
          orderBy: { finishedAt: "asc" },
          take: batch,
          select: { id: true, status: true },
        });
        if (!rows.length) return NONE;
        const done = ids(rows.filter((r) => FINISHED_DELIVERY.includes(r.status)));
        const attempts = await tx.webhookAttempt.deleteMany({ where: { deliveryId: { in: done } } });
        const deliveries = await tx.webhookDelivery.deleteMany({ where: { id: { in: done }, status: { in: FINISHED_DELIVERY } } });
        return { found: rows.length, deleted: { webhookDeliveries: deliveries.count, webhookAttempts: attempts.count } };
      },
    },
    {
      // Open drafts nobody touched until they lapsed: expired, and their photos deleted (no longer served).
      name: "lapsedDrafts",
      async run(tx, now, batch) {
        const rows = await tx.draftReturn.findMany({
          where: { state: { in: OPEN_DRAFT_STATES }, expiresAt: { lte: now } },
          take: batch,
          select: { id: true },
        });
        if (!rows.length) return NONE;
        // Conditional: a draft acted on meanwhile (its lapse moved forward) stays open.
        const lapsed = await tx.draftReturn.updateMany({
          where: { id: { in: ids(rows) }, state: { in: OPEN_DRAFT_STATES }, expiresAt: { lte: now } },
          data: { state: "expired" },
        });
        const photos = await tx.draftPhoto.deleteMany({ where: { item: { draftId: { in: ids(rows) }, draft: { state: "expired" } } } });
        return { found: rows.length, deleted: { draftsExpired: lapsed.count, draftPhotos: photos.count } };
      },
    },
    {
      // Cancelled and expired drafts some days after they closed, with their items (and any photo left).
      name: "closedDrafts",
      async run(tx, now, batch) {
        const rows = await tx.draftReturn.findMany({
          where: { state: { in: CLOSED_DRAFT_STATES }, updatedAt: { lt: ago(now, cfg.draftsDays) } },
          take: batch,
          select: { id: true },
        });
        if (!rows.length) return NONE;
        const photos = await tx.draftPhoto.deleteMany({ where: { item: { draftId: { in: ids(rows) } } } });
        const drafts = await tx.draftReturn.deleteMany({ where: { id: { in: ids(rows) } } }); // items cascade
        return { found: rows.length, deleted: { draftReturns: drafts.count, draftPhotos: photos.count } };
      },
    },
    {
      name: "staffSessions",
      async run(tx, now, batch) {
        const rows = await tx.staffSession.findMany({
          where: { expiresAt: { lt: ago(now, cfg.sessionsDays) } },
          take: batch,
          select: { id: true },
        });
        if (!rows.length) return NONE;
        return {
          found: rows.length,
          deleted: { staffSessions: (await tx.staffSession.deleteMany({ where: { id: { in: ids(rows) } } })).count },
        };
      },
    },
    {
      // Expired keys: the request path prunes them too (src/core/idempotency.ts), but only while requests come.
      name: "idempotencyKeys",
      async run(tx, now, batch) {
        const rows = await tx.idempotencyKey.findMany({
          where: { expiresAt: { lt: now } },
          take: batch,
          select: { storeId: true, operation: true, key: true },
        });
        if (!rows.length) return NONE;
        const gone = await tx.idempotencyKey.deleteMany({
          where: { OR: rows.map((r) => ({ storeId: r.storeId, operation: r.operation, key: r.key })), expiresAt: { lt: now } },
        });
        return { found: rows.length, deleted: { idempotencyKeys: gone.count } };
      },
    },
    {
      name: "rateLimitCounters",
      async run(tx, now, batch) {
        const rows = await tx.rateLimitCounter.findMany({
          where: { windowStart: { lt: BigInt(now.getTime() - RATE_LIMIT_KEEP_MS) } },
          take: batch,
          select: { key: true, windowStart: true },
        });
        if (!rows.length) return NONE;
        const gone = await tx.rateLimitCounter.deleteMany({ where: { OR: rows.map((r) => ({ key: r.key, windowStart: r.windowStart })) } });
        return { found: rows.length, deleted: { rateLimitCounters: gone.count } };
      },
    },
    {
      // Shopper emails sent (or kept, or given up) some days ago; pending ones are never touched.
      name: "emails",
      async run(tx, now, batch) {
        const rows = await tx.emailMessage.findMany({
          where: { status: { in: FINISHED_MAIL }, updatedAt: { lt: ago(now, cfg.emailsDays) } },
          take: batch,
          select: { id: true },
        });
        if (!rows.length) return NONE;
        return {
          found: rows.length,
          deleted: { emailMessages: (await tx.emailMessage.deleteMany({ where: { id: { in: ids(rows) } } })).count },
        };
      },
    },
    {
      // Policy simulation runs that ended some days ago (only an ended run has finishedAt: found by its index).
      name: "simulationRuns",
      async run(tx, now, batch) {
        const rows = await tx.policySimulationRun.findMany({
          where: { finishedAt: { lt: ago(now, cfg.simulationsDays) } },
          orderBy: { finishedAt: "asc" },
          take: batch,
          select: { id: true },
        });
        if (!rows.length) return NONE;
        const runs = await tx.policySimulationRun.deleteMany({ where: { id: { in: ids(rows) }, runningStoreId: null } });
        return { found: rows.length, deleted: { policySimulationRuns: runs.count } };
      },
    },
    {
      // A shop's orders that could not come in (src/shops/import.ts), some days after their last failure: an
      // order that comes in later removes its own at once; one the shop never fixes goes here.
      name: "shopSyncErrors",
      async run(tx, now, batch) {
        const rows = await tx.shopOrderSyncError.findMany({
          where: { occurredAt: { lt: ago(now, cfg.shopSyncErrorsDays) } },
          orderBy: { occurredAt: "asc" },
          take: batch,
          select: { storeId: true, externalOrderId: true },
        });
        if (!rows.length) return NONE;
        const gone = await tx.shopOrderSyncError.deleteMany({
          where: { OR: rows.map((r) => ({ storeId: r.storeId, externalOrderId: r.externalOrderId })) },
        });
        return { found: rows.length, deleted: { shopOrderSyncErrors: gone.count } };
      },
    },
  ];
}
