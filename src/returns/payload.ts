// The `return` topic's payload, { return, order }: the return event's document (event-document.ts), built
// from the rows (the return, its items, its order and lines, its tags: a few batched reads) by the
// same pure field functions the GraphQL resolvers call (fields.ts, src/orders/fields.ts), with no
// GraphQL execution. Optional fields are absent when empty, as the document says (dropAbsent).
import { systemContext, type RequestContext, type Services } from "../core/context.js";
import { dropAbsent } from "../core/json-shape.js";
import { lineItemById, orderById, lineItemsOf } from "../orders/service.js";
import { orderJson } from "../orders/fields.js";
import * as f from "./fields.js";
import { exchangeItemOf, exchangeOf } from "./exchange.js";
import { giftCardsOf } from "./gift-cards.js";
import { itemsOf } from "./loaders.js";
import { primeLoaders, readReturnAggregate } from "./aggregate.js";
import { itemValues, returnCurrency } from "./service.js";
import { OrderDocument, ReturnDocument } from "./event-document.js";
import type { ReturnItemRow } from "./rows.js";
import { tagsOfReturn } from "./tags.js";

/** An item with its order line and values. Through the order's line-item loader (one query per page
 * of orders), which the order's own `items` also use; an imported item names a catalogue product, not
 * a line: it carries no value. */
export async function itemWithValues(ctx: RequestContext, item: ReturnItemRow) {
  const [line, exchangeItem] = await Promise.all([
    item.orderId && item.lineItemId ? lineItemById(ctx, item.orderId, item.lineItemId) : null,
    exchangeItemOf(ctx, item),
  ]);
  return { item, line, ...itemValues(item, line), ...(exchangeItem ? { exchangeItem } : {}) };
}

/** A return's rows with its items' lines and values, read once (batched loaders); the renderers' input. */
export async function returnParts(ctx: RequestContext, storeId: string, returnId: string) {
  // One statement for the return and its parts, primed into the loaders read below (aggregate.ts).
  const aggregate = await readReturnAggregate(ctx, returnId, [storeId]);
  if (!aggregate) throw new Error(`return ${returnId} not found in store ${storeId}`);
  primeLoaders(ctx, aggregate);
  const r = aggregate.ret;
  const [items, order] = await Promise.all([itemsOf(ctx, r.id), r.orderId ? orderById(ctx, r.orderId) : null]);
  if (r.orderId && !order) throw new Error(`return ${r.id} has no order`);
  const currency = returnCurrency(r, order);
  const values = await Promise.all(items.map(async (item) => ({ ...(await itemWithValues(ctx, item)), currency })));
  const lines = order ? await lineItemsOf(ctx, order.id) : [];
  return { r, items, order, lines, currency, values };
}

/** Renders `{ return, order }` for a return of a store, as the system. */
export async function renderReturnPayload(
  services: Services,
  storeId: string,
  returnId: string,
): Promise<{ return: unknown; order: unknown }> {
  const ctx = systemContext(services, storeId, "render");
  const { r, items, order, lines, currency, values } = await returnParts(ctx, storeId, returnId);
  // Primed by returnParts' aggregate read: no statement of their own.
  const [tags, giftCards] = await Promise.all([tagsOfReturn(ctx, returnId), giftCardsOf(ctx, returnId)]);
  const exchange = await exchangeOf(ctx, items, r);
  const shipment = f.shipmentOf(r);
  const ret = {
    id: r.id,
    type: r.type,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    order: f.orderRefOf(order),
    items: values.map(f.itemJson),
    source: f.sourceOf(r, order),
    destination: f.destinationOf(r),
    protection: f.protectionOf(order),
    compensationMethods: f.compensationMethodsOf(items),
    ...f.RETURN_CONSTANTS,
    giftCards,
    ...(exchange ? { exchange } : {}),
    externalOrderIds: f.externalIdsOf(order),
    externalReturnIds: f.externalReturnIdsOf(r),
    platformOrderIds: f.externalIdsOf(order),
    internalCreatedByName: r.createdByName,
    notes: f.notesOf(r),
    shipment,
    shipments: shipment ? [shipment] : [],
    tags,
    totals: f.totalsOf(values, currency, r),
  };
  const fullOrder = order ? orderJson(order, lines) : orderJson(f.emptyOrderOf(r, currency), []);
  return { return: dropAbsent(ReturnDocument, ret), order: dropAbsent(OrderDocument, fullOrder) };
}
