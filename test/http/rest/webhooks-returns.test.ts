// One domain, three doors: changes to a return made over REST reach a webhook subscriber in order,
// with the same Return/Order JSON as GET /v2.2/returns/{id}, a bearer token and a valid signature.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startSubscriber, type Subscriber } from "../../support/subscriber.js";

describe.each(providers)("return changes are delivered to webhooks (%s)", (provider) => {
  let svc: TestService;
  let sub: Subscriber;
  let storeId: string;
  let secret: string;

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_RETRY_SCHEDULE: "30ms,60ms", WEBHOOK_POLL_INTERVAL: "50ms", WEBHOOK_TIMEOUT: "2s" });
    sub = await startSubscriber();
    storeId = (await svc.createStore("Webhook returns store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(async () => {
    await sub?.close();
    await svc?.close();
  });

  it("delivers created, then each lifecycle change, in order, with the REST shapes", async () => {
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/webhooks`,
      { webhook: { topic: "return", callback: { url: `${sub.url}/hooks`, auth: { bearer: { token: "subscriber-token" } } } } },
      { token: secret },
    );
    expect(created.status).toBe(201);
    const signingSecret: string = created.body.signingSecret ?? created.body.webhook?.signingSecret;
    expect(signingSecret).toMatch(/^whsec_/);

    const order = await pushOrder(svc.http, storeId, secret);
    const ret = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]),
      { token: secret },
    );
    expect(ret.status).toBe(201);
    const returnId: string = ret.body.return.id;
    expect((await svc.http.put(`/v2.2/returns/${returnId}/status`, { status: "flagged" }, { token: secret })).status).toBe(204);
    expect(
      (await svc.http.post(`/v2.2/returns/${returnId}/comments`, { comment: { message: "Box arrived crushed" } }, { token: secret }))
        .status,
    ).toBe(201);

    const received = await sub.waitFor((r) => r.filter((x) => x.json?.return?.id === returnId).length >= 3, 20_000);
    const mine = received.filter((x) => x.json?.return?.id === returnId);
    expect(mine.map((x) => x.json.type)).toEqual(["created", "updated", "updated"]);
    expect(mine.map((x) => Number(x.headers["x-retour-sequence"]))).toEqual([1, 2, 3]);
    expect(mine[0].json.return.status).toBe("open");
    expect(mine[1].json.return.status).toBe("flagged");
    for (const m of mine) {
      expect(m.headers.authorization).toBe("Bearer subscriber-token");
      expect(m.json.order.id).toBe(ret.body.return.order.id);
      expect(typeof m.json.merchantName).toBe("string");
      // Standard Webhooks: the subscriber can verify integrity and freshness.
      expect(() => new Webhook(signingSecret).verify(m.body, m.headers as Record<string, string>)).not.toThrow();
    }
    // The last snapshot is what the REST door answers now.
    const now = await svc.http.get(`/v2.2/returns/${returnId}`, { token: secret });
    expect(mine[2].json.return).toEqual(now.body.return);
    expect(mine[2].json.order).toEqual(now.body.order);
  });
});
