// The pusher: a return's ledger entries bound for the shop (src/returns/ledger.ts, destination "shop": refunds to
// the order's payment, store credit as a code the shop's checkout accepts, the exchange as a new order at no charge,
// a restocked item's units back in the shop's stock: goods.ts reads what they move) sent to the connected shop on the
// service's own loop (src/core/due-loop.ts: woken by this process's commits, asleep until the
// next entry is due). Oldest first and in order per return: an entry waits while an earlier one of its return is
// still pending.
//
// Never paid twice. An entry is claimed with a conditional update that moves its nextAttemptAt past a lease and
// counts the attempt before the shop is called, so a process killed after the shop paid but before the answer was
// written leaves an entry with attempts > 0. Every attempt after the first asks the shop first (findRefund: the
// refund carrying the entry's id) and records what it finds instead of paying again; placeExchange and issueCredit
// look for their own on every attempt, restock after the checkpoint it keeps on the entry. An answer that is lost (the
// shop unreachable, timing out, answering 500) is retried on SHOP_PUSH_RETRY_SCHEDULE, then failed; a refusal (the
// shop says no: more than it can refund, a key without permission) fails at once. A failed entry is retried by
// retryReturnLedgerEntry (ledger-retry.ts).
import { randomUUID } from "node:crypto";
import type { Services } from "../core/context.js";
import { startDueLoop, type DueLoop } from "../core/due-loop.js";
import { formatMinor } from "../core/money.js";
import type { ReturnLedgerEntry } from "../db/generated/sqlite/client.js";
import { type LEDGER_KINDS, LEDGER_TOPIC, withAttempt } from "../returns/ledger.js";
import { formatReturnNumber } from "../returns/number.js";
import { decryptSecret } from "../webhooks/crypto.js";
import type { ShopPushResult } from "./connector.js";
import { exchangeLines, exchangePlaced, restockLine } from "./goods.js";
import { SHOP_CONNECTORS } from "./platforms.js";

const BATCH = 20;

/**
 * A fault for the tests (never in production): the process dies with SIGKILL right after the shop answered a
 * refund and before Retour wrote it down, as a crashed container does.
 */
const KILL_AFTER_REFUND = process.env.NODE_ENV !== "production" && process.env.RETOUR_FAULT_KILL_AFTER_SHOP_REFUND === "1";
/** The same fault right after the shop placed an exchange order. */
const KILL_AFTER_EXCHANGE = process.env.NODE_ENV !== "production" && process.env.RETOUR_FAULT_KILL_AFTER_SHOP_EXCHANGE === "1";

type Outcome = ShopPushResult | { kind: "found"; reference: string; answer: string };

async function attempt(services: Services, entry: ReturnLedgerEntry, lease: Date): Promise<Outcome> {
  const prisma = services.db.prisma;
  const ret = await prisma.return.findUnique({ where: { id: entry.returnId }, select: { orderId: true, compatId: true } });
  const order = ret?.orderId
    ? await prisma.order.findUnique({ where: { id: ret.orderId }, select: { externalId: true, name: true } })
    : null;
  const connection = await prisma.shopConnection.findUnique({ where: { storeId: entry.storeId } });
  if (!order) return { kind: "refused", answer: "The return's order is no longer in Retour: settle it in the shop." };
  const connector = connection ? SHOP_CONNECTORS[connection.platform] : undefined;
  const kind = entry.kind as (typeof LEDGER_KINDS)[number];
  const can = {
    refund: connector?.refund,
    store_credit: connector?.issueCredit,
    exchange_order: connector?.placeExchange,
    restock: connector?.restock,
  }[kind as "refund"];
  if (!connection || !connector || !can)
    return {
      kind: "refused",
      answer: `The store is no longer connected to a shop that takes ${WHAT[kind] ?? kind}: connect it again, then retry.`,
    };
  const credentials = {
    adminApiUrl: connection.adminApiUrl,
    apiKey: decryptSecret(services.config.webhooks.encryptionKey, connection.apiKeyEnc),
  };
  const policy = services.config.webhooks;
  const note = `Retour return ${formatReturnNumber(ret!.compatId) ?? entry.returnId} of order ${order.name}`;
  if (kind === "store_credit") {
    // The whole card (its bonus included) under the code the shopper reads; issueCredit looks for its own first.
    const card = await prisma.giftCard.findUnique({ where: { id: entry.dedupeKey.replace(/^credit:/, "") } });
    if (!card) return { kind: "refused", answer: "The gift card of this credit is no longer in Retour." };
    const amount = formatMinor(card.amount, card.currency);
    return connector.issueCredit!(policy, credentials, { code: card.code, amount, currency: card.currency, marker: entry.id, note });
  }
  if (kind === "exchange_order") {
    const lines = await exchangeLines(services, entry.returnId);
    if (!lines.length) return { kind: "refused", answer: "The return no longer exchanges anything: nothing to place." };
    // placeExchange looks for the order it placed with this marker first.
    const result = await connector.placeExchange!(policy, credentials, { orderId: order.externalId, lines, marker: entry.id, note });
    if (KILL_AFTER_EXCHANGE && result.kind === "sent") process.kill(process.pid, "SIGKILL");
    return result;
  }
  if (kind === "restock") {
    const goods = await restockLine(services, entry.returnItemId);
    if (!goods) return { kind: "refused", answer: "The restocked item or its order line is no longer in Retour." };
    const checkpoint = entry.attempts > 0 ? entry.shopReference : null;
    const remember = async (at: string) =>
      (
        await prisma.returnLedgerEntry.updateMany({
          where: { id: entry.id, state: "pending", nextAttemptAt: lease },
          data: { shopReference: at },
        })
      ).count === 1;
    return connector.restock!(policy, credentials, { ...goods, marker: entry.id, note }, checkpoint, remember);
  }
  const request = {
    orderId: order.externalId,
    amount: formatMinor(entry.amount, entry.currency),
    currency: entry.currency,
    marker: entry.id,
    note,
  };
  if (entry.attempts > 0 && connector.findRefund) {
    const found = await connector.findRefund(policy, credentials, request);
    if (found.kind !== "none") return found;
  }
  const result = await connector.refund!(policy, credentials, request);
  if (KILL_AFTER_REFUND && result.kind === "sent") process.kill(process.pid, "SIGKILL");
  return result;
}

const WHAT: Partial<Record<(typeof LEDGER_KINDS)[number], string>> = {
  refund: "refunds",
  store_credit: "store credit",
  exchange_order: "exchange orders",
  restock: "restocks",
};

/** What one attempt's outcome writes: sent, failed, or pending again after its wait (failed once none is left). */
function outcomeData(services: Services, entry: ReturnLedgerEntry, outcome: Outcome) {
  const now = new Date();
  const log = (ok: boolean) => withAttempt(entry.attemptLog, { ok, answer: outcome.answer }, now);
  switch (outcome.kind) {
    case "sent":
    case "found":
      return { state: "sent", shopReference: outcome.reference, sentAt: now, lastError: null, nextAttemptAt: null, attemptLog: log(true) };
    case "refused":
      return { state: "failed", lastError: outcome.answer, nextAttemptAt: null, attemptLog: log(false) };
    case "uncertain": {
      const attempts = entry.attempts + 1;
      const wait = services.config.shopPush.retrySchedule[attempts - 1];
      if (wait === undefined)
        return {
          state: "failed",
          lastError: `${outcome.answer} (given up after ${attempts} attempts)`,
          nextAttemptAt: null,
          attemptLog: log(false),
        };
      // ±20 % jitter, so entries refused together do not come back together.
      const next = new Date(now.getTime() + Math.round(wait * (0.8 + Math.random() * 0.4)));
      return { state: "pending", lastError: outcome.answer, nextAttemptAt: next, attemptLog: log(false) };
    }
  }
}

/** One run over the entries due; answers how many it attempted. */
export async function pushLedger(services: Services, opts: { owner?: string; stopping?: () => boolean } = {}): Promise<number> {
  const prisma = services.db.prisma;
  const due = await prisma.returnLedgerEntry.findMany({
    where: { destination: "shop", state: "pending", nextAttemptAt: { lte: new Date() } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: BATCH,
  });
  let n = 0;
  for (const entry of due) {
    if (opts.stopping?.()) break;
    const earlier = await prisma.returnLedgerEntry.findFirst({
      where: {
        returnId: entry.returnId,
        destination: "shop",
        state: "pending",
        OR: [{ createdAt: { lt: entry.createdAt } }, { createdAt: entry.createdAt, id: { lt: entry.id } }],
      },
      select: { id: true },
    });
    if (earlier) continue;
    const lease = new Date(Date.now() + services.config.shopPush.leaseMs);
    const claimed = await prisma.returnLedgerEntry.updateMany({
      where: { id: entry.id, state: "pending", nextAttemptAt: entry.nextAttemptAt },
      data: { nextAttemptAt: lease, attempts: { increment: 1 } },
    });
    if (!claimed.count) continue; // another process has it
    n++;
    let outcome: Outcome;
    try {
      outcome = await attempt(services, entry, lease);
    } catch (err) {
      services.log.warn({ err, ledgerEntryId: entry.id }, "shop push failed; the lease lapses and it is tried again");
      continue;
    }
    const data = outcomeData(services, entry, outcome);
    // Written by the holder only (its lease still on the row); a placed exchange order is the return's, in the same transaction.
    if (entry.kind === "exchange_order" && data.state === "sent" && data.shopReference)
      await exchangePlaced(services, entry, lease, { ...data, shopReference: data.shopReference });
    else await prisma.returnLedgerEntry.updateMany({ where: { id: entry.id, state: "pending", nextAttemptAt: lease }, data });
    if (data.state !== "sent")
      services.log.warn({ ledgerEntryId: entry.id, state: data.state, answer: outcome.answer }, "shop push did not go through");
  }
  return n;
}

/** The pusher in this process (SHOP_PUSH=false: not here). */
export function startShopPusher(services: Services): DueLoop {
  const owner = `shoppush_${randomUUID()}`;
  let stopped = false;
  const loop = startDueLoop(services, {
    name: "shop push",
    // Woken by an entry the shop is to pay (processing, a retry), not by every return's commit.
    topics: [LEDGER_TOPIC],
    idleMs: services.config.shopPush.pollIntervalMs,
    runOnce: () => pushLedger(services, { owner, stopping: () => stopped }),
    nextDueAt: async () =>
      (
        await services.db.prisma.returnLedgerEntry.findFirst({
          where: { destination: "shop", state: "pending" },
          orderBy: { nextAttemptAt: "asc" },
          select: { nextAttemptAt: true },
        })
      )?.nextAttemptAt,
  });
  return {
    kick: loop.kick,
    async stop() {
      stopped = true;
      await loop.stop();
    },
  };
}
