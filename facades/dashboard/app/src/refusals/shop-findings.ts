// What a call to the shop found (GraphQL ShopFinding: the connection test, an import the shop did not answer), in
// the merchant's words: each code of the core (src/shops/findings.ts) has its sentence here, the compiler checks
// that none is missing (the generated ShopFindingCode).
import type { ShopFindingCode } from "../codegen/operations.js";

type Params = Record<string, string>;

/** Why Retour may not call the address (the outbound guard's reason). */
const ADDRESS: Record<string, (p: Params) => string> = {
  NOT_ABSOLUTE: () => "it is not a full web address (it starts with https://)",
  NOT_HTTPS: () => "it must start with https://",
  NON_PUBLIC: (p) => `${p.host}${p.address ? ` (${p.address})` : ""} is a private, local or loopback address`,
};

const orders = (n: string | undefined) => `${n ?? "0"} ${n === "1" ? "order" : "orders"}`;

export const SHOP_FINDING_WORDS: Record<ShopFindingCode, (p: Params) => string> = {
  SHOP_CONNECTED: (p) => `Retour reaches ${p.platform} at ${p.url} and the key reads orders (${orders(p.orders)} in the shop).`,
  SHOP_ADDRESS_REFUSED: (p) =>
    `Retour may not call ${p.url}: ${(ADDRESS[p.reason ?? ""] ?? (() => "it cannot be used"))(p)}. Your operator decides whether Retour may call private addresses.`,
  SHOP_UNREACHABLE: (p) =>
    `Nothing answered at ${p.url}${p.failure ? ` (${p.failure})` : ""}: check the address and that your shop is running.`,
  SHOP_TIMEOUT: (p) => `Your shop at ${p.url} did not answer within ${p.seconds} seconds: try again, or check that it is running.`,
  SHOP_ANSWER_TOO_LARGE: (p) =>
    `The answer from ${p.url} was far too large (over ${p.mb} MB) for ${p.platform}'s Admin API: check the address.`,
  SHOP_NOT_GRAPHQL: (p) =>
    `${p.url} answered with ${p.contentType ? `a ${p.contentType} page` : "a page"} (HTTP ${p.status}), not ${p.platform}'s Admin API: its address usually ends in /admin-api.`,
  SHOP_NOT_ADMIN_API: (p) =>
    `${p.url} is not ${p.platform}'s Admin API (it said “${p.said}”): the Admin API's address ends in /admin-api, the Shop API's in /shop-api.`,
  SHOP_KEY_REFUSED: (p) => `The key may have been mistyped, deleted or rotated: make a new API key in ${p.platform} and save it here.`,
  SHOP_ANSWERED_ERROR: (p) => `Your shop answered with an error: “${p.error}”.`,
  SHOP_CANNOT_READ_ORDERS: (p) =>
    `To let Retour read them, give its role the ${p.permission} permission in ${p.platform} (${p.where}), then test again.`,
  SHOP_ORDERS_ERROR: (p) => `Your shop could not list its orders: “${p.error}”.`,
  SHOP_CANNOT_READ_STOCK: (p) =>
    `To let Retour read your shop's stock, give its role the ${p.permission} permission in ${p.platform} (${p.where}).`,
};

/** A finding as GraphQL sends it (name/value pairs), in the merchant's words. */
export function findingWords(f: { code: ShopFindingCode; params: { name: string; value: string }[] }): string {
  return SHOP_FINDING_WORDS[f.code](Object.fromEntries(f.params.map((p) => [p.name, p.value])));
}

/** The finding a refusal carries (SHOP_ORDERS_UNAVAILABLE: `finding` and `finding.<name>`), in the merchant's words; "" when none. */
export function findingWordsOfParams(p: Record<string, string | number>): string {
  const code = String(p.finding ?? "");
  if (!(code in SHOP_FINDING_WORDS)) return "";
  const params: Params = {};
  for (const [name, value] of Object.entries(p)) if (name.startsWith("finding.")) params[name.slice("finding.".length)] = String(value);
  return SHOP_FINDING_WORDS[code as ShopFindingCode](params);
}
