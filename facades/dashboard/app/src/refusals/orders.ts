// The orders domain's refusals (src/orders/refusals.ts) in the merchant's words.
import { type RefusalWords, typed } from "./types.js";

export const ORDER_WORDS: RefusalWords = {
  WEIGHT_UNIT_UNKNOWN: (p) => `${typed(p.value)} is not a unit of weight; use one of ${p.units}.`,
  WEIGHT_NEGATIVE: () => "Enter a weight of 0 or more.",
  LINE_QUANTITY_OUT_OF_RANGE: (p) => `An order line holds 1 to ${p.max} units, in whole units.`,
  TEXT_EMPTY: () => "This cannot be left empty.",
  TEXT_TOO_LONG: (p) => `This is too long: ${p.max} characters at most.`,
  AMOUNT_NEGATIVE: () => "Enter an amount of 0 or more.",
  ORDER_NOT_FOUND_IN_STORE: (p) => `No order ${typed(p.id)} in this store.`,
  ORDER_DATE_INVALID: () => "Enter the date the order was placed, with its time.",
  ORDER_NO_LINES: () => "An order needs at least one item.",
  LINE_ID_TWICE: (p) => `Two of the order's items have the same reference ${typed(p.id)}.`,
  ORDER_EXISTS: (p) => `The order ${typed(p.id)} already exists in this store.`,
  LINES_IN_USE: (p) =>
    `The items ${p.lines} are part of a return or a shipment, so they cannot be removed from the order; keep them in it.`,
  LINE_QUANTITY_IN_RETURNS: (p) =>
    `${p.inReturns} units of item ${p.line} are in returns, so the order cannot hold fewer than ${p.inReturns} of it (not ${p.quantity}).`,
  FULFILLMENT_LINE_UNKNOWN: (p) => `${typed(p.id)} is not one of this order's items.`,
};
