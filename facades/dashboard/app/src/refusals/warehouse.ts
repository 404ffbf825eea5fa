// The warehouse platform's request refusals (src/warehouse/request-refusals.ts) in the merchant's words.
import type { RefusalWords } from "./types.js";
import { URL_WORDS } from "./webhooks.js";

export const WAREHOUSE_WORDS: RefusalWords = {
  WAREHOUSE_STORE_NEEDED: () => "Choose the store: you have access to several.",
  WAREHOUSE_DETAILS_NOT_JSON: () => "The processing details must be a JSON object.",
  WAREHOUSE_DETAILS_NOT_OBJECT: () => "The processing details must be a JSON object of keys and values, not a list or a single value.",
  WAREHOUSE_WINDOW_ORDER: () => "The start of the period must come before its end.",
  WAREHOUSE_WINDOW_TOO_LONG: (p) => `Choose a period of at most ${p.days} days.`,
  WAREHOUSE_FILTER_INVALID: () => "Filter by the date returns were created or updated.",
  WAREHOUSE_STATE_INVALID: (p) => `Choose one of the warehouse states: ${p.states}.`,
  WAREHOUSE_PAGE_SIZE: (p) => `Show 1 to ${p.max} at a time.`,
  WAREHOUSE_CURSOR_INVALID: () => "This page could not be found again; go back to the first page.",
  WAREHOUSE_ASN_CURSOR_INVALID: () => "This page could not be found again; go back to the first page.",
  WAREHOUSE_WEBHOOK_NOT_FOUND: () => "This warehouse webhook no longer exists in this store.",
  WAREHOUSE_SECRET_SHOWN: () => "The signing secret was shown once already; rotate it to get a new one.",
  WAREHOUSE_WEBHOOK_FIELD_REQUIRED: () => "Fill this in: a warehouse webhook needs its topic, trigger and address.",
  WAREHOUSE_WEBHOOK_VALUE_UNKNOWN: (p) =>
    p.unsent ? `Retour never sends ${p.unsent}; choose another topic.` : `Choose one of: ${String(p.values).split(",").join(", ")}.`,
  WAREHOUSE_WEBHOOK_URL_REFUSED: (p) => `Retour may not call this address: it ${URL_WORDS[p.reason] ?? "cannot be used"}.`,
  WAREHOUSE_WEBHOOK_LIMIT: (p) => `Your store has ${p.max} webhooks, the most it may have: delete one it no longer needs.`,
};
