// Demo data for orders, returns and fulfillments: orders from the custom sync and the Orders API,
// returns in several statuses (with a timeline and comments), fulfillments with dummy trackers.
import { systemContext, type Services } from "../core/context.js";
import * as orders from "../orders/service.js";
import * as returns from "./service.js";
import { createReturn } from "./create.js";
import * as fulfillments from "../fulfillments/service.js";

const customer = (firstName: string, lastName: string) => ({
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.test`,
  phoneNumber: "+15555550123",
});

export async function seedReturns(services: Services, storeId: string) {
  const ctx = systemContext(services, storeId, "seed");
  const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n, 15, 0, 0));
  const catalogue = [
    {
      id: "li-tee",
      productId: "shop-1004",
      variantId: "TEE-M",
      sku: "TEE-M",
      title: "Organic tee",
      variantTitle: "M",
      price: "28.00",
      tax: "2.24",
      weight: { value: 180, unit: "g" },
    },
    {
      id: "li-jacket",
      productId: "shop-1003",
      variantId: "JKT-L",
      sku: "JKT-L",
      title: "Rain jacket",
      variantTitle: "L",
      price: "129.00",
      tax: "10.32",
      discount: "12.90",
      weight: { value: 640, unit: "g" },
    },
    {
      id: "li-socks",
      productId: "shop-1002",
      variantId: "SOCK-3",
      sku: "SOCK-3",
      title: "Wool socks (3-pack)",
      variantTitle: "One size",
      price: "18.00",
      tax: "1.44",
      weight: { value: 150, unit: "g" },
    },
  ];
  const made: { id: string; externalId: string; name: string }[] = [];
  for (let i = 0; i < 6; i++) {
    const externalId = `DEMO-${1001 + i}`;
    const { order } = await orders.upsertOrder(
      ctx,
      storeId,
      {
        orderId: externalId,
        provider: "custom",
        name: `#${1001 + i}`,
        placedAt: day(i),
        currency: "USD",
        customer: customer(
          ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Ken"][i],
          ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Thompson"][i],
        ),
        lineItems: catalogue.map((c, j) => ({ ...c, id: `${externalId}-${c.id}`, quantity: j === 0 ? 2 : 1 })),
        shippingCost: "5.95",
        shippingAddress: { address1: "500 Market St", city: "San Francisco", province: "CA", postalCode: "94105", country: "US" },
        protection: { covered: i % 2 === 0, returnsCoverage: i % 2 === 0 },
      },
      "UPSERT",
    );
    made.push({ id: order.id, externalId, name: order.name });
  }
  const apiOrder = await orders.upsertOrder(
    ctx,
    storeId,
    {
      orderId: "API-5001",
      provider: "custom",
      name: "#5001",
      placedAt: day(8),
      currency: "USD",
      customer: customer("Linus", "Torvalds"),
      lineItems: [
        {
          id: "api-li-1",
          productId: "shop-1001",
          variantId: "TRS-42",
          sku: "TRS-42",
          title: "Trail Runner Shoe",
          variantTitle: "EU 42",
          quantity: 2,
          price: "129.00",
        },
      ],
    },
    "CREATE",
  );

  const address = { line1: "500 Market St", city: "San Francisco", state: "CA", postalCode: "94105", country: "US" };
  const create = (o: (typeof made)[number], lines: string[], reason = "Too big") =>
    createReturn(
      ctx,
      storeId,
      {
        provider: "custom",
        externalOrderId: o.externalId,
        shippingAddress: address,
        items: lines.map((l) => ({ lineItemId: `${o.externalId}-${l}`, quantity: 1, reason, reasonCode: "size_too_large" })),
      },
      null,
    ).then((r) => r.return);

  const open = await create(made[0], ["li-tee", "li-jacket"]);
  const flagged = await create(made[1], ["li-jacket"], "Damaged");
  await returns.flagReturn(ctx, flagged.id, "Photos show water damage; check before refunding");
  await returns.addComment(ctx, flagged.id, "Customer sent photos by email.", null);
  const inReview = await create(made[2], ["li-tee", "li-socks"]);
  const inReviewItems = await ctx.prisma.returnItem.findMany({ where: { returnId: inReview.id }, orderBy: { position: "asc" } });
  await returns.processReturn(ctx, inReview.id, [{ itemId: inReviewItems[0].id, restock: true }]);
  const complete = await create(made[3], ["li-socks"]);
  const completeItems = await ctx.prisma.returnItem.findMany({ where: { returnId: complete.id } });
  await returns.processReturn(ctx, complete.id, [{ itemId: completeItems[0].id, restock: false, merchantAdjustment: "3.00" }]);
  const rejected = await create(made[4], ["li-tee"], "Changed my mind");
  await returns.rejectReturn(ctx, rejected.id, "Outside the return window");
  const reset = await create(made[5], ["li-jacket"]);
  await returns.resetReturn(ctx, reset.id, "Customer kept the item");

  const dummy = await fulfillments.createFulfillment(ctx, storeId, made[0].externalId, {
    lineItems: [{ id: `${made[0].externalId}-li-tee`, quantity: 2 }],
    useDummyTracking: true,
  });
  await fulfillments.updateShipmentStatus(ctx, storeId, made[0].externalId, dummy.fulfillment.publicId, {
    status: "in_transit",
    message: "Departed facility",
    location: { city: "Oakland", state: "CA", country: "US" },
  });
  const delivered = await fulfillments.createFulfillment(ctx, storeId, "API-5001", {
    fulfillmentId: "FUL-5001",
    lineItems: [{ id: "api-li-1", quantity: 2 }],
    tracking: { carrier: "UPS", code: "1Z999AA10123456784" },
  });
  await fulfillments.updateShipmentStatus(ctx, storeId, "API-5001", "FUL-5001", { status: "delivered" });

  return {
    orders: [
      ...made.map((o) => ({ id: o.id, externalId: o.externalId, name: o.name })),
      { id: apiOrder.order.id, externalId: "API-5001", name: "#5001" },
    ],
    returns: [
      { id: open.id, status: "open" },
      { id: flagged.id, status: "flagged" },
      { id: inReview.id, status: "in_review" },
      { id: complete.id, status: "complete" },
      { id: rejected.id, status: "rejected" },
      { id: reset.id, status: "deleted" },
    ],
    fulfillments: [
      { id: dummy.fulfillment.publicId, order: made[0].externalId, status: "in_transit" },
      { id: delivered.fulfillment.publicId, order: "API-5001", status: "delivered" },
    ],
  };
}
