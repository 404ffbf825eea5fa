// `totals` from the evaluation and the processing, the same on every door (issue 24 part 4): under a policy
// with a 5.00 return fee (waived for store credit) and a 10% bonus on credit, a refund pays its value less
// the fee, store credit its bonus, an exchange pays nothing out so its fee is charged; REST, GraphQL, the
// `return` webhook and the warehouse door read the same numbers, and the overview's exchange figure is real.
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
const TOTALS = `query($id: ID!) { return(id: $id) { compatId totals { refund { amount { amount } } storeCredit { amount { amount } }
  exchange { amount { amount } } charge { amount { amount } } shippingFee { amount { amount } } } } }`;
// The overview of this month (the default period): every return of this suite.
const OVERVIEW = `query($s: ID!) { returnsOverview(storeId: $s) { values { currency exchange { amount } refund { amount } storeCredit { amount } } } }`;

describe.each(providers)("return totals on every door (%s)", (provider) => {
  let svc: TestService;
  let sub: Subscriber;
  let storeId: string;
  let secret: string;
  let staff: string;

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_RETRY_SCHEDULE: "30ms,60ms", WEBHOOK_POLL_INTERVAL: "50ms", WEBHOOK_TIMEOUT: "2s" });
    sub = await startSubscriber();
    storeId = (await svc.createStore("Totals store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    staff = (await svc.createStaff(storeId)).token;
    const gql = async (q: string, v: Record<string, unknown>) => expectNoErrors(await svc.http.graphql(q, v, staff)) as any;
    const up = await svc.http.post(
      `/v2.2/stores/${storeId}/products/bulk-upload`,
      { products: [{ title: "Tee", external_id: "prod-1", variants: [{ sku: "TEE-S", title: "S", price: 4000, currency: "USD" }] }] },
      { token: secret },
    );
    expect(up.status).toBe(200);
    const location = (await gql(CREATE_LOCATION, { s: storeId, n: "Main" })).createLocation.id;
    const s = (
      await gql(CREATE_SHIPMENT, {
        s: storeId,
        i: { locationId: location, items: [{ productId: up.body.results[0].products[0].id, quantity: 5 }] },
      })
    ).createInboundShipment;
    await gql(RECEIVE, { s: storeId, id: s.id, r: [{ itemId: s.items[0].id, received: 5 }] });
    const draft = {
      window: { days: 3650, from: "order" },
      outcomes: { refund: true, storeCredit: true, exchange: true },
      returnFee: { amount: "5.00", waivedFor: ["store_credit"] },
      bonus: { percent: "10", on: ["store_credit"] },
    };
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

  const create = async (items: Record<string, unknown>[]) => {
    const o = await pushOrder(svc.http, storeId, secret, {
      lines: [{ id: `l-${Math.random().toString(36).slice(2)}`, quantity: 3, price: "40.00" }],
    });
    const res = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(
        o,
        items.map((i) => ({ lineItemId: o.lineItems[0]!.id, quantity: 1, ...i })),
      ),
      { token: secret },
    );
    expect(res.status).toBe(201);
    return res.body.return;
  };
  /** The totals as REST, GraphQL, the webhook and the warehouse door read them, in major units. */
  const everywhere = async (id: string) => {
    const rest = (await svc.http.get(`/v2.2/returns/${id}`, { token: secret })).body.return.totals;
    const g = expectNoErrors(await svc.http.graphql(TOTALS, { id }, secret)) as any;
    const flat = (t: any) => Object.fromEntries(Object.entries(t).map(([k, v]: [string, any]) => [k, v.amount.amount]));
    expect(flat(g.return.totals)).toEqual(flat(rest));
    const heard = await sub.waitFor((r) => r.some((x) => x.json?.return?.id === id), 20_000);
    expect(heard.filter((x) => x.json?.return?.id === id).at(-1)!.json.return.totals).toEqual(rest);
    const wh = (await compatClient(svc, secret).get(`/return/details?return_id=${g.return.compatId}`)).body;
    return {
      ...flat(rest),
      wh: {
        outcome: wh.outcome,
        refund: wh.refund,
        gift_card: wh.gift_card,
        exchange: wh.exchange,
        total: wh.total,
        handling_fee: wh.handling_fee,
      },
    };
  };

  it("a refund pays its value less the return fee, store credit its bonus, an exchange's fee is charged", async () => {
    // One unit of 40.00 with 2.00 of line tax over 3 units (0.67): 40.67, less the 5.00 fee.
    const refund = await create([{}]);
    expect(await everywhere(refund.id)).toEqual({
      refund: "35.67",
      storeCredit: "0.00",
      exchange: "0.00",
      charge: "0.00",
      shippingFee: "0.00",
      wh: { outcome: "refund", refund: "35.67", gift_card: "0.00", exchange: "0.00", total: "35.67", handling_fee: "0.00" },
    });
    // The fee is waived for store credit: 40.00 with the 10% bonus.
    const credit = await create([{ compensation: "store_credit" }]);
    expect(await everywhere(credit.id)).toMatchObject({ refund: "0.00", storeCredit: "44.00", charge: "0.00" });
    // An exchange pays nothing out: the shopper pays the 5.00 fee.
    const exchange = await create([{ compensation: "exchange", exchangeSku: "TEE-S" }]);
    expect(await everywhere(exchange.id)).toMatchObject({
      refund: "0.00",
      exchange: "40.00",
      charge: "5.00",
      wh: { outcome: "exchange", refund: "0.00", gift_card: "0.00", exchange: "40.00", total: "0.00", handling_fee: "5.00" },
    });
  });

  it("the overview's exchange figure is the goods exchanged", async () => {
    const res = await svc.http.graphql(OVERVIEW, { s: storeId }, staff);
    const v = (expectNoErrors(res) as any).returnsOverview.values;
    expect(v).toEqual([{ currency: "USD", exchange: { amount: "40.00" }, refund: { amount: "40.67" }, storeCredit: { amount: "40.67" } }]);
  });
});
