// The canonical JSON of a return and its order (the merchant API's Return and order-read shapes,
// src/returns/shapes.ts), as GraphQL selection sets derived from those shapes. The REST door selects
// exactly these; webhook payloads are built from the rows by the same field functions (payload.ts,
// optional fields absent when empty as the shapes say), so a REST read and an event carry the same JSON.
import { selectionOf } from "../core/json-shape.js";
import { Order, Return } from "./shapes.js";

/** Every field of the merchant API's Return, in its order (selected exactly as the shape declares). */
export const RETURN_FIELDS = selectionOf(Return);

/** Every field of the merchant API's order-read (bare Money). */
export const ORDER_FIELDS = selectionOf(Order);

/**
 * The order-read of a return without an order (an imported one): the published shape requires one,
 * so its strings are empty, its lists empty and its amounts 0 in the return's currency.
 */
export function noOrder(currency: string) {
  const zero = { amount: "0.00", currency };
  return {
    id: "",
    name: "",
    customer: { name: { given: "", surname: "" } },
    items: [],
    discounts: zero,
    lineItemsTotal: zero,
    shippingCost: zero,
    taxes: zero,
    total: zero,
    protection: { covered: false, finalSaleCoverage: false, packageProtection: false, returnsCoverage: false },
  };
}

/** Splits `fullOrder` off a selected return: `{ return, order }` as REST and events show them. */
export function splitReturn(selected: Record<string, unknown>): { return: unknown; order: unknown } {
  const { fullOrder, ...ret } = selected;
  const currency = (ret.totals as { refund?: { amount?: { currency?: string } } } | undefined)?.refund?.amount?.currency ?? "USD";
  return { return: ret, order: fullOrder ?? noOrder(currency) };
}
