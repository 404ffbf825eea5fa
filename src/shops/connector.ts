// One interface for every shop platform Retour connects to: a platform is a folder of its own (src/shops/vendure)
// whose connector is registered in platforms.ts. A connector speaks its platform's Admin API through
// postToShop (http.ts: the outbound guard, bounded answers) and answers in Retour's words.
import type { OrderInput } from "../orders/service.js";
import type { ShopFinding } from "./findings.js";
import type { UrlPolicy } from "../webhooks/ssrf.js";

/** What a stored connection gives a connector: where the shop's Admin API answers, and the key (decrypted). */
export interface ShopCredentials {
  adminApiUrl: string;
  apiKey: string;
}

/** What can be wrong with a connection, the same for every platform (schema.graphql `ShopConnectionProblem`). */
export type ShopConnectionProblem = "refused_address" | "unreachable" | "not_admin_api" | "wrong_key" | "missing_permission";

export interface ShopConnectionTest {
  ok: boolean;
  /** Null when ok. */
  problem: ShopConnectionProblem | null;
  /** What was found, as a code with its parameters, with the shop's own answer where it helps (never the key). */
  finding: ShopFinding;
}

/** One of the shop's orders: its ids, and the core's order input (made when asked: a mapping that fails fails that order alone). */
export interface ShopOrder {
  /** The shop's own id of the order (Retour's order external id, with the platform as provider). */
  externalId: string;
  /** As people read it in the shop (Vendure: the order code). */
  name: string;
  updatedAt: Date;
  input(): OrderInput;
}

export type ShopOrderQuery = ({ placedAfter: Date } | { updatedAfter: Date }) & { skip: number; take: number };

export type ShopOrderPage = { ok: true; total: number; orders: ShopOrder[] } | { ok: false; finding: ShopFinding };

/** A refund of the shop's order to its payment: `marker` (the ledger entry's id) goes with it, to be recognised later. */
export interface ShopRefundRequest {
  /** The shop's id of the order. */
  orderId: string;
  /** The amount as a decimal ("30.80") and its currency. */
  amount: string;
  currency: string;
  marker: string;
  /** Said beside the marker where the shop shows it (the return's number). */
  note: string;
}

/**
 * sent: the shop made it (its reference); refused: the shop said no and paid nothing (no retry helps without a
 * change); uncertain: no answer or an error, it may or may not have paid (the next try asks the shop first).
 */
export type ShopPushResult =
  | { kind: "sent"; reference: string; answer: string }
  | { kind: "refused"; answer: string }
  | { kind: "uncertain"; answer: string };

/** Store credit as something the shop's checkout accepts, under the code the shopper reads. */
export interface ShopCreditRequest {
  code: string;
  /** The credit's whole amount (bonus included) as a decimal, and its currency. */
  amount: string;
  currency: string;
  marker: string;
  note: string;
}

/** What the shop holds for a marker: found (its reference), none (never made), or it could not be asked. */
export type ShopPushLookup =
  | { kind: "found"; reference: string; answer: string }
  | { kind: "none" }
  | { kind: "uncertain"; answer: string };

/**
 * A return's exchange as a new order in the shop, at no charge to the shopper: the same customer and shipping address
 * as `orderId`, one line per variant (named by SKU, the shop's variant id where Retour knows it). `marker` (the ledger
 * entry's id) goes with the order, to be recognised later.
 */
export interface ShopExchangeRequest {
  orderId: string;
  lines: { sku: string; variantId: string | null; quantity: number }[];
  marker: string;
  note: string;
}

/** Units of a returned item back in the shop's stock (the variant by SKU, the shop's variant id where known). */
export interface ShopRestockRequest {
  sku: string;
  variantId: string | null;
  quantity: number;
  marker: string;
  note: string;
}

/** Saleable units by SKU (null: the shop does not count the variant's stock; a SKU it lacks is absent), or why not. */
export type ShopStockAnswer = { ok: true; units: Map<string, number | null> } | { ok: false; finding: ShopFinding };

export interface ShopConnector {
  /** The platform's code (schema.graphql `ShopPlatform`): "vendure". */
  platform: string;
  /** As people write it: "Vendure". */
  name: string;
  /** The address the merchant is asked for, in words (named in refusals): "…/admin-api". */
  adminApiHint: string;
  /** Calls the shop with the credentials: reachable, its Admin API, the key accepted, and allowed to read orders. */
  test(policy: UrlPolicy, credentials: ShopCredentials): Promise<ShopConnectionTest>;
  /** How far back the sync reads again from its cursor: the precision of the shop's updated-at (Vendure on SQLite: 1 s). */
  cursorOverlapMs: number;
  /**
   * A page of the shop's placed orders (not carts): placed after `placedAfter` (oldest placed first), or changed
   * after `updatedAfter` (oldest change first: the sync's cursor).
   */
  orders(policy: UrlPolicy, credentials: ShopCredentials, page: ShopOrderQuery): Promise<ShopOrderPage>;
  /** Refunds to the order's payment (src/shops/outcomes.ts); a platform without it leaves refunds to the merchant. */
  refund?(policy: UrlPolicy, credentials: ShopCredentials, request: ShopRefundRequest): Promise<ShopPushResult>;
  /** The refund made with `request.marker`, if the shop holds one: asked before any retry, so none is paid twice. */
  findRefund?(policy: UrlPolicy, credentials: ShopCredentials, request: ShopRefundRequest): Promise<ShopPushLookup>;
  /** Makes the credit spendable at the shop's checkout (Vendure: a single-use promotion whose coupon is the code). */
  issueCredit?(policy: UrlPolicy, credentials: ShopCredentials, request: ShopCreditRequest): Promise<ShopPushResult>;
  /** The credit made with `request.marker`, if the shop holds it: asked before any retry. */
  findCredit?(policy: UrlPolicy, credentials: ShopCredentials, request: ShopCreditRequest): Promise<ShopPushLookup>;
  /** The units the shop can still sell of these variants (at most 50 SKUs a call), within `limits` (src/shops/stock.ts). */
  stock?(
    policy: UrlPolicy,
    credentials: ShopCredentials,
    skus: string[],
    limits: { timeoutMs: number; maxBytes: number },
  ): Promise<ShopStockAnswer>;
  /** Places the exchange order at no charge (its reference: the order's code as the shop shows it); looks for its own first. */
  placeExchange?(policy: UrlPolicy, credentials: ShopCredentials, request: ShopExchangeRequest): Promise<ShopPushResult>;
  /**
   * Adds the units to the variant's stock. `checkpoint` is where the shop's stock record stood before this attempt
   * (null on the first): an adjustment made after it for this marker is recognised instead of made again.
   * `remember` keeps the new checkpoint before the shop is changed (false: the lease was lost, change nothing).
   */
  restock?(
    policy: UrlPolicy,
    credentials: ShopCredentials,
    request: ShopRestockRequest,
    checkpoint: string | null,
    remember: (checkpoint: string) => Promise<boolean>,
  ): Promise<ShopPushResult>;
}
