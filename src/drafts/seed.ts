// The demo order a shopper returns through the portal (`cli seed-portal`, the portal's e2e): #1007, fulfilled, with
// a tote sold as final sale, a jacket offered for store credit with a 10% bonus, and a tee whose size L is in stock for an
// exchange; and the published policy that says so. Apart from seedStore and `npm start`'s demo: a published policy
// with reasons would refuse the README's tour and the guides' examples (their returns carry no policy reason), and
// the dashboard's policy e2e starts from a store without one.
import { systemContext, type Services } from "../core/context.js";
import * as orders from "../orders/service.js";
import * as fulfillments from "../fulfillments/service.js";
import * as inbound from "../inbound/service.js";
import * as policy from "../policy/service.js";
import type { PolicyInput } from "../policy/rules.js";

export const DEMO_PORTAL_ORDER = { name: "#1007", email: "mae@example.test", postalCode: "94105" };

export const DEMO_POLICY: PolicyInput = {
  window: { days: 365, from: "order" },
  windowRules: [{ name: "Final sale", skus: ["TOTE-NAT"], days: 0 }],
  outcomes: { refund: true, storeCredit: true, exchange: true },
  bonus: { percent: "10", on: ["store_credit"] },
  reasons: [
    {
      code: "too_small",
      label: "Too small",
      question: "Which size do you usually wear?",
      outcomes: ["refund", "store_credit", "exchange"],
    },
    {
      code: "too_large",
      label: "Too large",
      question: "Which size do you usually wear?",
      outcomes: ["refund", "store_credit", "exchange"],
    },
    { code: "damaged", label: "Arrived damaged", photoRequired: true, outcomes: ["refund", "store_credit", "exchange"] },
    { code: "changed_mind", label: "Changed my mind", outcomes: ["refund", "store_credit"] },
  ],
};

export async function seedPortalDemo(services: Services, storeId: string) {
  const ctx = systemContext(services, storeId, "seed");
  const externalId = "DEMO-1007";
  await orders.upsertOrder(
    ctx,
    storeId,
    {
      orderId: externalId,
      provider: "custom",
      name: DEMO_PORTAL_ORDER.name,
      placedAt: new Date(Date.now() - 6 * 86_400_000),
      currency: "USD",
      customer: { firstName: "Mae", lastName: "Jemison", email: DEMO_PORTAL_ORDER.email, phoneNumber: "+15555550123" },
      lineItems: [
        {
          id: `${externalId}-tee`,
          productId: "shop-1004",
          variantId: "TEE-M",
          sku: "TEE-M",
          title: "Organic tee",
          variantTitle: "M",
          price: "28.00",
          quantity: 1,
        },
        {
          id: `${externalId}-jacket`,
          productId: "shop-1003",
          variantId: "JKT-L",
          sku: "JKT-L",
          title: "Rain jacket",
          variantTitle: "L",
          price: "129.00",
          quantity: 1,
        },
        {
          id: `${externalId}-tote`,
          productId: "shop-1005",
          variantId: "TOTE-NAT",
          sku: "TOTE-NAT",
          title: "Canvas Tote",
          variantTitle: "Natural",
          price: "35.00",
          quantity: 1,
        },
      ],
      shippingCost: "5.95",
      shippingAddress: {
        address1: "500 Market St",
        city: "San Francisco",
        province: "CA",
        postalCode: DEMO_PORTAL_ORDER.postalCode,
        country: "US",
      },
    },
    "UPSERT",
  );
  await fulfillments.createFulfillment(ctx, storeId, externalId, {
    lineItems: ["tee", "jacket", "tote"].map((l) => ({ id: `${externalId}-${l}`, quantity: 1 })),
    useDummyTracking: true,
  });
  // Size L of the tee on the shelf: the exchange's variant picker shows it in stock (S and XL are not).
  const tee = await services.db.prisma.product.findFirst({ where: { storeId, sku: "TEE-L" }, select: { id: true } });
  if (tee) {
    const location =
      (await services.db.prisma.location.findFirst({ where: { storeId }, orderBy: { createdAt: "asc" }, select: { id: true } })) ??
      (await inbound.createLocation(ctx, storeId, "Main warehouse (Reno, NV)"));
    const shipment = await inbound.createShipment(ctx, storeId, {
      locationId: location.id,
      shipmentId: "PO-2026-005",
      items: [{ productId: tee.id, quantity: 6 }],
    });
    await inbound.markInTransit(ctx, storeId, shipment.id);
    const items = await inbound.itemsOf(ctx, shipment.id);
    await inbound.recordReceipts(ctx, storeId, shipment.id, [{ itemId: items[0].id, received: 6 }]);
  }
  await policy.updateDraft(ctx, storeId, DEMO_POLICY);
  await policy.publish(ctx, storeId);
  return { portalOrder: { ...DEMO_PORTAL_ORDER } };
}
