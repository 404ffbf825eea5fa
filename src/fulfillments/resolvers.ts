import * as fulfillments from "./service.js";
import { lineItemByIdLoader } from "../returns/service.js";
import type { Resolvers } from "../core/generated/schema.js";

export const fulfillmentsResolvers = {
  Mutation: {
    createFulfillment: (_, a, ctx) => fulfillments.createFulfillment(ctx, a.storeId, a.orderId, a.input, a.idempotencyKey),
    updateFulfillmentStatus: (_, a, ctx) => fulfillments.updateShipmentStatus(ctx, a.storeId, a.orderId, a.fulfillmentId, a.input),
  },
  Fulfillment: {
    id: (f) => f.publicId,
    lineItems: async (f, _, ctx) => {
      const rows = await fulfillments.fulfillmentLines(ctx, f.id);
      return Promise.all(
        rows.map(async (r) => {
          const line = await lineItemByIdLoader(ctx, r.lineItemId);
          return {
            id: line?.externalId ?? r.lineItemId,
            quantity: r.quantity,
            title: line?.title ?? "",
            productId: line?.productId ?? "",
            variantId: line?.variantId ?? null,
            sku: line?.sku ?? null,
          };
        }),
      );
    },
    trackingHistory: async (f, _, ctx) =>
      (await fulfillments.historyOf(ctx, f.id)).map((h) => ({
        message: h.message,
        status: h.status,
        datetime: h.datetime,
        location:
          h.city == null && h.state == null && h.country == null && h.postalCode == null
            ? null
            : { city: h.city, state: h.state, country: h.country, postalCode: h.postalCode },
      })),
  },
} satisfies Resolvers;
