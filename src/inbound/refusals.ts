// What inbound shipments and locations refuse, as codes with their parameters (src/core/refusals.ts); each
// code's English is the detail every door has always answered. Lists are comma-separated.
import { quoted, refusalList } from "../core/refusals.js";

export const INBOUND_REFUSALS = refusalList<{
  /** A location's name is empty or longer than `max`. */
  LOCATION_NAME_LENGTH: { max: number };
  /** The store has `max` locations. */
  LOCATIONS_LIMIT: { max: number };
  /** `value` is not one of `statuses`. */
  INBOUND_STATUS_UNKNOWN: { value: string; statuses: string };
  /** `value` is not a location id. */
  INBOUND_LOCATION_ID_INVALID: { value: string };
  /** A date filter is not a date-time. */
  INBOUND_DATE_TIME_INVALID: { field: string };
  /** `value` is not a date YYYY-MM-DD. */
  INBOUND_DATE_INVALID: { field: string; value: string };
  /** A text is longer than `max`. */
  INBOUND_TEXT_TOO_LONG: { field: string; max: number };
  /** No location `id` in the store. */
  INBOUND_LOCATION_NOT_FOUND: { id: string };
  /** The duty cost's currency differs from the freight cost's. */
  INBOUND_CURRENCIES_DIFFER: Record<string, never>;
  /** An amount is negative. */
  INBOUND_AMOUNT_NEGATIVE: { field: string };
  /** A shipment holds none or more than `max` items. */
  INBOUND_ITEMS_COUNT: { max: number };
  /** A quantity is not a whole number of at least 1. */
  INBOUND_QUANTITY_INVALID: { field: string };
  /** No products `ids` in the store. */
  INBOUND_PRODUCTS_NOT_FOUND: { ids: string };
  /** The custom volume is negative. */
  INBOUND_VOLUME_NEGATIVE: Record<string, never>;
  /** A URL is not http(s). */
  INBOUND_URL_INVALID: { field: string };
  /** No inbound shipment `id` in the store. */
  INBOUND_NOT_FOUND: { id: string };
  /** Shipment `id` has receipts: its items are fixed. */
  INBOUND_ITEMS_LOCKED: { id: string };
  /** Shipment `id` is `status`, not PENDING. */
  INBOUND_NOT_PENDING: { id: string; status: string };
  /** No receipt was sent. */
  INBOUND_RECEIPTS_EMPTY: Record<string, never>;
  /** A receipt's count is not a whole number ≥ 0. */
  INBOUND_COUNT_INVALID: { field: string };
  /** No item `itemId` in shipment `id`. */
  INBOUND_ITEM_NOT_FOUND: { field: string; itemId: string; id: string };
  /** Item `itemId` shipped `shipped` units; the receipts would account for `accounted`; at most `left` more. */
  INBOUND_OVER_RECEIPT: { itemId: string; shipped: number; accounted: number; left: number };
}>("Inbound shipments", {
  LOCATION_NAME_LENGTH: { status: 400, field: "name", en: (p) => `\`name\` must be 1 to ${p.max} characters.` },
  LOCATIONS_LIMIT: {
    status: 409,
    type: "locations/limit-reached",
    title: "Too many locations",
    en: (p) => `A store has at most ${p.max} locations; use an existing one.`,
  },
  INBOUND_STATUS_UNKNOWN: { status: 400, field: "status", en: (p) => `\`status\` must be one of ${p.statuses}; got ${quoted(p.value)}.` },
  INBOUND_LOCATION_ID_INVALID: {
    status: 400,
    field: "locationId",
    en: (p) => `The location must be a location id (\`loc_…\`); got ${quoted(p.value)}.`,
  },
  INBOUND_DATE_TIME_INVALID: { status: 400, field: (p) => p.field, en: () => "The date must be an ISO 8601 date-time." },
  INBOUND_DATE_INVALID: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be a date YYYY-MM-DD; got ${quoted(p.value)}.`,
  },
  INBOUND_TEXT_TOO_LONG: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must have at most ${p.max} characters.` },
  INBOUND_LOCATION_NOT_FOUND: { status: 400, field: "input.locationId", en: (p) => `No location ${p.id} in this store.` },
  INBOUND_CURRENCIES_DIFFER: {
    status: 400,
    field: "input.dutyCost.currency",
    en: () => "`input.dutyCost.currency` must equal `input.freightCost.currency`.",
  },
  INBOUND_AMOUNT_NEGATIVE: { status: 400, field: (p) => `${p.field}.amount`, en: (p) => `\`${p.field}.amount\` must not be negative.` },
  INBOUND_ITEMS_COUNT: { status: 400, field: "input.items", en: (p) => `A shipment needs 1 to ${p.max} items.` },
  INBOUND_QUANTITY_INVALID: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must be a positive integer.` },
  INBOUND_PRODUCTS_NOT_FOUND: { status: 400, field: "input.items.productId", en: (p) => `No product ${p.ids} in this store.` },
  INBOUND_VOLUME_NEGATIVE: {
    status: 400,
    field: "input.customVolumeCubicMeters",
    en: () => "`input.customVolumeCubicMeters` must not be negative.",
  },
  INBOUND_URL_INVALID: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must be an http(s) URL.` },
  INBOUND_NOT_FOUND: {
    status: 404,
    type: "inbound/not-found",
    title: "Inbound shipment not found",
    en: (p) => `No inbound shipment ${p.id} in this store.`,
  },
  INBOUND_ITEMS_LOCKED: {
    status: 409,
    type: "inbound/items-locked",
    title: "Items already received",
    en: (p) => `Inbound shipment ${p.id} has receipts recorded; its items can no longer be changed.`,
  },
  INBOUND_NOT_PENDING: {
    status: 409,
    type: "inbound/invalid-transition",
    title: "Shipment already arriving",
    en: (p) => `Inbound shipment ${p.id} is ${p.status}; only a PENDING shipment can be marked in transit.`,
  },
  INBOUND_RECEIPTS_EMPTY: { status: 400, field: "receipts", en: () => "`receipts` must not be empty." },
  INBOUND_COUNT_INVALID: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must be a non-negative integer.` },
  INBOUND_ITEM_NOT_FOUND: { status: 400, field: (p) => p.field, en: (p) => `No item ${p.itemId} in inbound shipment ${p.id}.` },
  INBOUND_OVER_RECEIPT: {
    status: 409,
    type: "inbound/over-receipt",
    title: "More units than shipped",
    en: (p) =>
      `Item ${p.itemId} was shipped with ${p.shipped} units; received, damaged and missing would add up to ${p.accounted}. Record at most ${p.left} more.`,
  },
});

export const refuse = INBOUND_REFUSALS.refuse;
