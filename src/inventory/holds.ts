// Exchange holds: the units an exchange item takes off Retour's inventory when its return is created,
// given back when the return is cancelled or rejected. Each is a movement with its cause, written in the
// transaction of the change. A hold lowers a level only where enough units are on hand, in one conditional
// UPDATE (Postgres re-checks the row after a concurrent writer; SQLite has one writer), so two returns
// racing for the last unit never both hold it.
import { refuse } from "./refusals.js";
import { newId } from "../core/ids.js";
import type { TransactionClient } from "../db/client.js";
import { MOVEMENT_CAUSES } from "./service.js";

export interface HoldAsk {
  returnId: string;
  returnItemId: string;
  sku: string;
  quantity: number;
  /** Where the request names the item (`input.items[0]`), for the 409. */
  field: string;
  lineItemId: string;
}

export async function holdExchangeUnits(tx: TransactionClient, storeId: string, asks: HoldAsk[]) {
  const now = new Date();
  for (const a of asks) {
    const item = await tx.inventoryItem.findUnique({ where: { storeId_key: { storeId, key: a.sku } }, select: { id: true } });
    const levels = item
      ? await tx.inventoryLevel.findMany({
          where: { itemId: item.id, quantity: { gte: a.quantity } },
          orderBy: [{ quantity: "desc" }, { id: "asc" }],
          select: { id: true },
        })
      : [];
    let levelId: string | null = null;
    for (const l of levels) {
      const r = await tx.inventoryLevel.updateMany({
        where: { id: l.id, quantity: { gte: a.quantity } },
        data: { quantity: { decrement: a.quantity }, updatedAt: now },
      });
      if (r.count === 1) {
        levelId = l.id;
        break;
      }
    }
    if (!item || !levelId) {
      throw refuse("EXCHANGE_OUT_OF_STOCK", { field: a.field, lineItemId: a.lineItemId, quantity: a.quantity, sku: a.sku });
    }
    await tx.inventoryItem.update({ where: { id: item.id }, data: { quantity: { decrement: a.quantity }, updatedAt: now } });
    await tx.inventoryMovement.create({
      data: {
        id: newId("imv"),
        storeId,
        levelId,
        delta: -a.quantity,
        cause: MOVEMENT_CAUSES.hold,
        returnId: a.returnId,
        returnItemId: a.returnItemId,
        createdAt: now,
      },
    });
  }
}

/** Gives back what the items hold (each at most once: a release per item, unique with its cause; never once shipped). */
export async function releaseExchangeUnits(tx: TransactionClient, returnItemIds: string[]): Promise<number> {
  if (!returnItemIds.length) return 0;
  const moves = await tx.inventoryMovement.findMany({
    where: { returnItemId: { in: returnItemIds }, cause: { in: [MOVEMENT_CAUSES.hold, MOVEMENT_CAUSES.release, MOVEMENT_CAUSES.shipped] } },
  });
  const released = new Set(moves.filter((m) => m.cause !== MOVEMENT_CAUSES.hold).map((m) => m.returnItemId));
  const now = new Date();
  let n = 0;
  for (const h of moves.filter((m) => m.cause === MOVEMENT_CAUSES.hold && !released.has(m.returnItemId))) {
    const level = await tx.inventoryLevel.update({
      where: { id: h.levelId },
      data: { quantity: { increment: -h.delta }, updatedAt: now },
      select: { itemId: true },
    });
    await tx.inventoryItem.update({ where: { id: level.itemId }, data: { quantity: { increment: -h.delta }, updatedAt: now } });
    await tx.inventoryMovement.create({
      data: {
        id: newId("imv"),
        storeId: h.storeId,
        levelId: h.levelId,
        delta: -h.delta,
        cause: MOVEMENT_CAUSES.release,
        returnId: h.returnId,
        returnItemId: h.returnItemId,
        createdAt: now,
      },
    });
    n++;
  }
  return n;
}

/** Whether any of the items' holds was released (they cannot be held again: a new return can). */
export async function holdsReleased(tx: TransactionClient, returnItemIds: string[]): Promise<boolean> {
  if (!returnItemIds.length) return false;
  return !!(await tx.inventoryMovement.findFirst({
    where: { returnItemId: { in: returnItemIds }, cause: MOVEMENT_CAUSES.release },
    select: { id: true },
  }));
}

/**
 * A fulfillment recorded on an order ships the exchange units held for the returns that reported it as
 * their exchange order: each live hold (not released, not shipped) gets an EXCHANGE_SHIPPED movement.
 * Retour keeps one count per level, so the units left on-hand when they were held; the shipped movement
 * (delta 0) closes the hold, which can then never be released. Once per item (unique with its cause).
 */
export async function shipExchangeHolds(tx: TransactionClient, storeId: string, orderExternalId: string): Promise<string[]> {
  const returns = await tx.return.findMany({
    where: { storeId, exchangeOrderExternalId: orderExternalId, status: { notIn: ["deleted", "rejected"] } },
    select: { id: true },
  });
  if (!returns.length) return [];
  const moves = await tx.inventoryMovement.findMany({
    where: {
      returnId: { in: returns.map((r) => r.id) },
      cause: { in: [MOVEMENT_CAUSES.hold, MOVEMENT_CAUSES.release, MOVEMENT_CAUSES.shipped] },
    },
  });
  const closed = new Set(moves.filter((m) => m.cause !== MOVEMENT_CAUSES.hold).map((m) => m.returnItemId));
  const now = new Date();
  const shipped = new Set<string>();
  for (const h of moves.filter((m) => m.cause === MOVEMENT_CAUSES.hold && !closed.has(m.returnItemId))) {
    await tx.inventoryMovement.create({
      data: {
        id: newId("imv"),
        storeId: h.storeId,
        levelId: h.levelId,
        delta: 0,
        cause: MOVEMENT_CAUSES.shipped,
        returnId: h.returnId,
        returnItemId: h.returnItemId,
        createdAt: now,
      },
    });
    if (h.returnId) shipped.add(h.returnId);
  }
  return [...shipped];
}

/** Whether any of the items' held units shipped with the exchange order (the report can no longer change). */
export async function holdsShipped(tx: TransactionClient, returnItemIds: string[]): Promise<boolean> {
  if (!returnItemIds.length) return false;
  return !!(await tx.inventoryMovement.findFirst({
    where: { returnItemId: { in: returnItemIds }, cause: MOVEMENT_CAUSES.shipped },
    select: { id: true },
  }));
}
