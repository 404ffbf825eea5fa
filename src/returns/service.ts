// Returns: creation (with the over-return rule, safe under concurrency), reads, the list, and the
// lifecycle (src/returns/transitions.ts is the one table of what may happen from which status).
// Every write that changes a return records a domain event in the same transaction.
import type { RequestContext } from "../core/context.js";
import { refuse } from "./refusals.js";
import { refuse as refuseOrder } from "../orders/refusals.js";
import { newId } from "../core/ids.js";
import { money, parseMajor } from "../core/money.js";
import { recordEvent, eventsCommitted } from "../core/events.js";
import type { TransactionClient } from "../db/client.js";
import { findOrder } from "../orders/service.js";
import { restockReturnItems } from "../inventory/service.js";
import { holdsReleased, releaseExchangeUnits } from "../inventory/holds.js";
import { issueGiftCards } from "./gift-cards.js";
import { LEDGER_TOPIC, recordLedger } from "./ledger.js";
import { KEEP_ITEM, refuseKeptRestock, settleKeptItems } from "./keep-items.js";
import {
  INITIAL_STATUS,
  STATUS_ACTIONS,
  isReturnStatus,
  resolveTarget,
  transition,
  type ReturnAction,
  type ReturnStatus,
} from "./transitions.js";

import type { ReturnItemRow, ReturnRow } from "./rows.js";

export type { ReturnItemRow, ReturnRow };
// The batched reads of a return's parts, where every domain reaches them.
export { commentsOf, itemsOf, lineItemByIdLoader, returnByIdLoader, returnsOfOrder, storeFlags, timelineOf } from "./loaders.js";

export const RETURN_TYPES = ["return", "claim", "warranty"] as const;
export const COMPENSATIONS = ["refund", "store_credit", "exchange", "keep_item"] as const;

export interface CreateReturnInput {
  provider: string;
  externalOrderId: string;
  items: {
    lineItemId: string;
    quantity: number;
    reason?: string | null;
    reasonCode?: string | null;
    compensation?: string | null;
    exchangeSku?: string | null;
    notes?: string | null;
  }[];
  shippingAddress?: {
    line1: string;
    line2?: string | null;
    city: string;
    state?: string | null;
    postalCode?: string | null;
    country: string;
  } | null;
  type?: string | null;
  notes?: string | null;
  label?: {
    trackingNumber: string;
    carrier?: string | null;
    trackingUrl?: string | null;
    postageLabelUrl?: string | null;
    formLabelUrl?: string | null;
    originalShipmentId?: string | null;
  } | null;
}

import { itemValues, returnCurrency } from "./values.js";
export { itemValues, returnCurrency };

export function returnNotFound(id: string) {
  return refuse("RETURN_NOT_FOUND", { id });
}

/** The first timeline entry of every new return, however it was created (portal, API, import). */
export function createdEntry(actor: { type: string; id: string | null }) {
  return { id: newId("rtl"), action: "created", fromStatus: null, toStatus: INITIAL_STATUS, actorType: actor.type, actorId: actor.id };
}

export async function actorName(ctx: RequestContext, tx: TransactionClient): Promise<string | null> {
  const p = ctx.principal;
  if (p.kind === "apiClient")
    return p.name ?? (await tx.apiClient.findUnique({ where: { id: p.clientId }, select: { name: true } }))?.name ?? null;
  if (p.kind === "staff" && p.userId !== "system")
    return (
      (await tx.staffUser
        .findUnique({ where: { id: p.userId }, select: { name: true, email: true } })
        .then((u) => u && (u.name || u.email))) ?? null
    );
  if (p.kind === "shopper") return "Shopper";
  return p.kind === "staff" ? "System" : null;
}

/**
 * The compat door's numeric id: the next value of the store's counter, taken inside the creating
 * transaction (the counter row's lock orders concurrent creates on PostgreSQL, including the insert of
 * a new store's first row; SQLite writes are serial). Numbered per store, so an id says nothing about
 * other stores' volume; never reused: the counter only grows, and deleted returns keep theirs.
 */
export async function allocateCompatId(tx: TransactionClient, storeId: string): Promise<number> {
  const name = `return:${storeId}`;
  const row = await tx.compatSequence.upsert({ where: { name }, create: { name, next: 2 }, update: { next: { increment: 1 } } });
  return row.next - 1;
}

// ─── Read ─────────────────────────────────────────────────────────────────────

export async function getReturn(ctx: RequestContext, id: string) {
  return ctx.prisma.return.findFirst({ where: { id, storeId: { in: ctx.storeIds() } } });
}

// ─── Lifecycle ────────────────────────────────────────────────────────────────

interface ActionContext {
  tx: TransactionClient;
  ret: ReturnRow;
  items: ReturnItemRow[];
}

/**
 * Runs one lifecycle action: locks the return, checks the table, lets `apply` change items, then
 * moves the status, appends the timeline and records the event — all in one transaction.
 */
async function act(
  ctx: RequestContext,
  id: string,
  action: ReturnAction,
  apply: (a: ActionContext) => Promise<{ detail?: unknown; message?: string } | undefined>,
): Promise<{ return: ReturnRow; message: string }> {
  const storeIds = ctx.storeIds();
  const found = await ctx.prisma.return.findFirst({ where: { id, storeId: { in: storeIds } }, select: { id: true } });
  if (!found) throw returnNotFound(id);
  const actor = ctx.actor();
  let message = "";
  let toShop = 0;
  const ret = await ctx.prisma.$transaction(async (tx) => {
    toShop = 0; // a transaction retried from the start writes its entries again
    const ret = await tx.return.update({ where: { id }, data: { version: { increment: 1 } } }); // row lock
    const current = ret.status as ReturnStatus;
    const store = await tx.store.findUnique({ where: { id: ret.storeId }, select: { allowFlaggedReturnProcessing: true } });
    const target = transition(current, action, { allowFlaggedReturnProcessing: !!store?.allowFlaggedReturnProcessing });
    const items = await tx.returnItem.findMany({ where: { returnId: id }, orderBy: [{ position: "asc" }, { id: "asc" }] });
    const out = (await apply({ tx, ret, items })) ?? {};
    message = out.message ?? `${action} applied`;
    // Kept lines settle with the processing (when the policy says so) before the status is resolved from the items.
    const processing = action === "process" || action === "complete";
    const kept = processing ? await settleKeptItems(tx, ret, "processed") : [];
    const after = await tx.returnItem.findMany({ where: { returnId: id }, select: { id: true, status: true } });
    const next = resolveTarget(target, current, after);
    // An exchange's held units go back when its return is cancelled or rejected, or its item rejected or removed.
    const exchanges = items.filter((i) => i.compensation === "exchange");
    if (exchanges.length) {
      const live = new Map(after.map((i) => [i.id, i.status]));
      const whole = next === "deleted" || next === "rejected";
      await releaseExchangeUnits(
        tx,
        exchanges.filter((i) => whole || !live.has(i.id) || live.get(i.id) === "rejected").map((i) => i.id),
      );
    }
    // Store credit settles on the policy's event: processing (any item processed), or arrival.
    const event = processing ? "processed" : next === "delivered" && current !== next ? "delivered" : null;
    const cards = event ? await issueGiftCards(tx, ret, event) : 0;
    if (event === "delivered") kept.push(...(await settleKeptItems(tx, ret, "delivered")));
    // The money it moves, once each (a refund for the shop to pay, the credit issued, the fee kept back).
    if (processing || cards) toShop = (await recordLedger(tx, ret)).toShop;
    const updated = await tx.return.update({ where: { id }, data: { status: next, updatedAt: new Date() } });
    await tx.returnTimelineEntry.create({
      data: {
        id: newId("rtl"),
        returnId: id,
        action,
        fromStatus: current,
        toStatus: next,
        actorType: actor.type,
        actorId: actor.id,
        detail:
          out.detail === undefined && !cards && !kept.length
            ? null
            : JSON.stringify({
                ...(out.detail as object),
                ...(cards ? { giftCardsIssued: cards } : {}),
                ...(kept.length ? { keptItemIds: kept } : {}),
              }),
      },
    });
    await recordEvent(tx, {
      storeId: ret.storeId,
      topic: "return",
      subjectId: id,
      type: "updated",
      statusChange: next === current ? null : { from: current, to: next },
    });
    // A labelled return's parcel moved on (in transit, delivered): its label's status with it (topic `label`).
    if (ret.label && next !== current && (next === "in_transit" || next === "delivered"))
      await recordEvent(tx, { storeId: ret.storeId, topic: "label", subjectId: id, type: "updated" });
    return updated;
  });
  eventsCommitted(ctx.services, "return");
  // The shop's pusher wakes only for money it is to move (not on every return's commit).
  if (toShop) eventsCommitted(ctx.services, LEDGER_TOPIC);
  return { return: ret, message };
}

export interface ProcessItemInput {
  itemId: string;
  restock?: boolean | null;
  merchantAdjustment?: string | null;
  reject?: boolean | null;
}

export async function processReturn(ctx: RequestContext, id: string, inputs: ProcessItemInput[], customerNotes?: string | null) {
  if (!inputs.length) throw refuse("RETURN_PROCESS_NO_ITEMS");
  return act(ctx, id, "process", async ({ tx, ret, items }) => {
    const byId = new Map(items.map((i) => [i.id, i]));
    const order = ret.orderId ? await tx.order.findUnique({ where: { id: ret.orderId }, select: { currency: true } }) : null;
    const currency = returnCurrency(ret, order);
    const lineIds = items.flatMap((i) => (i.lineItemId ? [i.lineItemId] : []));
    const lines = new Map((await tx.orderLineItem.findMany({ where: { id: { in: lineIds } } })).map((l) => [l.id, l]));
    const now = new Date();
    const seen = new Set<string>();
    for (const [i, p] of inputs.entries()) {
      const f = `items[${i}]`;
      const item = byId.get(p.itemId);
      if (!item) throw refuse("RETURN_NOT_AN_ITEM", { field: `${f}.itemId`, id: p.itemId });
      if (seen.has(item.id)) throw refuse("RETURN_ITEM_TWICE", { field: `${f}.itemId`, id: item.id });
      seen.add(item.id);
      if (item.status !== "open") throw refuse("RETURN_ITEM_PROCESSED", { id: item.id, status: item.status });
      if (p.restock) refuseKeptRestock(item, `${f}.restock`);
      if (p.reject && (p.restock != null || p.merchantAdjustment != null)) throw refuse("RETURN_REJECT_COMBINED", { field: `${f}.reject` });
      let adjustment: number | null = null;
      if (p.merchantAdjustment != null) {
        const field = `${f}.merchantAdjustment`;
        adjustment = parseMajor(p.merchantAdjustment, currency, field);
        if (adjustment < 0) throw refuseOrder("AMOUNT_NEGATIVE", { field });
        // More than the item is worth is a typo, not a refund of 0.
        const { maxAdjustment } = itemValues(
          { ...item, merchantAdjustment: null },
          (item.lineItemId && lines.get(item.lineItemId)) || null,
        );
        if (adjustment > maxAdjustment) {
          const [amount, max] = [money(adjustment, currency).amount, money(maxAdjustment, currency).amount];
          throw refuse("RETURN_ADJUSTMENT_TOO_LARGE", { field, amount, max, currency });
        }
      }
      await tx.returnItem.update({
        where: { id: item.id },
        data: p.reject
          ? { status: "rejected", restock: null, merchantAdjustment: null, processedAt: now }
          : // A kept item neither came back nor was disposed of: no restock decision (outcome absent).
            {
              status: "processed",
              restock: item.compensation === KEEP_ITEM ? null : !!p.restock,
              merchantAdjustment: adjustment,
              processedAt: now,
            },
      });
    }
    await restockReturnItems(
      tx,
      ret,
      items.filter((i) => inputs.some((p) => p.itemId === i.id && !p.reject && p.restock)),
    );
    if (customerNotes)
      await tx.returnComment.create({
        data: { id: newId("rcm"), returnId: id, message: customerNotes, authorType: ctx.actor().type, authorId: ctx.actor().id },
      });
    const remaining = items.filter((i) => i.status === "open" && !seen.has(i.id)).length;
    return {
      detail: { items: inputs },
      message: remaining ? `Processing recorded; ${remaining} item(s) still to process.` : "Processing complete.",
    };
  });
}

/**
 * Processes every item still open (the compat door's process, and its remove): optionally removes
 * `removeItemIds` first, in the same transaction. `details` (free-form JSON from the caller) is kept
 * on the timeline entry. Removing every item resets the return instead (status deleted).
 */
export async function processRemaining(ctx: RequestContext, id: string, opts: { details?: unknown; removeItemIds?: string[] } = {}) {
  const remove = new Set(opts.removeItemIds ?? []);
  const all = await ctx.prisma.returnItem.findMany({ where: { returnId: id }, select: { id: true } });
  const removesAll = remove.size > 0 && all.every((i) => remove.has(i.id));
  if (removesAll) {
    return act(ctx, id, "reset", async ({ tx, items }) => {
      const changed = items.filter((i) => i.status !== "open" || !remove.has(i.id)).map((i) => i.id);
      if (changed.length || items.length !== remove.size) throw refuse("RETURN_ITEMS_CHANGED", { items: changed.join(", ") });
      await tx.returnItem.updateMany({
        where: { returnId: id },
        data: { status: "open", restock: null, merchantAdjustment: null, processedAt: null },
      });
      return {
        detail: { removedItemIds: [...remove], reason: "every item removed" },
        message: "Every item removed: the return is cancelled.",
      };
    });
  }
  return act(ctx, id, "process", async ({ tx, items }) => {
    // Checked again under the return's lock: the named items must still be open items of it.
    const open = new Set(items.filter((i) => i.status === "open").map((i) => i.id));
    const gone = [...remove].filter((x) => !open.has(x));
    if (gone.length) throw refuse("RETURN_ITEMS_NOT_OPEN", { items: gone.join(", ") });
    if (remove.size) await tx.returnItem.deleteMany({ where: { returnId: id, id: { in: [...remove] } } });
    const rest = items.filter((i) => i.status === "open" && !remove.has(i.id));
    const now = new Date();
    await tx.returnItem.updateMany({
      where: { returnId: id, id: { in: rest.map((i) => i.id) } },
      data: { status: "processed", processedAt: now },
    });
    const detail: Record<string, unknown> = { processedItemIds: rest.map((i) => i.id) };
    if (remove.size) detail.removedItemIds = [...remove];
    if (opts.details !== undefined) detail.additionalDetails = opts.details;
    return { detail, message: `Processed ${rest.length} item(s).` };
  });
}

const simple =
  (action: ReturnAction, itemStatus?: "rejected" | "complete" | "open") => (ctx: RequestContext, id: string, reason?: string | null) =>
    act(ctx, id, action, async ({ tx }) => {
      if (itemStatus === "open") {
        await tx.returnItem.updateMany({
          where: { returnId: id },
          data: { status: "open", restock: null, merchantAdjustment: null, processedAt: null },
        });
      } else if (itemStatus === "rejected") {
        await tx.returnItem.updateMany({ where: { returnId: id, status: "open" }, data: { status: "rejected", processedAt: new Date() } });
      } else if (itemStatus === "complete") {
        await tx.returnItem.updateMany({ where: { returnId: id, status: "open" }, data: { status: "complete", processedAt: new Date() } });
      }
      return { detail: reason ? { reason } : undefined };
    });

export const flagReturn = simple("flag");
export const rejectReturn = simple("reject", "rejected");
export const cancelReturn = simple("cancel");
export const resetReturn = simple("reset", "open");
export const deliverReturn = simple("deliver");
export const completeReturn = (ctx: RequestContext, id: string) => simple("complete", "complete")(ctx, id);

export async function reopenReturn(ctx: RequestContext, id: string) {
  return act(ctx, id, "reopen", async ({ tx, items }) => {
    if (
      await holdsReleased(
        tx,
        items.filter((i) => i.compensation === "exchange").map((i) => i.id),
      )
    )
      throw refuse("RETURN_EXCHANGE_RELEASED");
    await tx.returnItem.updateMany({
      where: { returnId: id },
      data: { status: "open", restock: null, merchantAdjustment: null, processedAt: null },
    });
    await tx.return.update({ where: { id }, data: { reopened: true } });
    return { message: "Reopened; refunds already issued are not reversed." };
  });
}

export async function removeReturnItems(ctx: RequestContext, id: string, itemIds: string[]) {
  if (!itemIds.length) throw refuse("RETURN_REMOVE_NO_ITEMS");
  return act(ctx, id, "remove_items", async ({ tx, items }) => {
    const known = new Set(items.map((i) => i.id));
    const unknown = itemIds.filter((x) => !known.has(x));
    if (unknown.length) throw refuse("RETURN_NOT_ITEMS", { items: unknown.join(", ") });
    const remove = new Set(itemIds);
    if (items.every((i) => remove.has(i.id))) {
      throw refuse("RETURN_LAST_ITEM");
    }
    await tx.returnItem.deleteMany({ where: { returnId: id, id: { in: [...remove] } } });
    return { detail: { removedItemIds: [...remove] }, message: `Removed ${remove.size} item(s).` };
  });
}

export async function setReturnStatus(ctx: RequestContext, id: string, status: string) {
  const action = isReturnStatus(status) ? STATUS_ACTIONS[status] : undefined;
  if (!action) throw refuse("RETURN_STATUS_UNKNOWN", { value: status, statuses: Object.keys(STATUS_ACTIONS).join(", ") });
  switch (action) {
    case "complete":
      return completeReturn(ctx, id);
    case "reopen":
      return reopenReturn(ctx, id);
    case "flag":
      return flagReturn(ctx, id);
    case "reject":
      return rejectReturn(ctx, id);
    case "deliver":
      return deliverReturn(ctx, id);
    default:
      return resetReturn(ctx, id);
  }
}

export async function addComment(ctx: RequestContext, id: string, message: string | null | undefined, image: string | null | undefined) {
  if ((message == null) === (image == null)) throw refuse("RETURN_COMMENT_ONE_OF");
  if (message != null && !message.trim()) throw refuseOrder("TEXT_EMPTY", { field: "comment.message" });
  if (image != null && !/^[A-Za-z0-9+/=\s]+$/.test(image)) throw refuse("RETURN_COMMENT_IMAGE");
  const actor = ctx.actor();
  const commentId = newId("rcm");
  await act(ctx, id, "comment", async ({ tx }) => {
    await tx.returnComment.create({
      data: { id: commentId, returnId: id, message: message ?? null, image: image ?? null, authorType: actor.type, authorId: actor.id },
    });
    return { detail: { commentId } };
  });
  return ctx.prisma.returnComment.findUniqueOrThrow({ where: { id: commentId } });
}

export { findOrder };
