// Every REST v2.2 route, by domain. A new domain declares its routes with `restRoute` and adds them here.
import type { RestRoute } from "../route.js";
import type { OpenApiFragment } from "../openapi-common.js";
import { checkoutRoutes } from "./checkout.js";
import { returnsRoutes } from "./returns.js";
import { ordersOpenApi, ordersRoutes } from "./orders.js";
import { inboundRoutes } from "./inbound.js";
import { productsRoutes } from "./products.js";
import { invoicesRoutes } from "./invoices.js";
import { webhookRoutes } from "./webhooks.js";

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
]);

export const restOpenApiFragments: OpenApiFragment[] = [
  ordersOpenApi,
];
