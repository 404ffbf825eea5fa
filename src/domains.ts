// Every domain, registered into the core at assembly (facades/server.ts, the CLI and the tests): the
// core imports no domain, so a new domain adds its resolver map here and nowhere in src/core. The
// webhooks domain is filled here too: the topics other domains declare, the delivery formats of
// integrations, and the hooks the core's recordEvent calls; so webhooks/ names no other domain.
import type { Domains } from "./core/index.js";
import { setEventHooks } from "./core/events.js";
import { identityResolvers } from "./identity/resolvers.js";
import { authenticate } from "./identity/service.js";
import { KNOWN_SCOPES } from "./identity/scopes.js";
import { checkoutResolvers } from "./checkout/resolvers.js";
import { ordersResolvers } from "./orders/resolvers.js";
import { returnsResolvers } from "./returns/resolvers.js";
import { warehouseResolvers } from "./warehouse/resolvers.js";
import { WAREHOUSE_DELIVERY_FORMAT } from "./warehouse/webhook-format.js";
import { RETURN_TOPIC } from "./returns/topic.js";
import { registerTopic } from "./webhooks/topics.js";
import { registerDeliveryFormat } from "./webhooks/formats.js";
import { WEBHOOK_EVENT_HOOKS } from "./webhooks/outbox.js";
import { fulfillmentsResolvers } from "./fulfillments/resolvers.js";
import { inboundResolvers } from "./inbound/resolvers.js";
import { productsResolvers } from "./products/resolvers.js";
import { invoicesResolvers } from "./invoices/resolvers.js";
import { webhookResolvers } from "./webhooks/resolvers.js";
import { customersResolvers } from "./customers/resolvers.js";
import { inventoryResolvers } from "./inventory/resolvers.js";
import { returnTagsResolvers } from "./returns/tags.js";
import { policyResolvers } from "./policy/resolvers.js";
import { portalResolvers } from "./portal/resolvers.js";
import { shippingResolvers } from "./shipping/resolvers.js";
import { emailResolvers } from "./email/resolvers.js";
import { enqueueEmails } from "./email/outbox.js";
import { draftsResolvers } from "./drafts/resolvers.js";
import { giftCardsResolvers } from "./gift-cards/resolvers.js";
import { GIFT_CARD_TOPIC } from "./gift-cards/topic.js";
import { authenticateShopper } from "./drafts/session.js";
import { shopsResolvers } from "./shops/resolvers.js";

// Assembly of the webhooks (module load: every entry point that records or delivers events imports this file).
registerTopic(RETURN_TOPIC);
registerTopic(GIFT_CARD_TOPIC);
registerDeliveryFormat(WAREHOUSE_DELIVERY_FORMAT);
// Every event fans out to the webhooks, and a return's events to the shopper's emails (src/email).
setEventHooks({
  columnsOf: WEBHOOK_EVENT_HOOKS.columnsOf,
  async recorded(tx, event) {
    await WEBHOOK_EVENT_HOOKS.recorded(tx, event);
    await enqueueEmails(tx, event);
  },
});

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
    portalResolvers,
    shippingResolvers,
    emailResolvers,
    draftsResolvers,
    giftCardsResolvers,
    shopsResolvers,
  ],
  scopes: KNOWN_SCOPES,
  // A shopper token (rtr_sh_…) opens a shopper session; every other credential is the identity domain's.
  authenticate: async (services, authorization) =>
    (await authenticateShopper(services, authorization)) ?? authenticate(services, authorization),
};
