// The order sync: every SHOP_SYNC_INTERVAL_SECONDS, each connected store's shop is asked for the orders changed since
// the store's cursor (the shop's updated-at of the last order written), oldest change first, and each is written
// through the same step as the import (import.ts writeShopOrder: an order that cannot be written is kept with its
// reason, the others go on). Neither Vendure nor Medusa sends webhooks in core, so Retour polls.
//
// One process per store at a time, over every replica on one database: a store is claimed with a conditional update
// of its connection row (free or lapsed lease, and not synced in the last half interval), renewed between pages and
// given back when done; a process that dies holds it only until its lease lapses. The cursor moves with each page,
// so a run stopped midway resumes where it was. Each run reads back from the cursor by the shop's clock precision
// (Vendure on SQLite keeps whole seconds), and skips the orders it wrote at exactly that change (syncedIds). A second
// change of one order within that precision, after a run read the first, is not seen until the order changes again.
import { randomUUID } from "node:crypto";
import { systemContext, type Services } from "../core/context.js";
import { decryptSecret } from "../webhooks/crypto.js";
import { findingEnglish } from "./findings.js";
import { writeShopOrder } from "./import.js";
import { SHOP_CONNECTORS } from "./platforms.js";

/** How long a claimed store stays its process's without a renewal (a page takes seconds). */
const LEASE_MS = 2 * 60_000;
/** Orders read per call, and the most one run writes per store (the next run goes on). */
const PAGE = 50;
const MAX_PER_RUN = 500;
/** Stores looked at per run. */
const STORES_PER_RUN = 200;
const FIRST_DELAY_MS = 10_000;

export interface SyncRun {
  /** Stores this process synced. */
  stores: number;
  written: number;
  failed: number;
}

/** One run over the stores due: those no other process holds and not synced in the last half interval. */
export async function syncShops(services: Services, opts: { owner?: string; stopping?: () => boolean } = {}): Promise<SyncRun> {
  const prisma = services.db.prisma;
  const owner = opts.owner ?? `shopsync_${randomUUID()}`;
  const run: SyncRun = { stores: 0, written: 0, failed: 0 };
  const due = () => {
    const now = Date.now();
    return {
      AND: [
        { OR: [{ syncLeaseUntil: null }, { syncLeaseUntil: { lt: new Date(now) } }] },
        { OR: [{ lastSyncAt: null }, { lastSyncAt: { lt: new Date(now - services.config.shopSync.intervalMs / 2) } }] },
      ],
    };
  };
  const stores = await prisma.shopConnection.findMany({
    where: due(),
    select: { storeId: true },
    orderBy: { storeId: "asc" },
    take: STORES_PER_RUN,
  });
  for (const { storeId } of stores) {
    if (opts.stopping?.()) break;
    const claimed = await prisma.shopConnection.updateMany({
      where: { storeId, ...due() },
      data: { syncOwner: owner, syncLeaseUntil: new Date(Date.now() + LEASE_MS) },
    });
    if (!claimed.count) continue; // another process has it, or synced it moments ago
    run.stores++;
    try {
      const counts = await syncStore(services, storeId, owner, opts.stopping);
      run.written += counts.written;
      run.failed += counts.failed;
    } finally {
      await prisma.shopConnection.updateMany({ where: { storeId, syncOwner: owner }, data: { syncOwner: null, syncLeaseUntil: null } });
    }
  }
  return run;
}

async function syncStore(services: Services, storeId: string, owner: string, stopping?: () => boolean) {
  const prisma = services.db.prisma;
  const row = await prisma.shopConnection.findUnique({ where: { storeId } });
  const counts = { written: 0, failed: 0 };
  if (!row) return counts;
  const connector = SHOP_CONNECTORS[row.platform];
  const ctx = systemContext(services, storeId, "shop-sync");
  const credentials = { adminApiUrl: row.adminApiUrl, apiKey: decryptSecret(services.config.webhooks.encryptionKey, row.apiKeyEnc) };
  let cursor = (row.syncedThrough ?? row.createdAt).getTime();
  // The orders written at the cursor's end, by the change each was written at: read again, they are skipped.
  const seen = new Map<string, number>(JSON.parse(row.syncedIds) as [string, number][]);
  const overlap = connector.cursorOverlapMs;
  let error: string | null = null;
  while (counts.written + counts.failed < MAX_PER_RUN && !stopping?.()) {
    // Back by the shop's clock precision (Vendure on SQLite keeps whole seconds), the shop's `after` being strict.
    const page = await connector.orders(services.config.webhooks, credentials, {
      updatedAfter: new Date(cursor - overlap - 1),
      skip: 0,
      take: PAGE,
    });
    if (!page.ok) {
      error = findingEnglish(page.finding);
      break;
    }
    let advanced = false;
    for (const order of page.orders) {
      const changed = order.updatedAt.getTime();
      if (seen.get(order.externalId) === changed) continue;
      if ((await writeShopOrder(ctx, storeId, order)) === "failed") counts.failed++;
      else counts.written++;
      seen.set(order.externalId, changed);
      cursor = Math.max(cursor, changed);
      advanced = true;
    }
    for (const [id, changed] of seen) if (changed < cursor - overlap) seen.delete(id);
    // The cursor is saved by the holder only: a process whose lease lapsed and was taken writes nothing more.
    const kept = await prisma.shopConnection.updateMany({
      where: { storeId, syncOwner: owner },
      data: { syncedThrough: new Date(cursor), syncedIds: JSON.stringify([...seen]), syncLeaseUntil: new Date(Date.now() + LEASE_MS) },
    });
    if (!kept.count || !advanced || page.orders.length < PAGE) break;
  }
  await prisma.shopConnection.updateMany({ where: { storeId, syncOwner: owner }, data: { lastSyncAt: new Date(), lastSyncError: error } });
  if (error) services.log.warn({ storeId, problem: error }, "shop order sync: the shop did not give its orders; the next run retries");
  return counts;
}

export interface ShopSync {
  stop(): Promise<void>;
}

/** The sync in this process, every SHOP_SYNC_INTERVAL_SECONDS (SHOP_SYNC=false: not in this process). */
export function startShopSync(services: Services): ShopSync {
  const owner = `shopsync_${randomUUID()}`;
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const loop = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = syncShops(services, { owner, stopping: () => stopped })
        .catch((err) => services.log.warn({ err }, "shop order sync failed; the next run retries"))
        .finally(() => {
          running = null;
          loop(services.config.shopSync.intervalMs);
        });
    }, delay);
    timer.unref();
  };
  loop(Math.min(FIRST_DELAY_MS, services.config.shopSync.intervalMs));
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
