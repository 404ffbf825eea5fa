// Every REST v2.2 route, by domain. A new domain adds its routes and OpenAPI fragment here.
import type { RestRoute } from "../route.js";
import type { OpenApiFragment } from "../openapi-common.js";
import { checkoutOpenApi, checkoutRoutes } from "./checkout.js";
import { returnsOpenApi, returnsRoutes } from "./returns.js";
import { ordersOpenApi, ordersRoutes } from "./orders.js";
import { inboundOpenApi, inboundRoutes } from "./inbound.js";
import { productsOpenApi, productsRoutes } from "./products.js";
import { invoicesOpenApi, invoicesRoutes } from "./invoices.js";
import { webhookOpenApi, webhookRoutes } from "./webhooks.js";
import { customersOpenApi, customersRoutes } from "./customers.js";
import { inventoryOpenApi, inventoryRoutes } from "./inventory.js";

export const restRoutes: RestRoute[] = [
  ...checkoutRoutes,
  ...returnsRoutes,
  ...ordersRoutes,
  ...inboundRoutes,
  ...productsRoutes,
  ...invoicesRoutes,
  ...webhookRoutes,
  ...customersRoutes,
  ...inventoryRoutes,
];

export const restOpenApiFragments: OpenApiFragment[] = [
  checkoutOpenApi,
  returnsOpenApi,
  ordersOpenApi,
  inboundOpenApi,
  productsOpenApi,
  invoicesOpenApi,
  webhookOpenApi,
  customersOpenApi,
  inventoryOpenApi,
];
