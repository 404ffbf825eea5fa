import * as shipping from "./service.js";
import type { Resolvers } from "../core/generated/schema.js";

declare module "../core/parents.js" {
  interface DomainParents {
    ReturnShipping: shipping.ShippingRow;
  }
}

export const shippingResolvers = {
  Mutation: {
    createReturnShipping: (_, a, ctx) => shipping.createReturnShipping(ctx, a.returnId, a.method),
  },
  Return: {
    shipping: (r, _, ctx) => shipping.shippingOf(ctx, r.id),
  },
  ReturnShipping: {
    labelPdfBase64: (s, _, ctx) => (s.trackingNumber ? shipping.labelPdfBase64(ctx, s.id) : null),
    dropOffQrPngBase64: async (s) => (s.dropOffCode ? (await shipping.dropOffQrPng(s.dropOffCode)).toString("base64") : null),
  },
} satisfies Resolvers;
