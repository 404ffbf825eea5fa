import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startSubscriber, type Subscriber } from "../../support/subscriber.js";
import { DELIVERIES, emit } from "../../support/webhooks.js";

describe.each(providers)("webhooks over REST v2.2 (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let sub: Subscriber;

  beforeAll(async () => {
    svc = await startTestService(provider, {
      WEBHOOK_RETRY_SCHEDULE: "30ms,60ms,60ms,60ms",
      WEBHOOK_POLL_INTERVAL: "50ms",
      WEBHOOK_TIMEOUT: "2s",
    });
    storeId = (await svc.createStore("Webhook Outfitters")).id;
    secret = (await svc.createApiClient(storeId, ["webhooks_read", "webhooks_write"])).secret;
    sub = await startSubscriber();
  });
  afterAll(async () => {
    await sub?.close();
    await svc?.close();
  });

  async function create(path: string, extra: Record<string, unknown> = {}, token = "sub-secret-1") {
    return svc.http.post(
      `/v2.2/stores/${storeId}/webhooks`,
      { webhook: { topic: "return", callback: { url: `${sub.url}${path}`, auth: { bearer: { token } } }, ...extra } },
      { token: secret },
    );
  }

  const forPath = (path: string) => sub.received.filter((r) => r.path === path);

  it("creates (201, signing secret once), lists and gets without secrets, updates and deletes", async () => {
    const res = await create("/crud", { externalId: "crud-1", kind: "redo" });
    expect(res.status).toBe(201);
    const w = res.body.webhook;
    expect(w).toMatchObject({
      topic: "return",
      kind: "redo",
      externalId: "crud-1",
      callback: { url: `${sub.url}/crud`, auth: { bearer: { token: "********" } } },
    });
    expect(w.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(w.id).toMatch(/^wh_/);

    const got = await svc.http.get(`/v2.2/webhooks/${w.id}`, { token: secret });
    expect(got.status).toBe(200);
    expect(got.text).not.toContain("sub-secret-1");
    expect(got.text).not.toContain("whsec_");
    expect(got.body.webhook).toEqual({
      id: w.id,
      topic: "return",
      kind: "redo",
      externalId: "crud-1",
      callback: { url: `${sub.url}/crud`, auth: { bearer: { token: "********" } } },
      createdAt: w.createdAt,
      updatedAt: got.body.webhook.updatedAt,
    });

    const list = await svc.http.get(`/v2.2/stores/${storeId}/webhooks`, { token: secret });
    expect(list.status).toBe(200);
    expect(list.body.webhooks.map((x: any) => x.id)).toContain(w.id);
    expect(list.text).not.toContain("sub-secret-1");

    // Stored encrypted, not in clear.
    const row = await svc.services.db.prisma.webhook.findUniqueOrThrow({ where: { id: w.id } });
    expect(row.authTokenEnc).not.toContain("sub-secret-1");
    expect(row.signingSecretEnc).not.toContain("whsec_");

    const put = await svc.http.put(
      `/v2.2/webhooks/${w.id}`,
      { webhook: { callback: { url: `${sub.url}/crud2`, auth: null } } },
      { token: secret },
    );
    expect(put.status).toBe(204);
    const after = await svc.http.get(`/v2.2/webhooks/${w.id}`, { token: secret });
    expect(after.body.webhook.callback).toEqual({ url: `${sub.url}/crud2`, auth: null });
    expect(after.body.webhook.externalId).toBe("crud-1");

    const del = await svc.http.delete(`/v2.2/webhooks/${w.id}`, { token: secret });
    expect(del.status).toBe(204);
    const gone = await svc.http.get(`/v2.2/webhooks/${w.id}`, { token: secret });
    expect(gone.status).toBe(404);
    expect(gone.body.type).toBe("com.retour.api:webhooks/not-found");
    const del2 = await svc.http.delete(`/v2.2/webhooks/${w.id}`, { token: secret });
    expect(del2.status).toBe(404);
  });

  it("upserts by externalId: 200 on update, and racing creates leave one webhook", async () => {
    const first = await create("/upsert-a", { externalId: "ext-up" });
    expect(first.status).toBe(201);
    const again = await create("/upsert-b", { externalId: "ext-up" }, "token-2");
    expect(again.status).toBe(200);
    expect(again.body.webhook.id).toBe(first.body.webhook.id);
    expect(again.body.webhook.callback.url).toBe(`${sub.url}/upsert-b`);
    expect(again.body.webhook).not.toHaveProperty("signingSecret");

    const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => create(`/race-${i}`, { externalId: "ext-race" })));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(racing.map((r) => r.body.webhook.id)).size).toBe(1);
    expect(await svc.services.db.prisma.webhook.count({ where: { storeId, externalId: "ext-race" } })).toBe(1);
  });

  it("refuses invalid subscriptions with 400 problems naming the field", async () => {
    const bad = async (webhook: unknown, field: string) => {
      const res = await svc.http.post(`/v2.2/stores/${storeId}/webhooks`, { webhook }, { token: secret });
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(res.body.field ?? res.body.detail).toContain(field);
    };
    await bad({ topic: "order", callback: { url: "http://127.0.0.1:1/x", auth: null } }, "webhook.topic");
    await bad({ topic: "return", callback: { url: "not a url", auth: null } }, "webhook.callback.url");
    await bad({ topic: "return", callback: { url: "ftp://127.0.0.1/x", auth: null } }, "webhook.callback.url");
    await bad({ topic: "return", kind: "other", callback: { url: "http://127.0.0.1:1/x", auth: null } }, "webhook.kind");
    await bad(
      { topic: "return", callback: { url: "http://127.0.0.1:1/x", auth: { bearer: { token: "" } } } },
      "webhook.callback.auth.bearer.token",
    );
    await bad({ topic: "return" }, "webhook.callback");
    const noBody = await svc.http.post(`/v2.2/stores/${storeId}/webhooks`, {}, { token: secret });
    expect(noBody.status).toBe(400);
    const replay = await svc.http.post(`/v2.2/webhooks/wh_nope/replay`, {}, { token: secret });
    expect(replay.status).toBe(400);
  });

  it("answers 403 without the scope and 404 for another store's webhook", async () => {
    const readOnly = (await svc.createApiClient(storeId, ["webhooks_read"])).secret;
    const res = await svc.http.post(
      `/v2.2/stores/${storeId}/webhooks`,
      { webhook: { topic: "return", callback: { url: `${sub.url}/x`, auth: null } } },
      { token: readOnly },
    );
    expect(res.status).toBe(403);
    const other = await svc.createStore("Other");
    const otherSecret = (await svc.createApiClient(other.id, ["webhooks_read", "webhooks_write"])).secret;
    const theirs = await svc.http.post(
      `/v2.2/stores/${other.id}/webhooks`,
      { webhook: { topic: "return", callback: { url: `${sub.url}/theirs`, auth: null } } },
      { token: otherSecret },
    );
    expect(theirs.status).toBe(201);
    expect((await svc.http.get(`/v2.2/webhooks/${theirs.body.webhook.id}`, { token: secret })).status).toBe(404);
    expect((await svc.http.delete(`/v2.2/webhooks/${theirs.body.webhook.id}`, { token: secret })).status).toBe(404);
    expect((await svc.http.get(`/v2.2/stores/${other.id}/webhooks`, { token: secret })).status).toBe(404);
  });

  it("delivers three changes of a return in order with bearer and verifiable Standard Webhooks headers", async () => {
    const res = await create("/ordered", {}, "bearer-ordered");
    expect(res.status).toBe(201);
    const verifier = new StandardWebhook(res.body.webhook.signingSecret);
    const subject = `ret_ordered_${provider}`;
    await emit(svc.services, storeId, subject, "created");
    await emit(svc.services, storeId, subject, "updated");
    await emit(svc.services, storeId, subject, "updated");
    const got = await sub.waitFor(() => forPath("/ordered").length >= 3);
    const mine = got.filter((r) => r.path === "/ordered");
    expect(mine).toHaveLength(3);
    expect(mine.map((r) => r.headers["x-retour-sequence"])).toEqual(["1", "2", "3"]);
    expect(mine.map((r) => r.json.type)).toEqual(["created", "updated", "updated"]);
    for (const r of mine) {
      expect(r.headers.authorization).toBe("Bearer bearer-ordered");
      expect(r.headers["content-type"]).toBe("application/json");
      expect(r.json).toMatchObject({ merchantName: "Webhook Outfitters", return: { id: subject } });
      expect(new Date(r.json.at).toISOString()).toBe(r.json.at);
      // The standardwebhooks package verifies our signature (and would reject a tampered body).
      expect(verifier.verify(r.body, r.headers as Record<string, string>)).toEqual(r.json);
      expect(() => verifier.verify(r.body.replace("Webhook Outfitters", "Evil"), r.headers as Record<string, string>)).toThrow();
    }
    expect(new Set(mine.map((r) => r.headers["webhook-id"])).size).toBe(3);
  });

  it("keeps order per subject while one fails and is retried, without holding up other subjects; logs every attempt", async () => {
    const res = await create("/flaky");
    const webhookId = res.body.webhook.id;
    const slow = `ret_flaky_${provider}`;
    const fast = `ret_fast_${provider}`;
    // The slow subject's first event fails twice; its third attempt is held open until the fast subject got
    // through (at most 1.5 s, under WEBHOOK_TIMEOUT), so the fast one must pass while the slow one is unfinished.
    // (Failing until the fast one arrived ran out of the four retries at load 10: 1#6 never came.)
    let failures = 0;
    let fastArrived = false;
    let fastThrough: () => void = () => {};
    const fastIn = new Promise<void>((resolve) => {
      fastThrough = resolve;
    });
    sub.respond = async (r) => {
      if (r.path !== "/flaky") return { status: 200 };
      if (r.json?.return?.id === fast) {
        fastArrived = true;
        fastThrough();
      }
      if (r.json?.return?.id === slow && r.headers["x-retour-sequence"] === "1") {
        if (failures < 2) {
          failures++;
          return { status: 503, body: "try later" };
        }
        await Promise.race([fastIn, new Promise((resolve) => setTimeout(resolve, 1500))]);
      }
      return { status: 200 };
    };
    await emit(svc.services, storeId, slow, "created");
    await emit(svc.services, storeId, slow, "updated");
    await emit(svc.services, storeId, fast, "created");
    await sub.waitFor(
      () => forPath("/flaky").some((r) => r.json.return.id === slow && r.headers["x-retour-sequence"] === "2") && fastArrived,
    );
    sub.respond = () => ({ status: 200 });
    const seen = forPath("/flaky");
    const slowSeen = seen
      .filter((r) => r.json.return.id === slow)
      .map((r) => `${r.headers["x-retour-sequence"]}#${r.headers["x-retour-attempt"]}`);
    expect(failures).toBe(2);
    expect(slowSeen).toEqual([...Array.from({ length: failures + 1 }, (_, i) => `1#${i + 1}`), "2#1"]);
    // The other subject did not wait for the failing one: it arrived before the slow subject's first event succeeded.
    const fastAt = seen.findIndex((r) => r.json.return.id === fast);
    const slowDone = seen.findIndex((r) => r.json.return.id === slow && r.headers["x-retour-attempt"] === String(failures + 1));
    expect(fastAt).toBeLessThan(slowDone);

    const log = await svc.http.graphql(DELIVERIES, { id: webhookId }, secret);
    expect(log.errors).toBeUndefined();
    const first = log.data.webhookDeliveries.nodes.find((d: any) => d.subjectId === slow && d.event.sequence === 1);
    expect(first).toMatchObject({ status: "delivered", attemptCount: failures + 1, lastStatusCode: 200, lastError: null });
    expect(first.attempts.map((a: any) => [a.number, a.outcome, a.statusCode, a.error])).toEqual([
      ...Array.from({ length: failures }, (_, i) => [i + 1, "failure", 503, "HTTP 503"]),
      [failures + 1, "success", 200, null],
    ]);
    expect(first.attempts[0].responseBody).toBe("try later");
    expect(first.attempts.every((a: any) => Number.isInteger(a.latencyMs) && a.latencyMs >= 0)).toBe(true);
    const failed = await svc.http.graphql(DELIVERIES, { id: webhookId, status: "discarded" }, secret);
    expect(failed.data.webhookDeliveries.nodes).toEqual([]);
  });

  it("discards after the last attempt and the subject's next event proceeds; replay re-sends everything in order", async () => {
    const res = await create("/discard");
    const webhookId = res.body.webhook.id;
    const subject = `ret_discard_${provider}`;
    sub.respond = (r) => (r.path === "/discard" && r.headers["x-retour-sequence"] === "1" ? { status: 500 } : { status: 200 });
    const before = new Date(Date.now() - 1000).toISOString();
    await emit(svc.services, storeId, subject, "created");
    await emit(svc.services, storeId, subject, "updated");
    await sub.waitFor(() => forPath("/discard").some((r) => r.headers["x-retour-sequence"] === "2"));
    sub.respond = () => ({ status: 200 });
    expect(forPath("/discard").map((r) => `${r.headers["x-retour-sequence"]}#${r.headers["x-retour-attempt"]}`)).toEqual([
      "1#1",
      "1#2",
      "1#3",
      "1#4",
      "1#5",
      "2#1",
    ]);
    const discarded = await svc.http.graphql(DELIVERIES, { id: webhookId, status: "discarded" }, secret);
    expect(discarded.data.webhookDeliveries.nodes).toHaveLength(1);
    expect(discarded.data.webhookDeliveries.nodes[0]).toMatchObject({
      subjectId: subject,
      attemptCount: 5,
      lastStatusCode: 500,
      lastError: "HTTP 500",
    });
    const originalIds = forPath("/discard").map((r) => r.headers["webhook-id"]);
    const originalBodies = [forPath("/discard")[0].body, forPath("/discard")[5].body];

    const replay = await svc.http.post(`/v2.2/webhooks/${webhookId}/replay`, { start: before }, { token: secret });
    expect(replay.status).toBe(202);
    expect(replay.body).toEqual({ deliveriesQueued: expect.any(Number) });
    // The replay covers every event of the store since `start`: pick this subject's.
    const ofSubject = () => forPath("/discard").filter((r) => r.json.return.id === subject);
    await sub.waitFor(() => ofSubject().length >= 8);
    const replayed = ofSubject().slice(6);
    expect(replayed.map((r) => r.headers["x-retour-sequence"])).toEqual(["1", "2"]);
    // Original snapshots, byte for byte, under new webhook-ids.
    expect(replayed.map((r) => r.body)).toEqual(originalBodies);
    expect(replayed.some((r) => originalIds.includes(r.headers["webhook-id"]))).toBe(false);

    const future = await svc.http.post(`/v2.2/webhooks/${webhookId}/replay`, { start: "2999-01-01T00:00:00Z" }, { token: secret });
    expect(future.status).toBe(400);
    const missing = await svc.http.post(`/v2.2/webhooks/wh_missing/replay`, { start: before }, { token: secret });
    expect(missing.status).toBe(404);
  });

  it("backfill: true sends a backfill event per existing subject to the new webhook only", async () => {
    const store = (await svc.createStore("Backfill store")).id;
    const key = (await svc.createApiClient(store, ["webhooks_read", "webhooks_write"])).secret;
    await emit(svc.services, store, "ret_bf_1", "created");
    await emit(svc.services, store, "ret_bf_2", "created");
    await emit(svc.services, store, "ret_bf_2", "updated");
    const res = await svc.http.post(
      `/v2.2/stores/${store}/webhooks`,
      { webhook: { topic: "return", backfill: true, callback: { url: `${sub.url}/backfill`, auth: null } } },
      { token: key },
    );
    expect(res.status).toBe(201);
    const plain = await svc.http.post(
      `/v2.2/stores/${store}/webhooks`,
      { webhook: { topic: "return", callback: { url: `${sub.url}/no-backfill`, auth: null } } },
      { token: key },
    );
    expect(plain.status).toBe(201);
    await sub.waitFor(() => forPath("/backfill").length >= 2);
    const got = forPath("/backfill");
    expect(got.map((r) => r.json.type)).toEqual(["backfill", "backfill"]);
    expect(got.map((r) => r.json.return.id).sort()).toEqual(["ret_bf_1", "ret_bf_2"]);
    expect(got.every((r) => r.headers.authorization === undefined)).toBe(true);
    // Backfill deliveries are queued before the 201: the plain webhook has none to send, ever.
    expect(await svc.services.db.prisma.webhookDelivery.count({ where: { webhookId: plain.body.webhook.id } })).toBe(0);
    expect(forPath("/no-backfill")).toHaveLength(0);
  });

  it("retries one delivery now through GraphQL", async () => {
    const res = await create("/retry-now");
    const webhookId = res.body.webhook.id;
    sub.respond = (r) => (r.path === "/retry-now" ? { status: 410 } : { status: 200 });
    await emit(svc.services, storeId, `ret_retry_${provider}`, "created");
    await sub.waitFor(() => forPath("/retry-now").length >= 5);
    const log = await svc.http.graphql(DELIVERIES, { id: webhookId, status: "discarded" }, secret);
    await expect
      .poll(
        async () =>
          (await svc.http.graphql(DELIVERIES, { id: webhookId, status: "discarded" }, secret)).data.webhookDeliveries.nodes.length,
      )
      .toBe(1);
    sub.respond = () => ({ status: 200 });
    const deliveryId = (await svc.http.graphql(DELIVERIES, { id: webhookId, status: "discarded" }, secret)).data.webhookDeliveries.nodes[0]
      .id;
    expect(log.errors).toBeUndefined();
    const retried = await svc.http.graphql(
      `mutation($id: ID!) { retryWebhookDelivery(id: $id) { id status reason } }`,
      { id: deliveryId },
      secret,
    );
    expect(retried.errors).toBeUndefined();
    expect(retried.data.retryWebhookDelivery).toMatchObject({ status: "pending", reason: "retry" });
    await sub.waitFor(() => forPath("/retry-now").length >= 6);
    expect(forPath("/retry-now")[5].headers["webhook-id"]).toBe(retried.data.retryWebhookDelivery.id);
  });
});
