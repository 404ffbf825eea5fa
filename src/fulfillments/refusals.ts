// What fulfillments refuse, as codes with their parameters (src/core/refusals.ts); each code's English is the
// detail every door has always answered. Lists are comma-separated.
import { quoted, refusalList } from "../core/refusals.js";

export const FULFILLMENT_REFUSALS = refusalList<{
  /** No order `id` in the store. */
  FULFILLMENT_ORDER_NOT_FOUND: { id: string };
  /** The fulfillment has no line item. */
  FULFILLMENT_NO_LINES: Record<string, never>;
  /** The fulfillment's own id is empty. */
  FULFILLMENT_ID_EMPTY: Record<string, never>;
  /** The tracking's carrier or code is empty. */
  FULFILLMENT_TRACKING_EMPTY: Record<string, never>;
  /** An initial tracking state was sent without dummy tracking. */
  FULFILLMENT_INITIAL_TRACKING: Record<string, never>;
  /** `value` is not one of `statuses`. */
  FULFILLMENT_STATUS_UNKNOWN: { field: string; value: string; statuses: string };
  /** `id` is not a line of order `order`. */
  FULFILLMENT_NOT_A_LINE: { field: string; id: string; order: string };
  /** Line `line`: `requested` units asked, `left` of `ordered` still unfulfilled. */
  FULFILLMENT_TOO_MANY_UNITS: { line: string; requested: number; left: number; ordered: number };
  /** A fulfillment `id` exists already in the store. */
  FULFILLMENT_ID_TAKEN: { id: string };
  /** No fulfillment `id` on order `order`. */
  FULFILLMENT_NOT_FOUND: { id: string; order: string };
}>("Fulfillments", {
  FULFILLMENT_ORDER_NOT_FOUND: {
    status: 404,
    type: "orders/not-found",
    title: "Order not found",
    en: (p) => `Order ${quoted(p.id)} not found in this store.`,
  },
  FULFILLMENT_NO_LINES: { status: 400, field: "lineItems", en: () => "`lineItems` must hold at least one line item." },
  FULFILLMENT_ID_EMPTY: { status: 400, field: "fulfillmentId", en: () => "`fulfillmentId` must not be empty." },
  FULFILLMENT_TRACKING_EMPTY: { status: 400, field: "tracking", en: () => "`tracking.carrier` and `tracking.code` must not be empty." },
  FULFILLMENT_INITIAL_TRACKING: {
    status: 400,
    field: "initialTracking",
    en: () => "`initialTracking` applies only with `useDummyTracking: true`.",
  },
  FULFILLMENT_STATUS_UNKNOWN: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be one of ${p.statuses}; got ${quoted(p.value)}.`,
  },
  FULFILLMENT_NOT_A_LINE: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` ${quoted(p.id)} is not a line item of order ${p.order}.`,
  },
  FULFILLMENT_TOO_MANY_UNITS: {
    status: 400,
    field: "lineItems",
    en: (p) => `Line item ${p.line}: ${p.requested} requested but only ${p.left} of ${p.ordered} are still unfulfilled.`,
  },
  FULFILLMENT_ID_TAKEN: {
    status: 400,
    type: "fulfillments/duplicate-id",
    field: "fulfillmentId",
    en: (p) => `A fulfillment with id ${quoted(p.id)} already exists in this store.`,
  },
  FULFILLMENT_NOT_FOUND: {
    status: 404,
    type: "fulfillments/not-found",
    title: "Fulfillment not found",
    en: (p) => `Fulfillment ${quoted(p.id)} not found on order ${p.order}.`,
  },
});

export const refuse = FULFILLMENT_REFUSALS.refuse;
