// The batched reads of a return's parts (items, timeline, comments, its order's returns, store flags):
// one query per request for every return a response names (DataLoader, src/core/loaders.ts).
import type { RequestContext } from "../core/context.js";
import { indexBy } from "../core/loaders.js";
import { keysetOrder } from "../core/pagination.js";
import type { LineItemRow } from "../orders/service.js";

/** The items of returns by return id (primed by the aggregate read, aggregate.ts). */
export function itemsLoader(ctx: RequestContext) {
  return ctx.loaders.hasMany(
    "returns.items",
    (ids) => ctx.prisma.returnItem.findMany({ where: { returnId: { in: ids } }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
    (r) => r.returnId,
  );
}

export function itemsOf(ctx: RequestContext, returnId: string) {
  return itemsLoader(ctx).load(returnId);
}

/** Returns of the caller's stores by id (null when there is none); primed by the aggregate read. */
export function returnsByIdLoader(ctx: RequestContext) {
  return ctx.loaders.byId("returns.byId", (ids) =>
    ctx.prisma.return.findMany({ where: { id: { in: ids }, storeId: { in: ctx.storeIds() } } }),
  );
}

/** A return of the caller's stores by id, batched; null when there is none. */
export function returnByIdLoader(ctx: RequestContext, id: string) {
  return returnsByIdLoader(ctx).load(id);
}

export function lineItemByIdLoader(ctx: RequestContext, lineItemId: string) {
  return ctx.loaders
    .byId("returns.lineItem", (ids) => ctx.prisma.orderLineItem.findMany({ where: { id: { in: ids } } }))
    .load(lineItemId) as Promise<LineItemRow | null>;
}

export function timelineOf(ctx: RequestContext, returnId: string) {
  return ctx.loaders
    .hasMany(
      "returns.timeline",
      (ids) =>
        ctx.prisma.returnTimelineEntry.findMany({ where: { returnId: { in: ids } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
      (r) => r.returnId,
    )
    .load(returnId);
}

export function commentsOf(ctx: RequestContext, returnId: string) {
  return ctx.loaders
    .hasMany(
      "returns.comments",
      (ids) => ctx.prisma.returnComment.findMany({ where: { returnId: { in: ids } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
      (r) => r.returnId,
    )
    .load(returnId);
}

export function returnsOfOrder(ctx: RequestContext, orderId: string) {
  return ctx.loaders
    .hasMany(
      "returns.byOrder",
      (ids) => ctx.prisma.return.findMany({ where: { orderId: { in: ids } }, orderBy: keysetOrder("createdAt") }),
      (r) => r.orderId,
    )
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
