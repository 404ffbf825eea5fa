// Every REST v2.2 route, by domain. A new domain declares its routes with `restRoute` and adds them here.
import type { RestRoute } from "../route.js";
import { checkoutRoutes } from "./checkout.js";
import { returnsRoutes } from "./returns.js";
import { returnsBulkRoutes } from "./returns-bulk.js";
import { ordersRoutes } from "./orders.js";
import { inboundRoutes } from "./inbound.js";
import { productsRoutes } from "./products.js";
import { invoicesRoutes } from "./invoices.js";
import { webhookRoutes } from "./webhooks.js";
import { customersRoutes } from "./customers.js";
import { inventoryRoutes } from "./inventory.js";
import { returnTagsRoutes } from "./return-tags.js";
import { policyRoutes } from "./policy.js";
import { navigationRoutes } from "./navigation.js";
import { giftCardsRoutes } from "./gift-cards.js";

export const restRoutes: RestRoute[] = [
  ...checkoutRoutes,
  ...returnsRoutes,
  ...returnsBulkRoutes,
  ...ordersRoutes,
  ...inboundRoutes,
  ...productsRoutes,
  ...invoicesRoutes,
  ...webhookRoutes,
  ...customersRoutes,
  ...inventoryRoutes,
  ...returnTagsRoutes,
  ...policyRoutes,
  ...navigationRoutes,
  ...giftCardsRoutes,
];
