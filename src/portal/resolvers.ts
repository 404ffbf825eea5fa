import type { RequestContext } from "../core/context.js";
import type { PortalSettingsInput } from "./settings.js";
import * as portal from "./service.js";
import { returnStatusPage } from "./status-page.js";
import { dropOffQrPng, labelPdfBase64 } from "../shipping/service.js";

type Ctx = RequestContext;
type Shipping = { id: string; dropOffCode: string | null; trackingNumber: string | null };

export const portalResolvers = {
  Query: {
    portalSettings: (_: unknown, a: { storeId: string }, ctx: Ctx) => portal.getSettings(ctx, a.storeId),
    publicPortal: (_: unknown, a: { handle: string }, ctx: Ctx) => portal.publicPortal(ctx, a.handle),
    storePortal: (_: unknown, a: { storeId: string }, ctx: Ctx) => portal.storePortal(ctx, a.storeId),
    returnStatusPage: (_: unknown, a: { handle: string; token: string }, ctx: Ctx) => returnStatusPage(ctx, a.handle, a.token),
  },
  Mutation: {
    updatePortalSettings: (_: unknown, a: { storeId: string; input: PortalSettingsInput }, ctx: Ctx) =>
      portal.updateSettings(ctx, a.storeId, a.input),
  },
  // The label and QR of the status page, made only when asked for (the page's token was checked above).
  ReturnStatusShipping: {
    labelPdfBase64: (s: Shipping, _: unknown, ctx: Ctx) => (s.trackingNumber ? labelPdfBase64(ctx, s.id) : null),
    dropOffQrPngBase64: async (s: Shipping) => (s.dropOffCode ? (await dropOffQrPng(s.dropOffCode)).toString("base64") : null),
  },
};
