// The order-read's computed fields, as pure functions of the rows: the GraphQL resolvers
// (resolvers.ts) and the `return` topic's payload (src/returns/payload.ts) both call these.
import { money } from "../core/money.js";
import { lineItemsTotal, orderTotal, type LineItemRow, type OrderRow } from "./service.js";

export const orderCustomer = (o: OrderRow) => ({
  name: { given: o.customerFirstName, surname: o.customerLastName },
  emailAddress: o.customerEmail,
  phoneNumber: o.customerPhone,
});

export const orderProtection = (o: OrderRow) => ({
  covered: o.covered,
  finalSaleCoverage: o.finalSaleCoverage,
  packageProtection: o.packageProtection,
  returnsCoverage: o.returnsCoverage,
});

export const orderItemProduct = (l: LineItemRow) => ({ name: l.title, externalId: l.productId });

export const orderItemVariant = (l: LineItemRow) => ({
  name: l.variantTitle ?? l.title,
  externalId: l.variantId,
  sku: l.sku,
  weight: l.weightGrams == null ? null : { kg: l.weightGrams / 1000 },
});

/** The published order-read of an order and its lines (nulls where the shape drops them). */
export function orderJson(o: OrderRow, lines: LineItemRow[]) {
  return {
    id: o.id,
    name: o.name,
    externalId: o.externalId,
    customer: orderCustomer(o),
    items: lines.map((l) => ({
      id: l.id,
      externalId: l.externalId,
      fulfillmentLocationId: l.fulfillmentLocationId,
      price: money(l.unitPrice, o.currency),
      product: orderItemProduct(l),
      quantity: l.quantity,
      variant: orderItemVariant(l),
    })),
    discounts: money(o.discountTotal, o.currency),
    lineItemsTotal: money(lineItemsTotal(lines), o.currency),
    shippingCost: money(o.shippingCost, o.currency),
    taxes: money(o.taxTotal, o.currency),
    total: money(orderTotal(o, lines), o.currency),
    protection: orderProtection(o),
  };
}
