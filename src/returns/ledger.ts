// A return's money ledger: every movement the return decides is one ReturnLedgerEntry, written in the transaction
// that processes the return (its row is locked there) and once only (unique dedupeKey), so a crash loses none and a
// second processing, a reopen or a concurrent request writes none twice.
//   refund        a refund or keep-item line once processed: its refund value, less the return fee where the fee
//                 falls on the refund (taken off the first refunds written);
//   fee           that fee, as kept back from the shopper;
//   store_credit  a gift card issued (its amount less its bonus), and bonus its bonus; in a connected shop the
//                 credit is pushed as a code its checkout accepts, worth the whole card;
// Each entry's destination: the shop (a store connected to the shop the order came from: src/shops/outcomes.ts
// pushes it, pending → sent or failed), store_credit (Retour's own gift card: sent when issued), or merchant
// (recorded only: nothing carries it, the merchant pays it). Exchange differences are not written: an exchange is
// for the same value (src/returns/totals.ts). In a connected shop two movements of goods ride the same outbox:
//   exchange_order  the exchange placed as a new order in the shop at no charge (its amount: the goods' value), once a
//                   return's live exchange items are all processed; one per return;
//   restock         a processed item restocked, its units added to the shop's stock (amount zero); one per item.
import type { RequestContext } from "../core/context.js";
import { newId } from "../core/ids.js";
import { money } from "../core/money.js";
import type { TransactionClient } from "../db/client.js";
import type { ReturnLedgerEntry } from "../db/generated/sqlite/client.js";
import { pays } from "./totals.js";
import { itemValues, returnCurrency } from "./values.js";

export const LEDGER_KINDS = ["refund", "store_credit", "bonus", "fee", "exchange_difference", "exchange_order", "restock"] as const;
export const LEDGER_DESTINATIONS = ["shop", "store_credit", "merchant"] as const;
export const LEDGER_STATES = ["pending", "sent", "failed", "recorded"] as const;
/** Attempts kept per entry, and the shop's answer cut to this many characters in each. */
export const ATTEMPTS_KEPT = 10;
export const ANSWER_MAX = 300;
/** The afterCommit topic that wakes the shop pusher (src/shops/outcomes.ts). */
export const LEDGER_TOPIC = "ledger";

export interface LedgerAttempt {
  at: string;
  ok: boolean;
  answer: string;
}

/** An attempt added to an entry's log: the newest ATTEMPTS_KEPT kept, each answer bounded. */
export function withAttempt(log: string, attempt: { ok: boolean; answer: string }, at = new Date()): string {
  let list: LedgerAttempt[];
  try {
    list = JSON.parse(log) as LedgerAttempt[];
  } catch {
    list = [];
  }
  list.push({ at: at.toISOString(), ok: attempt.ok, answer: attempt.answer.slice(0, ANSWER_MAX) });
  return JSON.stringify(list.slice(-ATTEMPTS_KEPT));
}

type Ret = {
  id: string;
  storeId: string;
  orderId: string | null;
  currency: string | null;
  returnFee: number | null;
  returnFeeOn: string | null;
  exchangeOrderExternalId?: string | null;
};

/**
 * The entries due now for the return's processed lines and issued gift cards, written in the caller's transaction.
 * Answers how many were written, and how many of them the shop is to pay (the caller wakes the pusher for those
 * after its commit: `LEDGER_TOPIC`).
 */
export async function recordLedger(tx: TransactionClient, ret: Ret): Promise<{ written: number; toShop: number }> {
  const items = await tx.returnItem.findMany({
    where: { returnId: ret.id, status: { in: ["processed", "complete"] }, compensation: { in: ["refund", "keep_item"] } },
    orderBy: [{ position: "asc" }, { id: "asc" }],
  });
  const cards = await tx.giftCard.findMany({ where: { returnId: ret.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const goods = await tx.returnItem.findMany({
    where: { returnId: ret.id, OR: [{ compensation: "exchange" }, { restock: true, status: { in: ["processed", "complete"] } }] },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true, status: true, compensation: true, restock: true, quantity: true, exchangeProductId: true, lineItemId: true },
  });
  const keys = [
    ...items.map((i) => `refund:${i.id}`),
    ...cards.map((c) => `credit:${c.id}`),
    `fee:${ret.id}`,
    `exchange:${ret.id}`,
    ...goods.map((g) => `restock:${g.id}`),
  ];
  const written = new Set(
    (await tx.returnLedgerEntry.findMany({ where: { dedupeKey: { in: keys } }, select: { dedupeKey: true } })).map((e) => e.dedupeKey),
  );
  const order = ret.orderId
    ? await tx.order.findUnique({ where: { id: ret.orderId }, select: { currency: true, provider: true, externalId: true } })
    : null;
  const currency = returnCurrency(ret, order);
  const connection = order ? await tx.shopConnection.findUnique({ where: { storeId: ret.storeId }, select: { platform: true } }) : null;
  const toShop = !!order && connection?.platform === order.provider;
  const lines = ret.orderId
    ? new Map((await tx.orderLineItem.findMany({ where: { orderId: ret.orderId } })).map((l) => [l.id, l]))
    : new Map();
  const now = new Date();
  const rows: Omit<ReturnLedgerEntry, "id" | "createdAt" | "updatedAt" | "attempts" | "attemptLog" | "lastError">[] = [];
  const base = { storeId: ret.storeId, returnId: ret.id, currency, shopReference: null, sentAt: null, nextAttemptAt: null };
  // The fee falls on the refund (a refund's or a kept item's, as totals.ts takes it): off the first refunds written, once.
  let fee =
    (ret.returnFeeOn === "refund" || ret.returnFeeOn === "keep_item") && (ret.returnFee ?? 0) > 0 && !written.has(`fee:${ret.id}`)
      ? ret.returnFee!
      : 0;
  let feeTaken = 0;
  for (const item of items) {
    if (written.has(`refund:${item.id}`)) continue;
    const values = itemValues(item, (item.lineItemId && lines.get(item.lineItemId)) || null);
    const paid = pays({ ...item, refund: values.refund, productValue: values.productValue, exchangeValue: 0 });
    let amount = paid?.bucket === "refund" ? paid.amount : 0;
    const take = Math.min(fee, amount);
    fee -= take;
    feeTaken += take;
    amount -= take;
    if (amount <= 0) continue;
    rows.push({
      ...base,
      returnItemId: item.id,
      kind: "refund",
      amount,
      dedupeKey: `refund:${item.id}`,
      destination: toShop ? "shop" : "merchant",
      state: toShop ? "pending" : "recorded",
      nextAttemptAt: toShop ? now : null,
    });
  }
  if (feeTaken > 0)
    rows.push({
      ...base,
      returnItemId: null,
      kind: "fee",
      amount: feeTaken,
      dedupeKey: `fee:${ret.id}`,
      destination: "merchant",
      state: "recorded",
    });
  for (const card of cards) {
    if (written.has(`credit:${card.id}`)) continue;
    const sent = {
      ...base,
      returnItemId: card.returnItemId,
      currency: card.currency,
      shopReference: card.code,
      destination: "store_credit",
    };
    // In a connected shop the card becomes a code its checkout accepts (the pusher makes it, worth the whole card).
    const credit = toShop
      ? { ...sent, destination: "shop", state: "pending", shopReference: null, nextAttemptAt: now }
      : { ...sent, state: "sent", sentAt: now };
    if (card.amount - card.bonus > 0)
      rows.push({ ...credit, kind: "store_credit", amount: card.amount - card.bonus, dedupeKey: `credit:${card.id}` });
    if (card.bonus > 0)
      rows.push({ ...sent, kind: "bonus", amount: card.bonus, dedupeKey: `bonus:${card.id}`, state: "sent", sentAt: now });
  }
  // An exchange whose order the shop already reported (its own integration placed it) is not placed again.
  if (ret.exchangeOrderExternalId) written.add(`exchange:${ret.id}`);
  if (toShop) rows.push(...(await goodsRows(tx, goods, written, { ...base, nextAttemptAt: now }, lines)));
  for (const row of rows) await tx.returnLedgerEntry.create({ data: { id: newId("rle"), ...row } });
  return { written: rows.length, toShop: rows.filter((r) => r.destination === "shop").length };
}

type Goods = {
  id: string;
  status: string;
  compensation: string;
  restock: boolean | null;
  quantity: number;
  exchangeProductId: string | null;
  lineItemId: string | null;
};
const PROCESSED = ["processed", "complete"];

/**
 * The shop's goods movements: the exchange order once every live exchange item is processed (its amount the new
 * variants' value), and a restock per processed item restocked whose line names a SKU.
 */
async function goodsRows(
  tx: TransactionClient,
  goods: Goods[],
  written: Set<string>,
  base: { storeId: string; returnId: string; currency: string; shopReference: null; sentAt: null; nextAttemptAt: Date },
  lines: Map<string, { sku: string | null }>,
) {
  const shop = { ...base, destination: "shop", state: "pending" };
  const rows = [];
  const exchanging = goods.filter((g) => g.compensation === "exchange" && g.exchangeProductId && g.status !== "rejected");
  if (exchanging.length && exchanging.every((g) => PROCESSED.includes(g.status)) && !written.has(`exchange:${base.returnId}`)) {
    const products = await tx.product.findMany({
      where: { id: { in: exchanging.map((g) => g.exchangeProductId!) } },
      select: { id: true, priceAmount: true },
    });
    const price = new Map(products.map((p) => [p.id, p.priceAmount]));
    const amount = exchanging.reduce((sum, g) => sum + (price.get(g.exchangeProductId!) ?? 0) * g.quantity, 0);
    const one = exchanging.length === 1 ? exchanging[0].id : null;
    rows.push({ ...shop, returnItemId: one, kind: "exchange_order", amount, dedupeKey: `exchange:${base.returnId}` });
  }
  for (const g of goods) {
    if (!g.restock || !PROCESSED.includes(g.status) || written.has(`restock:${g.id}`)) continue;
    if (!g.lineItemId || !lines.get(g.lineItemId)?.sku) continue; // nothing to name the shop's variant by
    rows.push({ ...shop, returnItemId: g.id, kind: "restock", amount: 0, dedupeKey: `restock:${g.id}` });
  }
  return rows;
}

/** The return's entries, oldest first (one query for every return a response names). */
export function ledgerLoader(ctx: RequestContext) {
  return ctx.loaders.hasMany(
    "returns.ledger",
    (ids) => ctx.prisma.returnLedgerEntry.findMany({ where: { returnId: { in: ids } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    (r) => r.returnId,
  );
}

/** The GraphQL shape: money as a decimal, the attempts as a list; optional fields only with a value. */
export function ledgerView(e: ReturnLedgerEntry) {
  return {
    id: e.id,
    kind: e.kind as (typeof LEDGER_KINDS)[number],
    amount: money(e.amount, e.currency),
    destination: e.destination as (typeof LEDGER_DESTINATIONS)[number],
    state: e.state as (typeof LEDGER_STATES)[number],
    returnItemId: e.returnItemId,
    attempts: e.attempts,
    attemptLog: (JSON.parse(e.attemptLog) as LedgerAttempt[]).map((a) => ({ ...a, at: new Date(a.at) })),
    lastError: e.lastError,
    // A pending restock keeps its checkpoint there (src/shops/outcomes.ts), not the shop's reference yet.
    shopReference: e.kind === "restock" && e.state === "pending" ? null : e.shopReference,
    nextAttemptAt: e.state === "pending" ? e.nextAttemptAt : null,
    createdAt: e.createdAt,
    sentAt: e.sentAt,
  };
}

export async function ledgerOf(ctx: RequestContext, returnId: string) {
  return (await ledgerLoader(ctx).load(returnId)).map(ledgerView);
}
