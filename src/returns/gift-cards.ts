// Store credit made real: when a return reaches the event its admitting policy names (created, delivered
// or processed; processed without a policy), each store-credit item is issued as a gift card for what the
// evaluator computed at admission (fees off, bonus on), else the item's refund value. Runs inside the
// transaction that moves the return (its row is locked there), and one card per item is enforced by the
// unique returnItemId as well, so concurrent processing issues exactly once.
import { randomInt } from "node:crypto";
import type { RequestContext } from "../core/context.js";
import { newId } from "../core/ids.js";
import { money } from "../core/money.js";
import type { TransactionClient } from "../db/client.js";
import { Prisma } from "../db/generated/sqlite/client.js";
import { itemValues, returnCurrency } from "./values.js";
import { recordIssue } from "../gift-cards/ledger.js";

export type SettleEvent = "created" | "delivered" | "processed";

/** A 16-digit code from the system's CSPRNG (about 53 bits): unguessable, looked up by code per store. */
export function giftCardCode(): string {
  let s = String(randomInt(1, 10));
  for (let i = 0; i < 15; i++) s += String(randomInt(0, 10));
  return s;
}

/** The items an event settles: at creation every item, at delivery the live ones, at processing the processed ones. */
function settles(event: SettleEvent, status: string): boolean {
  if (event === "processed") return status === "processed" || status === "complete";
  return status !== "rejected";
}

export async function issueGiftCards(
  tx: TransactionClient,
  ret: { id: string; storeId: string; orderId: string | null; currency: string | null; customer: string | null; settleOn: string | null },
  event: SettleEvent,
): Promise<number> {
  if ((ret.settleOn ?? "processed") !== event) return 0;
  const items = await tx.returnItem.findMany({ where: { returnId: ret.id, compensation: "store_credit" } });
  const due = items.filter((i) => settles(event, i.status));
  if (!due.length) return 0;
  const issued = new Set(
    (await tx.giftCard.findMany({ where: { returnItemId: { in: due.map((i) => i.id) } }, select: { returnItemId: true } })).map(
      (g) => g.returnItemId,
    ),
  );
  const todo = due.filter((i) => !issued.has(i.id));
  if (!todo.length) return 0;
  const order = ret.orderId
    ? await tx.order.findUnique({ where: { id: ret.orderId }, select: { currency: true, customerRecordId: true, customerEmail: true } })
    : null;
  const lines = ret.orderId
    ? new Map((await tx.orderLineItem.findMany({ where: { orderId: ret.orderId } })).map((l) => [l.id, l]))
    : new Map();
  const currency = returnCurrency(ret, order);
  const email = order?.customerEmail ?? parseEmail(ret.customer);
  let n = 0;
  for (const item of todo) {
    const amount = item.outcomeTotal ?? itemValues(item, (item.lineItemId && lines.get(item.lineItemId)) || null).refund;
    if (amount <= 0) continue; // nothing to credit (an imported item carries no value)
    let code = giftCardCode();
    while (await tx.giftCard.findUnique({ where: { storeId_code: { storeId: ret.storeId, code } }, select: { id: true } }))
      code = giftCardCode();
    const card = await tx.giftCard.create({
      data: {
        id: newId("gc"),
        storeId: ret.storeId,
        code,
        returnId: ret.id,
        returnItemId: item.id,
        customerId: order?.customerRecordId ?? null,
        customerEmail: email?.toLowerCase() ?? null,
        currency,
        amount,
        bonus: item.outcomeBonus ?? 0,
        balance: amount,
      },
    });
    await recordIssue(tx, card); // the first row of the card's ledger, in the same transaction
    n++;
  }
  return n;
}

function parseEmail(customer: string | null): string | null {
  if (!customer) return null;
  try {
    return (JSON.parse(customer) as { email?: string }).email ?? null;
  } catch {
    return null;
  }
}

type CardRow = { id: string; code: string; amount: number; currency: string };

/** A card as the Return's `giftCards` entry (merchant API shape): amount, code, externalId. */
export const giftCardJson = (g: CardRow) => ({ amount: money(g.amount, g.currency), code: g.code, externalId: g.id });

/**
 * Gift cards by return id, in the order of the return's lines (one card per line: cards issued in one
 * transaction share a millisecond, so createdAt would not order them), then those whose item was removed,
 * oldest first. Primed by the aggregate read (aggregate.ts), which orders them the same way; one query for
 * every return a response names.
 */
export function giftCardsLoader(ctx: RequestContext) {
  return ctx.loaders.hasMany(
    "returns.giftCards",
    (ids) =>
      ctx.prisma.$queryRaw<(CardRow & { returnId: string })[]>(
        Prisma.sql`SELECT g."id", g."code", g."amount", g."currency", g."returnId" FROM "GiftCard" g LEFT JOIN "ReturnItem" i ON i."id" = g."returnItemId" WHERE g."returnId" IN (${Prisma.join(ids)}) ORDER BY i."position" IS NULL, i."position", g."createdAt", g."id"`,
      ),
    (r) => r.returnId,
  );
}

export async function giftCardsOf(ctx: RequestContext, returnId: string) {
  const rows = await giftCardsLoader(ctx).load(returnId);
  return rows.map(giftCardJson);
}
