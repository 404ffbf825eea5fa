// Orders in from a real Vendure 3.7 (issue 37 item 2, first slice): orders placed as a shopper through Vendure's own
// Shop API (cart, address, shipping, the test payment handler), one shipped with a tracking code, are imported
// through the GraphQL core into the store's orders, on both Retour databases, with the right lines, prices, taxes,
// shipping, customer, address and fulfillment; importing again changes nothing; an order Retour cannot take (a line
// of 1 001 units) is kept with its reason while the others come in; a return can be made on an imported order. Then
// the order sync on the service's own job loop, in two replicas: an order placed after connecting comes in, once, and
// later runs do not write it again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { PEER_INSTALL_HOOK_TIMEOUT_MS } from "../../support/peers.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startVendure, type Vendure } from "../../support/vendure.js";

const SET = `mutation($s: ID!, $i: ShopConnectionInput!) { setShopConnection(storeId: $s, input: $i) { platform } }`;
const IMPORT = `mutation($s: ID!, $d: Int!) { importShopOrders(storeId: $s, days: $d) { found imported created failed more } }`;
const ERRORS = `query($s: ID!) { shopConnection(storeId: $s) { syncErrors { orderName message occurredAt } } }`;

let vendure: Vendure;
let apiKey: string;
let shipped: { id: string; code: string };
let open: { id: string; code: string };
let wholesale: { id: string; code: string };
/** Vendure's own view of the shipped order, to compare money with. */
let truth: any;

beforeAll(async () => {
  vendure = await startVendure();
  apiKey = (await vendure.createApiKey("order-reader")).key;
  shipped = await vendure.placeOrder({
    email: "ada.lovelace@example.test",
    lines: [
      { sku: "TEE-M", quantity: 2 },
      { sku: "JKT-L", quantity: 1 },
    ],
    fulfil: { carrier: "Test carrier", trackingCode: "1Z-VENDURE-1" },
  });
  open = await vendure.placeOrder({ email: "grace.hopper@example.test", lines: [{ sku: "TEE-S", quantity: 1 }] });
  wholesale = await vendure.placeOrder({ email: "mary.somerville@example.test", lines: [{ sku: "STK-1", quantity: 1001 }] });
  truth = (
    await vendure.admin(`query($id: ID!) { order(id: $id) { totalWithTax shippingWithTax shipping lines { id linePrice lineTax } } }`, {
      id: shipped.id,
    })
  ).order;
}, PEER_INSTALL_HOOK_TIMEOUT_MS);
afterAll(async () => {
  await vendure?.close();
});

describe.each(providers)("orders imported from a real Vendure (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  const gql = (query: string, variables: Record<string, unknown>) => svc.http.graphql(query, variables, secret);

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Vendure orders")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    const set = await gql(SET, { s: storeId, i: { platform: "vendure", adminApiUrl: vendure.adminApiUrl, apiKey } });
    expect(set.errors).toBeUndefined();
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("imports the orders placed through Vendure's Shop API, with lines, money, customer, address and tracking", async () => {
    const res = await gql(IMPORT, { s: storeId, d: 30 });
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    expect(res.data.importShopOrders).toEqual({ found: 3, imported: 2, created: 2, failed: 1, more: false });

    const prisma = svc.services.db.prisma;
    const order = await prisma.order.findFirstOrThrow({
      where: { storeId, provider: "vendure", externalId: shipped.id },
      include: { lineItems: { orderBy: { position: "asc" } } },
    });
    expect(order).toMatchObject({
      name: shipped.code,
      currency: "USD",
      customerEmail: "ada.lovelace@example.test",
      customerFirstName: "ada",
      customerLastName: "lovelace",
      shippingMethod: "Standard Shipping",
      shippingCost: truth.shipping,
      totalPrice: truth.totalWithTax,
      taxTotal: truth.lines[0].lineTax + truth.lines[1].lineTax + (truth.shippingWithTax - truth.shipping),
      discountTotal: 0,
    });
    expect(JSON.parse(order.shippingAddress!)).toMatchObject({
      address1: "1 Main St",
      city: "Springfield",
      zip: "62701",
      countryCode: "US",
    });
    expect(order.lineItems.map((l) => [l.externalId, l.sku, l.title, l.variantTitle, l.quantity, l.unitPrice, l.tax, l.discount])).toEqual([
      [truth.lines[0].id, "TEE-M", "Organic tee", "Organic tee M", 2, 2800, 560, 0],
      [truth.lines[1].id, "JKT-L", "Rain jacket", "Rain jacket L", 1, 12900, 1290, 0],
    ]);
    const fulfillments = await prisma.fulfillment.findMany({ where: { orderId: order.id }, include: { lineItems: true } });
    expect(fulfillments).toHaveLength(1);
    expect(fulfillments[0]).toMatchObject({ trackingNumber: "1Z-VENDURE-1", trackingCompany: "Test carrier" });
    expect(fulfillments[0].lineItems.map((l) => l.quantity).sort()).toEqual([1, 2]);
    expect(await prisma.order.count({ where: { storeId, externalId: open.id } })).toBe(1);
  });

  it("keeps the order it cannot take with its reason, in words, for the dashboard", async () => {
    const res = await gql(ERRORS, { s: storeId });
    expect(res.data.shopConnection.syncErrors).toEqual([
      {
        orderName: wholesale.code,
        message: expect.stringContaining("`lineItems[0].quantity` must be an integer from 1 to 1000; got 1001."),
        occurredAt: expect.any(String),
      },
    ]);
    expect(await svc.services.db.prisma.order.count({ where: { storeId, externalId: wholesale.id } })).toBe(0);
    // And as data, for the dashboard to word it: the refusal's code and its parameters.
    const coded = await gql(`query($s: ID!) { shopConnection(storeId: $s) { syncErrors { refusal { code params { name value } } } } }`, {
      s: storeId,
    });
    expect(coded.data.shopConnection.syncErrors).toEqual([
      {
        refusal: {
          code: "LINE_QUANTITY_OUT_OF_RANGE",
          params: [
            { name: "field", value: "lineItems[0].quantity" },
            { name: "max", value: "1000" },
            { name: "value", value: "1001" },
          ],
        },
      },
    ]);
  });

  it("imports again without doubling anything", async () => {
    const again = await gql(IMPORT, { s: storeId, d: 30 });
    expect(again.data.importShopOrders).toEqual({ found: 3, imported: 2, created: 0, failed: 1, more: false });
    const prisma = svc.services.db.prisma;
    expect(await prisma.order.count({ where: { storeId } })).toBe(2);
    expect(await prisma.fulfillment.count({ where: { storeId } })).toBe(1);
    expect(await prisma.shopOrderSyncError.count({ where: { storeId } })).toBe(1);
  });

  it("lets a return be made on an imported order, by the shop's order code, through the REST door", async () => {
    const line = truth.lines[0].id;
    const res = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      { data: { provider: "vendure", externalOrderId: shipped.id, items: [{ lineItemId: line, quantity: 1, reason: "Too big" }] } },
      { token: secret, headers: { "Idempotency-Key": `vendure-return-${provider}` } },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.return.items[0]).toMatchObject({ quantity: 1 });
  });

  it("refuses an import without a connection, and a period out of range, naming the field", async () => {
    const other = (await svc.createStore("No shop")).id;
    const key = (await svc.createApiClient(other, "all")).secret;
    const none = await svc.http.graphql(IMPORT, { s: other, d: 30 }, key);
    expect(none.errors?.[0]?.extensions).toMatchObject({ status: 404, type: "shops/no-connection" });
    const far = await gql(IMPORT, { s: storeId, d: 5000 });
    expect(far.errors?.[0]?.extensions).toMatchObject({ status: 400, field: "days" });
  });
});

describe.each(providers)("orders followed by the sync loop, in two replicas (%s)", (provider) => {
  let svc: TestService;
  let replica: Awaited<ReturnType<TestService["startReplica"]>> | undefined;
  let storeId: string;

  beforeAll(async () => {
    svc = await startTestService(provider, { SHOP_SYNC: "true", SHOP_SYNC_INTERVAL_SECONDS: "5" });
    replica = await svc.startReplica();
    storeId = (await svc.createStore("Vendure sync")).id;
    const secret = (await svc.createApiClient(storeId, "all")).secret;
    const set = await svc.http.graphql(SET, { s: storeId, i: { platform: "vendure", adminApiUrl: vendure.adminApiUrl, apiKey } }, secret);
    expect(set.errors).toBeUndefined();
  });
  afterAll(async () => {
    await replica?.close();
    await svc?.close();
  });

  it("brings in an order placed after connecting, once, and later runs leave it as it is", async () => {
    const prisma = svc.services.db.prisma;
    const placed = await vendure.placeOrder({
      email: `katherine.johnson.${provider}@example.test`,
      lines: [{ sku: "JKT-M", quantity: 1 }],
    });
    const order = () =>
      prisma.order.findMany({ where: { storeId, provider: "vendure", externalId: placed.id }, include: { lineItems: true } });
    await expect.poll(async () => (await order()).length, { timeout: 90_000, interval: 500 }).toBe(1);
    const [synced] = await order();
    expect(synced).toMatchObject({ name: placed.code, customerEmail: `katherine.johnson.${provider}@example.test` });
    expect(synced.lineItems.map((l) => [l.sku, l.quantity, l.unitPrice])).toEqual([["JKT-M", 1, 12900]]);
    // Only what changed after connecting: the orders placed before are for the import.
    expect(await prisma.order.count({ where: { storeId } })).toBe(1);

    // Both replicas keep running their loops: later runs read the cursor's second again and skip it, never doubling.
    const written = synced.version;
    const lastRun = async () => (await prisma.shopConnection.findUniqueOrThrow({ where: { storeId } })).lastSyncAt?.getTime() ?? 0;
    // The run that wrote it ends, then another one runs after it.
    const since = Date.now();
    await expect.poll(lastRun, { timeout: 90_000, interval: 500 }).toBeGreaterThanOrEqual(since);
    const first = await lastRun();
    await expect.poll(lastRun, { timeout: 90_000, interval: 500 }).toBeGreaterThan(first);
    expect((await order())[0].version).toBe(written);
    expect(await prisma.order.count({ where: { storeId } })).toBe(1);
    const connection = await prisma.shopConnection.findUniqueOrThrow({ where: { storeId } });
    expect(connection.lastSyncError).toBeNull();
    expect(JSON.parse(connection.syncedIds).map(([id]: [string, number]) => id)).toEqual([placed.id]);
  }, 240_000);
});
