// Exchanges: at creation, the variant an exchange item names is checked against what the policy's
// evaluator requires (another variant of the line's product at the line's unit price); the Return's
// `exchange` block is then built from the held items (the merchant API's shape), the same on every door
// and in the webhook payload. The units themselves are held in src/inventory/holds.ts.
import type { RequestContext } from "../core/context.js";
import { refuse } from "./refusals.js";
import { formatMinor, money } from "../core/money.js";
import type { TransactionClient } from "../db/client.js";
import type { ReturnItemRow } from "./rows.js";

type Line = { productId: string; unitPrice: number; externalId: string };

/** The catalogue variant an exchange item gets, or a 4xx naming the item's field and the fix. */
export async function exchangeVariant(
  tx: TransactionClient,
  storeId: string,
  currency: string,
  field: string,
  sku: string,
  line: Line,
): Promise<{ id: string; sku: string }> {
  const p = await tx.product.findUnique({
    where: { storeId_sku: { storeId, sku: sku.trim() } },
    select: { id: true, sku: true, priceAmount: true, currency: true, family: { select: { externalId: true } } },
  });
  const f = `${field}.exchangeSku`;
  if (!p) throw refuse("RETURN_EXCHANGE_SKU_UNKNOWN", { field: f, sku });
  if (p.family.externalId !== line.productId)
    throw refuse("RETURN_EXCHANGE_OTHER_PRODUCT", { field: f, sku, product: line.productId, line: line.externalId });
  if (p.currency !== currency || p.priceAmount !== line.unitPrice)
    throw refuse("RETURN_EXCHANGE_PRICE", {
      field: f,
      sku,
      price: formatMinor(p.priceAmount, p.currency),
      priceCurrency: p.currency,
      unitPrice: formatMinor(line.unitPrice, currency),
      currency,
    });
  return { id: p.id, sku: p.sku };
}

/**
 * Refused where no policy is published: offering exchanges (they hold stock) or letting the shopper keep
 * the item (refunded without a parcel) is the merchant's choice.
 */
export function exchangeNotOffered(field: string, outcome: "exchange" | "keep_item" = "exchange") {
  return refuse("RETURN_OUTCOME_NEEDS_POLICY", { field: `${field}.compensation`, outcome });
}

type Variant = Awaited<ReturnType<typeof variantsById>>[number];

function variantsById(ctx: RequestContext, ids: string[]) {
  const loader = ctx.loaders.byId("returns.exchangeVariant", (keys) =>
    ctx.prisma.product.findMany({
      where: { id: { in: keys } },
      select: {
        id: true,
        sku: true,
        title: true,
        externalId: true,
        priceAmount: true,
        currency: true,
        weight: true,
        weightUnit: true,
        family: { select: { title: true, externalId: true } },
      },
    }),
  );
  return Promise.all(ids.map((id) => loader.load(id))) as Promise<
    ({
      id: string;
      sku: string;
      title: string;
      externalId: string | null;
      priceAmount: number;
      currency: string;
      family: { title: string; externalId: string | null };
    } | null)[]
  >;
}

/** Items that exchange, still live (a rejected item's units are released). */
const exchanging = (items: ReturnItemRow[]) =>
  items.filter((i) => i.compensation === "exchange" && i.exchangeProductId && i.status !== "rejected");

/** The Return's `exchange` block from its exchange items; null (absent) when it has none. */
export async function exchangeOf(ctx: RequestContext, items: ReturnItemRow[], ret: { exchangeOrderExternalId: string | null }) {
  const live = exchanging(items);
  if (!live.length) return null;
  const variants = await variantsById(
    ctx,
    live.map((i) => i.exchangeProductId!),
  );
  const out = live.flatMap((i, k) => {
    const v = variants[k] as Variant;
    if (!v) return [];
    const price = money(v.priceAmount, v.currency);
    return [
      {
        id: i.id,
        quantity: i.quantity,
        variant: { name: v.title || v.family.title, externalId: v.externalId, sku: v.sku, weight: null },
        product: { name: v.family.title, externalId: v.family.externalId },
        originalPrice: price,
        price: { amount: price.amount, currency: price.currency, tax: null },
      },
    ];
  });
  // Deferred: the shop creates the exchange order once it hears of the return, and reports it back (exchange-order.ts).
  const order = ret.exchangeOrderExternalId ? { externalId: ret.exchangeOrderExternalId } : null;
  return { items: out, provision: "deferred", itemCount: out.reduce((s, i) => s + i.quantity, 0), order, totalTax: null };
}

/** A return item's `exchangeItem` (what it is exchanged for), from the same batched read. */
export async function exchangeItemOf(ctx: RequestContext, item: ReturnItemRow) {
  if (item.compensation !== "exchange" || !item.exchangeProductId) return null;
  const [v] = await variantsById(ctx, [item.exchangeProductId]);
  if (!v) return null;
  return {
    product: { name: v.family.title, externalId: v.family.externalId },
    quantity: item.quantity,
    variant: { name: v.title || v.family.title, externalId: v.externalId },
  };
}
