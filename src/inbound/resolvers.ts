import type { RequestContext } from "../core/context.js";
import { money } from "../core/money.js";
import type { PageArgs } from "../core/pagination.js";
import * as inbound from "./service.js";

type Ctx = RequestContext;
type StoreArgs = { storeId: string };
type Shipment = { id: string; locationId: string; currency: string; freightCostAmount: number; dutyCostAmount: number; status: string };
type Item = { productId: string; quantity: number; receivedQuantity: number; damagedQuantity: number; missingQuantity: number };

const counts = async (s: Shipment, ctx: Ctx) => inbound.countsOf(await inbound.itemsOf(ctx, s.id));

export const inboundResolvers = {
  Query: {
    locations: (_: unknown, a: StoreArgs, ctx: Ctx) => inbound.listLocations(ctx, a.storeId),
    inboundShipments: (_: unknown, a: StoreArgs & PageArgs & inbound.InboundFilter, ctx: Ctx) =>
      inbound.listShipments(
        ctx,
        a.storeId,
        { status: a.status, locationId: a.locationId, createdAtMin: a.createdAtMin, createdAtMax: a.createdAtMax },
        a,
      ),
    inboundShipment: (_: unknown, a: StoreArgs & { id: string }, ctx: Ctx) => inbound.getShipment(ctx, a.storeId, a.id),
  },
  Mutation: {
    createLocation: (_: unknown, a: StoreArgs & { name: string }, ctx: Ctx) => inbound.createLocation(ctx, a.storeId, a.name),
    createInboundShipment: (_: unknown, a: StoreArgs & { input: inbound.InboundShipmentInput }, ctx: Ctx) =>
      inbound.createShipment(ctx, a.storeId, a.input),
    updateInboundShipment: (_: unknown, a: StoreArgs & { id: string; input: inbound.InboundShipmentInput }, ctx: Ctx) =>
      inbound.updateShipment(ctx, a.storeId, a.id, a.input),
    markInboundShipmentInTransit: (_: unknown, a: StoreArgs & { id: string }, ctx: Ctx) => inbound.markInTransit(ctx, a.storeId, a.id),
    recordInboundReceipts: (_: unknown, a: StoreArgs & { id: string; receipts: inbound.ReceiptInput[] }, ctx: Ctx) =>
      inbound.recordReceipts(ctx, a.storeId, a.id, a.receipts),
  },
  InboundShipment: {
    location: (s: Shipment, _: unknown, ctx: Ctx) => inbound.locationById(ctx, s.locationId),
    freightCost: (s: Shipment) => money(s.freightCostAmount, s.currency),
    dutyCost: (s: Shipment) => money(s.dutyCostAmount, s.currency),
    items: (s: Shipment, _: unknown, ctx: Ctx) => inbound.itemsOf(ctx, s.id),
    purchaseOrders: (s: Shipment, _: unknown, ctx: Ctx) => inbound.documentsOf(ctx, s.id, "purchase_order"),
    transferOrders: (s: Shipment, _: unknown, ctx: Ctx) => inbound.documentsOf(ctx, s.id, "transfer_order"),
    files: async (s: Shipment, _: unknown, ctx: Ctx) =>
      (await inbound.documentsOf(ctx, s.id, "file")).map((f) => ({
        id: f.id,
        title: f.name,
        url: f.url,
        contentType: f.contentType,
        createdAt: f.createdAt,
      })),
    skuCount: async (s: Shipment, _: unknown, ctx: Ctx) => (await counts(s, ctx)).skuCount,
    itemCount: async (s: Shipment, _: unknown, ctx: Ctx) => (await counts(s, ctx)).itemCount,
    receivedCount: async (s: Shipment, _: unknown, ctx: Ctx) => (await counts(s, ctx)).receivedCount,
    damagedCount: async (s: Shipment, _: unknown, ctx: Ctx) => (await counts(s, ctx)).damagedCount,
    missingCount: async (s: Shipment, _: unknown, ctx: Ctx) => (await counts(s, ctx)).missingCount,
  },
  InboundShipmentItem: {
    product: async (i: Item, _: unknown, ctx: Ctx) => {
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
    discrepancy: (i: Item) => inbound.discrepancyOf(i),
  },
};
