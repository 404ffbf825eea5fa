// Store credit made real (issue 24 part 4): a published policy with a 10% bonus on store credit; a return's
// store-credit line is issued as a gift card (16-digit crypto-random code, bonus included) when the return
// is processed, exactly once under concurrent processing, and the card is the same on REST, GraphQL and the
// `return` webhook; the customer's GraphQL record shows the card and the balance.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startSubscriber, type Subscriber } from "../../support/subscriber.js";

const RETURN_Q = `query($id: ID!) { return(id: $id) { giftCards { code externalId amount { amount currency } }
  totals { storeCredit { amount { amount } } refund { amount { amount } } } } }`;
const CUSTOMER_Q = `query($s: ID!, $e: String!) { customer(storeId: $s, email: $e) {
  giftCards { code amount { amount } bonus { amount } balance { amount } returnId } storeCredit { amount currency } } }`;

describe.each(providers)("store credit as gift cards (%s)", (provider) => {
  let svc: TestService;
  let sub: Subscriber;
  let storeId: string;
  let secret: string;
  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_RETRY_SCHEDULE: "30ms,60ms", WEBHOOK_POLL_INTERVAL: "50ms", WEBHOOK_TIMEOUT: "2s" });
    sub = await startSubscriber();
    storeId = (await svc.createStore("Gift card store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(async () => {
    await sub?.close();
    await svc?.close();
  });

  const publish = async (store: string, draft: Record<string, unknown>) => {
    expect((await svc.http.put(`/v2.2/stores/${store}/return-policy/draft`, { draft }, { token: secret })).status).toBe(200);
    expect((await svc.http.post(`/v2.2/stores/${store}/return-policy/publish`, {}, { token: secret })).status).toBe(201);
  };

  it("issues the credit with its bonus when processed, once, the same on every door and in the webhook", async () => {
    const hook = await svc.http.post(
      `/v2.2/stores/${storeId}/webhooks`,
      { webhook: { topic: "return", callback: { url: `${sub.url}/hooks` } } },
      { token: secret },
    );
    expect(hook.status).toBe(201);
    await publish(storeId, {
      window: { days: 3650, from: "order" },
      returnFee: { amount: "5.00", waivedFor: ["store_credit"] },
      bonus: { percent: "10", on: ["store_credit"] },
    });
    const email = `credit-${provider}@example.test`;
    const order = await pushOrder(svc.http, storeId, secret, { customer: { email, firstName: "Ada", lastName: "Lovelace" } });
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [
        { lineItemId: order.lineItems[0]!.id, quantity: 1, compensation: "store_credit" } as never,
        { lineItemId: order.lineItems[1]!.id, quantity: 1 },
      ]),
      { token: secret },
    );
    expect(created.status).toBe(201);
    const ret = created.body.return;
    // Not yet: the policy settles on processing (the default).
    expect(ret.giftCards).toEqual([]);
    // 40.00 of value, no fee (waived for store credit), 10% bonus: 44.00.
    expect(ret.totals.storeCredit.amount).toEqual({ amount: "44.00", currency: "USD" });
    const [credit, refund] = ret.items.map((i: { id: string }) => i.id);

    // Three concurrent processings of the credit line: one wins, one card.
    const tries = await Promise.all(
      [0, 1, 2].map(() => svc.http.post(`/v2.2/returns/${ret.id}/process`, { products: [{ _id: credit }] }, { token: secret })),
    );
    expect(tries.map((t) => t.status).sort()).toEqual([200, 409, 409]);
    const after = (await svc.http.get(`/v2.2/returns/${ret.id}`, { token: secret })).body.return;
    expect(after.giftCards).toHaveLength(1);
    const card = after.giftCards[0];
    expect(card.code).toMatch(/^[1-9]\d{15}$/);
    expect(card.amount).toEqual({ amount: "44.00", currency: "USD" });
    // Processing the rest issues nothing more.
    expect((await svc.http.post(`/v2.2/returns/${ret.id}/process`, { products: [{ _id: refund }] }, { token: secret })).status).toBe(200);
    const done = (await svc.http.get(`/v2.2/returns/${ret.id}`, { token: secret })).body;
    expect(done.return.status).toBe("complete");
    expect(done.return.giftCards).toEqual([card]);

    const gql = await svc.http.graphql(RETURN_Q, { id: ret.id }, secret);
    expect(gql.errors).toBeUndefined();
    expect(gql.data.return.giftCards).toEqual([card]);
    expect(gql.data.return.totals.storeCredit.amount.amount).toBe("44.00");

    const cust = await svc.http.graphql(CUSTOMER_Q, { s: storeId, e: email }, secret);
    expect(cust.errors).toBeUndefined();
    expect(cust.data.customer.giftCards).toEqual([
      { code: card.code, amount: { amount: "44.00" }, bonus: { amount: "4.00" }, balance: { amount: "44.00" }, returnId: ret.id },
    ]);
    expect(cust.data.customer.storeCredit).toEqual([{ amount: "44.00", currency: "USD" }]);

    // The shop hears the code by the `return` webhook: the last snapshot equals the REST read.
    const received = await sub.waitFor((r) => r.some((x) => x.json?.return?.id === ret.id && x.json.return.status === "complete"), 20_000);
    const last = received.filter((x) => x.json?.return?.id === ret.id).at(-1)!;
    expect(last.json.return.giftCards).toEqual([card]);
    expect(last.json.return).toEqual(done.return);
  });

  it("issues at creation when the policy says so, with distinct codes per line", async () => {
    const store = (await svc.createStore("Settle on creation")).id;
    const key = (await svc.createApiClient(store, "all")).secret;
    expect(
      (
        await svc.http.put(
          `/v2.2/stores/${store}/return-policy/draft`,
          { draft: { window: { days: 3650, from: "order" }, outcomes: { settleOn: "created" } } },
          { token: key },
        )
      ).status,
    ).toBe(200);
    const bad = await svc.http.put(
      `/v2.2/stores/${store}/return-policy/draft`,
      { draft: { outcomes: { settleOn: "shipped" } } },
      { token: key },
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("settleOn");
    expect((await svc.http.post(`/v2.2/stores/${store}/return-policy/publish`, {}, { token: key })).status).toBe(201);
    const order = await pushOrder(svc.http, store, key);
    const created = await svc.http.post(
      `/v2.2/stores/${store}/returns`,
      returnBody(order, [
        { lineItemId: order.lineItems[0]!.id, quantity: 2, compensation: "store_credit" } as never,
        { lineItemId: order.lineItems[1]!.id, quantity: 1, compensation: "store_credit" } as never,
      ]),
      { token: key },
    );
    expect(created.status).toBe(201);
    const cards = created.body.return.giftCards as { code: string; amount: { amount: string } }[];
    expect(cards.map((c) => c.amount.amount)).toEqual(["80.00", "25.50"]);
    expect(new Set(cards.map((c) => c.code)).size).toBe(2);

    // Cards come in the order of the return's lines on every path, whatever their ids and timestamps:
    // here the first line's card is made the newest, so an order by createdAt (or a random id) shows.
    const id = created.body.return.id as string;
    const db = svc.services.db.prisma;
    const rows = await db.giftCard.findMany({ where: { returnId: id }, select: { id: true, amount: true } });
    for (const row of rows) {
      await db.giftCard.update({ where: { id: row.id }, data: { createdAt: new Date(Date.UTC(2030, 0, 1) + row.amount) } });
    }
    const rest = await svc.http.get(`/v2.2/returns/${id}`, { token: key });
    expect(rest.body.return.giftCards).toEqual(cards);
    const one = await svc.http.graphql(RETURN_Q, { id }, key); // the aggregate read
    const page = await svc.http.graphql(
      `query($s: ID!) { returns(storeId: $s) { nodes { giftCards { code externalId amount { amount currency } } } } }`,
      { s: store },
      key,
    ); // the batched loader
    expect(one.data.return.giftCards).toEqual(cards);
    expect(page.data.returns.nodes).toEqual([{ giftCards: cards }]);
  });
});
