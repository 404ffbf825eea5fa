// The shop platforms Retour connects to, by their code. A new platform is a new folder beside vendure/ with its
// ShopConnector, added here and to `enum ShopPlatform` in schema.graphql.
import type { ShopPlatform } from "../core/generated/schema.js";
import type { ShopConnector } from "./connector.js";
import { vendureConnector } from "./vendure/connector.js";

export const SHOP_CONNECTORS: Readonly<Record<string, ShopConnector>> = {
  vendure: vendureConnector,
};

/**
 * The platforms as the dashboard offers them (GraphQL `shopPlatforms`): a new connector is listed by itself.
 * Each connector's code is a value of `enum ShopPlatform` (the schema refuses any other in its answer).
 */
export function shopPlatforms() {
  return Object.values(SHOP_CONNECTORS).map((c) => ({ platform: c.platform as ShopPlatform, name: c.name, adminApiHint: c.adminApiHint }));
}
