import * as portal from "./service.js";
import { publicStatusUrl, returnStatusPage } from "./status-page.js";
import { dropOffQrPng, labelPdfBase64 } from "../shipping/service.js";
import type { Resolvers } from "../core/generated/schema.js";
import { addressLines } from "../core/address.js";

type Shipping = { id: string; dropOffCode: string | null; trackingNumber: string | null };

declare module "../core/parents.js" {
  interface DomainParents {
    PortalSettings: NonNullable<Awaited<ReturnType<typeof portal.getSettings>>>;
    PublicPortal: NonNullable<Awaited<ReturnType<typeof portal.publicPortal>>>;
    ReturnStatusPage: NonNullable<Awaited<ReturnType<typeof returnStatusPage>>>;
    /** The return's shipping as the status page reads it (its label and QR are made only when asked for). */
    ReturnStatusShipping: Shipping;
  }
}

export const portalResolvers = {
  Query: {
    portalSettings: (_, a, ctx) => portal.getSettings(ctx, a.storeId),
    publicPortal: (_, a, ctx) => portal.publicPortal(ctx, a.handle),
    storePortal: (_, a, ctx) => portal.storePortal(ctx, a.storeId),
    returnStatusPage: (_, a, ctx) => returnStatusPage(ctx, a.handle, a.token),
  },
  Mutation: {
    updatePortalSettings: (_, a, ctx) => portal.updateSettings(ctx, a.storeId, a.input),
  },
  // By the country's convention (src/core/address.ts); the portal names the country in the shopper's language.
  PortalAddress: {
    lines: (a) => addressLines(a, { country: false }),
  },
  Return: {
    statusPageUrl: (r, _, ctx) => publicStatusUrl(ctx, r.storeId, r.id),
  },
  // The label and QR of the status page, made only when asked for (the page's token was checked above).
  ReturnStatusShipping: {
    labelPdfBase64: (s, _, ctx) => (s.trackingNumber ? labelPdfBase64(ctx, s.id) : null),
    dropOffQrPngBase64: async (s) => (s.dropOffCode ? (await dropOffQrPng(s.dropOffCode)).toString("base64") : null),
  },
} satisfies Resolvers;
