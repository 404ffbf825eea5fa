// Exchanges (issue 24 part 4): a line the published policy offers exchange for is exchanged for a
// catalogue variant of the same product at the same unit price; the creating transaction holds one unit
// per returned unit (an EXCHANGE_HOLD movement), never the same last unit twice under concurrency, and
// gives it back (EXCHANGE_RELEASE) when the return is cancelled or rejected. The Return's `exchange`
// block and `totals.exchange` are the same on REST, GraphQL and the `return` webhook.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { expectNoErrors } from "../../support/gql.js";
import { pushOrder, returnBody, type OrderFixture } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startSubscriber, type Subscriber } from "../../support/subscriber.js";

const CREATE_LOCATION = `mutation($s: ID!, $n: String!) { createLocation(storeId: $s, name: $n) { id } }`;
const CREATE_SHIPMENT = `mutation($s: ID!, $i: InboundShipmentInput!) { createInboundShipment(storeId: $s, input: $i) { id items { id } } }`;
const RECEIVE = `mutation($s: ID!, $id: ID!, $r: [InboundReceiptInput!]!) { recordInboundReceipts(storeId: $s, id: $id, receipts: $r) { id } }`;
const LEVELS = `query($s: ID!, $sku: String) { inventoryLevels(storeId: $s, sku: $sku, first: 50) { nodes { quantity movements { delta cause returnId returnItemId } } } }`;
const CREATE = `mutation($s: ID!, $i: CreateReturnInput!) { createReturn(storeId: $s, input: $i) { return { id
  items { id exchangeItem { quantity variant { name externalId } product { name externalId } } }
  exchange { provision itemCount items { id quantity variant { name sku } product { name externalId } price { amount currency } } }
  totals { exchange { amount { amount currency } } } } } }`;
const REJECT = `mutation($id: ID!) { rejectReturn(id: $id) { return { status } } }`;
const CANCEL = `mutation($id: ID!) { cancelReturn(id: $id) { return { status } } }`;

describe.each(providers)("exchanges (%s)", (provider) => {
  let svc: TestService;
  let sub: Subscriber;
  let storeId: string;
  let secret: string;
  let staff: string;
  let location: string;
  let variants: { id: string; sku: string }[];

  const gql = async (query: string, variables: Record<string, unknown>) =>
    expectNoErrors(await svc.http.graphql(query, variables, staff)) as any;
  const level = async (sku: string) => (await gql(LEVELS, { s: storeId, sku })).inventoryLevels.nodes[0];
  /** Receives `n` units of a catalogue variant at the store's location. */
  const stock = async (variant: { id: string }, n: number) => {
    const s = (await gql(CREATE_SHIPMENT, { s: storeId, i: { locationId: location, items: [{ productId: variant.id, quantity: n }] } }))
      .createInboundShipment;
    await gql(RECEIVE, { s: storeId, id: s.id, r: [{ itemId: s.items[0].id, received: n }] });
  };
  const order = () =>
    pushOrder(svc.http, storeId, secret, { lines: [{ id: `l-${Math.random().toString(36).slice(2)}`, quantity: 2, price: "40.00" }] });
  const exchange = (o: OrderFixture, sku: string | undefined, quantity = 1, store = storeId, token = secret) =>
    svc.http.post(
      `/v2.2/stores/${store}/returns`,
      returnBody(o, [
        { lineItemId: o.lineItems[0]!.id, quantity, compensation: "exchange", ...(sku ? { exchangeSku: sku } : {}) } as never,
      ]),
      { token },
    );
  const publish = async (store: string, token: string, draft: Record<string, unknown>) => {
    expect((await svc.http.put(`/v2.2/stores/${store}/return-policy/draft`, { draft }, { token })).status).toBe(200);
    expect((await svc.http.post(`/v2.2/stores/${store}/return-policy/publish`, {}, { token })).status).toBe(201);
  };

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_RETRY_SCHEDULE: "30ms,60ms", WEBHOOK_POLL_INTERVAL: "50ms", WEBHOOK_TIMEOUT: "2s" });
    sub = await startSubscriber();
    storeId = (await svc.createStore("Exchange store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    staff = (await svc.createStaff(storeId)).token;
    // The order line's product is prod-1 at 40.00: S, M and L at that price, XL dearer; prod-2 another product.
    const up = await svc.http.post(
      `/v2.2/stores/${storeId}/products/bulk-upload`,
      {
        products: [
          {
            title: "Tee",
            external_id: "prod-1",
            variants: ["S", "M", "L"]
              .map((size) => ({ sku: `TEE-${size}`, title: size, price: 4000, currency: "USD" }))
              .concat([{ sku: "TEE-XL", title: "XL", price: 4500, currency: "USD" }]),
          },
          { title: "Cap", external_id: "prod-2", variants: [{ sku: "CAP", title: "One size", price: 4000, currency: "USD" }] },
        ],
      },
      { token: secret },
    );
    expect(up.status).toBe(200);
    variants = up.body.results[0].products;
    location = (await gql(CREATE_LOCATION, { s: storeId, n: "Main" })).createLocation.id;
    await publish(storeId, secret, { window: { days: 3650, from: "order" }, outcomes: { exchange: true } });
    expect(
      (
        await svc.http.post(
          `/v2.2/stores/${storeId}/webhooks`,
          { webhook: { topic: "return", callback: { url: `${sub.url}/hooks` } } },
          { token: secret },
        )
      ).status,
    ).toBe(201);
  });
  afterAll(async () => {
    await sub?.close();
    await svc?.close();
  });

  it("holds the variant over REST, fills the exchange block and totals, the webhook carries them, cancel releases", async () => {
    const m = variants.find((v) => v.sku === "TEE-M")!;
    await stock(m, 2);
    const created = await exchange(await order(), "TEE-M", 2);
    expect(created.status).toBe(201);
    const ret = created.body.return;
    expect(ret.compensationMethods).toEqual(["exchange"]);
    expect(ret.exchange).toEqual({
      items: [
        {
          id: ret.items[0].id,
          quantity: 2,
          variant: { name: "M", sku: "TEE-M" },
          product: { name: "Tee", externalId: "prod-1" },
          originalPrice: { amount: "40.00", currency: "USD" },
          price: { amount: "40.00", currency: "USD" },
        },
      ],
      provision: "deferred",
      itemCount: 2,
    });
    expect(ret.items[0].exchangeItem).toMatchObject({
      quantity: 2,
      variant: { name: "M" },
      product: { name: "Tee", externalId: "prod-1" },
    });
    expect(ret.totals.exchange.amount).toEqual({ amount: "80.00", currency: "USD" });
    expect(ret.totals.refund.amount.amount).toBe("0.00");
    const held = await level("TEE-M");
    expect(held.quantity).toBe(0);
    expect(held.movements).toContainEqual({ delta: -2, cause: "EXCHANGE_HOLD", returnId: ret.id, returnItemId: ret.items[0].id });

    const got = await svc.http.get(`/v2.2/returns/${ret.id}`, { token: secret });
    expect(got.body.return.exchange).toEqual(ret.exchange);
    const received = await sub.waitFor((r) => r.some((x) => x.json?.return?.id === ret.id), 20_000);
    const first = received.find((x) => x.json?.return?.id === ret.id)!;
    expect(first.json.return.exchange).toEqual(ret.exchange);
    expect(first.json.return.totals.exchange).toEqual(ret.totals.exchange);

    // Nothing left: another return for the variant is refused, naming the line.
    const none = await exchange(await order(), "TEE-M");
    expect(none.status).toBe(409);
    expect(none.body.type).toContain("exchange-out-of-stock");
    expect(none.body.detail).toContain("items[0]");
    expect(none.body.detail).toContain("TEE-M");

    expect((await gql(CANCEL, { id: ret.id })).cancelReturn.return.status).toBe("deleted");
    const back = await level("TEE-M");
    expect(back.quantity).toBe(2);
    expect(back.movements).toContainEqual({ delta: 2, cause: "EXCHANGE_RELEASE", returnId: ret.id, returnItemId: ret.items[0].id });
  });

  it("over GraphQL the same, and rejecting releases the hold once", async () => {
    const l = variants.find((v) => v.sku === "TEE-L")!;
    await stock(l, 1);
    const o = await order();
    const input = {
      provider: "custom",
      externalOrderId: o.externalId,
      items: [{ lineItemId: o.lineItems[0]!.id, quantity: 1, compensation: "exchange", exchangeSku: "TEE-L" }],
    };
    const ret = (await gql(CREATE, { s: storeId, i: input })).createReturn.return;
    expect(ret.exchange).toEqual({
      provision: "deferred",
      itemCount: 1,
      items: [
        {
          id: ret.items[0].id,
          quantity: 1,
          variant: { name: "L", sku: "TEE-L" },
          product: { name: "Tee", externalId: "prod-1" },
          price: { amount: "40.00", currency: "USD" },
        },
      ],
    });
    expect(ret.items[0].exchangeItem).toMatchObject({ quantity: 1, variant: { name: "L" } });
    expect(ret.totals.exchange.amount).toEqual({ amount: "40.00", currency: "USD" });
    expect((await level("TEE-L")).quantity).toBe(0);
    expect((await gql(REJECT, { id: ret.id })).rejectReturn.return.status).toBe("rejected");
    const after = await level("TEE-L");
    expect(after.quantity).toBe(1);
    expect(after.movements.filter((x: { cause: string }) => x.cause === "EXCHANGE_RELEASE")).toHaveLength(1);
    // A rejected return's released units are not silently re-held: reopening it is refused.
    const reopen = await svc.http.graphql(`mutation($id: ID!) { reopenReturn(id: $id) { return { status } } }`, { id: ret.id }, staff);
    expect(reopen.errors?.[0].extensions).toMatchObject({ status: 409, type: "returns/exchange-released" });
    // Out of stock over GraphQL: a 409 naming the line.
    const o2 = await order();
    const none = await svc.http.graphql(
      CREATE,
      {
        s: storeId,
        i: { ...input, externalOrderId: o2.externalId, items: [{ ...input.items[0], lineItemId: o2.lineItems[0]!.id, quantity: 2 }] },
      },
      staff,
    );
    expect(none.errors?.[0].extensions).toMatchObject({ status: 409, type: "returns/exchange-out-of-stock" });
    expect(none.errors?.[0].message).toContain("input.items[0]");
  });

  it("two returns racing for the last unit: exactly one holds it", async () => {
    const s = variants.find((v) => v.sku === "TEE-S")!;
    await stock(s, 1);
    const [a, b] = [await order(), await order()];
    const results = await Promise.all([exchange(a, "TEE-S"), exchange(b, "TEE-S")]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const lvl = await level("TEE-S");
    expect(lvl.quantity).toBe(0);
    expect(lvl.movements.filter((x: { cause: string }) => x.cause === "EXCHANGE_HOLD")).toHaveLength(1);
  });

  it("refuses a variant of another product, at another price, or none, naming the field and the fix", async () => {
    const o = await order();
    const other = await exchange(o, "CAP");
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.body)).toContain("exchangeSku");
    expect(other.body.detail).toContain("another product");
    const dearer = await exchange(o, "TEE-XL");
    expect(dearer.status).toBe(400);
    expect(dearer.body.detail).toContain("40.00 USD");
    const unknown = await exchange(o, "NOPE");
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain("NOPE");
    const missing = await exchange(o, undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain("exchangeSku");
    const stray = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(o, [{ lineItemId: o.lineItems[0]!.id, quantity: 1, exchangeSku: "TEE-M" } as never]),
      { token: secret },
    );
    expect(stray.status).toBe(400);
    expect(stray.body.detail).toContain("only with compensation exchange");
  });

  it("only where the published policy offers exchange: none published, or not offered, is a 422", async () => {
    const bare = (await svc.createStore("No policy")).id;
    const key = (await svc.createApiClient(bare, "all")).secret;
    const o = await pushOrder(svc.http, bare, key);
    const noPolicy = await exchange(o, "TEE-M", 1, bare, key);
    expect(noPolicy.status).toBe(422);
    expect(noPolicy.body.detail).toContain("publish a policy that allows exchange");
    await publish(bare, key, { window: { days: 3650, from: "order" } });
    const notOffered = await exchange(o, "TEE-M", 1, bare, key);
    expect(notOffered.status).toBe(422);
    expect(notOffered.body.type).toContain("policy-refused");
    expect(notOffered.body.detail).toContain("items[0]");
  });
});
