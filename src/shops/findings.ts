// What a call to the shop found, as a code with its parameters (the connection test's answer, a page of orders
// the shop did not give): a door words each code itself (the dashboard: facades/dashboard/app/src/refusals/
// shop-findings.ts); the English below is the rendering GraphQL's `message` and the sync's log keep. A connector
// answers these codes; a reworded sentence never changes a code.
import type { AddressRefusal, ConnectionFailure } from "./http.js";

export interface ShopFindingParams {
  /** The key reads orders: `orders` in the shop on `platform` at `url`. */
  SHOP_CONNECTED: { platform: string; url: string; orders: number };
  /** The outbound guard refuses `url`: `reason` NOT_ABSOLUTE, NOT_HTTPS or NON_PUBLIC (`host`, and `address` it resolves to when known). */
  SHOP_ADDRESS_REFUSED: { url: string; reason: AddressRefusal["reason"]; host?: string; address?: string };
  /** `url` could not be reached: the system's `failure` code (ECONNREFUSED; "" when none) and its `detail`. */
  SHOP_UNREACHABLE: { url: string; failure: string; detail: string };
  /** `url` did not answer within `seconds`. */
  SHOP_TIMEOUT: { url: string; seconds: number };
  /** The answer from `url` was over `mb` MB: not the platform's Admin API. */
  SHOP_ANSWER_TOO_LARGE: { url: string; mb: number; platform: string };
  /** `url` answered HTTP `status` (`contentType`, `answer`: its first words, when any), not GraphQL. */
  SHOP_NOT_GRAPHQL: { url: string; status: number; contentType?: string; answer?: string; platform: string };
  /** `url` answers GraphQL but not as the platform's Admin API: it `said` so. */
  SHOP_NOT_ADMIN_API: { url: string; said: string; platform: string };
  /** The shop at `url` does not accept the API key. */
  SHOP_KEY_REFUSED: { url: string; platform: string };
  /** The shop at `url` answered with an `error`. */
  SHOP_ANSWERED_ERROR: { url: string; error: string };
  /** The key is accepted but its role lacks `permission` (given in the platform's `where`). */
  SHOP_CANNOT_READ_ORDERS: { platform: string; permission: string; where: string };
  /** The shop (at `url`, when named) could not list its orders: its `error` ("no data" when it gave none). */
  SHOP_ORDERS_ERROR: { url?: string; error: string };
  /** The key is accepted but its role lacks `permission` to read the catalogue's stock (given in the platform's `where`). */
  SHOP_CANNOT_READ_STOCK: { platform: string; permission: string; where: string };
}

export type ShopFindingCode = keyof ShopFindingParams;

/** A finding: a code with its parameters, typed together. */
export type ShopFinding = { [C in ShopFindingCode]: { code: C; params: ShopFindingParams[C] } }[ShopFindingCode];

const quote = (text: string) => JSON.stringify(text);

const ADDRESS: Record<AddressRefusal["reason"], (p: ShopFindingParams["SHOP_ADDRESS_REFUSED"]) => string> = {
  NOT_ABSOLUTE: () => "is not an absolute URL",
  NOT_HTTPS: () => "the address must use https",
  NON_PUBLIC: (p) => (p.address ? `${p.host} resolves to non-public address ${p.address}` : `${p.host} is a non-public address`),
};

const ENGLISH: { [C in ShopFindingCode]: (p: ShopFindingParams[C]) => string } = {
  SHOP_CONNECTED: (p) =>
    `Connected to ${p.platform} at ${p.url}: the key reads orders (${p.orders} ${p.orders === 1 ? "order" : "orders"} in the shop).`,
  SHOP_ADDRESS_REFUSED: (p) =>
    `Retour may not call ${p.url}: ${ADDRESS[p.reason](p)} (http and private addresses are allowed only where the operator ` +
    `sets WEBHOOK_ALLOW_PRIVATE_URLS=true, as for a shop running beside Retour).`,
  SHOP_UNREACHABLE: (p) => `The shop at ${p.url} could not be reached (${p.failure ? `${p.failure}: ${p.detail}` : p.detail}).`,
  SHOP_TIMEOUT: (p) => `The shop at ${p.url} did not answer within ${p.seconds} seconds.`,
  SHOP_ANSWER_TOO_LARGE: (p) => `The answer from ${p.url} was larger than ${p.mb} MB: not what ${p.platform}'s Admin API answers.`,
  SHOP_NOT_GRAPHQL: (p) =>
    `${p.url} answered HTTP ${p.status}${p.contentType ? ` (${p.contentType})` : ""}, not GraphQL: ` +
    `it is not a ${p.platform} Admin API. The address usually ends in /admin-api.` +
    (p.answer ? ` It answered ${quote(p.answer)}.` : ""),
  SHOP_NOT_ADMIN_API: (p) =>
    `${p.url} answers GraphQL but is not a ${p.platform} Admin API (it said ${quote(p.said)}); the Shop API's address ends in /shop-api, the Admin API's in /admin-api.`,
  SHOP_KEY_REFUSED: (p) =>
    `The shop at ${p.url} does not accept the API key: it may have been mistyped, deleted or rotated in ${p.platform}. Make a new key in ${p.platform} and save it here.`,
  SHOP_ANSWERED_ERROR: (p) => `The shop at ${p.url} answered with an error: ${quote(p.error)}.`,
  SHOP_CANNOT_READ_ORDERS: (p) =>
    `The key is accepted but may not read orders: give its role the ${p.permission} permission in ${p.platform} (${p.where}).`,
  SHOP_ORDERS_ERROR: (p) => `The shop${p.url ? ` at ${p.url}` : ""} could not list its orders: ${quote(p.error)}.`,
  SHOP_CANNOT_READ_STOCK: (p) =>
    `The key is accepted but may not read the shop's stock: give its role the ${p.permission} permission in ${p.platform} (${p.where}).`,
};

/** Whether a code (as sent or kept) is a finding's. */
export const isFindingCode = (code: unknown): code is ShopFindingCode => typeof code === "string" && Object.hasOwn(ENGLISH, code);

/** A finding in English (GraphQL's `message`, the sync's log and its kept error). */
export const findingEnglish = (f: ShopFinding): string => (ENGLISH[f.code] as (p: ShopFinding["params"]) => string)(f.params);

/** The outbound guard's refusal of `url` as a finding. */
export function addressFinding(url: string, r: AddressRefusal): ShopFinding {
  const where = r.reason === "NON_PUBLIC" ? { host: r.host, ...(r.address ? { address: r.address } : {}) } : {};
  return { code: "SHOP_ADDRESS_REFUSED", params: { url, reason: r.reason, ...where } };
}

/** A failed connection as a finding. */
export const unreachableFinding = (url: string, f: ConnectionFailure): ShopFinding => ({
  code: "SHOP_UNREACHABLE",
  params: { url, failure: f.code ?? "", detail: f.message },
});

/** The prefix of a finding's parameters among a refusal's (`finding.url`), beside its code (`finding`). */
export const FINDING_PARAM = "finding.";

/** A finding as a refusal's parameters: its code as `finding`, each parameter as `finding.<name>` (as text). */
export function findingAsParams(f: ShopFinding): { finding: string } & Record<`finding.${string}`, string> {
  const out: { finding: string } & Record<`finding.${string}`, string> = { finding: f.code };
  for (const [name, value] of Object.entries(f.params)) if (value !== undefined) out[`${FINDING_PARAM}${name}`] = String(value);
  return out;
}
