// One interface for every shop platform Retour connects to: a platform is a folder of its own (src/shops/vendure)
// whose connector is registered in platforms.ts. A connector speaks its platform's Admin API through
// postToShop (http.ts: the outbound guard, bounded answers) and answers in Retour's words.
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
  /** What was found, in words, with the shop's own answer where it helps (never the key). */
  message: string;
}

export interface ShopConnector {
  /** The platform's code (schema.graphql `ShopPlatform`): "vendure". */
  platform: string;
  /** As people write it: "Vendure". */
  name: string;
  /** The address the merchant is asked for, in words (named in refusals): "…/admin-api". */
  adminApiHint: string;
  /** Calls the shop with the credentials: reachable, its Admin API, the key accepted, and allowed to read orders. */
  test(policy: UrlPolicy, credentials: ShopCredentials): Promise<ShopConnectionTest>;
}
