// The exchange's order reported back (issue 24 part 4): the shop hears of an exchange by the `return`
// webhook (its `exchange` block, provision deferred), creates the exchange order on its side and reports
// that order's external id back; it becomes `exchange.order.externalId` on every door. A fulfillment then
// recorded on that order through the Orders API ships the held units (src/inventory/holds.ts).
import type { RequestContext } from "../core/context.js";
import { recordEvent, eventsCommitted } from "../core/events.js";
import { refuse } from "./refusals.js";
import { newId } from "../core/ids.js";
import type { TransactionClient } from "../db/client.js";
import { holdsShipped, shipExchangeHolds } from "../inventory/holds.js";
import { returnNotFound } from "./service.js";

const CLOSED = ["deleted", "rejected"];

export async function reportExchangeOrder(ctx: RequestContext, id: string, externalIdArg: string) {
  const externalId = externalIdArg.trim();
  if (!externalId) throw refuse("RETURN_EXCHANGE_ORDER_EMPTY");
  const found = await ctx.prisma.return.findFirst({ where: { id, storeId: { in: ctx.storeIds() } } });
  if (!found) throw returnNotFound(id);
  // The same report again writes nothing (not even updatedAt): the shop may retry it safely.
  if (found.exchangeOrderExternalId === externalId) return { return: found, message: `Exchange order ${externalId} recorded.` };
  const actor = ctx.actor();
  const ret = await ctx.prisma.$transaction(async (tx) => {
    const ret = await tx.return.update({ where: { id }, data: { version: { increment: 1 } } }); // row lock
    const items = await tx.returnItem.findMany({
      where: { returnId: id, compensation: "exchange", status: { not: "rejected" } },
      select: { id: true },
    });
    if (!items.length || CLOSED.includes(ret.status)) throw refuse("RETURN_NO_EXCHANGE", { status: ret.status });
    if (
      ret.exchangeOrderExternalId &&
      (await holdsShipped(
        tx,
        items.map((i) => i.id),
      ))
    )
      throw refuse("RETURN_EXCHANGE_SHIPPED", { order: ret.exchangeOrderExternalId });
    const updated = await tx.return.update({ where: { id }, data: { exchangeOrderExternalId: externalId, updatedAt: new Date() } });
    await tx.returnTimelineEntry.create({
      data: {
        id: newId("rtl"),
        returnId: id,
        action: "exchange_order_reported",
        fromStatus: ret.status,
        toStatus: ret.status,
        actorType: actor.type,
        actorId: actor.id,
        detail: JSON.stringify({ exchangeOrder: externalId }),
      },
    });
    await recordEvent(tx, { storeId: ret.storeId, topic: "return", subjectId: id, type: "updated", statusChange: null });
    return updated;
  });
  eventsCommitted(ctx.services, "return");
  return { return: ret, message: `Exchange order ${externalId} recorded.` };
}

/**
 * Inside a fulfillment's transaction: the returns whose exchange order it fulfills ship their held
 * units, each with a timeline entry naming the fulfillment. Returns the ids of the returns shipped.
 */
export async function shipExchangeOrder(
  tx: TransactionClient,
  storeId: string,
  orderExternalId: string,
  fulfillmentId: string,
  actor: { type: string; id: string | null },
): Promise<string[]> {
  const shipped = await shipExchangeHolds(tx, storeId, orderExternalId);
  for (const returnId of shipped) {
    const r = await tx.return.findUniqueOrThrow({ where: { id: returnId }, select: { status: true } });
    await tx.returnTimelineEntry.create({
      data: {
        id: newId("rtl"),
        returnId,
        action: "exchange_shipped",
        fromStatus: r.status,
        toStatus: r.status,
        actorType: actor.type,
        actorId: actor.id,
        detail: JSON.stringify({ exchangeOrder: orderExternalId, fulfillment: fulfillmentId }),
      },
    });
  }
  return shipped;
}
