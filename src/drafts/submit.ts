// Submitting a draft: the return is created through the same path as every door (src/returns/create.ts:
// policy admission, exchange holds, gift cards), by the shopper, and the draft is marked submitted in that
// same transaction, right after the order's lock. A second submit, even a concurrent one, finds the draft
// submitted and answers the same return.
import { RequestContext } from "../core/context.js";
import { DomainError } from "../core/errors.js";
import { refuse } from "./refusals.js";
import { createReturn } from "../returns/create.js";
import { KEEP_ITEM } from "../returns/keep-items.js";
import { issueReturnShipping } from "../shipping/service.js";
import { evaluateDraft } from "./evaluate.js";
import { readDraftAddress } from "./address.js";
import { requireOffered } from "./store-settings.js";
import { isStorefrontKey } from "./session.js";
import { requestOrigin } from "../returns/origin.js";
import { type DraftRow, readDraft } from "./service.js";
import { submitRefusal, terminalState } from "./errors.js";
import { DRAFT_LIFECYCLE, type DraftState, STEPS } from "./lifecycle.js";

class AlreadySubmitted extends Error {}

type Ref = { id?: string | null; shopperToken?: string | null };

export async function submit(ctx: RequestContext, ref: Ref): Promise<DraftRow> {
  const draft = await readDraft(ctx, ref.id, ref.shopperToken);
  if (draft.state === "submitted") return draft;
  const state = draft.state as DraftState;
  const refusedState = DRAFT_LIFECYCLE.stateRefusal(state, STEPS.submit.action, undefined, STEPS.submit.label);
  if (refusedState) throw refusedState;
  const [items, order] = await Promise.all([
    ctx.prisma.draftReturnItem.findMany({ where: { draftId: draft.id }, orderBy: { position: "asc" } }),
    ctx.prisma.order.findUnique({ where: { id: draft.orderId } }),
  ]);
  if (!order) throw refuse("DRAFT_ORDER_GONE");
  // The table's guard: every item has an outcome (its own or the credit type).
  const refusedGuard = DRAFT_LIFECYCLE.guardRefusal(state, STEPS.submit.action, { items, creditType: draft.creditType });
  if (refusedGuard) throw refusedGuard;
  const e = await evaluateDraft(ctx.prisma, order, items);
  const address = readDraftAddress(draft.shippingAddress);
  // The return is the shopper's: recorded as created by them, whichever key carried the request.
  const shopper = new RequestContext(ctx.services, { kind: "shopper", draftId: draft.id, storeId: draft.storeId }, ctx.requestId, ctx.log);
  shopper.door = ctx.door;
  try {
    await createReturn(
      shopper,
      draft.storeId,
      {
        provider: order.provider,
        externalOrderId: order.externalId,
        items: items.map((it) => ({
          lineItemId: it.lineItemId,
          quantity: it.quantity,
          reason: e.reasons.find((r) => r.code === it.reasonCode)?.label ?? it.reasonCode ?? "",
          reasonCode: it.reasonCode,
          notes: it.answer,
          compensation: it.outcome ?? draft.creditType,
          exchangeSku: it.outcome === "exchange" ? it.exchangeSku : null,
        })),
        shippingAddress: address && {
          line1: address.line1,
          line2: address.line2,
          city: address.city,
          state: address.state,
          postalCode: address.postalCode,
          country: address.country,
        },
      },
      null,
      null,
      {
        // The door the shopper's return came through: the portal's session, a storefront's key, or the merchant's.
        origin: ctx.principal.kind === "apiClient" && isStorefrontKey(ctx.principal) ? "storefront_api" : requestOrigin(ctx),
        locked: async (tx, returnId) => {
          const marked = await tx.draftReturn.updateMany({
            where: { id: draft.id, state },
            data: { state: DRAFT_LIFECYCLE.targetOf(state, STEPS.submit.action), returnId, version: { increment: 1 } },
          });
          if (marked.count !== 1) throw new AlreadySubmitted();
        },
        // How the parcel goes back, made with the return (a return made only of kept items ships nothing).
        created: async (tx, returnId) => {
          // The shopper's photos go with the return's items (created in the draft's order, position i).
          for (const [position, it] of items.entries())
            if (it.photos !== "[]") await tx.returnItem.updateMany({ where: { returnId, position }, data: { customerImages: it.photos } });
          if (!draft.returnMethod || items.every((it) => it.outcome === KEEP_ITEM)) return;
          await issueReturnShipping(tx, returnId, await requireOffered(tx, draft.storeId, draft.returnMethod, "method"));
        },
      },
    );
  } catch (err) {
    // Whoever submitted first made the return: a later (or concurrent) submit answers it.
    const now = await ctx.prisma.draftReturn.findUnique({ where: { id: draft.id } });
    if (now?.state === "submitted") return now;
    if (err instanceof AlreadySubmitted) throw terminalState(now?.state ?? "cancelled");
    throw translated(err);
  }
  return (await ctx.prisma.draftReturn.findUnique({ where: { id: draft.id } }))!;
}

/** The creation path's refusals in the draft's codes (the draft stays open). */
function translated(err: unknown): unknown {
  return err instanceof DomainError ? (submitRefusal(err) ?? err) : err;
}
