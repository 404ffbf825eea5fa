// The exchange's order reported back (issue 24 part 4): the shop hears of an exchange by the `return`
// webhook (`exchange.provision: deferred`, no order yet), reports the order it created for it (REST
// `PUT /returns/{id}/exchange/order`, GraphQL `reportExchangeOrder`), which becomes `exchange.order.externalId`
// on every door and in the webhook; a fulfillment recorded on that order through the Orders API ships the
// held units (EXCHANGE_SHIPPED, once), after which rejecting the return gives nothing back and the order
// can no longer change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compatClient } from "../../support/compat.js";
import { providers } from "../../support/env.js";
import { expectNoErrors } from "../../support/gql.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startSubscriber, type Subscriber } from "../../support/subscriber.js";

const CREATE_LOCATION = `mutation($s: ID!, $n: String!) { createLocation(storeId: $s, name: $n) { id } }`;
const CREATE_SHIPMENT = `mutation($s: ID!, $i: InboundShipmentInput!) { createInboundShipment(storeId: $s, input: $i) { id items { id } } }`;
const RECEIVE = `mutation($s: ID!, $id: ID!, $r: [InboundReceiptInput!]!) { recordInboundReceipts(storeId: $s, id: $id, receipts: $r) { id } }`;
const LEVELS = `query($s: ID!, $sku: String) { inventoryLevels(storeId: $s, sku: $sku, first: 50) { nodes { quantity movements { delta cause returnId returnItemId } } } }`;
const REPORT = `mutation($id: ID!, $e: String!) { reportExchangeOrder(id: $id, externalId: $e) { message return { exchange { order { externalId } } } } }`;
const READ = `query($id: ID!) { return(id: $id) { status exchange { order { externalId } } timeline { action detail } } }`;

describe.each(providers)("the exchange's order reported back (%s)", (provider) => {
  let svc: TestService;
  let sub: Subscriber;
  let storeId: string;
  let secret: string;
  let staff: string;

  const gql = async (query: string, variables: Record<string, unknown>, token = staff) =>
    expectNoErrors(await svc.http.graphql(query, variables, token)) as any;
  const level = async (sku: string) => (await gql(LEVELS, { s: storeId, sku })).inventoryLevels.nodes[0];
  const order = (id?: string) =>
    pushOrder(svc.http, storeId, secret, {
      ...(id ? { id } : {}),
      lines: [{ id: `l-${Math.random().toString(36).slice(2)}`, quantity: 2, price: "40.00" }],
    });
  const report = (id: string, body: unknown) => svc.http.put(`/v2.2/returns/${id}/exchange/order`, body, { token: secret });

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_RETRY_SCHEDULE: "30ms,60ms", WEBHOOK_POLL_INTERVAL: "50ms", WEBHOOK_TIMEOUT: "2s" });
    sub = await startSubscriber();
    storeId = (await svc.createStore("Exchange order store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    staff = (await svc.createStaff(storeId)).token;
    const up = await svc.http.post(
      `/v2.2/stores/${storeId}/products/bulk-upload`,
      {
        products: [
          {
            title: "Tee",
            external_id: "prod-1",
            variants: ["S", "M"].map((size) => ({ sku: `TEE-${size}`, title: size, price: 4000, currency: "USD" })),
          },
        ],
      },
      { token: secret },
    );
    expect(up.status).toBe(200);
    const variants = up.body.results[0].products as { id: string; sku: string }[];
    const location = (await gql(CREATE_LOCATION, { s: storeId, n: "Main" })).createLocation.id;
    for (const v of variants) {
      const s = (await gql(CREATE_SHIPMENT, { s: storeId, i: { locationId: location, items: [{ productId: v.id, quantity: 3 }] } }))
        .createInboundShipment;
      await gql(RECEIVE, { s: storeId, id: s.id, r: [{ itemId: s.items[0].id, received: 3 }] });
    }
    const draft = { window: { days: 3650, from: "order" }, outcomes: { exchange: true } };
    expect((await svc.http.put(`/v2.2/stores/${storeId}/return-policy/draft`, { draft }, { token: secret })).status).toBe(200);
    expect((await svc.http.post(`/v2.2/stores/${storeId}/return-policy/publish`, {}, { token: secret })).status).toBe(201);
    const hook = await svc.http.post(
      `/v2.2/stores/${storeId}/webhooks`,
      { webhook: { topic: "return", callback: { url: `${sub.url}/hooks` } } },
      { token: secret },
    );
    expect(hook.status).toBe(201);
  });
  afterAll(async () => {
    await sub?.close();
    await svc?.close();
  });

  it("the shop hears of it, reports its order, the order's fulfillment ships the held units once", async () => {
    const o = await order();
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(o, [{ lineItemId: o.lineItems[0]!.id, quantity: 2, compensation: "exchange", exchangeSku: "TEE-S" } as never]),
      { token: secret },
    );
    expect(created.status).toBe(201);
    const ret = created.body.return;
    const itemId = ret.items[0].id;
    expect(ret.exchange.provision).toBe("deferred");
    expect(ret.exchange.order).toBeUndefined();
    // The shop hears of the exchange by the return webhook.
    const heard = await sub.waitFor((r) => r.some((x) => x.json?.return?.id === ret.id), 20_000);
    expect(heard.find((x) => x.json?.return?.id === ret.id)!.json.return.exchange).toMatchObject({ provision: "deferred", itemCount: 2 });

    const empty = await report(ret.id, { order: { externalId: "  " } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain("externalId");
    const exchangeOrder = `EXCH-${provider}-${Date.now()}`;
    expect((await report(ret.id, { order: { externalId: exchangeOrder } })).status).toBe(204);
    // Reporting the same order again changes nothing.
    expect((await report(ret.id, { order: { externalId: exchangeOrder } })).status).toBe(204);
    const rest = (await svc.http.get(`/v2.2/returns/${ret.id}`, { token: secret })).body.return;
    expect(rest.exchange.order).toEqual({ externalId: exchangeOrder });
    const g = await gql(READ, { id: ret.id });
    expect(g.return.exchange.order).toEqual({ externalId: exchangeOrder });
    expect(g.return.timeline.filter((t: { action: string }) => t.action === "exchange_order_reported")).toHaveLength(1);
    const told = await sub.waitFor((r) => r.some((x) => x.json?.return?.id === ret.id && x.json.return.exchange?.order), 20_000);
    expect(told.filter((x) => x.json?.return?.id === ret.id).at(-1)!.json.return).toEqual(rest);

    // The warehouse door names the exchange order and lists the exchanged units.
    const compatId = (await gql(`query($id: ID!) { return(id: $id) { compatId } }`, { id: ret.id })).return.compatId;
    const details = (await compatClient(svc, secret).get(`/return/details?return_id=${compatId}`)).body;
    expect(details).toMatchObject({ outcome: "exchange", exchange: "80.00", exchange_order_id: exchangeOrder });
    expect(details.exchanges).toEqual(
      [1, 2].map((k) => ({
        exchange_id: `${itemId}-${k}`,
        exchange_order_id: exchangeOrder,
        exchange_order_name: null,
        product_id: "prod-1",
        variant_id: "",
        sku: "TEE-S",
        type: "exchange",
        title: "Tee",
        price: "40.00",
        discount: "0.00",
        tax: "0.00",
        total: "40.00",
        out_of_stock: false,
        out_of_stock_resolution: null,
      })),
    );

    // Held: 3 received, 2 held.
    expect((await level("TEE-S")).quantity).toBe(1);
    // The shop pushes its exchange order and ships it: two fulfillments at once, one shipped movement.
    const ex = await pushOrder(svc.http, storeId, secret, {
      id: exchangeOrder,
      lines: [{ id: `${exchangeOrder}-1`, quantity: 2, price: "40.00" }],
    });
    const ships = await Promise.all(
      ["A", "B"].map((n) =>
        svc.http.post(
          `/v2.2/stores/${storeId}/orders/${ex.externalId}/fulfillments`,
          { fulfillmentId: `${exchangeOrder}-F${n}`, lineItems: [{ id: `${exchangeOrder}-1`, quantity: 1 }] },
          { token: secret },
        ),
      ),
    );
    expect(ships.map((s) => s.status)).toEqual([200, 200]);
    const shipped = await level("TEE-S");
    expect(shipped.quantity).toBe(1);
    expect(shipped.movements.filter((m: { cause: string }) => m.cause === "EXCHANGE_SHIPPED")).toEqual([
      { delta: 0, cause: "EXCHANGE_SHIPPED", returnId: ret.id, returnItemId: itemId },
    ]);
    const after = await gql(READ, { id: ret.id });
    expect(after.return.timeline.filter((t: { action: string }) => t.action === "exchange_shipped")).toHaveLength(1);

    // Shipped: the order can no longer change, and rejecting the return gives nothing back.
    const moved = await report(ret.id, { order: { externalId: "ANOTHER" } });
    expect(moved.status).toBe(409);
    expect(moved.body.type).toContain("returns/exchange-shipped");
    expect((await svc.http.put(`/v2.2/returns/${ret.id}/status`, { status: "rejected" }, { token: secret })).status).toBe(204);
    const end = await level("TEE-S");
    expect(end.quantity).toBe(1);
    expect(
      end.movements.filter((m: { cause: string; returnId: string }) => m.cause === "EXCHANGE_RELEASE" && m.returnId === ret.id),
    ).toEqual([]);
  });

  it("over GraphQL the same; a return without an exchange has no order to report (409)", async () => {
    const o = await order();
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(o, [{ lineItemId: o.lineItems[0]!.id, quantity: 1, compensation: "exchange", exchangeSku: "TEE-M" } as never]),
      { token: secret },
    );
    expect(created.status).toBe(201);
    const r = await gql(REPORT, { id: created.body.return.id, e: "SHOP-42" }, secret);
    expect(r.reportExchangeOrder.return.exchange.order).toEqual({ externalId: "SHOP-42" });

    const plain = await svc.http.post(`/v2.2/stores/${storeId}/returns`, returnBody(o, [{ lineItemId: o.lineItems[0]!.id, quantity: 1 }]), {
      token: secret,
    });
    expect(plain.status).toBe(201);
    const refused = await report(plain.body.return.id, { order: { externalId: "SHOP-43" } });
    expect(refused.status).toBe(409);
    expect(refused.body.type).toContain("returns/no-exchange");
    // Cancelled: its units go back, and it has no exchange any more.
    expect((await svc.http.put(`/v2.2/returns/${created.body.return.id}/status`, { status: "deleted" }, { token: secret })).status).toBe(
      204,
    );
    expect((await report(created.body.return.id, { order: { externalId: "SHOP-44" } })).status).toBe(409);
  });
});
