// Inventory, fed by what Retour already knows: a processed return item that is restocked (at the
// return's location) and units received on an inbound shipment (at the shipment's location).
// Each change is a movement with its cause, written in the transaction of the change that causes it;
// the level and the item's total move by an atomic increment (never read, add, write), so concurrent
// restocks and receipts of one SKU never lose a unit, and a level always equals the sum of its movements.
import { refuse } from "./refusals.js";
import type { RequestContext } from "../core/context.js";
import type { TransactionClient } from "../db/client.js";
import { LIST_BOUNDS, NUMBER_BOUNDS, PAGE_SIZES } from "../core/bounds.js";
import { isOutOfRange } from "../core/db-errors.js";
import { newId } from "../core/ids.js";
import { groupBy, indexBy } from "../core/loaders.js";
import { type PageArgs, pageOf } from "../core/pagination.js";

export const INVENTORY_KINDS = ["PRODUCT", "RETURN", "UNDECLARED", "UNKNOWN"] as const;
export type InventoryKind = (typeof INVENTORY_KINDS)[number];
/** Units one movement may carry: the largest bounded input (an inbound receipt); a restock moves at most a return item's. */
const MOVEMENT_MAX = NUMBER_BOUNDS.inboundCount.max;
/** Units one item or level may hold: a GraphQL Int, and PostgreSQL's integer column. */
const ON_HAND_MAX = 2_147_483_647;
export const MOVEMENT_CAUSES = {
  restock: "RETURN_RESTOCK",
  receipt: "INBOUND_RECEIPT",
  hold: "EXCHANGE_HOLD",
  release: "EXCHANGE_RELEASE",
  shipped: "EXCHANGE_SHIPPED",
} as const;

export type InventoryItemRow = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["inventoryItem"]["findFirst"]>>>;
export type InventoryLevelRow = NonNullable<Awaited<ReturnType<RequestContext["prisma"]["inventoryLevel"]["findFirst"]>>>;

/** What identifies an inventory item: its SKU (or, for an order line without one, its variant or product). */
interface ItemRef {
  key: string;
  sku: string | null;
  name: string | null;
  kind: InventoryKind;
  productId: string | null;
  externalProductId: string | null;
}

interface Movement {
  item: ItemRef;
  locationId: string;
  delta: number;
  cause: (typeof MOVEMENT_CAUSES)[keyof typeof MOVEMENT_CAUSES];
  returnId?: string;
  returnItemId?: string;
  shipmentId?: string;
  shipmentItemId?: string;
}

type CatalogueProduct = { id: string; sku: string; title: string; externalId: string | null; family: { title: string } };

const catalogueName = (p: CatalogueProduct) => (p.title ? `${p.family.title} - ${p.title}` : p.family.title);
const catalogueRef = (p: CatalogueProduct): ItemRef => ({
  key: p.sku,
  sku: p.sku,
  name: catalogueName(p),
  kind: "PRODUCT",
  productId: p.id,
  externalProductId: p.externalId,
});

function outOfRange(m: Movement) {
  return refuse("QUANTITY_OUT_OF_RANGE", {
    returnItemId: m.returnItemId ?? "",
    delta: m.delta,
    item: m.item.sku ?? m.item.key,
    movementMax: MOVEMENT_MAX,
    onHandMax: ON_HAND_MAX,
  });
}

/**
 * Inputs are bounded far below the column's range, but rows written before the bounds may not be:
 * a sum past it is refused (409) instead of overflowing (PostgreSQL: integer out of range, every
 * later move of the SKU failing; SQLite: a value no GraphQL Int can read back).
 */
async function onHandBounded<T extends { quantity: number }>(m: Movement, write: () => Promise<T>): Promise<T> {
  let row: T;
  try {
    row = await write();
  } catch (err) {
    if (isOutOfRange(err)) throw outOfRange(m);
    throw err;
  }
  if (row.quantity > ON_HAND_MAX) throw outOfRange(m);
  return row;
}

/**
 * Applies movements inside the caller's transaction. Items are taken in key order (then location),
 * so two transactions moving the same SKUs lock their rows in the same order and never deadlock.
 */
async function applyMovements(tx: TransactionClient, storeId: string, movements: Movement[]) {
  const sorted = [...movements].sort((a, b) =>
    a.item.key < b.item.key ? -1 : a.item.key > b.item.key ? 1 : a.locationId < b.locationId ? -1 : 1,
  );
  const now = new Date();
  for (const m of sorted) {
    if (Math.abs(m.delta) > MOVEMENT_MAX) throw outOfRange(m); // a return item written before the bounds
    // A catalogue product known later takes over an item first seen on an order line.
    const link =
      m.item.kind === "PRODUCT"
        ? { kind: "PRODUCT", productId: m.item.productId, name: m.item.name, externalProductId: m.item.externalProductId }
        : {};
    const item = await onHandBounded(m, () =>
      tx.inventoryItem.upsert({
        where: { storeId_key: { storeId, key: m.item.key } },
        create: { id: newId("ii"), storeId, ...m.item, quantity: m.delta, updatedAt: now },
        update: { quantity: { increment: m.delta }, updatedAt: now, ...link },
        select: { id: true, quantity: true },
      }),
    );
    const level = await onHandBounded(m, () =>
      tx.inventoryLevel.upsert({
        where: { itemId_locationId: { itemId: item.id, locationId: m.locationId } },
        create: { id: newId("li"), storeId, itemId: item.id, locationId: m.locationId, quantity: m.delta, updatedAt: now },
        update: { quantity: { increment: m.delta }, updatedAt: now },
        select: { id: true, quantity: true },
      }),
    );
    await tx.inventoryMovement.create({
      data: {
        id: newId("imv"),
        storeId,
        levelId: level.id,
        delta: m.delta,
        cause: m.cause,
        returnId: m.returnId ?? null,
        returnItemId: m.returnItemId ?? null,
        shipmentId: m.shipmentId ?? null,
        shipmentItemId: m.shipmentItemId ?? null,
        createdAt: now,
      },
    });
  }
}

/** The store's default location: its oldest; a store without any gets one named "Returns" (a fixed id, so concurrent first restocks make one). */
export async function defaultLocationId(tx: TransactionClient, storeId: string): Promise<string> {
  const oldest = await tx.location.findFirst({ where: { storeId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } });
  if (oldest) return oldest.id;
  const id = `loc_dflt${storeId.replace(/^st_/, "").replace(/[^A-Za-z0-9]/g, "")}`;
  // A non-empty update makes it INSERT … ON CONFLICT, so concurrent first restocks meet one row.
  await tx.location.upsert({ where: { id }, create: { id, storeId, name: "Returns" }, update: { name: "Returns" }, select: { id: true } });
  return id;
}

/**
 * Hook of processing a return: the restocked items go back on hand, at the order's location when it
 * names one of the store's locations, else at the store's default location. A return item restocks
 * at most once: processing it again after a reopen does not count its units twice.
 */
export async function restockReturnItems(
  tx: TransactionClient,
  ret: { id: string; storeId: string; orderId: string | null },
  items: { id: string; lineItemId: string | null; productId?: string | null; quantity: number }[],
) {
  if (!items.length) return;
  const done = new Set(
    (
      await tx.inventoryMovement.findMany({
        where: { returnItemId: { in: items.map((i) => i.id) }, cause: MOVEMENT_CAUSES.restock },
        select: { returnItemId: true },
      })
    ).map((m) => m.returnItemId),
  );
  const todo = items.filter((i) => !done.has(i.id));
  if (!todo.length) return;
  const lines = await tx.orderLineItem.findMany({ where: { id: { in: todo.flatMap((i) => (i.lineItemId ? [i.lineItemId] : [])) } } });
  const order = ret.orderId ? await tx.order.findUnique({ where: { id: ret.orderId }, select: { locationId: true } }) : null;
  const ordered = order?.locationId
    ? await tx.location.findFirst({ where: { id: order.locationId, storeId: ret.storeId }, select: { id: true } })
    : null;
  const locationId = ordered?.id ?? (await defaultLocationId(tx, ret.storeId));
  const skus = lines.map((l) => l.sku).filter((s): s is string => !!s);
  const products = skus.length
    ? await tx.product.findMany({ where: { storeId: ret.storeId, sku: { in: skus } }, include: { family: { select: { title: true } } } })
    : [];
  const bySku = new Map(products.map((p) => [p.sku, p]));
  const byLine = new Map(lines.map((l) => [l.id, l]));
  // Imported items (no order line) name their catalogue product directly.
  const importedIds = todo.flatMap((i) => (!i.lineItemId && i.productId ? [i.productId] : []));
  const imported = importedIds.length
    ? await tx.product.findMany({
        where: { storeId: ret.storeId, id: { in: importedIds } },
        include: { family: { select: { title: true } } },
      })
    : [];
  const byProductId = new Map(imported.map((p) => [p.id, p]));
  const movements = todo.flatMap((i): Movement[] => {
    if (!i.lineItemId) {
      const product = i.productId ? byProductId.get(i.productId) : undefined;
      return product
        ? [
            {
              item: catalogueRef(product),
              locationId,
              delta: i.quantity,
              cause: MOVEMENT_CAUSES.restock,
              returnId: ret.id,
              returnItemId: i.id,
            },
          ]
        : [];
    }
    const line = byLine.get(i.lineItemId);
    if (!line) return [];
    const product = line.sku ? bySku.get(line.sku) : undefined;
    const item: ItemRef = product
      ? catalogueRef(product)
      : {
          key: line.sku ?? (line.variantId ? `variant:${line.variantId}` : `product:${line.productId}`),
          sku: line.sku,
          name: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
          kind: "UNDECLARED",
          productId: null,
          externalProductId: line.productId,
        };
    return [{ item, locationId, delta: i.quantity, cause: MOVEMENT_CAUSES.restock, returnId: ret.id, returnItemId: i.id }];
  });
  await applyMovements(tx, ret.storeId, movements);
}

/** Hook of recording inbound receipts: the units received in good order go on hand at the shipment's location. */
export async function receiveInboundUnits(
  tx: TransactionClient,
  shipment: { id: string; storeId: string; locationId: string },
  received: { shipmentItemId: string; productId: string; quantity: number }[],
) {
  const positive = received.filter((r) => r.quantity > 0);
  if (!positive.length) return;
  const products = await tx.product.findMany({
    where: { id: { in: positive.map((r) => r.productId) } },
    include: { family: { select: { title: true } } },
  });
  const byId = new Map(products.map((p) => [p.id, p]));
  const movements = positive.flatMap((r): Movement[] => {
    const p = byId.get(r.productId);
    return p
      ? [
          {
            item: catalogueRef(p),
            locationId: shipment.locationId,
            delta: r.quantity,
            cause: MOVEMENT_CAUSES.receipt,
            shipmentId: shipment.id,
            shipmentItemId: r.shipmentItemId,
          },
        ]
      : [];
  });
  await applyMovements(tx, shipment.storeId, movements);
}

// ─── Reads ────────────────────────────────────────────────────────────────────

const LOCATION_ID = /^loc_[A-Za-z0-9]{1,64}$/;

function checkLocation(locationId: string | null | undefined) {
  if (locationId != null && !LOCATION_ID.test(locationId)) {
    throw refuse("LOCATION_ID_INVALID", { value: locationId });
  }
}

export interface ItemFilter {
  locationId?: string | null;
  kind?: string | null;
}

/** An item as listed: `atLocation` makes `quantity` the quantity there (the list's location filter). */
export type ListedItem = InventoryItemRow & { atLocation?: string };

/** Items with units on hand (at the location, when one is given), most recently updated first. */
export async function listItems(ctx: RequestContext, storeId: string, filter: ItemFilter, args: PageArgs) {
  const where: Record<string, unknown> = { storeId };
  if (filter.kind) where.kind = filter.kind;
  if (filter.locationId) where.levels = { some: { locationId: filter.locationId, quantity: { gt: 0 } } };
  else where.quantity = { gt: 0 };
  const page = await pageOf(ctx.services.cursors, {
    list: `inventory-items:${storeId}:${filter.locationId ?? ""}:${filter.kind ?? ""}`,
    args,
    size: PAGE_SIZES.standard,
    sortField: "updatedAt",
    checks: [
      () => checkLocation(filter.locationId),
      () => {
        if (filter.kind != null && !(INVENTORY_KINDS as readonly string[]).includes(filter.kind))
          throw refuse("INVENTORY_KIND_UNKNOWN", { value: filter.kind, kinds: INVENTORY_KINDS.join(", ") });
      },
    ],
    where,
    findMany: (q) => ctx.prisma.inventoryItem.findMany(q),
  });
  if (!filter.locationId) return page;
  const at = (row: InventoryItemRow): ListedItem => ({ ...row, atLocation: filter.locationId! });
  return { ...page, nodes: page.nodes.map(at), edges: page.edges.map((e) => ({ ...e, node: at(e.node) })) };
}

export function getItem(ctx: RequestContext, storeId: string, id: string) {
  return ctx.prisma.inventoryItem.findFirst({ where: { id, storeId } });
}

export function itemById(ctx: RequestContext, id: string) {
  return ctx.loaders
    .get("inventory.item", async (ids: readonly string[]) =>
      indexBy(ids, await ctx.prisma.inventoryItem.findMany({ where: { id: { in: [...ids] } } }), (r) => r.id),
    )
    .load(id);
}

/** Every level of an item (zero included), by location name. */
export function levelsOfItem(ctx: RequestContext, itemId: string) {
  return ctx.loaders
    .get("inventory.levelsOfItem", async (ids: readonly string[]) => {
      const rows = await ctx.prisma.inventoryLevel.findMany({
        where: { itemId: { in: [...ids] } },
        include: { location: true },
        orderBy: [{ location: { name: "asc" } }, { id: "asc" }],
      });
      return groupBy(ids, rows, (r) => r.itemId).map((list) => list.slice(0, LIST_BOUNDS.itemLocations));
    })
    .load(itemId);
}

export interface LevelFilter {
  locationId?: string | null;
  productId?: string | null;
  sku?: string | null;
  updatedAtMin?: Date | null;
  updatedAtMax?: Date | null;
}

/** Levels, most recently updated first; updatedAtMin inclusive, updatedAtMax exclusive. */
export async function listLevels(ctx: RequestContext, storeId: string, filter: LevelFilter, args: PageArgs) {
  const where: Record<string, unknown> = { storeId };
  if (filter.locationId) where.locationId = filter.locationId;
  const item: Record<string, unknown> = {};
  if (filter.productId) item.OR = [{ productId: filter.productId }, { productId: null, externalProductId: filter.productId }];
  if (filter.sku) item.sku = filter.sku;
  if (Object.keys(item).length) where.item = item;
  if (filter.updatedAtMin || filter.updatedAtMax) {
    where.updatedAt = {
      ...(filter.updatedAtMin ? { gte: filter.updatedAtMin } : {}),
      ...(filter.updatedAtMax ? { lt: filter.updatedAtMax } : {}),
    };
  }
  const f = filter;
  return pageOf(ctx.services.cursors, {
    list: `inventory-levels:${storeId}:${f.locationId ?? ""}:${f.productId ?? ""}:${f.sku ?? ""}:${f.updatedAtMin?.getTime() ?? ""}:${f.updatedAtMax?.getTime() ?? ""}`,
    args,
    size: PAGE_SIZES.standard,
    sortField: "updatedAt",
    checks: [() => checkLocation(filter.locationId)],
    where,
    findMany: (q) => ctx.prisma.inventoryLevel.findMany(q),
  });
}

export function getLevel(ctx: RequestContext, storeId: string, id: string) {
  return ctx.prisma.inventoryLevel.findFirst({ where: { id, storeId } });
}

/** The newest movements (at most LIST_BOUNDS.levelMovements) of a level, or of every level of an item. */
export function movementsOf(ctx: RequestContext, of: { levelId: string } | { itemId: string }) {
  const where = "levelId" in of ? { levelId: of.levelId } : { level: { itemId: of.itemId } };
  return ctx.prisma.inventoryMovement.findMany({
    where,
    include: { level: { select: { locationId: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: LIST_BOUNDS.levelMovements,
  });
}

/** The catalogue product behind an item (null when it is known only from an order line). */
export function catalogueProduct(ctx: RequestContext, productId: string) {
  return ctx.loaders
    .byId("inventory.product", (ids) =>
      ctx.prisma.product.findMany({ where: { id: { in: ids } }, include: { family: { select: { title: true, images: true } } } }),
    )
    .load(productId);
}
