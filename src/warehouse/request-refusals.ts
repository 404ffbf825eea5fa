// What the warehouse platform's requests refuse before any action (a store to name, a list's window, page
// and cursor, an action's details, its webhooks), as codes with their parameters (src/core/refusals.ts); each
// code's English is the message the platform's clients have always read. The refusals of the actions by a
// return's state are the platform's own matrix (refusals.ts).
import { refusalList } from "../core/refusals.js";
import { URL_REASONS, type UrlReason } from "../webhooks/ssrf.js";

export const WAREHOUSE_REFUSALS = refusalList<{
  /** The credentials reach several stores and none was named. */
  WAREHOUSE_STORE_NEEDED: Record<string, never>;
  /** The details are not JSON. */
  WAREHOUSE_DETAILS_NOT_JSON: Record<string, never>;
  /** The details are JSON but not an object. */
  WAREHOUSE_DETAILS_NOT_OBJECT: Record<string, never>;
  /** A list's window starts after it ends. */
  WAREHOUSE_WINDOW_ORDER: Record<string, never>;
  /** A list's window is longer than `days` days. */
  WAREHOUSE_WINDOW_TOO_LONG: { days: number };
  /** The list's filter is not created_at or updated_at. */
  WAREHOUSE_FILTER_INVALID: Record<string, never>;
  /** The list's state is not one of `states`. */
  WAREHOUSE_STATE_INVALID: { states: string };
  /** The page size is not from 1 to `max`. */
  WAREHOUSE_PAGE_SIZE: { max: number };
  /** The return list's cursor was changed. */
  WAREHOUSE_CURSOR_INVALID: Record<string, never>;
  /** The ASN list's cursor was changed or sent with another window. */
  WAREHOUSE_ASN_CURSOR_INVALID: Record<string, never>;
  /** No warehouse webhook `platformId` in the store. */
  WAREHOUSE_WEBHOOK_NOT_FOUND: { platformId: number };
  /** The signing secret was shown already. */
  WAREHOUSE_SECRET_SHOWN: Record<string, never>;
  /** A webhook's `field` (topic, trigger, url) is missing. */
  WAREHOUSE_WEBHOOK_FIELD_REQUIRED: { field: string };
  /** A webhook's `field` is not one of `values` (comma-separated); `unsent`: the topic given, when the platform has it but Retour never sends it. */
  WAREHOUSE_WEBHOOK_VALUE_UNKNOWN: { field: string; values: string; unsent: string };
  /** The webhook's url is refused by the outbound guard for `reason` (a UrlReason: NOT_HTTPS, NON_PUBLIC, …). */
  WAREHOUSE_WEBHOOK_URL_REFUSED: { reason: UrlReason };
  /** The store has `max` webhooks already. */
  WAREHOUSE_WEBHOOK_LIMIT: { max: number };
}>("Warehouse platform requests", {
  WAREHOUSE_STORE_NEEDED: {
    status: 400,
    field: "storeId",
    en: () => "`storeId` is required: these credentials reach several stores.",
  },
  WAREHOUSE_DETAILS_NOT_JSON: { status: 400, field: "details", en: () => "`details` must be a JSON object." },
  WAREHOUSE_DETAILS_NOT_OBJECT: {
    status: 400,
    field: "details",
    en: () => "`details` must be a JSON object (key/value pairs), not an array or a scalar.",
  },
  WAREHOUSE_WINDOW_ORDER: { status: 400, field: "from", en: () => "The from must be a date before or equal to to." },
  WAREHOUSE_WINDOW_TOO_LONG: { status: 400, field: "to", en: (p) => `The to must be a date within ${p.days} days of from.` },
  WAREHOUSE_FILTER_INVALID: { status: 400, field: "filter", en: () => "The selected filter is invalid: use created_at or updated_at." },
  WAREHOUSE_STATE_INVALID: { status: 400, field: "state", en: (p) => `The selected state is invalid: use one of ${p.states}.` },
  WAREHOUSE_PAGE_SIZE: { status: 400, field: "pageSize", en: (p) => `The page size must be between 1 and ${p.max}.` },
  WAREHOUSE_CURSOR_INVALID: {
    status: 400,
    field: "cursor",
    en: () => "The cursor is invalid: use nextPageUrl / previousPageUrl (or their cursor) unchanged.",
  },
  WAREHOUSE_ASN_CURSOR_INVALID: {
    status: 400,
    field: "cursor",
    en: () => "The cursor is invalid: send a nextCursor unchanged, with its page's from and to.",
  },
  WAREHOUSE_WEBHOOK_NOT_FOUND: {
    status: 404,
    type: "webhooks/not-found",
    title: "Webhook not found",
    en: (p) => `No warehouse webhook ${p.platformId} in this store.`,
  },
  WAREHOUSE_SECRET_SHOWN: {
    status: 409,
    type: "webhooks/secret-already-shown",
    title: "Secret already shown",
    en: () => "The signing secret is shown once and was shown already; rotate it (rotateWarehouseSigningSecret) to get a new one.",
  },
  // The platform's own sentences (its 422 names each bad field so), kept as its clients read them.
  WAREHOUSE_WEBHOOK_FIELD_REQUIRED: { status: 400, field: (p) => p.field, en: (p) => `The ${p.field} field is required.` },
  WAREHOUSE_WEBHOOK_VALUE_UNKNOWN: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `Must be one of the following values:${p.values}${p.unsent ? ` (topic ${p.unsent} is not sent by Retour)` : ""}`,
  },
  WAREHOUSE_WEBHOOK_URL_REFUSED: { status: 400, field: "url", en: (p) => `The url ${URL_REASONS[p.reason] ?? p.reason}.` },
  WAREHOUSE_WEBHOOK_LIMIT: {
    status: 400,
    field: "webhook",
    en: (p) => `A store may have at most ${p.max} webhooks: delete one it no longer needs.`,
  },
});

export const refuse = WAREHOUSE_REFUSALS.refuse;
