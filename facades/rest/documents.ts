// The REST door's read of a return and its order (the merchant API's Return and order-read shapes,
// ./shapes.ts), as GraphQL selection sets derived from those shapes. The door selects exactly these;
// webhook payloads are built from the rows by the same field functions (src/returns/payload.ts,
// optional fields absent when empty as the document says), so a REST read and an event carry the same JSON.
import { selectionOf } from "../../src/core/json-shape.js";
import { Order, Return } from "./shapes.js";

/** Every field of the merchant API's Return, in its order (selected exactly as the shape declares). */
export const RETURN_FIELDS = selectionOf(Return);

/** Every field of the merchant API's order-read (bare Money). */
export const ORDER_FIELDS = selectionOf(Order);

/** Splits `publishedOrder` off a selected return: `{ return, order }` as REST and events show them. */
export function splitReturn(selected: Record<string, unknown>): { return: unknown; order: unknown } {
  const { publishedOrder, ...ret } = selected;
  return { return: ret, order: publishedOrder };
}
