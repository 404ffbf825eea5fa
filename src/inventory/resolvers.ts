import type { RequestContext } from "../core/context.js";
import type { PageArgs } from "../core/pagination.js";
import { locationById } from "../inbound/service.js";
import * as inventory from "./service.js";

type Ctx = RequestContext;
type StoreArgs = { storeId: string };
type Item = inventory.ListedItem;
type Level = inventory.InventoryLevelRow;
type Movement = Awaited<ReturnType<typeof inventory.movementsOf>>[number];

async function productOf(ctx: Ctx, item: Item) {
  const p = item.productId ? await inventory.catalogueProduct(ctx, item.productId) : null;
  if (!p) return { id: item.externalProductId ?? item.id, title: item.name ?? "", sku: item.sku, upc: null, imageUrl: null };
  const image = (JSON.parse(p.images) as { url: string }[])[0] ?? (JSON.parse(p.family.images) as { url: string }[])[0];
  return {
    id: p.id,
    title: p.title ? `${p.family.title} - ${p.title}` : p.family.title,
    sku: p.sku,
    upc: p.upc,
    imageUrl: image?.url ?? null,
  };
}

export const inventoryResolvers = {
  Query: {
    inventoryItems: (_: unknown, a: StoreArgs & PageArgs & inventory.ItemFilter, ctx: Ctx) =>
      inventory.listItems(ctx, a.storeId, { locationId: a.locationId, kind: a.kind }, a),
    inventoryItem: (_: unknown, a: StoreArgs & { id: string }, ctx: Ctx) => inventory.getItem(ctx, a.storeId, a.id),
    inventoryLevels: (_: unknown, a: StoreArgs & PageArgs & inventory.LevelFilter, ctx: Ctx) =>
      inventory.listLevels(
        ctx,
        a.storeId,
        { locationId: a.locationId, productId: a.productId, sku: a.sku, updatedAtMin: a.updatedAtMin, updatedAtMax: a.updatedAtMax },
        a,
      ),
    inventoryLevel: (_: unknown, a: StoreArgs & { id: string }, ctx: Ctx) => inventory.getLevel(ctx, a.storeId, a.id),
  },
  InventoryItem: {
    quantity: async (i: Item, _: unknown, ctx: Ctx) =>
      i.atLocation ? ((await inventory.levelsOfItem(ctx, i.id)).find((l) => l.locationId === i.atLocation)?.quantity ?? 0) : i.quantity,
    locations: async (i: Item, _: unknown, ctx: Ctx) =>
      (await inventory.levelsOfItem(ctx, i.id)).map((l) => ({ level: l, location: l.location, quantity: l.quantity })),
    product: (i: Item, _: unknown, ctx: Ctx) => productOf(ctx, i),
    movements: (i: Item, _: unknown, ctx: Ctx) => inventory.movementsOf(ctx, { itemId: i.id }),
  },
  InventoryLevel: {
    item: (l: Level, _: unknown, ctx: Ctx) => inventory.itemById(ctx, l.itemId),
    product: async (l: Level, _: unknown, ctx: Ctx) => productOf(ctx, (await inventory.itemById(ctx, l.itemId))!),
    location: (l: Level, _: unknown, ctx: Ctx) => locationById(ctx, l.locationId),
    available: (l: Level) => l.quantity,
    committed: () => 0,
    reserved: () => 0,
    buildable: () => 0,
    totalAvailable: (l: Level) => l.quantity,
    movements: (l: Level, _: unknown, ctx: Ctx) => inventory.movementsOf(ctx, { levelId: l.id }),
  },
  InventoryMovement: {
    location: (m: Movement, _: unknown, ctx: Ctx) => locationById(ctx, m.level.locationId),
  },
};
