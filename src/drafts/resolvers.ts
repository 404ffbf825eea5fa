// GraphQL of the draft flow: the shopper session (public lookup), the merchant and storefront operations
// (scopes draft_returns_read / draft_returns_write) and the DraftReturn type.
import type { RequestContext } from "../core/context.js";
import { fail } from "../core/errors.js";
import { keysetOrder, paginate, type PageArgs } from "../core/pagination.js";
import { PAGE_SIZES } from "../core/bounds.js";
import { isStorefrontKey } from "./session.js";
import * as drafts from "./service.js";
import { addItem, finalizeItems, type ItemUpdate, removeItem, setCreditType, updateItem } from "./items.js";
import { submit } from "./submit.js";
import { addPhoto, readPhoto, removePhoto } from "./photos.js";
import { type DraftAddressInput, readDraftAddress } from "./address.js";
import { returnNumberOf } from "./batch.js";
import { shippingOf } from "../shipping/service.js";
import { DRAFT_METHOD } from "./store-settings.js";
import { statusToken } from "../portal/status-link.js";
import { allowedActions, bundleOf, itemsOf, linesOf, totals } from "./view.js";

type Ctx = RequestContext;
type Ref = { id?: string | null; shopperToken?: string | null };
type Lookup = { orderName: string; secondaryInput: string; isGift?: boolean | null; language?: string | null };
type D = drafts.DraftRow;

function listDrafts(ctx: Ctx, storeId: string, args: PageArgs) {
  // A storefront key sees no list: each draft belongs to the shopper holding its token.
  const where = isStorefrontKey(ctx.principal) ? { storeId, id: "" } : { storeId };
  return paginate(ctx.services.cursors, {
    list: `drafts:${storeId}`,
    args,
    defaultSize: PAGE_SIZES.standard.default,
    maxSize: PAGE_SIZES.standard.max,
    sortField: "createdAt",
    fetch: (keyset, take) =>
      ctx.prisma.draftReturn.findMany({ where: keyset ? { AND: [where, keyset] } : where, orderBy: keysetOrder("createdAt"), take }),
  });
}

export const draftsResolvers = {
  Query: {
    draftReturns: (_: unknown, a: { storeId: string } & PageArgs, ctx: Ctx) => listDrafts(ctx, a.storeId, a),
    draftReturn: (_: unknown, a: Ref, ctx: Ctx) => drafts.readDraft(ctx, a.id, a.shopperToken),
    draftPhoto: (_: unknown, a: { id: string }, ctx: Ctx) => readPhoto(ctx, a.id),
  },
  Mutation: {
    openShopperSession: async (_: unknown, a: { store: string; input: Lookup }, ctx: Ctx) => {
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
    initializeDraftReturn: async (_: unknown, a: { storeId: string; input: Lookup }, ctx: Ctx) => {
      const opened = await drafts.openDraft(ctx, a.storeId, a.input);
      return { draft: opened.draft, shopperToken: isStorefrontKey(ctx.principal) ? opened.token : null };
    },
    addDraftReturnItem: (_: unknown, a: Ref & { input: Parameters<typeof addItem>[2] }, ctx: Ctx) => addItem(ctx, a, a.input),
    updateDraftReturnItem: (_: unknown, a: Ref & { itemId: string; input: ItemUpdate }, ctx: Ctx) => updateItem(ctx, a, a.itemId, a.input),
    removeDraftReturnItem: (_: unknown, a: Ref & { itemId: string }, ctx: Ctx) => removeItem(ctx, a, a.itemId),
    addDraftReturnPhoto: (_: unknown, a: Ref & { itemId: string; contentBase64: string }, ctx: Ctx) =>
      addPhoto(ctx, a, a.itemId, a.contentBase64),
    removeDraftReturnPhoto: (_: unknown, a: Ref & { itemId: string; photo: string }, ctx: Ctx) => removePhoto(ctx, a, a.itemId, a.photo),
    setDraftReturnAddress: (_: unknown, a: Ref & { address: DraftAddressInput }, ctx: Ctx) => drafts.setAddress(ctx, a, a.address),
    setDraftReturnCustomer: (_: unknown, a: Ref & { email: string }, ctx: Ctx) => drafts.setCustomer(ctx, a, a.email),
    finalizeDraftReturnItems: (_: unknown, a: Ref, ctx: Ctx) => finalizeItems(ctx, a),
    setDraftReturnCreditType: (_: unknown, a: Ref & { creditType: string }, ctx: Ctx) => setCreditType(ctx, a, a.creditType),
    setDraftReturnMethod: (_: unknown, a: Ref & { method: string }, ctx: Ctx) => drafts.setReturnMethod(ctx, a, a.method),
    submitDraftReturn: (_: unknown, a: Ref, ctx: Ctx) => submit(ctx, a),
    cancelDraftReturn: (_: unknown, a: Ref, ctx: Ctx) => drafts.cancel(ctx, a),
  },
  DraftReturn: {
    number: (d: D) => d.compatId,
    orderName: async (d: D, _: unknown, ctx: Ctx) => (await bundleOf(ctx, d)).order.name,
    currency: async (d: D, _: unknown, ctx: Ctx) => (await bundleOf(ctx, d)).order.currency,
    shippingAddress: (d: D) => readDraftAddress(d.shippingAddress),
    returnNumber: (d: D, _: unknown, ctx: Ctx) => (d.returnId ? returnNumberOf(ctx, d.returnId) : null),
    shipping: async (d: D, _: unknown, ctx: Ctx) => {
      const s = d.returnId ? await shippingOf(ctx, d.returnId) : null;
      return s && { ...s, method: DRAFT_METHOD[s.method] ?? s.method };
    },
    // The link the confirmation page gives the shopper: the same signed path the confirmation email carries.
    statusPath: async (d: D, _: unknown, ctx: Ctx) => {
      if (!d.returnId) return null;
      const portal = await ctx.prisma.portalSettings.findUnique({ where: { storeId: d.storeId }, select: { handle: true } });
      return portal ? `/portal/${portal.handle}/returns/${statusToken(ctx.config, d.returnId)}` : null;
    },
    items: (d: D, _: unknown, ctx: Ctx) => itemsOf(ctx, d),
    lines: (d: D, _: unknown, ctx: Ctx) => linesOf(ctx, d),
    reasons: async (d: D, _: unknown, ctx: Ctx) => (await bundleOf(ctx, d)).e.reasons,
    policyVersion: async (d: D, _: unknown, ctx: Ctx) => (await bundleOf(ctx, d)).e.policyVersion,
    allowedActions: async (d: D, _: unknown, ctx: Ctx) => allowedActions(d, (await bundleOf(ctx, d)).items),
    totals: async (d: D, _: unknown, ctx: Ctx) => totals(d, await bundleOf(ctx, d)),
  },
};
