import type { RequestContext } from "../core/context.js";
import * as fulfillments from "./service.js";
import { lineItemByIdLoader } from "../returns/service.js";

type Ctx = RequestContext;
type F = { id: string; publicId: string };

export const fulfillmentsResolvers = {
  Mutation: {
    createFulfillment: (
      _: unknown,
      a: { storeId: string; orderId: string; input: fulfillments.FulfillmentInput; idempotencyKey?: string | null },
      ctx: Ctx,
    ) => fulfillments.createFulfillment(ctx, a.storeId, a.orderId, a.input, a.idempotencyKey),
    updateFulfillmentStatus: (
      _: unknown,
      a: { storeId: string; orderId: string; fulfillmentId: string; input: fulfillments.ShipmentStatusInput },
      ctx: Ctx,
    ) => fulfillments.updateShipmentStatus(ctx, a.storeId, a.orderId, a.fulfillmentId, a.input),
  },
  Fulfillment: {
    id: (f: F) => f.publicId,
    lineItems: async (f: F, _: unknown, ctx: Ctx) => {
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
    trackingHistory: async (f: F, _: unknown, ctx: Ctx) =>
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
};
