// Every domain, registered into the core at assembly (facades/server.ts and the tests): the core
// imports no domain, so a new domain adds its resolver map here and nowhere in src/core.
import type { Domains } from "./core/index.js";
import { identityResolvers } from "./identity/resolvers.js";
import { authenticate } from "./identity/service.js";
import { ALL_SCOPES } from "./identity/scopes.js";
import { checkoutResolvers } from "./checkout/resolvers.js";
import { ordersResolvers } from "./orders/resolvers.js";
import { returnsResolvers } from "./returns/resolvers.js";
import { warehouseResolvers } from "./returns/warehouse-resolvers.js";
import { fulfillmentsResolvers } from "./fulfillments/resolvers.js";
import { inboundResolvers } from "./inbound/resolvers.js";
import { productsResolvers } from "./products/resolvers.js";
import { invoicesResolvers } from "./invoices/resolvers.js";
import { webhookResolvers } from "./webhooks/resolvers.js";
import { customersResolvers } from "./customers/resolvers.js";
import { inventoryResolvers } from "./inventory/resolvers.js";
import { returnTagsResolvers } from "./returns/tags.js";
import { policyResolvers } from "./policy/resolvers.js";

export const DOMAINS: Domains = {
  resolvers: [
    identityResolvers,
    checkoutResolvers,
    ordersResolvers,
    returnsResolvers,
    warehouseResolvers,
    fulfillmentsResolvers,
    inboundResolvers,
    productsResolvers,
    invoicesResolvers,
    webhookResolvers,
    customersResolvers,
    inventoryResolvers,
    returnTagsResolvers,
    policyResolvers,
  ],
  scopes: ALL_SCOPES,
  authenticate,
};
