// The draft flow: opening a draft from an order lookup, the state machine every action runs through (one
// transaction each, so a refusal leaves the draft as it was), and the actions on the draft as a whole.
import type { RequestContext } from "../core/context.js";
import { fail } from "../core/errors.js";
import { refuse } from "./refusals.js";
import { newId } from "../core/ids.js";
import type { TransactionClient } from "../db/client.js";
import { holdCountLimit } from "../core/count-limits.js";
import { LIST_BOUNDS } from "../core/bounds.js";
import { lookupOrder } from "./lookup.js";
import { addressFromOrder, checkAddress, type DraftAddressInput } from "./address.js";
import { requireOffered, storeLookupMethod } from "./store-settings.js";
import { DRAFT_TTL_MS, SESSION_TTL_MS, isStorefrontKey, issueShopperToken, locateDraft } from "./session.js";
import { DRAFT_LIFECYCLE, type DraftState, type DraftStep, OPEN_STATES, STEPS } from "./lifecycle.js";

export type DraftRow = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["draftReturn"]["findUnique"]>>>;
export type DraftItem = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["draftReturnItem"]["findUnique"]>>>;
export type OrderRow = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["order"]["findUnique"]>>>;

/** Opens a draft for the order the shopper names; the token is returned once (the caller decides who sees it). */
export async function openDraft(
  ctx: RequestContext,
  storeId: string,
  input: { orderName: string; secondaryInput: string; isGift?: boolean | null; language?: string | null },
) {
  const language = input.language?.trim() || "en";
  if (!/^[a-z]{2}(-[A-Za-z]{2})?$/.test(language)) throw refuse("LANGUAGE_INVALID");
  // The store's portal settings choose how shoppers name their order.
  const method = await storeLookupMethod(ctx, storeId);
  const order = await lookupOrder(ctx, storeId, input.orderName, input.secondaryInput, method);
  const issued = issueShopperToken();
  const now = Date.now();
  const p = ctx.principal;
  const openedBy = p.kind === "apiClient" && !isStorefrontKey(p) ? "merchant" : p.kind === "staff" ? "merchant" : "shopper";
  const draft = await ctx.prisma.$transaction(async (tx) => {
    await holdCountLimit(tx, ctx.services.db.provider, order.id, {
      name: "order-open-drafts",
      max: LIST_BOUNDS.orderOpenDrafts,
      count: () =>
        tx.draftReturn.count({
          where: { orderId: order.id, state: { in: [...OPEN_STATES] }, expiresAt: { gt: new Date() } },
        }),
      refuse: () => refuse("DRAFT_TOO_MANY_OPEN", { order: order.name, max: LIST_BOUNDS.orderOpenDrafts }),
    });
    const name = `draft:${storeId}`;
    const seq = await tx.compatSequence.upsert({ where: { name }, create: { name, next: 2 }, update: { next: { increment: 1 } } });
    return tx.draftReturn.create({
      data: {
        id: newId("dr"),
        storeId,
        compatId: seq.next - 1,
        orderId: order.id,
        tokenLookupId: issued.lookupId,
        tokenHash: issued.hash,
        tokenExpiresAt: new Date(now + SESSION_TTL_MS),
        expiresAt: new Date(now + DRAFT_TTL_MS),
        openedBy,
        customerEmail: order.customerEmail,
        shippingAddress: addressFromOrder(order.shippingAddress),
        language,
        isGift: !!input.isGift,
      },
    });
  });
  return { draft, token: issued.token, tokenExpiresAt: new Date(now + SESSION_TTL_MS) };
}

/** Marks a lapsed draft expired (it then answers drafts/closed); returns the row as it now is. */
export async function expireIfDue(ctx: RequestContext, draft: DraftRow): Promise<DraftRow> {
  if (DRAFT_LIFECYCLE.isTerminal(draft.state) || draft.expiresAt.getTime() > Date.now()) return draft;
  const lapsed = await ctx.prisma.draftReturn.updateMany({ where: { id: draft.id, state: draft.state }, data: { state: "expired" } });
  // A lapsed draft's photos are deleted (no longer served), as the retention sweep does for those nobody reads.
  if (lapsed.count) await ctx.prisma.draftPhoto.deleteMany({ where: { item: { draftId: draft.id } } });
  return (await ctx.prisma.draftReturn.findUnique({ where: { id: draft.id } }))!;
}

export async function readDraft(ctx: RequestContext, id: string | null | undefined, token: string | null | undefined) {
  return expireIfDue(ctx, await locateDraft(ctx, id, token));
}

export interface ActionScope {
  tx: TransactionClient;
  draft: DraftRow & { items: DraftItem[] };
  order: OrderRow;
}

/**
 * Runs one named step (lifecycle.ts): the draft locked (its version bumped) and re-read in the transaction,
 * its state checked against the table (terminal → drafts/closed, elsewhere → drafts/wrong-state),
 * the step's guards (on the item it names, if any), `apply`, the state the table leads to, and its lapse
 * moved forward. A refusal rolls everything back.
 */
export async function act(
  ctx: RequestContext,
  ref: { id?: string | null; shopperToken?: string | null },
  step: DraftStep,
  apply: (s: ActionScope) => Promise<unknown>,
  itemId?: string,
): Promise<DraftRow> {
  const found = await readDraft(ctx, ref.id, ref.shopperToken);
  await ctx.prisma.$transaction(async (tx) => {
    const draft = await tx.draftReturn.update({
      where: { id: found.id },
      data: { version: { increment: 1 }, expiresAt: new Date(Date.now() + DRAFT_TTL_MS) },
      include: { items: { orderBy: { position: "asc" } } },
    });
    const state = draft.state as DraftState;
    const refusedState = DRAFT_LIFECYCLE.stateRefusal(state, step.action, undefined, step.label);
    if (refusedState) throw refusedState;
    const order = await tx.order.findUnique({ where: { id: draft.orderId } });
    if (!order) throw refuse("DRAFT_ORDER_GONE");
    const refusedGuard = DRAFT_LIFECYCLE.guardRefusal(state, step.action, { items: draft.items, creditType: draft.creditType, itemId });
    if (refusedGuard) throw refusedGuard;
    await apply({ tx, draft, order });
    const to = DRAFT_LIFECYCLE.targetOf(state, step.action);
    if (to !== undefined && to !== "same" && to !== state) await tx.draftReturn.update({ where: { id: draft.id }, data: { state: to } });
  });
  return (await ctx.prisma.draftReturn.findUnique({ where: { id: found.id } }))!;
}

export function setAddress(ctx: RequestContext, ref: { id?: string | null; shopperToken?: string | null }, a: DraftAddressInput) {
  const { address, problems } = checkAddress(a);
  return act(ctx, ref, STEPS.setAddress, ({ tx, draft }) => {
    if (problems.length) throw fail.problems(problems);
    return tx.draftReturn.update({ where: { id: draft.id }, data: { shippingAddress: JSON.stringify(address) } });
  });
}

export function setCustomer(ctx: RequestContext, ref: { id?: string | null; shopperToken?: string | null }, email: string) {
  const e = email.trim().toLowerCase();
  return act(ctx, ref, STEPS.setCustomer, ({ tx, draft }) => {
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e)) throw refuse("CUSTOMER_EMAIL_INVALID");
    return tx.draftReturn.update({ where: { id: draft.id }, data: { customerEmail: e } });
  });
}

export function setReturnMethod(ctx: RequestContext, ref: { id?: string | null; shopperToken?: string | null }, method: string) {
  return act(ctx, ref, STEPS.setReturnMethod, async ({ tx, draft }) => {
    await requireOffered(tx, draft.storeId, method, "method");
    return tx.draftReturn.update({ where: { id: draft.id }, data: { returnMethod: method } });
  });
}

export function cancel(ctx: RequestContext, ref: { id?: string | null; shopperToken?: string | null }) {
  return act(ctx, ref, STEPS.cancel, async ({ tx, draft }) => {
    // Its photos go with it: a cancelled draft's upload is no longer served (404).
    await tx.draftPhoto.deleteMany({ where: { itemId: { in: draft.items.map((i) => i.id) } } });
  });
}
