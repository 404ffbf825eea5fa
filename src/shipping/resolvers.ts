import type { RequestContext } from "../core/context.js";
import * as shipping from "./service.js";

type Ctx = RequestContext;
type Row = { id: string; method: string; dropOffCode: string | null; trackingNumber: string | null };

export const shippingResolvers = {
  Mutation: {
    createReturnShipping: (_: unknown, a: { returnId: string; method: shipping.ReturnMethod }, ctx: Ctx) =>
      shipping.createReturnShipping(ctx, a.returnId, a.method),
  },
  Return: {
    shipping: (r: { id: string }, _: unknown, ctx: Ctx) => shipping.shippingOf(ctx, r.id),
  },
  ReturnShipping: {
    labelPdfBase64: (s: Row, _: unknown, ctx: Ctx) => (s.trackingNumber ? shipping.labelPdfBase64(ctx, s.id) : null),
    dropOffQrPngBase64: async (s: Row) => (s.dropOffCode ? (await shipping.dropOffQrPng(s.dropOffCode)).toString("base64") : null),
  },
};
