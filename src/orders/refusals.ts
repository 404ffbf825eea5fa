// What the orders domain refuses, as codes with their parameters (src/core/refusals.ts); each code's English
// is the detail every door has always answered. Lists are comma-separated.
import { quoted, refusalList } from "../core/refusals.js";

export const ORDER_REFUSALS = refusalList<{
  /** A weight's unit is not one of `units`. */
  WEIGHT_UNIT_UNKNOWN: { field: string; value: string; units: string };
  /** A weight is negative or not a number. */
  WEIGHT_NEGATIVE: { field: string };
  /** A line's quantity is not a whole number from 1 to `max`. */
  LINE_QUANTITY_OUT_OF_RANGE: { field: string; max: number; value: string };
  /** A text is empty. */
  TEXT_EMPTY: { field: string };
  /** A text is longer than `max` characters. */
  TEXT_TOO_LONG: { field: string; max: number };
  /** An amount is negative. */
  AMOUNT_NEGATIVE: { field: string };
  /** No order `id` in the store. */
  ORDER_NOT_FOUND_IN_STORE: { id: string };
  /** The order's date is not a date-time. */
  ORDER_DATE_INVALID: Record<string, never>;
  /** The order has no line item. */
  ORDER_NO_LINES: Record<string, never>;
  /** Two line items have the id `id`. */
  LINE_ID_TWICE: { field: string; id: string };
  /** An order `id` exists already (created by the Orders API). */
  ORDER_EXISTS: { id: string };
  /** A re-sync drops line items `lines` that a return or fulfillment holds. */
  LINES_IN_USE: { lines: string };
  /** A re-sync lowers line `line` to `quantity`, below the `inReturns` units its returns hold. */
  LINE_QUANTITY_IN_RETURNS: { field: string; line: string; inReturns: number; quantity: number };
  /** A fulfillment names `id`, which is not a line of the order. */
  FULFILLMENT_LINE_UNKNOWN: { field: string; id: string };
}>("Orders", {
  WEIGHT_UNIT_UNKNOWN: {
    status: 400,
    field: (p) => `${p.field}.unit`,
    en: (p) => `\`${p.field}.unit\` must be one of ${p.units}; got ${quoted(p.value)}.`,
  },
  WEIGHT_NEGATIVE: { status: 400, field: (p) => `${p.field}.value`, en: (p) => `\`${p.field}.value\` must be a number ≥ 0.` },
  LINE_QUANTITY_OUT_OF_RANGE: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be an integer from 1 to ${p.max}; got ${p.value}.`,
  },
  TEXT_EMPTY: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must not be empty.` },
  TEXT_TOO_LONG: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must have at most ${p.max} characters.` },
  AMOUNT_NEGATIVE: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must not be negative.` },
  ORDER_NOT_FOUND_IN_STORE: {
    status: 404,
    type: "orders/not-found",
    title: "Order not found",
    en: (p) => `No order ${quoted(p.id)} in this store (looked up by external id, internal id and name).`,
  },
  ORDER_DATE_INVALID: { status: 400, field: "createdAt", en: () => "`createdAt` must be an ISO 8601 date-time." },
  ORDER_NO_LINES: { status: 400, field: "lineItems", en: () => "`lineItems` must hold at least one line item." },
  LINE_ID_TWICE: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` ${quoted(p.id)} appears twice.` },
  ORDER_EXISTS: {
    status: 409,
    type: "orders/duplicate",
    title: "Order already exists",
    en: (p) => `An order with id ${quoted(p.id)} already exists in this store; delete it first or use the custom order sync to update it.`,
  },
  LINES_IN_USE: {
    status: 409,
    type: "orders/line-item-in-use",
    title: "Line item in use",
    en: (p) => `Line item(s) ${p.lines} are part of a return or fulfillment and cannot be removed from the order; send them again.`,
  },
  LINE_QUANTITY_IN_RETURNS: {
    status: 409,
    type: "orders/line-item-in-use",
    title: "Line item in use",
    field: (p) => p.field,
    en: (p) =>
      `Line item(s) ${p.line} are part of a return or fulfillment: ${p.inReturns} unit(s) are in returns, so \`${p.field}\` cannot go below ${p.inReturns} (got ${p.quantity}); send at least ${p.inReturns}.`,
  },
  FULFILLMENT_LINE_UNKNOWN: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` ${quoted(p.id)} is not a line item of this order.`,
  },
});

export const refuse = ORDER_REFUSALS.refuse;
