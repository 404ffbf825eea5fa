// The return policy over REST v2.2: read, replace the draft (a bad one named field by field), set the
// time zone, publish, and an order's eligibility; then a return of a final-sale line refused naming the rule.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";

describe.each(providers)("return policy over REST v2.2 (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("REST policy store")).id;
    secret = (await svc.createApiClient(storeId, ["policy_read", "policy_write", "orders_write", "returns_write", "returns_read"])).secret;
  });
  afterAll(() => svc?.close());
  const base = () => `/v2.2/stores/${storeId}/return-policy`;

  it("reads the defaults, refuses a bad draft naming the field, publishes and answers eligibility", async () => {
    const empty = await svc.http.get(base(), { token: secret });
    expect(empty.status).toBe(200);
    expect(empty.body.policy).toMatchObject({ timeZone: "UTC", versions: [], draft: { window: { days: 30, from: "delivery" } } });
    expect(empty.body.policy).not.toHaveProperty("draftUpdatedAt");

    const bad = await svc.http.put(
      `${base()}/draft`,
      { draft: { window: { days: -3 }, bonus: { percent: "120", on: ["store_credit"] } } },
      { token: secret },
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("draft.window.days");

    const zone = await svc.http.put(`${base()}/time-zone`, { timeZone: "Europe/Paris" }, { token: secret });
    expect(zone.status).toBe(200);
    expect(zone.body.policy.timeZone).toBe("Europe/Paris");
    const draft = {
      window: { days: 3650, from: "order" },
      windowRules: [{ name: "Final sale", skus: ["SKU-2"], days: 0 }],
      returnFee: { amount: "5.00", waivedFor: ["store_credit"] },
      bonus: { percent: "10", on: ["store_credit"] },
    };
    const put = await svc.http.put(`${base()}/draft`, { draft }, { token: secret });
    expect(put.status).toBe(200);
    expect(put.body.policy.draft.returnFee).toEqual({ amount: "5.00", waivedFor: ["store_credit"] });
    const pub = await svc.http.post(`${base()}/publish`, {}, { token: secret });
    expect(pub.status).toBe(201);
    expect(pub.body.version).toMatchObject({ number: 1, timeZone: "Europe/Paris", publishedBy: { type: "api_client" } });

    const order = await pushOrder(svc.http, storeId, secret);
    const e = await svc.http.get(`/v2.2/stores/${storeId}/orders/${order.externalId}/return-eligibility`, { token: secret });
    expect(e.status).toBe(200);
    const [first, sale] = e.body.eligibility.lines;
    expect(e.body.eligibility.policyVersion).toBe(1);
    expect(first).toMatchObject({
      returnable: 2,
      outcomes: [
        { outcome: "refund", total: { amount: "80.00" } },
        { outcome: "store_credit", total: { amount: "88.00" } },
      ],
    });
    expect(sale).toMatchObject({ returnable: 0, outcomes: [], decisions: [{ effect: "refuse", rule: "windowRules[0]" }] });

    const refused = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[1]!.id, quantity: 1 }]),
      { token: secret },
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ field: "data.items[0]" });
    expect(refused.body.detail).toMatch(/windowRules\[0\]/);

    const missing = await svc.http.get(`/v2.2/stores/${storeId}/orders/nope/return-eligibility`, { token: secret });
    expect(missing.status).toBe(404);
    const reader = (await svc.createApiClient(storeId, ["orders_read"])).secret;
    expect((await svc.http.get(base(), { token: reader })).status).toBe(403);
  });

  it("reads a line's product tags from the catalogue family the line names, and excludes by tag", async () => {
    const store = (await svc.createStore("Tagged store")).id;
    const key = (await svc.createApiClient(store, ["policy_read", "policy_write", "orders_write", "products_write"])).secret;
    const family = {
      title: "Coat",
      external_id: "prod-1",
      tags: ["Final-Sale"],
      variants: [{ sku: "COAT-1", price: 1000, currency: "USD" }],
    };
    expect((await svc.http.post(`/v2.2/stores/${store}/products/bulk-upload`, { products: [family] }, { token: key })).status).toBeLessThan(
      300,
    );
    const draft = { window: { days: 3650, from: "order" }, exclusions: { tags: ["final-sale"] } };
    expect((await svc.http.put(`/v2.2/stores/${store}/return-policy/draft`, { draft }, { token: key })).status).toBe(200);
    expect((await svc.http.post(`/v2.2/stores/${store}/return-policy/publish`, {}, { token: key })).status).toBe(201);
    const order = await pushOrder(svc.http, store, key);
    const e = await svc.http.get(`/v2.2/stores/${store}/orders/${order.externalId}/return-eligibility`, { token: key });
    expect(e.status).toBe(200);
    const [coat, other] = e.body.eligibility.lines;
    expect(coat).toMatchObject({ returnable: 0, decisions: [{ effect: "refuse", rule: "exclusions.tags" }] });
    expect(coat.decisions[0].merchantExplanation).toContain("Final-Sale");
    expect(other).toMatchObject({ returnable: 1 });
  });
});
