// The warehouse webhooks' `shop_id` (issue 22, finding 12): it was a deployment-wide counter (1, 2,
// 3… in the order stores first used the platform's webhooks), telling every tenant how many stores
// there are and when it joined. Now each store draws its own at random, once: the same in every
// subscription, in the GraphQL view, after deleting every subscription and after a secret rotation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";

describe.each(providers)("warehouse shop_id (%s)", (provider) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(provider, NO_RATE_LIMITS);
  });
  afterAll(() => svc?.close());

  const subscribe = (key: string, i: number) =>
    svc.http.post(
      "/api/v1/webhooks",
      { topic: "return", trigger: "return.created", url: `https://example.com/shop/${i}` },
      { headers: { "x-authorization": key } },
    );

  it("is no counter: stores that subscribe one after another get unrelated ids", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const store = (await svc.createStore(`Shop ${i}`)).id;
      const key = (await svc.createApiClient(store, "all")).secret;
      const res = await subscribe(key, i);
      expect(res.status, res.text).toBe(200);
      ids.push(res.body.shop_id);
    }
    for (const id of ids) expect(Number.isInteger(id) && id >= 100_000 && id <= 2_147_483_647, String(id)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // A counter gives id(i) - i the same for every store; independent draws practically never do.
    expect(new Set(ids.map((id, i) => id - i)).size).toBeGreaterThan(1);
    expect(Math.max(...ids) - Math.min(...ids)).toBeGreaterThan(ids.length);
  });

  it("is stable for the store: every subscription, the GraphQL view, a rotation and a fresh start keep it", async () => {
    const store = (await svc.createStore("Stable shop")).id;
    const key = (await svc.createApiClient(store, "all")).secret;
    const first = await subscribe(key, 1);
    const second = await subscribe(key, 2);
    const shopId = first.body.shop_id;
    expect(second.body.shop_id).toBe(shopId);
    await svc.http.graphql(`mutation($s: ID!) { rotateWarehouseSigningSecret(storeId: $s) { hint } }`, { s: store }, key);
    for (const id of [first.body.id, second.body.id])
      expect((await svc.http.delete(`/api/v1/webhooks/${id}`, { headers: { "x-authorization": key } })).status).toBe(204);
    const again = await subscribe(key, 3);
    expect(again.body.shop_id).toBe(shopId);
    const view = await svc.http.graphql(`query($s: ID!) { warehouseWebhooks(storeId: $s) { shopId } }`, { s: store }, key);
    expect(view.data.warehouseWebhooks.map((w: { shopId: number }) => w.shopId)).toEqual([shopId]);
  });
});
