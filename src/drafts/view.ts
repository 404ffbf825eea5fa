// A draft as GraphQL shows it: its order, items and the policy's evaluation, worked out once per draft
// version and request, and what its state and items allow now (what the compat door's links come from).
import type { RequestContext } from "../core/context.js";
import { apiShopperMessage } from "../core/decisions/render.js";
import { type DraftEvaluation, isLineVariant, moneyOf } from "./evaluate.js";
import type { DraftItem, DraftRow } from "./service.js";
import { type DraftBundle, bundleOf, exchangeVariantsOf } from "./batch.js";
import { type DraftAction, draftAllowedActions } from "./lifecycle.js";
import { pickerStock, type ShopStock, stockPlatform } from "../shops/stock.js";

export { bundleOf };

const resolvedOutcome = (d: DraftRow, it: DraftItem) => it.outcome ?? d.creditType;

/** What the draft allows now: the lifecycle's one answer (lifecycle.ts), its guards read on the items. */
export function allowedActions(d: DraftRow, items: DraftItem[]): DraftAction[] {
  return draftAllowedActions(d, items);
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
  const byId = new Map(b.lines.map((r) => [r.id, r]));
  const offered = await Promise.all(
    b.e.lines.map(async (l) => {
      const row = byId.get(l.id);
      return l.offers.some((o) => o.outcome === "exchange")
        ? (await exchangeVariantsOf(ctx, { storeId: d.storeId, productId: l.productId, unitPrice: l.unitPrice, currency: c })).filter(
            (v) => !isLineVariant(v, { sku: l.sku, variantId: row?.variantId }),
          )
        : null;
    }),
  );
  // For an order from the connected shop, the shop's stock (read once for the page's variants) decides inStock.
  const skus = offered.flatMap((vs) => vs?.map((v) => v.sku) ?? []);
  const stock: ShopStock = skus.length
    ? await pickerStock(ctx.services, d.storeId, b.order.provider, skus)
    : offered.some((v) => v) && (await stockPlatform(ctx.prisma, d.storeId, b.order.provider))
      ? { source: "shop", platform: b.order.provider, units: new Map() }
      : { source: "retour" };
  return b.e.lines.map((l, i) => {
    const row = byId.get(l.id);
    const variants = offered[i];
    return {
      lineItemId: l.externalId,
      title: row?.title ?? "",
      variantTitle: row?.variantTitle ?? null,
      sku: l.sku,
      productId: l.productId,
      quantity: l.quantity,
      unitPrice: moneyOf(l.unitPrice, c),
      returnableQuantity: l.returnable,
      refusalCode: l.code,
      decision: l.decision,
      shopperMessage: l.decision ? apiShopperMessage(l.decision) : null,
      windowEndsAt: l.windowEndsAt,
      outcomes: l.offers.map((o) => offerOut(o, c)),
      exchangeStock: variants ? stock.source : null,
      exchangeVariants: (variants ?? []).map((v) => {
        if (stock.source === "retour") return { ...v, available: null };
        if (stock.source === "shop_unavailable") return { ...v, inStock: false, available: null };
        // Absent: a SKU the shop does not have (none to place there).
        const units = stock.units.has(v.sku) ? stock.units.get(v.sku)! : 0;
        return { ...v, inStock: units === null || units >= 1, available: units };
      }),
    };
  });
}

export async function itemsOf(ctx: RequestContext, d: DraftRow) {
  const b = await bundleOf(ctx, d);
  const c = b.order.currency;
  const lines = new Map(b.e.lines.map((l) => [l.id, l]));
  const titles = new Map(b.lines.map((r) => [r.id, r.title]));
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
