// Every REST v2.2 route, by domain. A new domain declares its routes with `restRoute` and adds them here.
import type { RestRoute } from "../route.js";
import type { OpenApiFragment } from "../openapi-common.js";
import { checkoutOpenApi, checkoutRoutes } from "./checkout.js";
import { returnsRoutes } from "./returns.js";
import { ordersOpenApi, ordersRoutes } from "./orders.js";
import { inboundOpenApi, inboundRoutes } from "./inbound.js";
import { productsOpenApi, productsRoutes } from "./products.js";
import { invoicesOpenApi, invoicesRoutes } from "./invoices.js";
import { webhookOpenApi, webhookRoutes } from "./webhooks.js";
import { customersRoutes } from "./customers.js";
import { inventoryRoutes } from "./inventory.js";

/** A route of the hand-written kind (being converted to declarations): no derived validation. */
function legacy(routes: any[]): RestRoute[] {
  return routes.map((r) => (r.readInput ? r : { ...r, readInput: () => [], serialize: (_s: number, b: unknown) => (b === undefined ? undefined : JSON.stringify(b)) }));
}

export const restRoutes: RestRoute[] = legacy([
  ...checkoutRoutes,
  ...returnsRoutes,
  ...ordersRoutes,
  ...inboundRoutes,
  ...productsRoutes,
  ...invoicesRoutes,
  ...webhookRoutes,
  ...customersRoutes,
  ...inventoryRoutes,
]);

export const restOpenApiFragments: OpenApiFragment[] = [
  checkoutOpenApi,
  ordersOpenApi,
  inboundOpenApi,
  productsOpenApi,
  invoicesOpenApi,
  webhookOpenApi,
];
