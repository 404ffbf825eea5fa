// Fixtures for the orders / returns / fulfillments suites: orders pushed through the real REST doors.
import type { HttpClient } from "./http.js";

let n = 0;

export interface OrderFixture {
  externalId: string;
  name: string;
  lineItems: { id: string; quantity: number }[];
}

/** A custom-sync order body (the platform's order JSON). */
export function customOrderBody(
  opts: {
    id?: string;
    name?: string;
    lines?: { id: string; quantity: number; price?: string; sku?: string; variantId?: string }[];
    customer?: { email: string; firstName?: string; lastName?: string };
  } = {},
) {
  const id = opts.id ?? `ext-${Date.now().toString(36)}-${++n}`;
  const lines = opts.lines ?? [
    { id: `${id}-li-1`, quantity: 2, price: "40.00" },
    { id: `${id}-li-2`, quantity: 1, price: "25.50" },
  ];
  const m = (amount: string) => ({ shopMoney: { amount, currencyCode: "USD" }, presentmentMoney: { amount, currencyCode: "USD" } });
  return {
    id,
    type: "order",
    ...(opts.name ? { name: opts.name } : {}),
    createdAt: "2026-11-01T10:00:00Z",
    updatedAt: "2026-11-01T10:00:00Z",
    presentmentCurrency: "USD",
    shopCurrency: "USD",
    customer: opts.customer ?? { email: "ada@example.test", firstName: "Ada", lastName: "Lovelace", phone: "+15555550100" },
    lineItems: lines.map((l, i) => ({
      id: l.id,
      quantity: l.quantity,
      priceSet: m(l.price ?? "10.00"),
      title: `Product ${i + 1}`,
      productId: `prod-${i + 1}`,
      variantId: l.variantId ?? `var-${i + 1}`,
      variantTitle: `Variant ${i + 1}`,
      sku: l.sku ?? `SKU-${i + 1}`,
      taxLines: [{ priceSet: m("2.00"), rate: "0.05", title: "Tax" }],
    })),
    orderDiscounts: [],
    shippingLines: [{ id: "ship-1", title: "Ground", priceSet: m("5.00") }],
    fulfillments: [],
    shippingAddress: { address1: "1 Main St", city: "Springfield", provinceCode: "IL", zip: "62701", countryCode: "US" },
  };
}

export async function pushOrder(
  http: HttpClient,
  storeId: string,
  token: string,
  opts: Parameters<typeof customOrderBody>[0] = {},
): Promise<OrderFixture & { internalId: string }> {
  const body = customOrderBody(opts);
  const res = await http.post(`/v2.2/stores/${storeId}/custom/orders`, body, { token });
  if (res.status !== 200) throw new Error(`custom order sync failed: ${res.status} ${res.text}`);
  return {
    externalId: body.id,
    name: body.name ?? body.id,
    lineItems: body.lineItems.map((l) => ({ id: l.id, quantity: l.quantity })),
    internalId: res.body.redoId,
  };
}

export function returnBody(order: OrderFixture, items: { lineItemId: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  return {
    data: {
      provider: "custom",
      externalOrderId: order.externalId,
      items: items.map((i) => ({ ...i, reason: "Too big", reasonCode: "size_too_large" })),
      shippingAddress: { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US" },
      ...extra,
    },
  };
}
