// The warehouse platform's webhooks through the real doors: its subscriptions API on the compat door
// (/api/v1/webhooks, responses validated against the door's OpenAPI document), and deliveries to a
// consumer written as the platform's own Node sample (express.raw + createHmac(...).digest("base64")
// compared with X-Loop-Signature), which must verify and parse every delivery unchanged.
import { createHmac } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { compatClient } from "../../support/compat.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { compatValidator } from "../../support/openapi.js";
import { DELIVERIES } from "../../support/webhooks.js";

interface Delivery {
  path: string;
  raw: string;
  signature: string;
  verified: boolean;
  payload: any;
  headers: Record<string, string | string[] | undefined>;
  at: number;
}

/** The platform's consumer: verifies the signature over the raw bytes, then parses them. */
async function startConsumer() {
  const state = {
    secret: "",
    deliveries: [] as Delivery[],
    /** Per path, the answers to give in turn (then 200). */
    answers: new Map<string, { status: number; headers?: Record<string, string> }[]>(),
  };
  const app = express();
  app.post(/.*/, express.raw({ type: "*/*" }), (req, res) => {
    const rawBody = req.body as Buffer;
    const signature = String(req.get("X-Loop-Signature") ?? "");
    const expected = createHmac("sha256", state.secret).update(rawBody).digest("base64");
    state.deliveries.push({
      path: req.path,
      raw: rawBody.toString("utf8"),
      signature,
      verified: signature === expected,
      payload: JSON.parse(rawBody.toString("utf8")),
      headers: req.headers,
      at: Date.now(),
    });
    const next = state.answers.get(req.path)?.shift();
    res
      .status(next?.status ?? 200)
      .set(next?.headers ?? {})
      .send("ok");
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { state, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(providers)("the warehouse platform's webhooks (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let key: string;
  let consumer: Awaited<ReturnType<typeof startConsumer>>;
  let api: ReturnType<typeof hooksClient>;

  function hooksClient(secret: string) {
    const headers = { "x-authorization": secret };
    return {
      list: () => svc.http.get("/api/v1/webhooks", { headers }),
      create: (body: unknown) => svc.http.post("/api/v1/webhooks", body, { headers }),
      update: (id: number | string, body: unknown) => svc.http.put(`/api/v1/webhooks/${id}`, body, { headers }),
      remove: (id: number | string) => svc.http.delete(`/api/v1/webhooks/${id}`, { headers }),
    };
  }
  const gql = (query: string, variables: Record<string, unknown> = {}) => svc.http.graphql(query, variables, key);
  const at = (path: string) => consumer.state.deliveries.filter((d) => d.path === path);
  const waitFor = (cond: () => boolean, timeout = 15_000) => expect.poll(cond, { timeout, interval: 20 }).toBe(true);

  /** A return through REST, its items' reason holding a slash and non-ASCII text. */
  async function newReturn() {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const order = await pushOrder(svc.http, storeId, key, {
      id: `W-${tag}`,
      name: `#${Math.floor(Math.random() * 1e6)}`,
      lines: [{ id: `W-${tag}-1`, quantity: 2, price: "40.00" }],
    });
    const body = returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]);
    body.data.items = body.data.items.map((i: any) => ({ ...i, reason: "Too big / trop étroit" }));
    const res = await svc.http.post(`/v2.2/stores/${storeId}/returns`, body, { token: key });
    expect(res.status, res.text).toBe(201);
    const g = await gql(`query($id: ID!) { return(id: $id) { compatId } }`, { id: res.body.return.id });
    return { id: res.body.return.id as string, compatId: g.data.return.compatId as number };
  }

  beforeAll(async () => {
    svc = await startTestService(provider, {
      WEBHOOK_LOOP_RETRY_SCHEDULE: "150ms,150ms,150ms,150ms,150ms",
      WEBHOOK_POLL_INTERVAL: "30ms",
    });
    storeId = (await svc.createStore("Webhook store")).id;
    key = (await svc.createApiClient(storeId, "all")).secret;
    api = hooksClient(key);
    consumer = await startConsumer();
  });
  afterAll(async () => {
    await consumer?.close();
    await svc?.close();
  });

  it("PD's flow: a new subscription is inactive and sent nothing; activated, it is sent; deleted, nothing more", async () => {
    const created = await api.create({ url: `${consumer.url}/pd`, topic: "return", trigger: "return.created" });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ topic: "return", trigger: "return.created", url: `${consumer.url}/pd`, status: "inactive" });
    expect(Number.isInteger(created.body.id) && Number.isInteger(created.body.shop_id)).toBe(true);
    const id = created.body.id;
    // Deliveries need the store's secret: shown once, here the first time.
    const reveal = await gql(`mutation($s: ID!) { revealWarehouseSigningSecret(storeId: $s) { secret hint } }`, { s: storeId });
    consumer.state.secret = reveal.data.revealWarehouseSigningSecret.secret;

    const before = await newReturn();
    const webhook = (await gql(`query($s: ID!) { warehouseWebhooks(storeId: $s) { id platformId } }`, { s: storeId })).data
      .warehouseWebhooks[0];
    expect(webhook.platformId).toBe(id);
    expect(await svc.services.db.prisma.webhookDelivery.count({ where: { webhookId: webhook.id } })).toBe(0);

    const activate = await api.update(id, { url: `${consumer.url}/pd`, topic: "return", trigger: "return.created", status: "active" });
    expect(activate.status).toBe(204);
    expect(activate.text).toBe("");
    const listed = await api.list();
    expect(listed.status).toBe(200);
    expect(listed.body.webhooks).toEqual([{ ...created.body, status: "active" }]);

    const after = await newReturn();
    await waitFor(() => at("/pd").length === 1);
    const d = at("/pd")[0];
    expect(d.verified).toBe(true);
    // Activating does not backfill: only the return created after it.
    expect(d.payload).toMatchObject({ topic: "return", trigger: "return.created", id: String(after.compatId), state: "open" });
    expect(before.compatId).not.toBe(after.compatId);

    expect((await api.remove(id)).status).toBe(204);
    const afterRemoval = await newReturn();
    // Deliveries are queued in the change's own transaction (before its 201): none for a removed subscription.
    expect(await svc.services.db.prisma.webhookDelivery.count({ where: { storeId, subjectId: afterRemoval.id, format: "loop" } })).toBe(0);
    expect(at("/pd")).toHaveLength(1);
    expect((await api.list()).body.webhooks).toEqual([]);
    for (const res of [
      await api.remove(id),
      await api.update(id, { url: `${consumer.url}/x`, topic: "return", trigger: "return.created" }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ errors: { code: "NOT_FOUND" } });
    }
    expect((await api.remove("abc")).status).toBe(404);
  });

  it("names every bad field in the 422, in the Laravel envelope; PUT needs topic, trigger and url again", async () => {
    const bad = await api.create({ topic: "restock", trigger: "restock.requested", url: "ftp://example.com/x", status: "paused" });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["status", "topic", "trigger", "url"]);
    expect(bad.body.errors.topic[0]).toBe(
      "Must be one of the following values:return,return.processing,label (topic restock is not sent by Retour)",
    );
    expect(bad.body.message).toBe(bad.body.errors.topic[0]);
    const missing = await api.create({});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(["topic", "trigger", "url"]);
    expect(missing.body.errors.url[0]).toMatch(/required/);
    const typed = await api.create({ topic: 5, trigger: "return.created", url: `${consumer.url}/t` });
    expect(typed.status).toBe(422);
    expect(typed.body.errors.topic).toBeDefined();
    const made = await api.create({ topic: "return", trigger: "return.updated", url: `${consumer.url}/t` });
    const put = await api.update(made.body.id, { status: "active" });
    expect(put.status).toBe(422);
    expect(Object.keys(put.body.errors).sort()).toEqual(["topic", "trigger", "url"]);
    expect((await api.remove(made.body.id)).status).toBe(204);
  });

  it("answers 401 and 403 as the door does (the platform's Developer Tools scope is webhooks_read / webhooks_write)", async () => {
    expect((await svc.http.get("/api/v1/webhooks")).status).toBe(401);
    expect((await hooksClient("nope").list()).body).toEqual({
      error: { code: "401", http_code: "GEN-UNAUTHORIZED", message: "Unauthorized." },
    });
    const readOnly = hooksClient((await svc.createApiClient(storeId, ["webhooks_read"])).secret);
    expect((await readOnly.list()).status).toBe(200);
    const refused = await readOnly.create({ topic: "return", trigger: "return.created", url: `${consumer.url}/r` });
    expect(refused.status).toBe(403);
    expect((await hooksClient((await svc.createApiClient(storeId, ["returns_read"])).secret).list()).status).toBe(403);
    // Unknown paths beside it still answer as before.
    expect((await svc.http.get("/api/v1/nothing-here")).status).toBe(404);
  });

  it("fires created, updated and closed as specified, in order per return, with §3.1's fields and types", async () => {
    for (const trigger of ["return.created", "return.updated", "return.closed"]) {
      const res = await api.create({ topic: "return", trigger, url: `${consumer.url}/${trigger}`, status: "active" });
      expect(res.status).toBe(200);
    }
    const ret = await newReturn();
    const compat = compatClient(svc, key);
    expect((await compat.post(`/return/${ret.compatId}/flag`)).status).toBe(200);
    expect((await compat.post(`/return/${ret.compatId}/close`)).body).toBe(true);
    await waitFor(() => at("/return.updated").length >= 2 && at("/return.closed").length === 1 && at("/return.created").length >= 1);
    const mine = (path: string) => at(path).filter((d) => d.payload.id === String(ret.compatId));
    expect(mine("/return.created").map((d) => d.payload.state)).toEqual(["open"]);
    expect(mine("/return.updated").map((d) => d.payload.state)).toEqual(["open", "closed"]);
    expect(mine("/return.closed").map((d) => [d.payload.trigger, d.payload.state])).toEqual([["return.closed", "closed"]]);
    for (const d of consumer.state.deliveries) {
      expect(d.verified, d.raw).toBe(true);
      // The platform's headers only.
      expect(d.headers["content-type"]).toBe("application/json");
      expect(Object.keys(d.headers).filter((h) => h.startsWith("webhook-") || h.startsWith("x-retour") || h === "authorization")).toEqual(
        [],
      );
      compatValidator.checkEvent(d.payload.topic, d.payload);
    }
    const p = mine("/return.created")[0].payload;
    expect(Object.keys(p).slice(0, 8)).toEqual(["topic", "trigger", "shop_id", "id", "state", "created_at", "edited_at", "total"]);
    expect(typeof p.shop_id).toBe("number");
    expect(p.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expect(p.updated_at).toMatch(/\+00:00$/);
    expect(p.edited_at).toBeNull();
    expect(p.total).toMatch(/^\d+\.\d{2}$/);
    expect(typeof p.order_id).toBe("string");
    expect(typeof p.provider_order_number).toBe("number");
    expect(p.customer_detail).toHaveProperty("email");
    expect(p.address).toMatchObject({ city: "Springfield", zip: "62701", country_code: "US" });
    expect(p.refunds).toEqual([]);
    expect(p.carrier).toBe("N/A");
    expect(p.line_items[0]).toMatchObject({ return_reason: "Too big / trop étroit", price: "40.00" });
    expect(typeof p.line_items[0].line_item_id).toBe("string");
    expect(p.line_items[0].returned_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The raw bytes are PHP's: slashes and non-ASCII escaped, no whitespace.
    const raw = mine("/return.created")[0].raw;
    expect(raw).toContain("Too big \\/ trop \\u00e9troit");
    expect(/[^\x20-\x7e]/.test(raw)).toBe(false);
    expect(raw.startsWith('{"topic":"return","trigger":"return.created","shop_id":')).toBe(true);
  });

  it("sends return.processing.failed when processing a return through the compat door fails; the return stays open", async () => {
    const made = await api.create({
      topic: "return.processing",
      trigger: "return.processing.failed",
      url: `${consumer.url}/failed`,
      status: "active",
    });
    expect(made.status).toBe(200);
    const ret = await newReturn();
    // The processing's write is refused by the database (as a failing refund step would fail it).
    const prisma = svc.services.db.prisma;
    if (provider === "sqlite") {
      await prisma.$executeRawUnsafe(
        `CREATE TRIGGER fail_processing BEFORE UPDATE ON "ReturnItem" WHEN OLD."returnId" = '${ret.id}' BEGIN SELECT RAISE(ABORT, 'processing failed'); END`,
      );
    } else {
      await prisma.$executeRawUnsafe(
        `CREATE FUNCTION fail_processing() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'processing failed'; END $$ LANGUAGE plpgsql`,
      );
      await prisma.$executeRawUnsafe(
        `CREATE TRIGGER fail_processing BEFORE UPDATE ON "ReturnItem" FOR EACH ROW WHEN (OLD."returnId" = '${ret.id}') EXECUTE FUNCTION fail_processing()`,
      );
    }
    try {
      const res = await compatClient(svc, key).post(`/return/${ret.compatId}/process`);
      expect(res.status).toBe(500);
    } finally {
      await prisma.$executeRawUnsafe(
        provider === "sqlite" ? "DROP TRIGGER fail_processing" : `DROP TRIGGER fail_processing ON "ReturnItem"`,
      );
    }
    await waitFor(() => at("/failed").length === 1);
    const d = at("/failed")[0];
    expect(d.verified).toBe(true);
    expect(d.raw).toBe(
      `{"topic":"return.processing","trigger":"return.processing.failed","return_id":${ret.compatId},"return_state":"open","message":"Something went wrong during processing","source":"warehouse"}`,
    );
    const status = (await gql(`query($id: ID!) { return(id: $id) { status } }`, { id: ret.id })).data.return.status;
    expect(status).toBe("open");
    // A successful processing fires nothing on this topic.
    const ok = await newReturn();
    expect((await compatClient(svc, key).post(`/return/${ok.compatId}/process`)).body).toBe(true);
    // A failure is recorded (and its delivery queued) before the answer: none for the successful one.
    expect(await svc.services.db.prisma.webhookDelivery.count({ where: { storeId, type: "return.processing.failed" } })).toBe(1);
    expect(at("/failed")).toHaveLength(1);
  });

  it("retries 429 after its Retry-After, gives up above 1800 s, does not retry a 400, stops after 6 attempts", async () => {
    const paths = ["/retry-after", "/give-up", "/bad-request", "/down"];
    consumer.state.answers.set("/retry-after", [{ status: 429, headers: { "Retry-After": "1" } }]);
    consumer.state.answers.set("/give-up", [{ status: 503, headers: { "Retry-After": "1801" } }]);
    consumer.state.answers.set("/bad-request", [{ status: 400 }]);
    consumer.state.answers.set(
      "/down",
      Array.from({ length: 10 }, () => ({ status: 500 })),
    );
    const ids: Record<string, string> = {};
    for (const path of paths) {
      const res = await api.create({ topic: "return", trigger: "return.created", url: `${consumer.url}${path}`, status: "active" });
      const w = (await gql(`query($s: ID!) { warehouseWebhooks(storeId: $s) { id platformId } }`, { s: storeId })).data.warehouseWebhooks;
      ids[path] = w.find((x: { platformId: number }) => x.platformId === res.body.id).id;
    }
    await newReturn();
    const log = async (path: string) => (await gql(DELIVERIES, { id: ids[path] })).data.webhookDeliveries.nodes;
    await expect.poll(async () => (await log("/retry-after"))[0]?.status, { timeout: 15_000 }).toBe("delivered");
    const [first, second] = at("/retry-after");
    expect(second.at - first.at).toBeGreaterThanOrEqual(900);
    expect(second.raw).toBe(first.raw);
    await expect.poll(async () => (await log("/down"))[0]?.status, { timeout: 15_000 }).toBe("discarded");
    expect(at("/down")).toHaveLength(6);
    expect(new Set(at("/down").map((d) => d.raw)).size).toBe(1);
    for (const path of ["/give-up", "/bad-request"]) {
      await expect.poll(async () => (await log(path))[0]?.status, { timeout: 15_000 }).toBe("discarded");
      expect(at(path)).toHaveLength(1);
    }
    const down = (await log("/down"))[0];
    expect(down.type).toBe("return.created");
    expect(down.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 500, 500, 500, 500]);
    for (const path of paths)
      await api.remove(
        Number((await gql(`query($id: ID!) { webhook(id: $id) { platformId } }`, { id: ids[path] })).data.webhook.platformId),
      );
  });

  it("sends a subscription switched off nothing more: what it had queued is discarded, and logged as such", async () => {
    consumer.state.answers.set("/paused", [{ status: 503, headers: { "Retry-After": "2" } }]);
    const made = await api.create({ topic: "return", trigger: "return.created", url: `${consumer.url}/paused`, status: "active" });
    const webhookId = (
      await gql(`query($s: ID!) { warehouseWebhooks(storeId: $s) { id platformId } }`, { s: storeId })
    ).data.warehouseWebhooks.find((w: { platformId: number }) => w.platformId === made.body.id).id;
    await newReturn();
    await waitFor(() => at("/paused").length === 1);
    const off = await api.update(made.body.id, {
      topic: "return",
      trigger: "return.created",
      url: `${consumer.url}/paused`,
      status: "inactive",
    });
    expect(off.status).toBe(204);
    await newReturn(); // queued nothing: the subscription is inactive
    const log = async () => (await gql(DELIVERIES, { id: webhookId })).data.webhookDeliveries.nodes;
    await expect.poll(async () => (await log()).map((d: { status: string }) => d.status), { timeout: 10_000 }).toEqual(["discarded"]);
    const [d] = await log();
    expect(d.attempts.map((a: { statusCode: number | null; error: string | null }) => [a.statusCode, a.error])).toEqual([
      [503, "HTTP 503"],
      [null, "the webhook is inactive"],
    ]);
    expect(at("/paused")).toHaveLength(1);
    expect((await api.remove(made.body.id)).status).toBe(204);
  });

  it("replays and retries a loop webhook's deliveries byte for byte; a rotated secret signs the next attempt", async () => {
    const made = await api.create({ topic: "return", trigger: "return.created", url: `${consumer.url}/replay`, status: "active" });
    const webhookId = (
      await gql(`query($s: ID!) { warehouseWebhooks(storeId: $s) { id platformId } }`, { s: storeId })
    ).data.warehouseWebhooks.find((w: { platformId: number }) => w.platformId === made.body.id).id;
    const start = new Date(Date.now() - 1000).toISOString();
    const ret = await newReturn();
    await waitFor(() => at("/replay").length === 1);
    const original = at("/replay")[0];
    // Replay skips events still waiting to be sent to the webhook: let the outcome be recorded first.
    const statuses = async () =>
      (await gql(DELIVERIES, { id: webhookId })).data.webhookDeliveries.nodes.map((d: { status: string }) => d.status);
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(["delivered"]);

    const replay = await gql(`mutation($id: ID!, $start: DateTime!) { replayWebhook(id: $id, start: $start) { deliveriesQueued } }`, {
      id: webhookId,
      start,
    });
    expect(replay.data.replayWebhook.deliveriesQueued).toBe(1);
    await waitFor(() => at("/replay").length === 2);
    expect(at("/replay")[1].raw).toBe(original.raw);
    expect(at("/replay")[1].payload.id).toBe(String(ret.compatId));

    const rotated = await gql(`mutation($s: ID!) { rotateWarehouseSigningSecret(storeId: $s) { secret } }`, { s: storeId });
    consumer.state.secret = rotated.data.rotateWarehouseSigningSecret.secret;
    await new Promise((r) => setTimeout(r, 1100)); // the dispatcher's webhook cache holds a secret for a second
    const log = (await gql(DELIVERIES, { id: webhookId })).data.webhookDeliveries.nodes;
    expect(log.map((d: { type: string; status: string }) => [d.type, d.status])).toEqual([
      ["return.created", "delivered"],
      ["return.created", "delivered"],
    ]);
    const retried = await gql(`mutation($id: ID!) { retryWebhookDelivery(id: $id) { id type } }`, { id: log[1].id });
    expect(retried.data.retryWebhookDelivery.type).toBe("return.created");
    await waitFor(() => at("/replay").length === 3);
    const third = at("/replay")[2];
    expect(third.raw).toBe(original.raw);
    expect(third.verified).toBe(true);
    expect(third.signature).not.toBe(original.signature);
  });
});
