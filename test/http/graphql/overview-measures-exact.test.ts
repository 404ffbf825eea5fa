// The overview's measures (issue 36) for a small store, to the cent: under a policy with a 5.00 return fee
// (waived for store credit), two orders of 10 units, four returns (a refund that arrives 50 hours after its
// request and is refunded, store credit, an exchange, a refund that arrives at once); then one cancelled and
// an order deleted with its return. Through the real doors only (the one hand-written write moves a
// return's request 50 hours back, as an operator might).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { expectNoErrors } from "../../support/gql.js";
import { customOrderBody } from "../../support/orders.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";

const HOUR = 3_600_000;
const CREATE_LOCATION = `mutation($s: ID!, $n: String!) { createLocation(storeId: $s, name: $n) { id } }`;
const CREATE_SHIPMENT = `mutation($s: ID!, $i: InboundShipmentInput!) { createInboundShipment(storeId: $s, input: $i) { id items { id } } }`;
const RECEIVE = `mutation($s: ID!, $id: ID!, $r: [InboundReceiptInput!]!) { recordInboundReceipts(storeId: $s, id: $id, receipts: $r) { id } }`;
const OVERVIEW = `query($s: ID!, $from: DateTime, $to: DateTime) { returnsOverview(storeId: $s, from: $from, to: $to) {
  values { currency refund { amount } storeCredit { amount } exchange { amount } returned { amount } kept { amount } keptShare fees { amount } feeCount }
  returnRates { unitsSold byProduct { key title unitsReturned unitsSold rate } byVariant { key title unitsReturned unitsSold rate }
    byReason { key title unitsReturned unitsSold rate } }
  times { stage count averageHours medianHours p90Hours }
  outcomes { interval points { start outcome currency items value { amount } } }
  csv } }`;

describe.each(providers)("the overview's measures of a small store (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  const now = Date.now();
  const period = { from: new Date(now - 5 * 24 * HOUR).toISOString(), to: new Date(now + HOUR).toISOString() };
  const today = new Date(now).toISOString().slice(0, 10);
  const r1Day = new Date(now - 50 * HOUR).toISOString().slice(0, 10);
  const ids: Record<string, string> = {};

  const overview = async () => expectNoErrors(await svc.http.graphql(OVERVIEW, { s: storeId, ...period }, secret)).returnsOverview as any;
  const order = async (id: string, lines: { id: string; quantity: number; price: string }[]) => {
    const body = customOrderBody({ id, name: `#${id}`, lines });
    const placed = new Date(now - 24 * HOUR).toISOString();
    Object.assign(body, { createdAt: placed, updatedAt: placed });
    expect((await svc.http.post(`/v2.2/stores/${storeId}/custom/orders`, body, { token: secret })).status).toBe(200);
  };
  const ret = async (orderId: string, lineItemId: string, quantity: number, reason: string, extra: Record<string, unknown> = {}) => {
    const res = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      { data: { provider: "custom", externalOrderId: orderId, items: [{ lineItemId, quantity, reason, ...extra }] } },
      { token: secret },
    );
    expect(res.status, res.text).toBe(201);
    return res.body.return as { id: string; items: { id: string }[] };
  };

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", ...NO_RATE_LIMITS });
    storeId = (await svc.createStore("Measures store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    const staff = (await svc.createStaff(storeId)).token;
    const gql = async (q: string, v: Record<string, unknown>) => expectNoErrors(await svc.http.graphql(q, v, staff)) as any;
    // A catalogue variant to exchange for, in stock.
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
    };
    expect((await svc.http.put(`/v2.2/stores/${storeId}/return-policy/draft`, { draft }, { token: secret })).status).toBe(200);
    expect((await svc.http.post(`/v2.2/stores/${storeId}/return-policy/publish`, {}, { token: secret })).status).toBe(201);

    // 10 units sold: Product 1 (Variant 1) 3 + 2, Product 2 (Variant 2) 5; every line taxed 2.00.
    await order("A", [{ id: "a1", quantity: 3, price: "40.00" }]);
    await order("B", [
      { id: "b1", quantity: 2, price: "10.00" },
      { id: "b2", quantity: 5, price: "20.00" },
    ]);
    const r1 = await ret("A", "a1", 1, "Too big");
    await ret("A", "a1", 1, "Damaged", { compensation: "store_credit" });
    await ret("A", "a1", 1, "Too big", { compensation: "exchange", exchangeSku: "TEE-S" });
    const r4 = await ret("B", "b2", 2, "Too small");
    ids.r1 = r1.id;
    ids.r4 = r4.id;
    // R1 was asked for 50 hours ago (by hand); it arrives now and is refunded; R4 arrives at once.
    await svc.services.db.prisma.return.updateMany({ where: { id: r1.id }, data: { createdAt: new Date(now - 50 * HOUR) } });
    for (const id of [r1.id, r4.id])
      expect((await svc.http.put(`/v2.2/returns/${id}/status`, { status: "delivered" }, { token: secret })).status).toBe(204);
    const processed = await svc.http.post(
      `/v2.2/returns/${r1.id}/process`,
      { products: [{ _id: r1.items[0].id, processInput: { restock: true } }] },
      { token: secret },
    );
    expect(processed.status, processed.text).toBeLessThan(300);
  });
  afterAll(() => svc?.close());

  it("says what was kept, the fees, the return rates, the times and the outcomes, exactly", async () => {
    const o = await overview();
    // Refunds 40.67 (R1: 40.00 + its share of the tax) + 40.80 (R4: 2 × 20.00 + 0.80); store credit 40.67;
    // the exchange the goods, 40.00. Fees: R1, the exchange and R4 (store credit waives it).
    expect(o.values).toEqual([
      {
        currency: "USD",
        refund: { amount: "81.47" },
        storeCredit: { amount: "40.67" },
        exchange: { amount: "40.00" },
        returned: { amount: "162.14" },
        kept: { amount: "80.67" },
        keptShare: 8067 / 16214,
        fees: { amount: "15.00" },
        feeCount: 3,
      },
    ]);
    expect(o.returnRates).toEqual({
      unitsSold: 10,
      byProduct: [
        { key: "prod-1", title: "Product 1", unitsReturned: 3, unitsSold: 5, rate: 0.6 },
        { key: "prod-2", title: "Product 2", unitsReturned: 2, unitsSold: 5, rate: 0.4 },
      ],
      byVariant: [
        { key: "var-1", title: "Product 1 / Variant 1", unitsReturned: 3, unitsSold: 5, rate: 0.6 },
        { key: "var-2", title: "Product 2 / Variant 2", unitsReturned: 2, unitsSold: 5, rate: 0.4 },
      ],
      byReason: [
        { key: "Too big", title: "Too big", unitsReturned: 2, unitsSold: 10, rate: 0.2 },
        { key: "Too small", title: "Too small", unitsReturned: 2, unitsSold: 10, rate: 0.2 },
        { key: "Damaged", title: "Damaged", unitsReturned: 1, unitsSold: 10, rate: 0.1 },
      ],
    });
    // Arrival: R4 at once (the 1-hour bucket), R1 after 50 hours (the 72-hour bucket); refund: R1.
    const [arrival, refund] = o.times;
    expect(arrival).toMatchObject({ stage: "arrival", count: 2, medianHours: 1, p90Hours: 72 });
    expect(arrival.averageHours).toBeCloseTo(25, 1);
    expect(refund).toMatchObject({ stage: "refund", count: 1, medianHours: 72, p90Hours: 72 });
    expect(refund.averageHours).toBeCloseTo(50, 1);
    expect(o.outcomes).toEqual({
      interval: "day",
      points: [
        { start: r1Day, outcome: "refund", currency: "USD", items: 1, value: { amount: "40.67" } },
        { start: today, outcome: "refund", currency: "USD", items: 1, value: { amount: "40.80" } },
        { start: today, outcome: "store_credit", currency: "USD", items: 1, value: { amount: "40.67" } },
        { start: today, outcome: "exchange", currency: "USD", items: 1, value: { amount: "40.00" } },
      ],
    });
    // The CSV holds the same figures, one a row.
    const rows = (o.csv as string).split("\r\n");
    expect(rows[0]).toBe("section,key,label,currency,measure,value");
    expect(rows).toContain(`money,,,USD,kept_share,${Math.round((8067 / 16214) * 10_000) / 10_000}`);
    expect(rows).toContain("money,,,USD,fees,15.00");
    expect(rows).toContain("product,prod-1,Product 1,,return_rate,0.6");
    expect(rows).toContain("variant,var-2,Product 2 / Variant 2,,units_sold,5");
    expect(rows).toContain("time,arrival,,,p90_hours_within,72");
    expect(rows).toContain(`outcome_day,${today},exchange,USD,value,40.00`);
  });

  it("follows a cancelled return and a deleted order", async () => {
    // R4 cancelled: its outcome and fee go; the units it asked back still count (as every unit figure does).
    expect((await svc.http.put(`/v2.2/returns/${ids.r4}/status`, { status: "deleted" }, { token: secret })).status).toBe(204);
    let o = await overview();
    expect(o.values[0]).toMatchObject({
      refund: { amount: "40.67" },
      returned: { amount: "121.34" },
      fees: { amount: "10.00" },
      feeCount: 2,
    });
    expect(o.returnRates.byProduct[1]).toEqual({ key: "prod-2", title: "Product 2", unitsReturned: 2, unitsSold: 5, rate: 0.4 });
    expect(o.times[0].count).toBe(2);
    // Order B deleted with its return: its 7 units sold and R4 leave every figure.
    expect((await svc.http.delete(`/v2.2/stores/${storeId}/orders/B`, { token: secret })).status).toBeLessThan(300);
    o = await overview();
    expect(o.returnRates.unitsSold).toBe(3);
    expect(o.returnRates.byProduct).toEqual([{ key: "prod-1", title: "Product 1", unitsReturned: 3, unitsSold: 3, rate: 1 }]);
    expect(o.returnRates.byReason.map((r: { key: string }) => r.key)).toEqual(["Too big", "Damaged"]);
    expect(o.times[0]).toMatchObject({ count: 1, medianHours: 72 });
    expect(o.values[0]).toMatchObject({ fees: { amount: "10.00" }, feeCount: 2 });
  });
});
