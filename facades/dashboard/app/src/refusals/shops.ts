// The shop connection's refusals (src/shops/refusals.ts) in the merchant's words.
import { findingWordsOfParams } from "./shop-findings.js";
import { type RefusalWords, typed } from "./types.js";

/** Why the shop's address is refused (src/webhooks/ssrf.ts UrlReason). */
const ADDRESS_WORDS: Record<string, string> = {
  NOT_ABSOLUTE: "it is not a full web address (it starts with https://)",
  CREDENTIALS: "it must not hold a user name or password; paste the API key instead",
  TOO_LONG: "it is too long (2048 characters at most)",
  NOT_HTTP: "it must start with http:// or https://",
  NOT_HTTPS: "it must start with https://",
  NON_PUBLIC: "it must reach a public server, not a private, local or loopback address",
};

export const SHOP_WORDS: RefusalWords = {
  SHOP_PLATFORM_UNKNOWN: (p) => `Retour does not connect to ${typed(p.platform)}; choose ${p.platforms}.`,
  SHOP_URL_REFUSED: (p) => `Retour may not call ${typed(p.url)}: ${ADDRESS_WORDS[p.reason] ?? "it cannot be used"}. Give ${p.hint}.`,
  SHOP_API_KEY_INVALID: (p) => `Paste the API key exactly as ${p.platform} showed it, on one line (at most ${p.max} characters).`,
  SHOP_API_KEY_REQUIRED: (p) => `Paste an API key made in ${p.platform} to connect your shop.`,
  SHOP_API_KEY_REQUIRED_MOVED: (p) =>
    `Your shop moves from ${p.from} to ${p.to}: paste the API key again (the saved key is only ever sent where it was given).`,
  SHOP_CONNECTION_CHANGED: () => "The connection changed meanwhile: paste the API key again.",
  SHOP_NO_CONNECTION: () => "No shop is connected yet: save a connection first.",
  SHOP_ORDERS_UNAVAILABLE: (p) =>
    [
      "Your shop did not give its orders.",
      findingWordsOfParams(p),
      `${p.imported} were imported before this; try again once the connection test passes.`,
    ]
      .filter(Boolean)
      .join(" "),
  LEDGER_ENTRY_NOT_FOUND: () => "This payment is no longer in the return's ledger: reload the page.",
  LEDGER_ENTRY_NOT_RETRYABLE: (p) =>
    p.state === "sent"
      ? "This payment has been made already: nothing to retry."
      : "This payment is still being sent to your shop: nothing to retry yet.",
  SHOP_EXCHANGE_OUT_OF_STOCK: (p) =>
    `Your shop can sell ${p.units} of ${p.sku}, and open exchanges would need ${p.needed}: choose another variant, or a refund or store credit for this item.`,
  SHOP_STOCK_UNAVAILABLE: (p) =>
    ["Your shop's stock could not be read to hold the exchange.", findingWordsOfParams(p), "Try again in a minute."]
      .filter(Boolean)
      .join(" "),
  SHOP_ORDER_NOT_WRITTEN: () => "Retour could not write this order because of an error of its own; it has been logged for the operator.",
};
