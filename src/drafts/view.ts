// A draft as GraphQL shows it: its order, items and the policy's evaluation, worked out once per draft
// version and request, and what its state and items allow now (what the compat door's links come from).
import type { RequestContext } from "../core/context.js";
import { type DraftEvaluation, evaluateDraft, exchangeVariants, moneyOf } from "./evaluate.js";
import type { DraftItem, DraftRow, OrderRow } from "./service.js";

export interface DraftBundle {
  order: OrderRow;
  items: DraftItem[];
  e: DraftEvaluation;
}

const cache = new WeakMap<RequestContext, Map<string, Promise<DraftBundle>>>();

export function bundleOf(ctx: RequestContext, d: DraftRow): Promise<DraftBundle> {
  let byKey = cache.get(ctx);
  if (!byKey) cache.set(ctx, (byKey = new Map()));
  const key = `${d.id}:${d.version}`;
  let b = byKey.get(key);
  if (!b) {
    b = (async () => {
      const [order, items] = await Promise.all([
        ctx.prisma.order.findUniqueOrThrow({ where: { id: d.orderId } }),
        ctx.prisma.draftReturnItem.findMany({ where: { draftId: d.id }, orderBy: { position: "asc" } }),
      ]);
      return { order, items, e: await evaluateDraft(ctx.prisma, order, items) };
    })();
    byKey.set(key, b);
  }
  return b;
}

const resolvedOutcome = (d: DraftRow, it: DraftItem) => it.outcome ?? d.creditType;

/** Submit is offered only when every item has an outcome (its own or the credit type's). */
export function allowedActions(d: DraftRow, items: DraftItem[]): string[] {
  if (d.state === "created")
    return [
      "add_item",
      ...(items.length ? ["update_item", "remove_item"] : []),
      "set_address",
      "set_customer",
      ...(items.length ? ["finalize_items"] : []),
      "cancel",
    ];
  if (d.state === "items_finalized")
    return [
      "set_address",
      "set_customer",
      "set_credit_type",
      "set_return_method",
      ...(items.every((it) => resolvedOutcome(d, it)) ? ["submit"] : []),
      "cancel",
    ];
  return [];
}

export function totals(d: DraftRow, b: DraftBundle) {
  const t = { returnTotal: 0, fees: 0, bonus: 0, refund: 0, storeCredit: 0, exchange: 0 };
  b.items.forEach((it, i) => {
    const offers = b.e.itemOffers[i] ?? [];
    t.returnTotal += offers[0]?.value ?? 0;
    const o = offers.find((x) => x.outcome === resolvedOutcome(d, it));
    if (!o) return;
    t.fees += o.fees;
    t.bonus += o.bonus;
    if (o.outcome === "refund") t.refund += o.total;
    else if (o.outcome === "store_credit") t.storeCredit += o.total;
    else if (o.outcome === "exchange") t.exchange += o.total;
  });
  const c = b.order.currency;
  return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, moneyOf(v, c)]));
}

const offerOut = (o: DraftEvaluation["lines"][number]["offers"][number], c: string) => ({
  outcome: o.outcome,
  value: moneyOf(o.value, c),
  fees: moneyOf(o.fees, c),
  bonus: moneyOf(o.bonus, c),
  total: moneyOf(o.total, c),
});

export async function linesOf(ctx: RequestContext, d: DraftRow) {
  const b = await bundleOf(ctx, d);
  const c = b.order.currency;
  const rows = await ctx.prisma.orderLineItem.findMany({ where: { orderId: b.order.id }, orderBy: { position: "asc" } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Promise.all(
    b.e.lines.map(async (l) => {
      const row = byId.get(l.id);
      const exchange = l.offers.some((o) => o.outcome === "exchange");
      return {
        lineItemId: l.externalId,
        title: row?.title ?? "",
        variantTitle: row?.variantTitle ?? null,
        sku: l.sku,
        productId: l.productId,
        quantity: l.quantity,
        unitPrice: moneyOf(l.unitPrice, c),
        returnableQuantity: l.returnable,
        ineligibilityCode: l.code,
        shopperMessage: l.shopperMessage,
        windowEndsAt: l.windowEndsAt,
        outcomes: l.offers.map((o) => offerOut(o, c)),
        exchangeVariants: exchange ? await exchangeVariants(ctx.prisma, d.storeId, l.productId, l.unitPrice, c) : [],
      };
    }),
  );
}

export async function itemsOf(ctx: RequestContext, d: DraftRow) {
  const b = await bundleOf(ctx, d);
  const c = b.order.currency;
  const lines = new Map(b.e.lines.map((l) => [l.id, l]));
  const titles = new Map(
    (
      await ctx.prisma.orderLineItem.findMany({
        where: { id: { in: b.items.map((i) => i.lineItemId) } },
        select: { id: true, title: true },
      })
    ).map((r) => [r.id, r.title]),
  );
  return b.items.map((it, i) => ({
    id: it.id,
    lineItemId: lines.get(it.lineItemId)?.externalId ?? it.lineItemId,
    title: titles.get(it.lineItemId) ?? "",
    quantity: it.quantity,
    reasonCode: it.reasonCode,
    answer: it.answer,
    photos: JSON.parse(it.photos) as string[],
    outcome: it.outcome,
    exchangeSku: it.exchangeSku,
    offers: (b.e.itemOffers[i] ?? []).map((o) => offerOut(o, c)),
  }));
}
