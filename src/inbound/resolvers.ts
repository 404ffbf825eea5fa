import type { RequestContext } from "../core/context.js";
import { money } from "../core/money.js";
import type { Resolvers } from "../core/generated/schema.js";
import * as inbound from "./service.js";

const counts = async (shipmentId: string, ctx: RequestContext) => inbound.countsOf(await inbound.itemsOf(ctx, shipmentId));

// Typed by the resolver types generated from schema.graphql (`npm run codegen`): a shipment, its items and
// locations are their Prisma rows (.ci/codegen.ts ROW_MAPPERS).
export const inboundResolvers = {
  Query: {
    locations: (_, a, ctx) => inbound.listLocations(ctx, a.storeId),
    inboundShipments: (_, a, ctx) =>
      inbound.listShipments(
        ctx,
        a.storeId,
        { status: a.status, locationId: a.locationId, createdAtMin: a.createdAtMin, createdAtMax: a.createdAtMax },
        a,
      ),
    inboundShipment: (_, a, ctx) => inbound.getShipment(ctx, a.storeId, a.id),
  },
  Mutation: {
    createLocation: (_, a, ctx) => inbound.createLocation(ctx, a.storeId, a.name),
    createInboundShipment: (_, a, ctx) => inbound.createShipment(ctx, a.storeId, a.input),
    updateInboundShipment: (_, a, ctx) => inbound.updateShipment(ctx, a.storeId, a.id, a.input),
    markInboundShipmentInTransit: (_, a, ctx) => inbound.markInTransit(ctx, a.storeId, a.id),
    recordInboundReceipts: (_, a, ctx) => inbound.recordReceipts(ctx, a.storeId, a.id, a.receipts),
  },
  InboundShipment: {
    // The foreign key holds the location: it is never missing.
    location: async (s, _, ctx) => (await inbound.locationById(ctx, s.locationId))!,
    freightCost: (s) => money(s.freightCostAmount, s.currency),
    dutyCost: (s) => money(s.dutyCostAmount, s.currency),
    items: (s, _, ctx) => inbound.itemsOf(ctx, s.id),
    purchaseOrders: (s, _, ctx) => inbound.documentsOf(ctx, s.id, "purchase_order"),
    transferOrders: (s, _, ctx) => inbound.documentsOf(ctx, s.id, "transfer_order"),
    // A file's url and content type are required when it is written (createShipment): never null here.
    files: async (s, _, ctx) =>
      (await inbound.documentsOf(ctx, s.id, "file")).map((f) => ({
        id: f.id,
        title: f.name,
        url: f.url!,
        contentType: f.contentType!,
        createdAt: f.createdAt,
      })),
    skuCount: async (s, _, ctx) => (await counts(s.id, ctx)).skuCount,
    itemCount: async (s, _, ctx) => (await counts(s.id, ctx)).itemCount,
    receivedCount: async (s, _, ctx) => (await counts(s.id, ctx)).receivedCount,
    damagedCount: async (s, _, ctx) => (await counts(s.id, ctx)).damagedCount,
    missingCount: async (s, _, ctx) => (await counts(s.id, ctx)).missingCount,
  },
  InboundShipmentItem: {
    product: async (i, _, ctx) => {
      const p = await inbound.productById(ctx, i.productId);
      if (!p) return { id: i.productId, title: "", sku: null, upc: null, imageUrl: null };
      const image = (JSON.parse(p.images) as { url: string }[])[0] ?? (JSON.parse(p.family.images) as { url: string }[])[0];
      return {
        id: p.id,
        title: p.title ? `${p.family.title} - ${p.title}` : p.family.title,
        sku: p.sku,
        upc: p.upc,
        imageUrl: image?.url ?? null,
      };
    },
    discrepancy: (i) => inbound.discrepancyOf(i),
  },
} satisfies Resolvers;
