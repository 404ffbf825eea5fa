// GraphQL of the draft flow: the shopper session (public lookup), the merchant and storefront operations
// (scopes draft_returns_read / draft_returns_write) and the DraftReturn type.
import type { RequestContext } from "../core/context.js";
import { fail } from "../core/errors.js";
import { type PageArgs, pageOf } from "../core/pagination.js";
import { PAGE_SIZES } from "../core/bounds.js";
import { isStorefrontKey } from "./session.js";
import * as drafts from "./service.js";
import { addItem, finalizeItems, removeItem, setCreditType, updateItem } from "./items.js";
import { submit } from "./submit.js";
import { addPhoto, readPhoto, removePhoto } from "./photos.js";
import { readDraftAddress } from "./address.js";
import { returnNumberOf } from "./batch.js";
import { shippingOf } from "../shipping/service.js";
import { DRAFT_METHOD } from "./store-settings.js";
import { statusToken } from "../portal/status-link.js";
import { allowedActions, bundleOf, itemsOf, linesOf, totals } from "./view.js";
import type { Resolvers } from "../core/generated/schema.js";

declare module "../core/parents.js" {
  interface DomainParents {
    /** A draft's item and the order's lines as the draft view builds them (view.ts). */
    DraftReturnItem: Awaited<ReturnType<typeof itemsOf>>[number];
    DraftReturnLine: Awaited<ReturnType<typeof linesOf>>[number];
  }
}

type Ctx = RequestContext;

function listDrafts(ctx: Ctx, storeId: string, args: PageArgs) {
  // A storefront key sees no list: each draft belongs to the shopper holding its token.
  const where = isStorefrontKey(ctx.principal) ? { storeId, id: "" } : { storeId };
  return pageOf(ctx.services.cursors, {
    list: `drafts:${storeId}`,
    args,
    size: PAGE_SIZES.standard,
    sortField: "createdAt",
    where,
    findMany: (q) => ctx.prisma.draftReturn.findMany(q),
  });
}

export const draftsResolvers = {
  Query: {
    draftReturns: (_, a, ctx) => listDrafts(ctx, a.storeId, a),
    draftReturn: (_, a, ctx) => drafts.readDraft(ctx, a.id, a.shopperToken),
    draftPhoto: (_, a, ctx) => readPhoto(ctx, a.id),
  },
  Mutation: {
    openShopperSession: async (_, a, ctx) => {
      if (ctx.principal.kind === "invalid") throw fail.unauthenticated(ctx.principal.reason);
      // The store by its id or its portal's handle (the portal's address names it so).
      const store =
        (await ctx.prisma.store.findUnique({ where: { id: a.store }, select: { id: true } })) ??
        (await ctx.prisma.portalSettings
          .findUnique({ where: { handle: a.store.toLowerCase() }, select: { storeId: true } })
          .then((p) => p && { id: p.storeId }));
      // An unknown store answers like an unknown order: the lookup tells nothing.
      const opened = await drafts.openDraft(ctx, store?.id ?? "unknown-store", a.input);
      return { token: opened.token, expiresAt: opened.tokenExpiresAt, draftId: opened.draft.id };
    },
    initializeDraftReturn: async (_, a, ctx) => {
      const opened = await drafts.openDraft(ctx, a.storeId, a.input);
      return { draft: opened.draft, shopperToken: isStorefrontKey(ctx.principal) ? opened.token : null };
    },
    addDraftReturnItem: (_, a, ctx) => addItem(ctx, a, a.input),
    updateDraftReturnItem: (_, a, ctx) => updateItem(ctx, a, a.itemId, a.input),
    removeDraftReturnItem: (_, a, ctx) => removeItem(ctx, a, a.itemId),
    addDraftReturnPhoto: (_, a, ctx) => addPhoto(ctx, a, a.itemId, a.contentBase64),
    removeDraftReturnPhoto: (_, a, ctx) => removePhoto(ctx, a, a.itemId, a.photo),
    setDraftReturnAddress: (_, a, ctx) => drafts.setAddress(ctx, a, a.address),
    setDraftReturnCustomer: (_, a, ctx) => drafts.setCustomer(ctx, a, a.email),
    finalizeDraftReturnItems: (_, a, ctx) => finalizeItems(ctx, a),
    setDraftReturnCreditType: (_, a, ctx) => setCreditType(ctx, a, a.creditType),
    setDraftReturnMethod: (_, a, ctx) => drafts.setReturnMethod(ctx, a, a.method),
    submitDraftReturn: (_, a, ctx) => submit(ctx, a),
    cancelDraftReturn: (_, a, ctx) => drafts.cancel(ctx, a),
  },
  DraftReturn: {
    number: (d) => d.compatId,
    orderName: async (d, _, ctx) => (await bundleOf(ctx, d)).order.name,
    currency: async (d, _, ctx) => (await bundleOf(ctx, d)).order.currency,
    shippingAddress: (d) => readDraftAddress(d.shippingAddress),
    returnNumber: (d, _, ctx) => (d.returnId ? returnNumberOf(ctx, d.returnId) : null),
    shipping: async (d, _, ctx) => {
      const s = d.returnId ? await shippingOf(ctx, d.returnId) : null;
      return s && { ...s, method: DRAFT_METHOD[s.method] ?? s.method };
    },
    // The link the confirmation page gives the shopper: the same signed path the confirmation email carries.
    statusPath: async (d, _, ctx) => {
      if (!d.returnId) return null;
      const portal = await ctx.prisma.portalSettings.findUnique({ where: { storeId: d.storeId }, select: { handle: true } });
      return portal ? `/portal/${portal.handle}/returns/${statusToken(ctx.config, d.returnId)}` : null;
    },
    items: (d, _, ctx) => itemsOf(ctx, d),
    lines: (d, _, ctx) => linesOf(ctx, d),
    reasons: async (d, _, ctx) => (await bundleOf(ctx, d)).e.reasons,
    policyVersion: async (d, _, ctx) => (await bundleOf(ctx, d)).e.policyVersion,
    allowedActions: async (d, _, ctx) => allowedActions(d, (await bundleOf(ctx, d)).items),
    totals: async (d, _, ctx) => totals(d, await bundleOf(ctx, d)),
  },
} satisfies Resolvers;
