import type { RequestContext } from "../core/context.js";
import { locationById } from "../inbound/service.js";
import * as inventory from "./service.js";
import type { Resolvers } from "../core/generated/schema.js";

type Ctx = RequestContext;

declare module "../core/parents.js" {
  interface DomainParents {
    /** The item's row, and the location a list was filtered by (its quantity is then that location's). */
    InventoryItem: inventory.ListedItem;
    /** The movement's row with its level's location. */
    InventoryMovement: Awaited<ReturnType<typeof inventory.movementsOf>>[number];
  }
}
type Item = inventory.ListedItem;

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
    inventoryItems: (_, a, ctx) => inventory.listItems(ctx, a.storeId, { locationId: a.locationId, kind: a.kind }, a),
    inventoryItem: (_, a, ctx) => inventory.getItem(ctx, a.storeId, a.id),
    inventoryLevels: (_, a, ctx) =>
      inventory.listLevels(
        ctx,
        a.storeId,
        { locationId: a.locationId, productId: a.productId, sku: a.sku, updatedAtMin: a.updatedAtMin, updatedAtMax: a.updatedAtMax },
        a,
      ),
    inventoryLevel: (_, a, ctx) => inventory.getLevel(ctx, a.storeId, a.id),
  },
  InventoryItem: {
    quantity: async (i, _, ctx) =>
      i.atLocation ? ((await inventory.levelsOfItem(ctx, i.id)).find((l) => l.locationId === i.atLocation)?.quantity ?? 0) : i.quantity,
    locations: async (i, _, ctx) =>
      (await inventory.levelsOfItem(ctx, i.id)).map((l) => ({ level: l, location: l.location, quantity: l.quantity })),
    product: (i, _, ctx) => productOf(ctx, i),
    movements: (i, _, ctx) => inventory.movementsOf(ctx, { itemId: i.id }),
  },
  InventoryLevel: {
    // A level's item and location, and a movement's level, are foreign keys: never missing.
    item: async (l, _, ctx) => (await inventory.itemById(ctx, l.itemId))!,
    product: async (l, _, ctx) => productOf(ctx, (await inventory.itemById(ctx, l.itemId))!),
    location: async (l, _, ctx) => (await locationById(ctx, l.locationId))!,
    available: (l) => l.quantity,
    committed: () => 0,
    reserved: () => 0,
    buildable: () => 0,
    totalAvailable: (l) => l.quantity,
    movements: (l, _, ctx) => inventory.movementsOf(ctx, { levelId: l.id }),
  },
  InventoryMovement: {
    location: async (m, _, ctx) => (await locationById(ctx, m.level.locationId))!,
  },
} satisfies Resolvers;
