// A matched review rule holds a new return in `needs_review` (issue 24 part 4, item 5): the status the
// transitions allow processing from; a return no rule matches starts `open` as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";

describe.each(providers)("review rules hold the return for review (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Review store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(() => svc?.close());

  it("puts a return above the review value in needs_review, then processes it", async () => {
    const draft = {
      window: { days: 3650, from: "order" },
      reviewRules: [{ name: "Big returns", action: "review", valueAbove: "50.00", shopperMessage: "We will check it." }],
    };
    expect((await svc.http.put(`/v2.2/stores/${storeId}/return-policy/draft`, { draft }, { token: secret })).status).toBe(200);
    expect((await svc.http.post(`/v2.2/stores/${storeId}/return-policy/publish`, {}, { token: secret })).status).toBe(201);
    const order = await pushOrder(svc.http, storeId, secret);
    const small = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[1]!.id, quantity: 1 }]),
      { token: secret },
    );
    expect(small.status).toBe(201);
    expect(small.body.return.status).toBe("open");
    const big = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0]!.id, quantity: 2 }]),
      { token: secret },
    );
    expect(big.status).toBe(201);
    expect(big.body.return.status).toBe("needs_review");
    const gql = await svc.http.graphql(
      `query($id: ID!) { return(id: $id) { status timeline { action toStatus } } }`,
      {
        id: big.body.return.id,
      },
      secret,
    );
    expect(gql.data.return.status).toBe("needs_review");
    expect(gql.data.return.timeline.map((t: { action: string; toStatus: string }) => `${t.action}:${t.toStatus}`)).toEqual(
      expect.arrayContaining(["created:open", "policy_review:needs_review"]),
    );
    const item = big.body.return.items[0].id;
    expect(
      (await svc.http.post(`/v2.2/returns/${big.body.return.id}/process`, { products: [{ _id: item }] }, { token: secret })).status,
    ).toBe(200);
    expect((await svc.http.get(`/v2.2/returns/${big.body.return.id}/status`, { token: secret })).body.status).toBe("complete");
  });
});
