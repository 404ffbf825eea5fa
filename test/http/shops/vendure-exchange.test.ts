// Exchanges and restocks pushed to a real Vendure 3.7 (issue 37, outcomes out): an order placed through Vendure's Shop
// API is imported; the shopper returns two items through the REST door, the tee for another size and the jacket for a
// refund; the merchant processes both with restock. Vendure then shows the refund on the order's payment, a new order
// for the other size paid by Retour's manual "retour-exchange" payment (nothing charged to the shopper) with the
// original customer, and both returned units back in stock; the return names the exchange order and Retour's hold
// is released. Then the faults: Vendure answering 500 (before the payment, after it, and on every call for a while)
// during the exchange push, and the service killed with SIGKILL right after Vendure placed it: one order each time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChildService, type ChildService } from "../../support/child-service.js";
import { providers } from "../../support/env.js";
import { expectNoErrors } from "../../support/gql.js";
import { PEER_INSTALL_HOOK_TIMEOUT_MS } from "../../support/peers.js";
import { startTestService, type TestService } from "../../support/server.js";
import { faultProxy, startVendure, type Vendure } from "../../support/vendure.js";

const SET = `mutation($s: ID!, $i: ShopConnectionInput!) { setShopConnection(storeId: $s, input: $i) { platform } }`;
const IMPORT = `mutation($s: ID!, $d: Int!) { importShopOrders(storeId: $s, days: $d) { imported failed } }`;
const LEDGER = `query($id: ID!) { return(id: $id) { exchange { order { externalId } } timeline { action detail } ledger {
  id kind amount { amount currency } destination state attempts attemptLog { ok answer } lastError shopReference returnItemId } } }`;
const CREATE_LOCATION = `mutation($s: ID!, $n: String!) { createLocation(storeId: $s, name: $n) { id } }`;
const CREATE_SHIPMENT = `mutation($s: ID!, $i: InboundShipmentInput!) { createInboundShipment(storeId: $s, input: $i) { id items { id } } }`;
const RECEIVE = `mutation($s: ID!, $id: ID!, $r: [InboundReceiptInput!]!) { recordInboundReceipts(storeId: $s, id: $id, receipts: $r) { id } }`;
const LEVEL = `query($s: ID!, $sku: String) { inventoryLevels(storeId: $s, sku: $sku, first: 5) { nodes { quantity } } }`;
const PLACED = `query($m: String!) { orders(options: { filter: { transactionId: { eq: $m } } }) { items {
  id code state customer { emailAddress } lines { quantity productVariant { sku } } payments { method state transactionId } } } }`;
const OF_CUSTOMER = `query($n: String!) { orders(options: { filter: { customerLastName: { eq: $n } } }) { items { code state } } }`;
const REFUNDS = `query($id: ID!) { order(id: $id) { payments { refunds { total state } } } }`;
const STOCK = `query($sku: String!) { productVariants(options: { filter: { sku: { eq: $sku } } }) { items { stockOnHand stockAllocated } } }`;
/**
 * An exchange attempt is about fifteen Admin API calls, each a Vendure transaction on SQLite; a fault test makes up to
 * four attempts. On a loaded two-core box (other test files and their Vendures beside it) that took 48 s once.
 */
const SETTLE_MS = 120_000;
const TEST_MS = 180_000;
const PUSH = { SHOP_PUSH_RETRY_SCHEDULE: "1s,1s,1s,1s", SHOP_PUSH_LEASE: "5s", SHOP_PUSH_POLL_INTERVAL: "1s" };

let vendure: Vendure;
let apiKey: string;
let teeProductId: string;

/**
 * A proxy in front of Vendure's Admin API. `op` names the operation it answers 500 to: before Vendure sees it, after
 * Vendure answered (the answer lost), or "*" for every call (Vendure down) while `left` lasts.
 */
let proxy: Awaited<ReturnType<typeof faultProxy>>;
let proxyUrl: string;
let fault: { op: string; mode: "none" | "before" | "after"; left: number; seen: number } = { op: "", mode: "none", left: 0, seen: 0 };

beforeAll(async () => {
  vendure = await startVendure();
  apiKey = (await vendure.createApiKey("order-manager")).key;
  teeProductId = (await vendure.admin(`{ products(options: { filter: { slug: { eq: "organic-tee" } } }) { items { id } } }`)).products
    .items[0].id;
  proxy = await faultProxy(vendure.adminApiUrl, (body) => {
    const hit = fault.op === "*" || (fault.op !== "" && body.includes(fault.op));
    if (hit && fault.op !== "*") fault.seen++;
    const mode = hit && fault.mode !== "none" && fault.left > 0 ? fault.mode : null;
    if (mode) fault.left--;
    return mode;
  });
  proxyUrl = proxy.url;
}, PEER_INSTALL_HOOK_TIMEOUT_MS);
afterAll(async () => {
  await proxy?.close();
  await vendure?.close();
});

const stock = async (sku: string) =>
  (await vendure.admin(STOCK, { sku })).productVariants.items[0] as { stockOnHand: number; stockAllocated: number };
const placedWith = async (marker: string) => (await vendure.admin(PLACED, { m: marker })).orders.items as any[];
/** The customer's orders that are orders (not a draft, not cancelled). */
const liveOrdersOf = async (lastName: string) =>
  ((await vendure.admin(OF_CUSTOMER, { n: lastName })).orders.items as { code: string; state: string }[]).filter(
    (o) => o.state !== "Draft" && o.state !== "Cancelled",
  );

/** A Retour store connected to Vendure (through `adminApiUrl`) whose catalogue and stock offer the tee's sizes in exchange. */
async function connectedStore(svc: TestService, adminApiUrl: string) {
  const storeId = (await svc.createStore("Vendure exchanges")).id;
  const secret = (await svc.createApiClient(storeId, "all")).secret;
  const staff = (await svc.createStaff(storeId)).token;
  const gql = async (query: string, variables: Record<string, unknown>) =>
    expectNoErrors(await svc.http.graphql(query, variables, staff)) as any;
  await gql(SET, { s: storeId, i: { platform: "vendure", adminApiUrl, apiKey } });
  const up = await svc.http.post(
    `/v2.2/stores/${storeId}/products/bulk-upload`,
    {
      products: [
        {
          title: "Organic tee",
          external_id: teeProductId,
          variants: ["S", "M", "L"].map((size) => ({ sku: `TEE-${size}`, title: size, price: 2800, currency: "USD" })),
        },
      ],
    },
    { token: secret },
  );
  expect(up.status, up.text).toBe(200);
  // Vendure has 3 large tees and 20 medium ones: the faults exchange for a medium one, the first test for a large one.
  const location = (await gql(CREATE_LOCATION, { s: storeId, n: "Main" })).createLocation.id;
  for (const p of (up.body.results[0].products as { id: string; sku: string }[]).filter((v) => v.sku !== "TEE-S")) {
    const shipment = (await gql(CREATE_SHIPMENT, { s: storeId, i: { locationId: location, items: [{ productId: p.id, quantity: 9 }] } }))
      .createInboundShipment;
    await gql(RECEIVE, { s: storeId, id: shipment.id, r: [{ itemId: shipment.items[0].id, received: 9 }] });
  }
  const draft = { window: { days: 3650, from: "order" }, outcomes: { exchange: true } };
  expect((await svc.http.put(`/v2.2/stores/${storeId}/return-policy/draft`, { draft }, { token: secret })).status).toBe(200);
  expect((await svc.http.post(`/v2.2/stores/${storeId}/return-policy/publish`, {}, { token: secret })).status).toBe(201);
  return {
    storeId,
    secret,
    level: async () => (await gql(LEVEL, { s: storeId, sku: "TEE-L" })).inventoryLevels.nodes[0].quantity as number,
  };
}

type Line = { sku: string; compensation?: "exchange"; exchangeSku?: string };

/** `lastName`'s small tee exchanged for a medium, processed without restock (the fault tests' return). */
const teeExchanged = (svc: TestService, store: { storeId: string; secret: string }, lastName: string) =>
  returnedAndProcessed(
    svc,
    store.storeId,
    store.secret,
    lastName,
    [{ sku: "TEE-S", compensation: "exchange", exchangeSku: "TEE-M" }],
    false,
  );

/** A Vendure order placed as `lastName`'s shopper, imported, its lines returned through REST and processed. */
async function returnedAndProcessed(
  svc: TestService,
  storeId: string,
  secret: string,
  lastName: string,
  lines: Line[],
  restock: boolean,
  beforeProcess: () => Promise<void> | void = () => {},
) {
  const placed = await vendure.placeOrder({
    email: `ada.${lastName}@example.test`,
    lines: lines.map((l) => ({ sku: l.sku, quantity: 1 })),
  });
  const imported = await svc.http.graphql(IMPORT, { s: storeId, d: 1 }, secret);
  expect(imported.errors, JSON.stringify(imported.errors)).toBeUndefined();
  const orderLines = await svc.services.db.prisma.orderLineItem.findMany({ where: { order: { storeId, externalId: placed.id } } });
  const items = lines.map((l) => ({
    lineItemId: orderLines.find((o) => o.sku === l.sku)!.externalId,
    quantity: 1,
    reason: "Does not fit",
    ...(l.compensation ? { compensation: l.compensation, exchangeSku: l.exchangeSku } : {}),
  }));
  const created = await svc.http.post(
    `/v2.2/stores/${storeId}/returns`,
    {
      data: {
        provider: "vendure",
        externalOrderId: placed.id,
        items,
        shippingAddress: { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US" },
      },
    },
    { token: secret, headers: { "Idempotency-Key": `exchange-${lastName}` } },
  );
  expect(created.status, created.text).toBe(201);
  const ret = created.body.return;
  await beforeProcess();
  const processed = await svc.http.post(
    `/v2.2/returns/${ret.id}/process`,
    { products: ret.items.map((i: { id: string }) => ({ _id: i.id, processInput: { restock } })) },
    { token: secret },
  );
  expect(processed.status, processed.text).toBeLessThan(300);
  return { order: placed, returnId: ret.id as string };
}

async function read(svc: TestService, secret: string, returnId: string) {
  const res = await svc.http.graphql(LEDGER, { id: returnId }, secret);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.return as { exchange: any; timeline: { action: string; detail: string | null }[]; ledger: any[] };
}

/**
 * The return once no entry is pending, read again after that: one read resolves the return's row before its ledger, so
 * the read that saw the last entry sent may hold the row from before the same commit (exchange.order still null).
 */
const settled = async (svc: TestService, secret: string, returnId: string, timeout = SETTLE_MS) => {
  await expect
    .poll(async () => (await read(svc, secret, returnId)).ledger.map((e) => e.state), { timeout, interval: 200 })
    .not.toContain("pending");
  return read(svc, secret, returnId);
};

describe.each(providers)("exchanges and restocks pushed to a real Vendure (%s)", (provider) => {
  let svc: TestService;
  let store: Awaited<ReturnType<typeof connectedStore>>;

  beforeAll(async () => {
    svc = await startTestService(provider, PUSH);
    store = await connectedStore(svc, proxyUrl);
  }, 60_000);
  afterAll(async () => {
    fault = { op: "", mode: "none", left: 0, seen: 0 };
    await svc?.close();
  });

  it(
    "refunds the jacket, places the tee's exchange as a Vendure order at no charge, restocks both, once each",
    async () => {
      const before = { teeM: await stock("TEE-M"), jacket: await stock("JKT-M"), teeL: await stock("TEE-L") };
      const held = await store.level();
      const lastName = `both-${provider}`;
      const { order, returnId } = await returnedAndProcessed(
        svc,
        store.storeId,
        store.secret,
        lastName,
        [{ sku: "TEE-M", compensation: "exchange", exchangeSku: "TEE-L" }, { sku: "JKT-M" }],
        true,
        // For an order from the connected shop Retour's inventory is not touched: the exchange item is the hold, bounded
        // by Vendure's stock (vendure-stock.test.ts), until Vendure's order takes the unit.
        async () => expect(await store.level()).toBe(held),
      );
      const r = await settled(svc, store.secret, returnId);
      const byKind = (k: string) => r.ledger.filter((e) => e.kind === k);
      expect(r.ledger.map((e) => e.state)).toEqual(r.ledger.map(() => "sent"));
      expect(byKind("refund")).toMatchObject([{ amount: { amount: "141.90", currency: "USD" }, destination: "shop" }]);
      expect(byKind("restock")).toHaveLength(2);
      const [exchange] = byKind("exchange_order");
      expect(exchange).toMatchObject({ amount: { amount: "28.00", currency: "USD" }, destination: "shop", attempts: 1 });

      // Vendure: the refund on the order's payment, one exchange order for the large tee paid by Retour, the stock back.
      const refunds = (await vendure.admin(REFUNDS, { id: order.id })).order.payments.flatMap((p: any) => p.refunds);
      expect(refunds.map((x: { total: number }) => x.total)).toEqual([14190]);
      const placed = await placedWith(exchange.id);
      expect(placed).toHaveLength(1);
      expect(placed[0]).toMatchObject({
        code: exchange.shopReference,
        state: "PaymentSettled",
        customer: { emailAddress: `ada.${lastName}@example.test` },
        lines: [{ quantity: 1, productVariant: { sku: "TEE-L" } }],
        payments: [{ method: "retour-exchange", state: "Settled", transactionId: exchange.id }],
      });
      expect(exchange.attemptLog).toEqual([{ ok: true, answer: expect.stringContaining(`placed exchange order ${placed[0].code}`) }]);
      expect(await stock("TEE-M")).toMatchObject({ stockOnHand: before.teeM.stockOnHand + 1 });
      expect(await stock("JKT-M")).toMatchObject({ stockOnHand: before.jacket.stockOnHand + 1 });
      expect((await stock("TEE-L")).stockAllocated).toBe(before.teeL.stockAllocated + 1);
      expect((await liveOrdersOf(lastName)).map((o) => o.code).sort()).toEqual([order.code, placed[0].code].sort());

      // Retour: the exchange names Vendure's order on every door, the hold is released, the timeline says so.
      expect(r.exchange.order).toEqual({ externalId: placed[0].code });
      const rest = await svc.http.get(`/v2.2/returns/${returnId}`, { token: store.secret });
      expect(rest.body.return.exchange.order).toEqual({ externalId: placed[0].code });
      expect(await store.level()).toBe(held);
      expect(r.timeline.filter((t) => t.action === "exchange_order_placed")).toHaveLength(1);
    },
    TEST_MS,
  );

  it(
    "retries when Vendure answers 500 before taking the payment, and places one order",
    async () => {
      fault = { op: "RetourExchangePay", mode: "before", left: 2, seen: 0 };
      const lastName = `before-${provider}`;
      const { returnId } = await teeExchanged(svc, store, lastName);
      const r = await settled(svc, store.secret, returnId);
      const [exchange] = r.ledger;
      expect(exchange).toMatchObject({ kind: "exchange_order", state: "sent", attempts: 3 });
      expect(exchange.attemptLog.map((a: { ok: boolean }) => a.ok)).toEqual([false, false, true]);
      expect(exchange.attemptLog[0].answer).toMatch(/HTTP 500/);
      expect(await placedWith(exchange.id)).toHaveLength(1);
      // The two orders left unpaid were cancelled: the customer has the original and one exchange order.
      expect(await liveOrdersOf(lastName)).toHaveLength(2);
    },
    TEST_MS,
  );

  it(
    "recognises the order when Vendure's answer to the payment is lost (500 after placing it)",
    async () => {
      fault = { op: "RetourExchangePay", mode: "after", left: 1, seen: 0 };
      const lastName = `after-${provider}`;
      const { returnId } = await teeExchanged(svc, store, lastName);
      const r = await settled(svc, store.secret, returnId);
      const placed = await placedWith(r.ledger[0].id);
      expect(placed).toHaveLength(1);
      expect(fault.seen).toBe(1); // paid once
      expect(r.ledger[0]).toMatchObject({ state: "sent", shopReference: placed[0].code });
      expect(r.ledger[0].attemptLog.at(-1).answer).toContain(`already holds exchange order ${placed[0].code}`);
      expect(await liveOrdersOf(lastName)).toHaveLength(2);
    },
    TEST_MS,
  );

  it(
    "recognises a restock Vendure made when its answer was lost (500 after setting the stock), and adds the unit once",
    async () => {
      const before = await stock("TEE-S");
      const { returnId } = await returnedAndProcessed(
        svc,
        store.storeId,
        store.secret,
        `restock-${provider}`,
        [{ sku: "TEE-S" }],
        true,
        () => {
          fault = { op: "RetourRestock($i", mode: "after", left: 1, seen: 0 };
        },
      );
      const r = await settled(svc, store.secret, returnId);
      const [restock] = r.ledger.filter((e) => e.kind === "restock");
      expect(restock).toMatchObject({ state: "sent", attempts: 2, amount: { amount: "0.00", currency: "USD" } });
      expect(restock.attemptLog.map((a: { ok: boolean }) => a.ok)).toEqual([false, true]);
      expect(restock.attemptLog[1].answer).toMatch(/^Vendure already holds stock adjustment \d+ of \+1 on TEE-S/);
      expect(fault.seen).toBe(1); // the retry found Vendure's adjustment and did not set the stock again
      expect((await stock("TEE-S")).stockOnHand).toBe(before.stockOnHand + 1);
    },
    TEST_MS,
  );

  it(
    "retries while Vendure is down for every call, and places one order",
    async () => {
      const lastName = `down-${provider}`;
      // Down from the processing on (the import went through): each attempt's first call is answered 500.
      const { returnId } = await returnedAndProcessed(
        svc,
        store.storeId,
        store.secret,
        lastName,
        [{ sku: "TEE-S", compensation: "exchange", exchangeSku: "TEE-M" }],
        false,
        () => void (fault = { op: "*", mode: "before", left: 3, seen: 0 }),
      );
      const r = await settled(svc, store.secret, returnId);
      expect(r.ledger[0]).toMatchObject({ kind: "exchange_order", state: "sent", attempts: 4 });
      expect(r.ledger[0].attemptLog.map((a: { ok: boolean }) => a.ok)).toEqual([false, false, false, true]);
      expect(await placedWith(r.ledger[0].id)).toHaveLength(1);
      expect(await liveOrdersOf(lastName)).toHaveLength(2);
    },
    TEST_MS,
  );
});

describe.each(providers)("an exchange push killed after Vendure placed the order (%s)", (provider) => {
  let svc: TestService;
  let store: Awaited<ReturnType<typeof connectedStore>>;
  const children: ChildService[] = [];
  const startChild = async (env: Record<string, string> = {}) => {
    const c = await startChildService({ DATABASE_URL: svc.databaseUrl, WEBHOOK_DISPATCHER: "false", SHOP_SYNC: "false", ...PUSH, ...env });
    children.push(c);
    return c;
  };

  beforeAll(async () => {
    // This process does not push: the children do.
    svc = await startTestService(provider, { SHOP_PUSH: "false" });
    store = await connectedStore(svc, vendure.adminApiUrl);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(children.map((c) => c.kill().catch(() => {})));
    await svc?.close();
  });

  it(
    "after a restart, Vendure holds exactly one exchange order and the return names it",
    async () => {
      const doomed = await startChild({ RETOUR_FAULT_KILL_AFTER_SHOP_EXCHANGE: "1" });
      const lastName = `crash-${provider}`;
      const { returnId } = await teeExchanged(svc, store, lastName);
      await expect.poll(() => doomed.exited, { timeout: SETTLE_MS, interval: 100 }).toBe(true);
      const [entry] = (await read(svc, store.secret, returnId)).ledger;
      expect(entry).toMatchObject({ kind: "exchange_order", state: "pending", attempts: 1, shopReference: null });
      const placed = await placedWith(entry.id);
      expect(placed).toHaveLength(1);

      await startChild();
      const r = await settled(svc, store.secret, returnId);
      expect(r.ledger[0]).toMatchObject({ state: "sent", attempts: 2, shopReference: placed[0].code });
      expect(r.ledger[0].attemptLog[0].answer).toContain(`already holds exchange order ${placed[0].code}`);
      expect(r.exchange.order).toEqual({ externalId: placed[0].code });
      expect(await placedWith(entry.id)).toHaveLength(1);
      expect(await liveOrdersOf(lastName)).toHaveLength(2);
    },
    TEST_MS,
  );
});
