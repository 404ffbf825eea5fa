// Fixtures for the draft-return suites: a store with a published policy (store credit with a bonus,
// exchange, a final-sale SKU, reasons with a follow-up question), a catalogue with stock, and a fulfilled
// order, all through the real doors.
import { expect } from "vitest";
import { expectNoErrors } from "./gql.js";
import { pushOrder } from "./orders.js";
import type { TestService } from "./server.js";

export const DRAFT_POLICY = {
  window: { days: 3650, from: "order" },
  windowRules: [{ name: "Final sale", skus: ["SKU-3"], days: 0 }],
  outcomes: { refund: true, storeCredit: true, exchange: true },
  bonus: { percent: "10", on: ["store_credit"] },
  reasons: [
    { code: "too_small", label: "Too small", question: "What size do you usually wear?", outcomes: ["refund", "store_credit", "exchange"] },
    { code: "changed_mind", label: "Changed my mind", outcomes: ["refund", "store_credit"] },
  ],
};

export interface DraftStore {
  storeId: string;
  secret: string;
  staff: string;
}

export async function draftStore(svc: TestService, name = "Draft store"): Promise<DraftStore> {
  const storeId = (await svc.createStore(name)).id;
  const secret = (await svc.createApiClient(storeId, "all")).secret;
  const staff = (await svc.createStaff(storeId)).token;
  const gql = async (q: string, v: Record<string, unknown>) => expectNoErrors(await svc.http.graphql(q, v, staff)) as any;
  // prod-1 (line 1, 40.00): S, M, L at that price; M in stock, L not.
  const up = await svc.http.post(
    `/v2.2/stores/${storeId}/products/bulk-upload`,
    {
      products: [
        {
          title: "Tee",
          external_id: "prod-1",
          variants: ["S", "M", "L"].map((size, i) => ({
            sku: `TEE-${size}`,
            title: size,
            price: 4000,
            currency: "USD",
            external_id: `${9000 + i}`,
          })),
        },
      ],
    },
    { token: secret },
  );
  expect(up.status).toBe(200);
  const m = up.body.results[0].products.find((v: { sku: string }) => v.sku === "TEE-M");
  const location = (await gql(`mutation($s: ID!, $n: String!) { createLocation(storeId: $s, name: $n) { id } }`, { s: storeId, n: "Main" }))
    .createLocation.id;
  const shipment = (
    await gql(`mutation($s: ID!, $i: InboundShipmentInput!) { createInboundShipment(storeId: $s, input: $i) { id items { id } } }`, {
      s: storeId,
      i: { locationId: location, items: [{ productId: m.id, quantity: 3 }] },
    })
  ).createInboundShipment;
  await gql(
    `mutation($s: ID!, $id: ID!, $r: [InboundReceiptInput!]!) { recordInboundReceipts(storeId: $s, id: $id, receipts: $r) { id } }`,
    {
      s: storeId,
      id: shipment.id,
      r: [{ itemId: shipment.items[0].id, received: 3 }],
    },
  );
  expect((await svc.http.put(`/v2.2/stores/${storeId}/return-policy/draft`, { draft: DRAFT_POLICY }, { token: secret })).status).toBe(200);
  expect((await svc.http.post(`/v2.2/stores/${storeId}/return-policy/publish`, {}, { token: secret })).status).toBe(201);
  const s = { storeId, secret, staff };
  await draftPortal(svc, s);
  return s;
}

let n = 0;

/** A fulfilled order of three lines (40.00 ×2, 25.00, and the final-sale SKU-3), and one unfulfilled line when asked. */
export async function draftOrder(svc: TestService, s: DraftStore, opts: { fulfilled?: boolean; email?: string; firstSku?: string } = {}) {
  const id = `D${Date.now().toString(36)}${++n}`;
  const order = await pushOrder(svc.http, s.storeId, s.secret, {
    id,
    name: `#${id}`,
    customer: { email: opts.email ?? "jane@example.test", firstName: "Jane", lastName: "Doe" },
    lines: [
      { id: `${id}-1`, quantity: 2, price: "40.00", ...(opts.firstSku ? { sku: opts.firstSku } : {}) },
      { id: `${id}-2`, quantity: 1, price: "25.00" },
      { id: `${id}-3`, quantity: 1, price: "15.00" },
    ],
  });
  if (opts.fulfilled !== false) {
    const res = await svc.http.post(
      `/v2.2/stores/${s.storeId}/orders/${id}/fulfillments`,
      { lineItems: order.lineItems.map((l) => ({ id: l.id, quantity: l.quantity })), useDummyTracking: true },
      { token: s.secret },
    );
    expect(res.status).toBe(200);
  }
  return order;
}

export const DRAFT_FIELDS = `id number state orderName currency customerEmail creditType returnMethod returnId returnNumber openedBy allowedActions
  shippingAddress { line1 city postalCode country }
  items { id lineItemId quantity reasonCode answer outcome exchangeSku offers { outcome total { amount } bonus { amount } } }
  lines { lineItemId returnableQuantity refusalCode shopperMessage outcomes { outcome total { amount } bonus { amount } }
          exchangeVariants { sku inStock variantId } }
  reasons { code question }
  totals { returnTotal { amount currency } bonus { amount } refund { amount } storeCredit { amount } exchange { amount } }`;

export const PORTAL_ADDRESS = {
  name: "Returns dept",
  line1: "200 Warehouse Way",
  city: "Columbus",
  state: "OH",
  postalCode: "43215",
  country: "US",
};

/** The store's portal settings (every method offered, either lookup, unless told otherwise). */
export async function draftPortal(
  svc: TestService,
  s: DraftStore,
  input: { lookupMethod?: string; returnMethods?: string[] } = {},
): Promise<void> {
  expectNoErrors(
    await svc.http.graphql(
      `mutation($s: ID!, $i: PortalSettingsInput!) { updatePortalSettings(storeId: $s, input: $i) { handle } }`,
      {
        s: s.storeId,
        i: {
          handle: `shop-${s.storeId
            .slice(-12)
            .toLowerCase()
            .replace(/[^a-z0-9]/g, "x")}`,
          displayName: "Draft store",
          returnAddress: PORTAL_ADDRESS,
          lookupMethod: input.lookupMethod ?? "either",
          returnMethods: input.returnMethods ?? ["prepaid_label", "drop_off_qr", "ship_yourself"],
        },
      },
      s.secret,
    ),
  );
}

/** The store's portal handle, as the merchant reads it. */
export async function portalHandle(svc: TestService, s: DraftStore): Promise<string> {
  const q = `query($s: ID!) { portalSettings(storeId: $s) { handle } }`;
  return (expectNoErrors(await svc.http.graphql(q, { s: s.storeId }, s.secret)) as { portalSettings: { handle: string } }).portalSettings
    .handle;
}

/** A shopper's session opened by the portal's handle on a new fulfilled order, its first line added. */
export async function openShopper(svc: TestService, s: DraftStore, handle: string) {
  const order = await draftOrder(svc, s);
  const open = `mutation($st: ID!, $i: DraftLookupInput!) { openShopperSession(store: $st, input: $i) { token draftId } }`;
  const add = `mutation($i: DraftItemInput!) { addDraftReturnItem(input: $i) { items { id } } }`;
  const input = { orderName: order.name, secondaryInput: "jane@example.test" };
  const session = (
    expectNoErrors(await svc.http.graphql(open, { st: handle, i: input })) as { openShopperSession: { token: string; draftId: string } }
  ).openShopperSession;
  const item = { lineItemId: order.lineItems[0]!.id, quantity: 1 };
  const draft = (
    expectNoErrors(await svc.http.graphql(add, { i: item }, session.token)) as { addDraftReturnItem: { items: { id: string }[] } }
  ).addDraftReturnItem;
  return { order, token: session.token, draftId: session.draftId, itemId: draft.items[0].id };
}
