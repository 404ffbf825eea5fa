// The shop platforms Retour connects to, by their code. A new platform is a new folder beside vendure/ with its
// ShopConnector, added here and to `enum ShopPlatform` in schema.graphql.
import type { ShopConnector } from "./connector.js";
import { vendureConnector } from "./vendure/connector.js";

export const SHOP_CONNECTORS: Readonly<Record<string, ShopConnector>> = {
  vendure: vendureConnector,
};
