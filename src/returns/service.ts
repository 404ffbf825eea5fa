// Returns: creation (with the over-return rule, safe under concurrency), reads, the list, and the
// lifecycle (src/returns/transitions.ts is the one table of what may happen from which status).
// Every write that changes a return records a domain event in the same transaction.
import type { RequestContext } from "../core/context.js";
import { LIST_BOUNDS, TEXT_BOUNDS } from "../core/bounds.js";
import { DomainError, fail } from "../core/errors.js";
import { newId } from "../core/ids.js";
import { money, parseMajor } from "../core/money.js";
import { recordEvent, eventsCommitted } from "../webhooks/events.js";
import { idempotent, type IdempotencyClaim } from "../core/idempotency.js";
import { groupBy, indexBy } from "../core/loaders.js";
import { keysetOrder } from "../core/pagination.js";
import type { TransactionClient } from "../db/client.js";
import { findOrder, normaliseProvider, type LineItemRow } from "../orders/service.js";
import { restockReturnItems } from "../inventory/service.js";
import {
  INITIAL_STATUS,
  RELEASED_STATUSES,
  STATUS_ACTIONS,
  isReturnStatus,
  resolveTarget,
  transition,
  type ReturnAction,
  type ReturnStatus,
} from "./transitions.js";

export type ReturnRow = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["return"]["findFirst"]>>>;
export type ReturnItemRow = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["returnItem"]["findFirst"]>>>;

export const RETURN_TYPES = ["return", "claim", "warranty"] as const;
export const COMPENSATIONS = ["refund", "store_credit"] as const;

export interface CreateReturnInput {
  provider: string;
  externalOrderId: string;
  items: {
    lineItemId: string;
    quantity: number;
    reason?: string | null;
    reasonCode?: string | null;
    compensation?: string | null;
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

/** A return's currency, the one rule: its order's, else an imported return's own, else USD (an import that named none). */
export function returnCurrency(ret: { currency: string | null }, order: { currency: string } | null | undefined): string {
  return order?.currency ?? ret.currency ?? "USD";
}

/** Value of the returned units: price less their share of the line discount, before tax. */
export function itemValues(
  item: Pick<ReturnItemRow, "quantity" | "status" | "merchantAdjustment">,
  line: Pick<LineItemRow, "unitPrice" | "quantity" | "discount" | "tax"> | null,
) {
  if (!line) return { productValue: 0, tax: 0, refund: 0, maxAdjustment: 0 };
  const productValue = Math.round(((line.unitPrice * line.quantity - line.discount) * item.quantity) / line.quantity);
  const tax = Math.round((line.tax * item.quantity) / line.quantity);
  const refund = item.status === "rejected" ? 0 : Math.max(0, productValue + tax - (item.merchantAdjustment ?? 0));
  // An adjustment is taken off the item's refund: at most the item's whole value, tax included.
  return { productValue, tax, refund, maxAdjustment: productValue + tax };
}

function returnNotFound(id: string) {
  return fail.notFound("returns/not-found", `No return ${JSON.stringify(id)} in this store.`, "Return not found");
}

/** The first timeline entry of every new return, however it was created (portal, API, import). */
export function createdEntry(actor: { type: string; id: string | null }) {
  return { id: newId("rtl"), action: "created", fromStatus: null, toStatus: INITIAL_STATUS, actorType: actor.type, actorId: actor.id };
}

export async function actorName(ctx: RequestContext, tx: TransactionClient): Promise<string | null> {
  const p = ctx.principal;
  if (p.kind === "apiClient") return (await tx.apiClient.findUnique({ where: { id: p.clientId }, select: { name: true } }))?.name ?? null;
  if (p.kind === "staff" && p.userId !== "system")
    return (
      (await tx.staffUser
        .findUnique({ where: { id: p.userId }, select: { name: true, email: true } })
        .then((u) => u && (u.name || u.email))) ?? null
    );
  return p.kind === "staff" ? "System" : null;
}

// ─── Create ───────────────────────────────────────────────────────────────────

export async function createReturn(
  ctx: RequestContext,
  storeId: string,
  input: CreateReturnInput,
  options: { createExternalRMAs?: boolean | null } | null | undefined,
  idempotencyKey?: string | null,
) {
  const request = { input, options: { createExternalRMAs: !!options?.createExternalRMAs } };
  const { result, replayed } = await idempotent<{ id: string }>(
    ctx,
    { storeId, operation: "createReturn", key: idempotencyKey, request },
    async (claim) => {
      const id = await insertReturn(ctx, storeId, input, claim);
      return { id };
    },
  );
  const ret = await ctx.prisma.return.findFirst({ where: { id: result.id, storeId } });
  if (!ret) throw returnNotFound(result.id);
  // No external RMA integration (ShipBob, …) is configured for any store: nothing to report, and
  // never a fabricated success.
  return { return: ret, externalRMAResponses: [] as unknown[], replayed };
}

function validateCreate(input: CreateReturnInput) {
  if (!input.provider.trim()) throw fail.badInput("`data.provider` must not be empty.", "data.provider");
  if (!input.externalOrderId.trim()) throw fail.badInput("`data.externalOrderId` must not be empty.", "data.externalOrderId");
  if (!input.items.length) throw fail.badInput("`data.items` must hold at least one item.", "data.items");
  if (input.items.length > 500) throw fail.badInput("`data.items` may hold at most 500 items.", "data.items");
  const type = input.type ?? "return";
  if (!(RETURN_TYPES as readonly string[]).includes(type))
    throw fail.badInput(`\`data.type\` must be one of ${RETURN_TYPES.join(", ")}; got ${JSON.stringify(type)}.`, "data.type");
  input.items.forEach((it, i) => {
    const f = `data.items[${i}]`;
    if (!it.lineItemId.trim()) throw fail.badInput(`\`${f}.lineItemId\` must not be empty.`, `${f}.lineItemId`);
    if (!Number.isInteger(it.quantity) || it.quantity < 1)
      throw fail.badInput(`\`${f}.quantity\` must be an integer of at least 1; got ${it.quantity}.`, `${f}.quantity`);
    if (it.compensation != null && !(COMPENSATIONS as readonly string[]).includes(it.compensation)) {
      throw fail.badInput(
        `\`${f}.compensation\` must be one of ${COMPENSATIONS.join(", ")}; got ${JSON.stringify(it.compensation)}.`,
        `${f}.compensation`,
      );
    }
  });
  const a = input.shippingAddress;
  if (a) {
    for (const k of ["line1", "city", "country"] as const)
      if (!a[k]?.trim()) throw fail.badInput(`\`data.shippingAddress.${k}\` must not be empty.`, `data.shippingAddress.${k}`);
    if (!/^[A-Za-z]{2}$/.test(a.country))
      throw fail.badInput(
        '`data.shippingAddress.country` must be an ISO 3166-1 alpha-2 code such as "US".',
        "data.shippingAddress.country",
      );
  }
  if (input.label && !input.label.trackingNumber.trim())
    throw fail.badInput("`data.label.trackingNumber` must not be empty.", "data.label.trackingNumber");
  return type;
}

async function insertReturn(
  ctx: RequestContext,
  storeId: string,
  input: CreateReturnInput,
  claim: IdempotencyClaim<{ id: string }>,
): Promise<string> {
  const type = validateCreate(input);
  const provider = normaliseProvider(input.provider);
  const order = await ctx.prisma.order.findFirst({ where: { storeId, externalId: input.externalOrderId.trim(), provider } });
  if (!order) {
    throw fail.notFound(
      "returns/order-not-found",
      `No order with externalOrderId ${JSON.stringify(input.externalOrderId)} from provider ${JSON.stringify(input.provider)} in this store; push the order first (POST /stores/{storeId}/custom/orders).`,
      "Order not found",
    );
  }
  const id = newId("ret");
  const actor = ctx.actor();
  await ctx.prisma.$transaction(async (tx) => {
    // Lock the order: concurrent creates for it run one after another, so the sum below is exact.
    await tx.order.update({ where: { id: order.id }, data: { version: { increment: 1 } } });
    const lines = await tx.orderLineItem.findMany({ where: { orderId: order.id } });
    const byExt = new Map(lines.map((l) => [l.externalId, l]));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const wanted = new Map<string, number>();
    const resolved = input.items.map((it, i) => {
      const line = byExt.get(it.lineItemId) ?? byId.get(it.lineItemId);
      if (!line)
        throw fail.badInput(
          `\`data.items[${i}].lineItemId\` ${JSON.stringify(it.lineItemId)} is not a line item of order ${order.name}.`,
          `data.items[${i}].lineItemId`,
        );
      wanted.set(line.id, (wanted.get(line.id) ?? 0) + it.quantity);
      return { it, line };
    });
    const already = await tx.returnItem.groupBy({
      by: ["lineItemId"],
      where: { orderId: order.id, lineItemId: { in: [...wanted.keys()] }, return: { status: { notIn: [...RELEASED_STATUSES] } } },
      _sum: { quantity: true },
    });
    const returned = new Map(already.map((r) => [r.lineItemId, r._sum.quantity ?? 0]));
    for (const [lineId, qty] of wanted) {
      const line = byId.get(lineId)!;
      const prior = returned.get(lineId) ?? 0;
      if (prior + qty > line.quantity) {
        throw fail.conflict(
          "returns/quantity-exceeded",
          "Quantity exceeds what can be returned",
          `Line item ${line.externalId} was ordered ${line.quantity} time(s) and ${prior} are already in other returns; at most ${Math.max(0, line.quantity - prior)} more can be returned, not ${qty}.`,
        );
      }
    }
    const createdByName = await actorName(ctx, tx);
    const compatId = await allocateCompatId(tx, storeId);
    await tx.return.create({
      data: {
        id,
        compatId,
        storeId,
        orderId: order.id,
        type,
        status: INITIAL_STATUS,
        shippingAddress: input.shippingAddress
          ? JSON.stringify({
              line1: input.shippingAddress.line1,
              line2: input.shippingAddress.line2 ?? "",
              city: input.shippingAddress.city,
              state: input.shippingAddress.state ?? "",
              postalCode: input.shippingAddress.postalCode ?? "",
              country: input.shippingAddress.country.toUpperCase(),
            })
          : null,
        label: input.label ? JSON.stringify(input.label) : null,
        notes: input.notes ?? null,
        createdByType: actor.type,
        createdById: actor.id,
        createdByName,
        items: {
          create: resolved.map(({ it, line }, i) => ({
            id: newId("rit"),
            orderId: order.id,
            lineItemId: line.id,
            position: i,
            quantity: it.quantity,
            reason: it.reason ?? "",
            reasonCode: it.reasonCode ?? null,
            customerComment: it.notes ?? null,
            compensation: it.compensation ?? "refund",
          })),
        },
        timeline: { create: createdEntry(actor) },
      },
    });
    await recordEvent(tx, { storeId, topic: "return", subjectId: id, type: "created" });
    await claim.save(tx, { id });
  });
  eventsCommitted(ctx.services, "return");
  return id;
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
  const ret = await ctx.prisma.$transaction(async (tx) => {
    const ret = await tx.return.update({ where: { id }, data: { version: { increment: 1 } } }); // row lock
    const current = ret.status as ReturnStatus;
    const store = await tx.store.findUnique({ where: { id: ret.storeId }, select: { allowFlaggedReturnProcessing: true } });
    const target = transition(current, action, { allowFlaggedReturnProcessing: !!store?.allowFlaggedReturnProcessing });
    const items = await tx.returnItem.findMany({ where: { returnId: id }, orderBy: [{ position: "asc" }, { id: "asc" }] });
    const out = (await apply({ tx, ret, items })) ?? {};
    message = out.message ?? `${action} applied`;
    const after = await tx.returnItem.findMany({ where: { returnId: id }, select: { status: true } });
    const next = resolveTarget(target, current, after);
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
        detail: out.detail === undefined ? null : JSON.stringify(out.detail),
      },
    });
    await recordEvent(tx, {
      storeId: ret.storeId,
      topic: "return",
      subjectId: id,
      type: "updated",
      statusChange: next === current ? null : { from: current, to: next },
    });
    return updated;
  });
  eventsCommitted(ctx.services, "return");
  return { return: ret, message };
}

export interface ProcessItemInput {
  itemId: string;
  restock?: boolean | null;
  merchantAdjustment?: string | null;
  reject?: boolean | null;
}

export async function processReturn(ctx: RequestContext, id: string, inputs: ProcessItemInput[], customerNotes?: string | null) {
  if (!inputs.length) throw fail.badInput("`items` must name at least one return item.", "items");
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
      if (!item) throw fail.badInput(`\`${f}.itemId\` ${JSON.stringify(p.itemId)} is not an item of this return.`, `${f}.itemId`);
      if (seen.has(item.id)) throw fail.badInput(`\`${f}.itemId\` ${item.id} appears twice.`, `${f}.itemId`);
      seen.add(item.id);
      if (item.status !== "open")
        throw fail.conflict(
          "returns/item-already-processed",
          "Item already processed",
          `Return item ${item.id} is ${item.status}; reopen or reset the return to process it again.`,
        );
      if (p.reject && (p.restock != null || p.merchantAdjustment != null))
        throw fail.badInput(
          `\`${f}.reject\` cannot be combined with \`${f}.restock\` or \`${f}.merchantAdjustment\`: reject the item, or process it.`,
          `${f}.reject`,
        );
      let adjustment: number | null = null;
      if (p.merchantAdjustment != null) {
        const field = `${f}.merchantAdjustment`;
        adjustment = parseMajor(p.merchantAdjustment, currency, field);
        if (adjustment < 0) throw fail.badInput(`\`${field}\` must not be negative.`, field);
        // More than the item is worth is a typo, not a refund of 0.
        const { maxAdjustment } = itemValues(
          { ...item, merchantAdjustment: null },
          (item.lineItemId && lines.get(item.lineItemId)) || null,
        );
        if (adjustment > maxAdjustment) {
          throw fail.badInput(
            `\`${field}\` (${money(adjustment, currency).amount}) must not exceed the item's value of ${money(maxAdjustment, currency).amount} ${currency} (tax included); enter at most that amount.`,
            field,
          );
        }
      }
      await tx.returnItem.update({
        where: { id: item.id },
        data: p.reject
          ? { status: "rejected", restock: null, merchantAdjustment: null, processedAt: now }
          : { status: "processed", restock: !!p.restock, merchantAdjustment: adjustment, processedAt: now },
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
      if (changed.length || items.length !== remove.size)
        throw fail.conflict(
          "returns/items-changed",
          "Items changed",
          `Items of this return changed meanwhile: ${changed.join(", ") || "item count"}.`,
        );
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
    if (gone.length)
      throw fail.conflict("returns/items-changed", "Items changed", `Not open items of this return (any more): ${gone.join(", ")}.`);
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
export const completeReturn = (ctx: RequestContext, id: string) => simple("complete", "complete")(ctx, id);

export async function reopenReturn(ctx: RequestContext, id: string) {
  return act(ctx, id, "reopen", async ({ tx }) => {
    await tx.returnItem.updateMany({
      where: { returnId: id },
      data: { status: "open", restock: null, merchantAdjustment: null, processedAt: null },
    });
    await tx.return.update({ where: { id }, data: { reopened: true } });
    return { message: "Reopened; refunds already issued are not reversed." };
  });
}

export async function removeReturnItems(ctx: RequestContext, id: string, itemIds: string[]) {
  if (!itemIds.length) throw fail.badInput("`itemIds` must name at least one return item.", "itemIds");
  return act(ctx, id, "remove_items", async ({ tx, items }) => {
    const known = new Set(items.map((i) => i.id));
    const unknown = itemIds.filter((x) => !known.has(x));
    if (unknown.length) throw fail.badInput(`Not items of this return: ${unknown.join(", ")}.`, "itemIds");
    const remove = new Set(itemIds);
    if (items.every((i) => remove.has(i.id))) {
      throw fail.conflict(
        "returns/last-item",
        "Cannot remove every item",
        "A return keeps at least one item; to withdraw the whole return, reset or cancel it.",
      );
    }
    await tx.returnItem.deleteMany({ where: { returnId: id, id: { in: [...remove] } } });
    return { detail: { removedItemIds: [...remove] }, message: `Removed ${remove.size} item(s).` };
  });
}

export async function setReturnStatus(ctx: RequestContext, id: string, status: string) {
  const action = isReturnStatus(status) ? STATUS_ACTIONS[status] : undefined;
  if (!action)
    throw fail.badInput(`\`status\` must be one of ${Object.keys(STATUS_ACTIONS).join(", ")}; got ${JSON.stringify(status)}.`, "status");
  switch (action) {
    case "complete":
      return completeReturn(ctx, id);
    case "reopen":
      return reopenReturn(ctx, id);
    case "flag":
      return flagReturn(ctx, id);
    case "reject":
      return rejectReturn(ctx, id);
    default:
      return resetReturn(ctx, id);
  }
}

export async function addComment(ctx: RequestContext, id: string, message: string | null | undefined, image: string | null | undefined) {
  if ((message == null) === (image == null)) throw fail.badInput("A comment is exactly one of `message` or `image`.", "comment");
  if (message != null && !message.trim()) throw fail.badInput("`comment.message` must not be empty.", "comment.message");
  if (image != null && !/^[A-Za-z0-9+/=\s]+$/.test(image)) throw fail.badInput("`comment.image` must be base64 data.", "comment.image");
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

// ─── Loaders ──────────────────────────────────────────────────────────────────

export function itemsOf(ctx: RequestContext, returnId: string) {
  return ctx.loaders
    .get("returns.items", async (ids: readonly string[]) => {
      const rows = await ctx.prisma.returnItem.findMany({
        where: { returnId: { in: [...ids] } },
        orderBy: [{ position: "asc" }, { id: "asc" }],
      });
      return groupBy(ids, rows, (r) => r.returnId);
    })
    .load(returnId) as Promise<ReturnItemRow[]>;
}

/** A return of the caller's stores by id, batched; null when there is none. */
export function returnByIdLoader(ctx: RequestContext, id: string) {
  return ctx.loaders
    .get("returns.byId", async (ids: readonly string[]) => {
      const rows = await ctx.prisma.return.findMany({ where: { id: { in: [...ids] }, storeId: { in: ctx.storeIds() } } });
      return indexBy(ids, rows, (r) => r.id);
    })
    .load(id) as Promise<ReturnRow | null>;
}

export function lineItemByIdLoader(ctx: RequestContext, lineItemId: string) {
  return ctx.loaders
    .get("returns.lineItem", async (ids: readonly string[]) => {
      const rows = await ctx.prisma.orderLineItem.findMany({ where: { id: { in: [...ids] } } });
      return indexBy(ids, rows, (r) => r.id);
    })
    .load(lineItemId) as Promise<LineItemRow | null>;
}

export function timelineOf(ctx: RequestContext, returnId: string) {
  return ctx.loaders
    .get("returns.timeline", async (ids: readonly string[]) => {
      const rows = await ctx.prisma.returnTimelineEntry.findMany({
        where: { returnId: { in: [...ids] } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
      return groupBy(ids, rows, (r) => r.returnId);
    })
    .load(returnId);
}

export function commentsOf(ctx: RequestContext, returnId: string) {
  return ctx.loaders
    .get("returns.comments", async (ids: readonly string[]) => {
      const rows = await ctx.prisma.returnComment.findMany({
        where: { returnId: { in: [...ids] } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
      return groupBy(ids, rows, (r) => r.returnId);
    })
    .load(returnId);
}

export function returnsOfOrder(ctx: RequestContext, orderId: string) {
  return ctx.loaders
    .get("returns.byOrder", async (ids: readonly string[]) => {
      const rows = await ctx.prisma.return.findMany({ where: { orderId: { in: [...ids] } }, orderBy: keysetOrder("createdAt") });
      return groupBy(ids, rows, (r) => r.orderId);
    })
    .load(orderId);
}

export function storeFlags(ctx: RequestContext, storeId: string) {
  return ctx.loaders
    .get("returns.storeFlags", async (ids: readonly string[]) => {
      const rows = await ctx.prisma.store.findMany({
        where: { id: { in: [...ids] } },
        select: { id: true, allowFlaggedReturnProcessing: true },
      });
      return indexBy(ids, rows, (r) => r.id).map((r) => ({ allowFlaggedReturnProcessing: !!r?.allowFlaggedReturnProcessing }));
    })
    .load(storeId) as Promise<{ allowFlaggedReturnProcessing: boolean }>;
}

export { findOrder };

// ─── Bulk ─────────────────────────────────────────────────────────────────────

export const BULK_MAX = LIST_BOUNDS.bulkReturns;
export type BulkAction = "process" | "flag" | "reject";

/** Every open item accepted at its full value; a return changed meanwhile is refused under its lock. */
async function processOpenItems(ctx: RequestContext, id: string, restock: boolean) {
  const ret = await ctx.prisma.return.findFirst({
    where: { id, storeId: { in: ctx.storeIds() } },
    select: { status: true, items: { where: { status: "open" }, orderBy: [{ position: "asc" }, { id: "asc" }], select: { id: true } } },
  });
  if (!ret) throw returnNotFound(id);
  const open = ret.items;
  if (!open.length)
    throw fail.conflict(
      "returns/nothing-to-process",
      "Nothing to process",
      `This return is ${ret.status.replace(/_/g, " ")}: no item is left to process.`,
    );
  return processReturn(
    ctx,
    id,
    open.map((i) => ({ itemId: i.id, restock })),
  );
}

/**
 * One action on several returns, each in its own transaction (through `act`), one result per id in
 * the order given: a lifecycle refusal of one is reported on its row and the others still run.
 */
export async function bulkReturnAction(
  ctx: RequestContext,
  ids: string[],
  action: BulkAction,
  opts: { reason?: string | null; restock?: boolean | null } = {},
) {
  if (!ids.length) throw fail.badInput("`ids` must name at least one return.", "ids");
  if (ids.length > BULK_MAX)
    throw fail.badInput(`\`ids\` may name at most ${BULK_MAX} returns at once; got ${ids.length}. Send them in several requests.`, "ids");
  if (new Set(ids).size !== ids.length) throw fail.badInput("`ids` names a return twice; name each once.", "ids");
  if (opts.reason && opts.reason.length > TEXT_BOUNDS.note)
    throw fail.badInput(`\`reason\` may hold at most ${TEXT_BOUNDS.note} characters.`, "reason");
  // An id outside the caller's stores is a wrong request, refused before anything changes (and told
  // apart from a refusal of the lifecycle, which is reported on its row).
  const found = new Set(
    (await ctx.prisma.return.findMany({ where: { id: { in: ids }, storeId: { in: ctx.storeIds() } }, select: { id: true } })).map(
      (r) => r.id,
    ),
  );
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length)
    throw fail.notFound(
      "returns/not-found",
      `No return ${unknown.map((id) => JSON.stringify(id)).join(", ")} in this store; nothing was changed.`,
      "Return not found",
    );
  const run = (id: string) =>
    action === "process"
      ? processOpenItems(ctx, id, opts.restock ?? true)
      : action === "flag"
        ? flagReturn(ctx, id, opts.reason)
        : rejectReturn(ctx, id, opts.reason);
  const results = [];
  // One after the other: each takes its return's lock, and SQLite has one writer anyway.
  for (const id of ids) {
    try {
      const done = await run(id);
      results.push({ id, ok: true, message: done.message, errorType: null, return: done.return });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      results.push({ id, ok: false, message: err.info.detail, errorType: err.info.type, return: null });
    }
  }
  return results;
}
