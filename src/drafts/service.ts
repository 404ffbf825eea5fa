// The draft flow: opening a draft from an order lookup, the state machine every action runs through (one
// transaction each, so a refusal leaves the draft as it was), and the actions on the draft as a whole.
import type { RequestContext } from "../core/context.js";
import { DomainError, fail } from "../core/errors.js";
import { type Decision, wordsOf } from "../core/decisions/codes.js";
import { newId } from "../core/ids.js";
import type { TransactionClient } from "../db/client.js";
import { holdCountLimit } from "../core/count-limits.js";
import { LIST_BOUNDS } from "../core/bounds.js";
import { lookupOrder } from "./lookup.js";
import { addressFromOrder, checkAddress, type DraftAddressInput } from "./address.js";
import { requireOffered, storeLookupMethod } from "./store-settings.js";
import { DRAFT_TTL_MS, SESSION_TTL_MS, isStorefrontKey, issueShopperToken, locateDraft } from "./session.js";

export const STATES = ["created", "items_finalized", "submitted", "cancelled", "expired"] as const;
export type DraftState = (typeof STATES)[number];
export const TERMINAL: readonly string[] = ["submitted", "cancelled", "expired"];

export type DraftRow = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["draftReturn"]["findUnique"]>>>;
export type DraftItem = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["draftReturnItem"]["findUnique"]>>>;
export type OrderRow = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["order"]["findUnique"]>>>;

const draftError = (status: number, code: string, title: string, detail: string, field?: string, extra?: Record<string, unknown>) =>
  new DomainError({ code: status === 422 ? "UNPROCESSABLE" : "CONFLICT", status, type: `drafts/${code}`, title, detail, field, extra });

export const terminalState = (state: string) =>
  draftError(422, "terminal-state", "Draft return closed", `The draft return is ${state.replaceAll("_", " ")}: nothing can change it now.`);

export const wrongState = (action: string, allowed: readonly string[], state: string) =>
  draftError(
    422,
    "action-validation-failed",
    "Not possible in this state",
    `${action} is possible while the draft is ${allowed.map((s) => s.replaceAll("_", " ")).join(" or ")}; it is ${state.replaceAll("_", " ")}.`,
  );

/** A line the policy does not let return; its decision as data too (code and params as text), for a client to word it. */
export const notEligible = (field: string, detail: string, decision: Decision | null) =>
  draftError(
    422,
    "item-not-eligible",
    "Not returnable",
    detail,
    field,
    decision ? { decision: { code: decision.code, params: wordsOf(decision).params } } : undefined,
  );
export const variantUnavailable = (field: string, detail: string) =>
  draftError(422, "product-variant-unavailable", "Exchange variant unavailable", detail, field);
export const returnsUnavailable = (detail: string) =>
  draftError(422, "returns-unavailable-for-order", "Return not accepted by the store's policy", detail);

/** Opens a draft for the order the shopper names; the token is returned once (the caller decides who sees it). */
export async function openDraft(
  ctx: RequestContext,
  storeId: string,
  input: { orderName: string; secondaryInput: string; isGift?: boolean | null; language?: string | null },
) {
  const language = input.language?.trim() || "en";
  if (!/^[a-z]{2}(-[A-Za-z]{2})?$/.test(language))
    throw fail.badInput(
      '`input.language` must be a 2-letter language code with an optional region, such as "en" or "fr-CA".',
      "input.language",
    );
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
          where: { orderId: order.id, state: { in: ["created", "items_finalized"] }, expiresAt: { gt: new Date() } },
        }),
      refuse: () =>
        draftError(
          409,
          "too-many-open-drafts",
          "Too many open draft returns",
          `Order ${order.name} already has ${LIST_BOUNDS.orderOpenDrafts} open draft returns; finish or cancel one first.`,
        ),
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

/** Marks a lapsed draft expired (it then answers terminal-state); returns the row as it now is. */
export async function expireIfDue(ctx: RequestContext, draft: DraftRow): Promise<DraftRow> {
  if (TERMINAL.includes(draft.state) || draft.expiresAt.getTime() > Date.now()) return draft;
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
 * Runs one action: the draft locked (its version bumped) and re-read in the transaction, its state
 * checked (terminal → terminal-state, elsewhere → action-validation-failed), `apply`, and its lapse
 * moved forward. A refusal rolls everything back.
 */
export async function act(
  ctx: RequestContext,
  ref: { id?: string | null; shopperToken?: string | null },
  action: string,
  allowedIn: readonly DraftState[],
  apply: (s: ActionScope) => Promise<unknown>,
): Promise<DraftRow> {
  const found = await readDraft(ctx, ref.id, ref.shopperToken);
  await ctx.prisma.$transaction(async (tx) => {
    const draft = await tx.draftReturn.update({
      where: { id: found.id },
      data: { version: { increment: 1 }, expiresAt: new Date(Date.now() + DRAFT_TTL_MS) },
      include: { items: { orderBy: { position: "asc" } } },
    });
    if (TERMINAL.includes(draft.state)) throw terminalState(draft.state);
    if (!allowedIn.includes(draft.state as DraftState)) throw wrongState(action, allowedIn, draft.state);
    const order = await tx.order.findUnique({ where: { id: draft.orderId } });
    if (!order) throw fail.notFound("drafts/order-not-found", "The draft's order no longer exists.", "Order not found");
    await apply({ tx, draft, order });
  });
  return (await ctx.prisma.draftReturn.findUnique({ where: { id: found.id } }))!;
}

export function setAddress(ctx: RequestContext, ref: { id?: string | null; shopperToken?: string | null }, a: DraftAddressInput) {
  const { address, problems } = checkAddress(a);
  return act(ctx, ref, "Setting the address", ["created", "items_finalized"], ({ tx, draft }) => {
    if (problems.length) throw problems.length === 1 ? fail.badInput(problems[0]!.detail, problems[0]!.field) : fail.badInputs(problems);
    return tx.draftReturn.update({ where: { id: draft.id }, data: { shippingAddress: JSON.stringify(address) } });
  });
}

export function setCustomer(ctx: RequestContext, ref: { id?: string | null; shopperToken?: string | null }, email: string) {
  const e = email.trim().toLowerCase();
  return act(ctx, ref, "Setting the customer", ["created", "items_finalized"], ({ tx, draft }) => {
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e)) throw fail.badInput("`email` must be an email address such as jane@example.com.", "email");
    return tx.draftReturn.update({ where: { id: draft.id }, data: { customerEmail: e } });
  });
}

export function setReturnMethod(ctx: RequestContext, ref: { id?: string | null; shopperToken?: string | null }, method: string) {
  return act(ctx, ref, "Choosing the return method", ["items_finalized"], async ({ tx, draft }) => {
    await requireOffered(tx, draft.storeId, method, "method");
    return tx.draftReturn.update({ where: { id: draft.id }, data: { returnMethod: method } });
  });
}

export function cancel(ctx: RequestContext, ref: { id?: string | null; shopperToken?: string | null }) {
  return act(ctx, ref, "Cancelling", ["created", "items_finalized"], async ({ tx, draft }) => {
    await tx.draftReturn.update({ where: { id: draft.id }, data: { state: "cancelled" } });
    // Its photos go with it: a cancelled draft's upload is no longer served (404).
    await tx.draftPhoto.deleteMany({ where: { itemId: { in: draft.items.map((i) => i.id) } } });
  });
}
