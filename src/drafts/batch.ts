// The reads behind a page of drafts, batched per request (DataLoader): every draft of the page is
// evaluated from the same few statements — its order, items, the store's published policy, the orders'
// lines, fulfillments, catalogue families and returned units, the customers' history — and the exchange
// variants and return numbers the page shows likewise. A page of 20 or 50 costs the same.
import type { RequestContext } from "../core/context.js";
import { indexBy } from "../core/loaders.js";
import { type LineRow, loadHistories, loadOrderParts, publishedVersion } from "../policy/load.js";
import { type DraftEvaluation, evaluateLoaded } from "./evaluate.js";
import type { DraftItem, DraftRow, OrderRow } from "./service.js";

export interface DraftBundle {
  order: OrderRow;
  items: DraftItem[];
  /** The order's lines as stored (titles). */
  lines: LineRow[];
  e: DraftEvaluation;
}

const rowsOf = new WeakMap<RequestContext, Map<string, DraftRow>>();

/** A draft's bundle, read with every other draft the request resolves at the same level. */
export function bundleOf(ctx: RequestContext, d: DraftRow): Promise<DraftBundle> {
  let rows = rowsOf.get(ctx);
  if (!rows) rowsOf.set(ctx, (rows = new Map()));
  // Keyed by version: the draft an action answers is read afresh, never from a bundle cached before it.
  const key = `${d.id}:${d.version}`;
  rows.set(key, d);
  return ctx.loaders
    .get<string, DraftBundle>("drafts.bundle", (keys) =>
      loadBundles(
        ctx,
        keys.map((k) => rows.get(k)!),
      ),
    )
    .load(key);
}

async function loadBundles(ctx: RequestContext, drafts: DraftRow[]): Promise<DraftBundle[]> {
  const now = new Date();
  const [orders, items] = await Promise.all([
    ctx.prisma.order.findMany({ where: { id: { in: [...new Set(drafts.map((d) => d.orderId))] } } }),
    ctx.prisma.draftReturnItem.findMany({
      where: { draftId: { in: drafts.map((d) => d.id) } },
      orderBy: [{ draftId: "asc" }, { position: "asc" }],
    }),
  ]);
  const orderById = new Map(orders.map((o) => [o.id, o]));
  // One published version per store (a page is one store's).
  const stores = [...new Set(orders.map((o) => o.storeId))];
  const versions = new Map(await Promise.all(stores.map(async (s) => [s, await publishedVersion(ctx.prisma, s)] as const)));
  const parts = await loadOrderParts(ctx.prisma, orders);
  const histories = new Map<string, Awaited<ReturnType<typeof loadHistories>>>();
  for (const s of stores)
    histories.set(
      s,
      await loadHistories(
        ctx.prisma,
        orders.filter((o) => o.storeId === s),
        versions.get(s)?.rules ?? null,
        now,
      ),
    );
  return drafts.map((d) => {
    const order = orderById.get(d.orderId);
    if (!order) throw new Error(`draft ${d.id} has no order`);
    const mine = items.filter((i) => i.draftId === d.id);
    const part = parts.get(order.id)!;
    const version = versions.get(order.storeId) ?? null;
    const history = histories.get(order.storeId)?.get(order.id) ?? { returnDates: [] };
    return { order, items: mine, lines: part.rows, e: evaluateLoaded(version, part.input, history, order, mine, now) };
  });
}

export interface VariantKey {
  storeId: string;
  productId: string;
  unitPrice: number;
  currency: string;
}

export type ExchangeVariant = { sku: string; title: string; variantId: string | null; productRowId: string; inStock: boolean };

/** Catalogue variants of a product at a price with one unit on hand at one location, for every line of the page at once. */
export function exchangeVariantsOf(ctx: RequestContext, key: VariantKey): Promise<ExchangeVariant[]> {
  return ctx.loaders
    .get<string, ExchangeVariant[]>("drafts.exchangeVariants", async (keys) => {
      const wanted = keys.map((k) => JSON.parse(k) as VariantKey);
      const rows = await ctx.prisma.product.findMany({
        where: {
          OR: wanted.map((k) => ({
            storeId: k.storeId,
            family: { externalId: k.productId },
            priceAmount: k.unitPrice,
            currency: k.currency,
          })),
        },
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: {
          id: true,
          sku: true,
          title: true,
          externalId: true,
          storeId: true,
          priceAmount: true,
          currency: true,
          family: { select: { externalId: true } },
        },
        take: 100 * wanted.length,
      });
      const stocked = rows.length
        ? await ctx.prisma.inventoryLevel.findMany({
            where: {
              quantity: { gte: 1 },
              item: { storeId: { in: [...new Set(rows.map((r) => r.storeId))] }, key: { in: rows.map((r) => r.sku) } },
            },
            select: { item: { select: { key: true, storeId: true } } },
          })
        : [];
      const inStock = new Set(stocked.map((s) => `${s.item.storeId}:${s.item.key}`));
      return wanted.map((k) =>
        rows
          .filter(
            (r) =>
              r.storeId === k.storeId && r.family.externalId === k.productId && r.priceAmount === k.unitPrice && r.currency === k.currency,
          )
          .slice(0, 100)
          .map((r) => ({
            sku: r.sku,
            title: r.title,
            variantId: r.externalId,
            productRowId: r.id,
            inStock: inStock.has(`${r.storeId}:${r.sku}`),
          })),
      );
    })
    .load(JSON.stringify({ storeId: key.storeId, productId: key.productId, unitPrice: key.unitPrice, currency: key.currency }));
}

/** The compat number of the return a submitted draft became, batched. */
export async function returnNumberOf(ctx: RequestContext, returnId: string): Promise<number | null> {
  const row = await ctx.loaders
    .get<string, { id: string; compatId: number | null } | null>("drafts.returnNumbers", async (ids) =>
      indexBy(
        ids,
        await ctx.prisma.return.findMany({ where: { id: { in: [...ids] } }, select: { id: true, compatId: true } }),
        (r) => r.id,
      ),
    )
    .load(returnId);
  return row?.compatId ?? null;
}
