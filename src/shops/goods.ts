// The goods the shop pusher moves (src/shops/outcomes.ts): what an exchange order holds and what a restock adds,
// read from the return, and the exchange order placed written back to the return (exchange.order.externalId, the
// hold released, a timeline entry, the return webhook) in the transaction that marks its ledger entry sent.
import type { Services } from "../core/context.js";
import { eventsCommitted, recordEvent } from "../core/events.js";
import { newId } from "../core/ids.js";
import type { ReturnLedgerEntry } from "../db/generated/sqlite/client.js";
import { releaseExchangeUnits } from "../inventory/holds.js";
import type { ShopExchangeRequest, ShopRestockRequest } from "./connector.js";

const PROCESSED = ["processed", "complete"];

/** The return's live, processed exchange items as the new order's lines: the variant's SKU and shop id, the quantity. */
export async function exchangeLines(services: Services, returnId: string): Promise<ShopExchangeRequest["lines"]> {
  const prisma = services.db.prisma;
  const items = await prisma.returnItem.findMany({
    where: { returnId, compensation: "exchange", status: { in: PROCESSED }, exchangeProductId: { not: null } },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { quantity: true, exchangeProductId: true },
  });
  const products = await prisma.product.findMany({
    where: { id: { in: items.map((i) => i.exchangeProductId!) } },
    select: { id: true, sku: true, externalId: true },
  });
  const byId = new Map(products.map((p) => [p.id, p]));
  return items.flatMap((i) => {
    const p = byId.get(i.exchangeProductId!);
    return p ? [{ sku: p.sku, variantId: p.externalId, quantity: i.quantity }] : [];
  });
}

/** A restocked item's units and the variant its order line names (SKU, the shop's variant id). */
export async function restockLine(
  services: Services,
  returnItemId: string | null,
): Promise<Omit<ShopRestockRequest, "marker" | "note"> | null> {
  if (!returnItemId) return null;
  const prisma = services.db.prisma;
  const item = await prisma.returnItem.findUnique({ where: { id: returnItemId }, select: { quantity: true, lineItemId: true } });
  const line = item?.lineItemId
    ? await prisma.orderLineItem.findUnique({ where: { id: item.lineItemId }, select: { sku: true, variantId: true } })
    : null;
  if (!item || !line?.sku) return null;
  return { sku: line.sku, variantId: line.variantId, quantity: item.quantity };
}

/**
 * The exchange order the shop placed, written by the lease's holder: the entry sent, the order's reference as the
 * return's exchange order (unless one was reported meanwhile), the held units released (the shop's order holds the
 * stock now), a timeline entry and the return webhook. Nothing is written when the lease was lost.
 */
export async function exchangePlaced(
  services: Services,
  entry: ReturnLedgerEntry,
  lease: Date,
  data: { shopReference: string } & Record<string, unknown>,
): Promise<void> {
  const prisma = services.db.prisma;
  const changed = await prisma.$transaction(async (tx) => {
    const claimed = await tx.returnLedgerEntry.updateMany({ where: { id: entry.id, state: "pending", nextAttemptAt: lease }, data });
    if (!claimed.count) return false;
    const ret = await tx.return.update({ where: { id: entry.returnId }, data: { version: { increment: 1 } } }); // row lock
    if (ret.exchangeOrderExternalId && ret.exchangeOrderExternalId !== data.shopReference) return false;
    const items = await tx.returnItem.findMany({ where: { returnId: ret.id, compensation: "exchange" }, select: { id: true } });
    const released = await releaseExchangeUnits(
      tx,
      items.map((i) => i.id),
    );
    await tx.return.update({ where: { id: ret.id }, data: { exchangeOrderExternalId: data.shopReference, updatedAt: new Date() } });
    await tx.returnTimelineEntry.create({
      data: {
        id: newId("rtl"),
        returnId: ret.id,
        action: "exchange_order_placed",
        fromStatus: ret.status,
        toStatus: ret.status,
        actorType: "system",
        actorId: null,
        detail: JSON.stringify({ exchangeOrder: data.shopReference, ledgerEntryId: entry.id, holdsReleased: released }),
      },
    });
    await recordEvent(tx, { storeId: ret.storeId, topic: "return", subjectId: ret.id, type: "updated", statusChange: null });
    return true;
  });
  if (changed) eventsCommitted(services, "return");
}
