// What the shop connection refuses, as codes with their parameters (src/core/refusals.ts): a door words each code
// itself (the dashboard: facades/dashboard/app/src/refusals/shops.ts); a reworded sentence never changes a code.
import { quoted, refusalList, type RefusalEntries } from "../core/refusals.js";
import { URL_REASONS, type UrlReason } from "../webhooks/ssrf.js";
import { FINDING_PARAM, findingEnglish, isFindingCode, type ShopFinding } from "./findings.js";

export type ShopRefusalParams = {
  /** `platform` is not one Retour connects to; `platforms` are (comma-separated). */
  SHOP_PLATFORM_UNKNOWN: { platform: string; platforms: string };
  /** The Admin API's address `url` is refused by the outbound guard for `reason` (a UrlReason: NOT_HTTPS, NON_PUBLIC, …); `hint` is what to give. */
  SHOP_URL_REFUSED: { url: string; reason: UrlReason; hint: string };
  /** The API key sent is empty, on several lines or longer than `max` characters. */
  SHOP_API_KEY_INVALID: { platform: string; max: number };
  /** No key was sent and the store has no connection yet. */
  SHOP_API_KEY_REQUIRED: { platform: string };
  /** No key was sent and the shop moves from the origin `from` to `to` (or changes platform). */
  SHOP_API_KEY_REQUIRED_MOVED: { from: string; to: string };
  /** No key was sent and the connection changed between the check and the write. */
  SHOP_CONNECTION_CHANGED: Record<string, never>;
  /** The store has no shop connection to `action` (test, import orders from). */
  SHOP_NO_CONNECTION: { action: string };
  /**
   * The shop did not give its orders: what a call found as `finding` (its code, src/shops/findings.ts) and
   * `finding.<name>` (each of its parameters, as text); `imported` orders were written before.
   */
  SHOP_ORDERS_UNAVAILABLE: { imported: number; finding: string; [findingParam: `finding.${string}`]: string };
  /** No ledger entry `id` in the caller's stores. */
  LEDGER_ENTRY_NOT_FOUND: { id: string };
  /** The ledger entry is `state` (pending, sent, recorded): only a failed push is retried. */
  LEDGER_ENTRY_NOT_RETRYABLE: { id: string; state: string };
  /** The shop can sell `units` of `sku`, fewer than Retour's unplaced exchanges of it need with this one (`needed`), at `field`. */
  SHOP_EXCHANGE_OUT_OF_STOCK: { field: string; lineItemId: string; sku: string; units: number; needed: number };
  /** The shop's stock could not be read (`problem`, in words) to check the exchange at `field`. */
  SHOP_STOCK_UNAVAILABLE: { field: string; finding: string; [findingParam: `finding.${string}`]: string };
  /** An order of the shop could not be written for a reason of Retour's own (logged): kept with this code, never thrown. */
  SHOP_ORDER_NOT_WRITTEN: Record<string, never>;
};

const ENTRIES: RefusalEntries<ShopRefusalParams> = {
  SHOP_PLATFORM_UNKNOWN: {
    status: 400,
    field: "input.platform",
    en: (p) => `\`input.platform\` ${quoted(p.platform)} is not a platform Retour connects to; use one of ${p.platforms}.`,
  },
  SHOP_URL_REFUSED: {
    status: 400,
    field: "input.adminApiUrl",
    en: (p) => `\`input.adminApiUrl\` ${URL_REASONS[p.reason] ?? p.reason}; give ${p.hint}. Got ${quoted(p.url)}.`,
  },
  SHOP_API_KEY_INVALID: {
    status: 400,
    field: "input.apiKey",
    en: (p) =>
      `\`input.apiKey\` must be the API key ${p.platform} showed when it was made: 1 to ${p.max} characters on one line; omit it to keep the stored key.`,
  },
  SHOP_API_KEY_REQUIRED: {
    status: 400,
    field: "input.apiKey",
    en: (p) => `\`input.apiKey\` is required to connect a shop: make an API key in ${p.platform} and paste it here.`,
  },
  SHOP_API_KEY_REQUIRED_MOVED: {
    status: 400,
    field: "input.apiKey",
    en: (p) =>
      `\`input.apiKey\` is required when the shop moves from ${p.from} to ${p.to} or changes platform: the stored key is only ever sent where it was given. Paste the key again.`,
  },
  SHOP_CONNECTION_CHANGED: {
    status: 400,
    field: "input.apiKey",
    en: () => "`input.apiKey` is required: the connection changed meanwhile. Paste the key again.",
  },
  SHOP_NO_CONNECTION: {
    status: 404,
    type: "shops/no-connection",
    title: "No shop connection",
    en: (p) => `This store has no shop connection: set one (setShopConnection) before you ${p.action}.`,
  },
  SHOP_ORDERS_UNAVAILABLE: {
    status: 422,
    type: "shops/unavailable",
    title: "The shop did not give its orders",
    en: (p) => `${findingOfParams(p)} ${p.imported} order(s) were imported before; import again once the connection test passes.`,
  },
  LEDGER_ENTRY_NOT_FOUND: {
    status: 404,
    type: "returns/ledger-entry-not-found",
    title: "Ledger entry not found",
    en: (p) => `No ledger entry ${p.id} in your stores.`,
  },
  LEDGER_ENTRY_NOT_RETRYABLE: {
    status: 409,
    type: "returns/ledger-entry-not-failed",
    title: "Nothing to retry",
    en: (p) => `Ledger entry ${p.id} is ${p.state}: only a failed push to the shop can be retried.`,
  },
  SHOP_EXCHANGE_OUT_OF_STOCK: {
    status: 409,
    type: "returns/exchange-out-of-stock",
    title: "Exchange variant out of stock",
    en: (p) =>
      `\`${p.field}.exchangeSku\` (line item ${p.lineItemId}): the shop can sell ${p.units} unit(s) of SKU ${p.sku} and open exchanges would need ${p.needed}, so the exchange cannot be held. Choose another variant, or refund or store credit for this line.`,
    extra: (p) => ({ field: `${p.field}.exchangeSku`, lineItemId: p.lineItemId }),
  },
  SHOP_STOCK_UNAVAILABLE: {
    status: 503,
    type: "shops/stock-unavailable",
    title: "The shop's stock could not be read",
    en: (p) =>
      `\`${p.field}.exchangeSku\`: the shop's stock could not be read to hold the exchange (${findingOfParams(p)}) Try again in a minute.`,
    extra: (p) => ({ field: `${p.field}.exchangeSku` }),
  },
  SHOP_ORDER_NOT_WRITTEN: {
    status: 422,
    type: "shops/order-not-written",
    title: "Order not written",
    en: () => "Retour could not write this order (an unexpected error, logged for the operator).",
  },
};

/** The finding a refusal's parameters carry (findingAsParams) in English; a sentence of its own when it carries none. */
function findingOfParams(p: Record<string, string | number>): string {
  if (!isFindingCode(p.finding)) return "The shop did not give its orders.";
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(p))
    if (name.startsWith(FINDING_PARAM)) params[name.slice(FINDING_PARAM.length)] = String(value);
  // Typed back from text: a number stays text, which the English reads alike.
  return findingEnglish({ code: p.finding, params } as unknown as ShopFinding);
}

export const SHOP_REFUSALS = refusalList("Shop connections", ENTRIES);

/** The refusal as an error: its status, type and field, with `extensions.refusal` = { code, params }. */
export const refuse = SHOP_REFUSALS.refuse;
