// The return as the warehouse platform's objects read it (the fields facades/compat/shapes.ts
// COMPAT_RETURN_FIELDS and WEBHOOK_RETURN_FIELDS select), built from the rows with the same field
// functions the GraphQL resolvers call: its webhook object is rendered from this, with no GraphQL
// execution of the core (webhook-format.ts renderPlatformReturn).
import type { RequestContext } from "../core/context.js";
import { orderJson } from "../orders/fields.js";
import { ITEM_EXTRA_FIELDS, ITEM_FIELDS, emptyOrderOf, shipmentOf, sourceOf, totalsMinor, totalsOf } from "../returns/fields.js";
import { exchangeOf } from "../returns/exchange.js";
import { returnParts } from "../returns/payload.js";
import { timelineOf } from "../returns/service.js";
import { publicStatusUrl } from "../portal/status-page.js";
import type { CoreReturn } from "./platform-return.js";
import { warehouseStateOf } from "./states.js";
import { WAREHOUSE_ITEM_FIELDS, closedAtOf, editedAtOf, warehouseOutcome, warehouseTotalsIn } from "./values.js";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The return as the compat door's selection answers it (DateTime as ISO text, absent values null). */
export async function warehouseReturnOf(ctx: RequestContext, storeId: string, returnId: string): Promise<CoreReturn & { status: string }> {
  const [{ r, items, order, lines, currency, values }, timeline, statusPageUrl] = await Promise.all([
    returnParts(ctx, storeId, returnId),
    timelineOf(ctx, returnId),
    publicStatusUrl(ctx, storeId, returnId),
  ]);
  const source = sourceOf(r, order);
  const published = order ?? emptyOrderOf(r, currency);
  return {
    id: r.id,
    compatId: r.compatId ?? null,
    compatState: warehouseStateOf(r.status),
    status: r.status,
    statusPageUrl,
    type: r.type,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    editedAt: iso(editedAtOf(timeline)),
    closedAt: iso(closedAtOf(r.status, timeline)),
    warehouseOutcome: warehouseOutcome(items.map((i) => i.compensation)),
    warehouseTotals: warehouseTotalsIn(
      values.map((v) => ({ compensation: v.item.compensation, status: v.item.status, ...v })),
      currency,
      totalsMinor(values, r),
    ),
    publishedOrder: {
      ...orderJson(published, order ? lines : []),
      currency: published.currency,
      placedAt: published.placedAt.toISOString(),
    },
    source: { ...source, mailingAddress: source.mailingAddress ?? null },
    totals: totalsOf(values, currency, r),
    exchange: exchangeOut(await exchangeOf(ctx, items, r)),
    items: values.map((v) => ({
      id: ITEM_FIELDS.id(v),
      quantity: ITEM_FIELDS.quantity(v),
      reason: ITEM_FIELDS.reason(v),
      customerComment: ITEM_FIELDS.customerComment(v),
      status: ITEM_FIELDS.status(v),
      restockStatus: WAREHOUSE_ITEM_FIELDS.restockStatus(v),
      sku: ITEM_FIELDS.sku(v),
      productId: ITEM_FIELDS.productId(v),
      variantId: ITEM_FIELDS.variantId(v),
      imageUrl: ITEM_EXTRA_FIELDS.imageUrl(v),
      // As the door selects it (`orderItem { id externalId }`): the published ref renamed.
      orderItem: (({ id, line_item_id }) => ({ id, externalId: line_item_id }))(ITEM_FIELDS.orderItem(v)),
      refund: ITEM_FIELDS.refund(v),
      refundBeforeTax: WAREHOUSE_ITEM_FIELDS.refundBeforeTax(v),
      refundTax: WAREHOUSE_ITEM_FIELDS.refundTax(v),
      productValueNoTaxNoAdjustment: ITEM_FIELDS.productValueNoTaxNoAdjustment(v),
      tax: WAREHOUSE_ITEM_FIELDS.tax(v),
    })),
    shipment: shipmentOf(r),
  };
}

/** The Return's exchange as the compat selection reads it (order, and per item its variant, product and price). */
function exchangeOut(x: Awaited<ReturnType<typeof exchangeOf>>) {
  if (!x) return null;
  return {
    order: x.order,
    items: x.items.map((i) => ({
      id: i.id,
      quantity: i.quantity,
      variant: { externalId: i.variant.externalId, sku: i.variant.sku },
      product: i.product,
      price: { amount: i.price.amount },
    })),
  };
}
