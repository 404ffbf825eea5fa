// The exchange picker on the shop's real stock (issue 37): for an order from the connected Vendure 3.7, the portal's
// exchange variants (the GraphQL the portal calls, with a shopper's session) show what Vendure can still sell, not
// Retour's inventory (this store has none at all), and creating a return with an exchange checks Vendure's stock:
// the last unit goes to one of two shoppers racing for it, the other is refused in words. Vendure not answering
// (a proxy that holds the call) is a state the portal words, within the picker's time bound, and a 503 at creation;
// once Vendure answers again the picker reads it again.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { expectNoErrors } from "../../support/gql.js";
import { PEER_INSTALL_HOOK_TIMEOUT_MS } from "../../support/peers.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startVendure, type Vendure } from "../../support/vendure.js";
import { connectedVendureStore } from "../../support/vendure-store.js";

const IMPORT = `mutation($s: ID!, $d: Int!) { importShopOrders(storeId: $s, days: $d) { imported failed } }`;
const OPEN = `mutation($st: ID!, $i: DraftLookupInput!) { openShopperSession(store: $st, input: $i) { token } }`;
const LINES = `query { draftReturn { lines { sku exchangeStock exchangeVariants { sku inStock available } } } }`;
const VARIANT = `query($sku: String!) { productVariants(options: { filter: { sku: { eq: $sku } } }) { items { id stockOnHand stockAllocated } } }`;
const SET_STOCK = `mutation($i: [UpdateProductVariantInput!]!) { updateProductVariants(input: $i) { id } }`;

let vendure: Vendure;
let apiKey: string;
const productIds: Record<string, string> = {};
/** A proxy in front of Vendure's Admin API that, while `hold` is set, never answers (the shop hangs). */
let proxy: Server;
let proxyUrl: string;
let hold = false;

beforeAll(async () => {
  vendure = await startVendure();
  apiKey = (await vendure.createApiKey("order-manager")).key;
  for (const slug of ["organic-tee", "rain-jacket"])
    productIds[slug] = (
      await vendure.admin(`query($s: String!) { products(options: { filter: { slug: { eq: $s } } }) { items { id } } }`, { s: slug })
    ).products.items[0].id;
  const target = new URL(vendure.adminApiUrl);
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (hold) return; // no answer: Retour's time bound ends the call
      const out = request(
        { host: target.hostname, port: target.port, path: req.url, method: "POST", headers: { ...req.headers, host: target.host } },
        (up) => {
          res.writeHead(up.statusCode ?? 502, { "content-type": up.headers["content-type"] ?? "application/json" });
          up.pipe(res);
        },
      );
      out.on("error", () => res.writeHead(502).end());
      out.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/admin-api`;
}, PEER_INSTALL_HOOK_TIMEOUT_MS);
afterAll(async () => {
  hold = false;
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await vendure?.close();
});

/** Makes Vendure able to sell exactly `units` more of the variant (stock on hand = allocated + units). */
async function saleable(sku: string, units: number) {
  const v = (await vendure.admin(VARIANT, { sku })).productVariants.items[0] as { id: string; stockAllocated: number };
  await vendure.admin(SET_STOCK, { i: [{ id: v.id, stockOnHand: v.stockAllocated + units }] });
}

describe.each(providers)("the exchange picker on Vendure's stock (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let handle: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    ({ storeId, secret, handle } = await connectedVendureStore(svc, {
      name: "Vendure stock",
      adminApiUrl: proxyUrl,
      apiKey,
      products: [
        {
          title: "Organic tee",
          external_id: productIds["organic-tee"],
          variants: ["S", "M", "L"].map((size) => ({ sku: `TEE-${size}`, title: size, price: 2800, currency: "USD" })),
        },
        {
          title: "Rain jacket",
          external_id: productIds["rain-jacket"],
          variants: ["M", "L"].map((size) => ({ sku: `JKT-${size}`, title: size, price: 12900, currency: "USD" })),
        },
      ],
    }));
  }, 60_000);
  afterAll(async () => {
    hold = false;
    await svc?.close();
  });

  /** A shipped Vendure order of one `sku`, imported into Retour. */
  async function shippedOrder(email: string, sku: string) {
    const placed = await vendure.placeOrder({
      email,
      lines: [{ sku, quantity: 1 }],
      fulfil: { carrier: "UPS", trackingCode: `1Z${email.length}` },
    });
    expectNoErrors(await svc.http.graphql(IMPORT, { s: storeId, d: 1 }, secret));
    const line = await svc.services.db.prisma.orderLineItem.findFirstOrThrow({ where: { order: { storeId, externalId: placed.id } } });
    return { ...placed, lineItemId: line.externalId, email };
  }

  /** The draft's lines as the portal reads them, through a shopper's session opened by the order's code and e-mail. */
  async function picker(order: { code: string; email: string }) {
    const token = (
      expectNoErrors(await svc.http.graphql(OPEN, { st: handle, i: { orderName: order.code, secondaryInput: order.email } })) as any
    ).openShopperSession.token as string;
    return (expectNoErrors(await svc.http.graphql(LINES, {}, token)) as any).draftReturn.lines[0] as {
      sku: string;
      exchangeStock: string;
      exchangeVariants: { sku: string; inStock: boolean; available: number | null }[];
    };
  }

  const createExchange = (order: { id: string; lineItemId: string }, exchangeSku: string, key: string) =>
    svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      {
        data: {
          provider: "vendure",
          externalOrderId: order.id,
          items: [{ lineItemId: order.lineItemId, quantity: 1, reason: "Does not fit", compensation: "exchange", exchangeSku }],
        },
      },
      { token: secret, headers: { "Idempotency-Key": key } },
    );

  it("shows Vendure's saleable units; two shoppers racing for the last unit: one return holds it, the other is refused", async () => {
    await saleable("TEE-L", 1);
    await saleable("TEE-S", 4);
    const a = await shippedOrder(`ada.${provider}@example.test`, "TEE-M");
    const b = await shippedOrder(`bob.${provider}@example.test`, "TEE-M");
    const lineA = await picker(a);
    expect(lineA).toEqual({
      sku: "TEE-M",
      exchangeStock: "shop",
      exchangeVariants: [
        { sku: "TEE-S", inStock: true, available: 4 },
        { sku: "TEE-L", inStock: true, available: 1 },
      ],
    });

    const raced = await Promise.all([createExchange(a, "TEE-L", `stock-a-${provider}`), createExchange(b, "TEE-L", `stock-b-${provider}`)]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = raced.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({ type: expect.stringContaining("returns/exchange-out-of-stock") });
    expect(refused.body.detail).toContain("the shop can sell 1 unit(s) of SKU TEE-L and open exchanges would need 2");

    // The unit is held by the return that got it: the next shopper's picker offers TEE-L no more (Vendure still has it).
    const later = await shippedOrder(`cy.${provider}@example.test`, "TEE-M");
    expect((await picker(later)).exchangeVariants).toEqual([
      { sku: "TEE-S", inStock: true, available: 4 },
      { sku: "TEE-L", inStock: false, available: 0 },
    ]);
    expect((await vendure.admin(VARIANT, { sku: "TEE-L" })).productVariants.items[0].stockOnHand).toBeGreaterThan(0);
    // A product with no other variant in Retour's catalogue: nothing to offer, still read as the shop's order.
    expect(await picker(await shippedOrder(`eve.${provider}@example.test`, "STK-1"))).toEqual({
      sku: "STK-1",
      exchangeStock: "shop",
      exchangeVariants: [],
    });
    // And Retour's inventory was never touched.
    expect(await svc.services.db.prisma.inventoryMovement.count({ where: { storeId } })).toBe(0);
  }, 120_000);

  it("Vendure not answering: the picker says so within its bound, creation is refused with 503, and it reads again once Vendure answers", async () => {
    const order = await shippedOrder(`dee.${provider}@example.test`, "JKT-M");
    hold = true;
    const started = Date.now();
    const line = await picker(order);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(line).toEqual({
      sku: "JKT-M",
      exchangeStock: "shop_unavailable",
      exchangeVariants: [{ sku: "JKT-L", inStock: false, available: null }],
    });
    const created = await createExchange(order, "JKT-L", `stock-down-${provider}`);
    expect(created.status, created.text).toBe(503);
    expect(created.body).toMatchObject({ type: expect.stringContaining("shops/stock-unavailable") });
    expect(created.body.detail).toContain("did not answer within 5 seconds");
    hold = false;
    await expect.poll(async () => (await picker(order)).exchangeStock, { timeout: 30_000, interval: 500 }).toBe("shop");
    expect((await createExchange(order, "JKT-L", `stock-up-${provider}`)).status).toBe(201);
  }, 120_000);
});
