// Demo inbound shipments: two locations and a shipment in every status.
import { systemContext, type Services } from "../core/context.js";
import * as inbound from "./service.js";

export async function seedInbound(services: Services, storeId: string) {
  const ctx = systemContext(services, storeId, "seed");
  const main = await inbound.createLocation(ctx, storeId, "Main warehouse (Reno, NV)");
  const east = await inbound.createLocation(ctx, storeId, "East coast 3PL (Newark, NJ)");
  const products = await services.db.prisma.product.findMany({ where: { storeId }, orderBy: { sku: "asc" }, take: 6 });
  if (products.length < 3) return { locations: 2, inboundShipments: 0 };
  const items = (n: number, qty: number) => products.slice(0, n).map((p) => ({ productId: p.id, quantity: qty, packingMode: "case" }));
  const base = {
    carrier: "Maersk",
    freightType: "LTL",
    paymentTerms: "NET30",
    freightCost: { amount: "450.00", currency: "USD" },
    dutyCost: { amount: "120.50", currency: "USD" },
  };
  const pending = await inbound.createShipment(ctx, storeId, {
    ...base,
    locationId: main.id,
    shipmentId: "PO-2026-001",
    estimatedArrivalDate: "2026-12-15",
    items: items(3, 100),
    purchaseOrders: [{ name: "PO-2026-001" }],
  });
  const transit = await inbound.createShipment(ctx, storeId, {
    ...base,
    locationId: east.id,
    shipmentId: "PO-2026-002",
    trackingNumber: "MAEU1234567",
    trackingUrl: "https://www.maersk.com/tracking/MAEU1234567",
    estimatedArrivalDate: "2026-12-01",
    items: items(2, 50),
    files: [{ title: "Packing list", url: "https://files.example.com/packing-list-002.pdf", contentType: "application/pdf" }],
  });
  await inbound.markInTransit(ctx, storeId, transit.id);
  const partial = await inbound.createShipment(ctx, storeId, {
    ...base,
    locationId: main.id,
    shipmentId: "TO-2026-003",
    estimatedArrivalDate: "2026-11-20",
    items: items(3, 40),
    transferOrders: [{ name: "TO-2026-003" }],
    customVolumeCubicMeters: 2.5,
  });
  await inbound.markInTransit(ctx, storeId, partial.id);
  const partialItems = await inbound.itemsOf(systemContext(services, storeId, "seed"), partial.id);
  await inbound.recordReceipts(ctx, storeId, partial.id, [{ itemId: partialItems[0].id, received: 38, damaged: 2 }]);
  const received = await inbound.createShipment(ctx, storeId, {
    ...base,
    locationId: east.id,
    shipmentId: "PO-2026-004",
    estimatedArrivalDate: "2026-11-10",
    items: items(2, 20),
  });
  const receivedItems = await inbound.itemsOf(systemContext(services, storeId, "seed"), received.id);
  await inbound.recordReceipts(ctx, storeId, received.id, [
    { itemId: receivedItems[0].id, received: 20 },
    { itemId: receivedItems[1].id, received: 17, damaged: 1, missing: 2 },
  ]);
  return { locations: 2, inboundShipments: [pending, transit, partial, received].length };
}
