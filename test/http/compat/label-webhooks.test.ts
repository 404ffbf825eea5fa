// The warehouse platform's `label` topic and the return's `status_page_url`, through the real doors on both
// databases: subscriptions made on the compat door (/api/v1/webhooks), a prepaid label issued by the
// merchant's mutation fires `label.created`, the parcel delivered fires `label.updated` (reference §3.3),
// each signed as the platform signs and valid against the door's document; the topics Retour has no facts
// for are still refused. `status_page_url` is the shopper's status link (from PUBLIC_URL) on the door's
// details and in the `return` topic's payload, and it opens that return's status page.
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
import { seedPortal } from "../../../src/portal/seed.js";

const PUBLIC_URL = "https://returns.example.test";

interface Delivery {
  path: string;
  raw: string;
  verified: boolean;
  payload: any;
}

/** The platform's consumer: verifies X-Loop-Signature over the raw bytes, then parses them. */
async function startConsumer() {
  const state = { secret: "", deliveries: [] as Delivery[] };
  const app = express();
  app.post(/.*/, express.raw({ type: "*/*" }), (req, res) => {
    const raw = (req.body as Buffer).toString("utf8");
    const expected = createHmac("sha256", state.secret)
      .update(req.body as Buffer)
      .digest("base64");
    state.deliveries.push({ path: req.path, raw, verified: req.get("X-Loop-Signature") === expected, payload: JSON.parse(raw) });
    res.status(200).send("ok");
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { state, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(providers)("the warehouse platform's label topic and status_page_url (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let key: string;
  let handle: string;
  let consumer: Awaited<ReturnType<typeof startConsumer>>;
  const headers = () => ({ "x-authorization": key });
  const subscribe = (body: unknown) => svc.http.post("/api/v1/webhooks", body, { headers: headers() });
  const gql = (query: string, variables: Record<string, unknown> = {}) => svc.http.graphql(query, variables, key);
  const at = (path: string) => consumer.state.deliveries.filter((d) => d.path === path);
  const waitFor = (cond: () => boolean) => expect.poll(cond, { timeout: 15_000, interval: 20 }).toBe(true);

  async function newReturn() {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const order = await pushOrder(svc.http, storeId, key, {
      id: `L-${tag}`,
      name: `#${Math.floor(Math.random() * 1e6)}`,
      lines: [{ id: `L-${tag}-1`, quantity: 1, price: "40.00" }],
    });
    const res = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]),
      { token: key },
    );
    expect(res.status, res.text).toBe(201);
    const g = await gql(`query($id: ID!) { return(id: $id) { compatId } }`, { id: res.body.return.id });
    return { id: res.body.return.id as string, compatId: g.data.return.compatId as number, order };
  }

  beforeAll(async () => {
    svc = await startTestService(provider, { PUBLIC_URL, WEBHOOK_POLL_INTERVAL: "30ms" });
    storeId = (await svc.createStore("Label store")).id;
    key = (await svc.createApiClient(storeId, "all")).secret;
    ({ handle } = (await seedPortal(svc.services, storeId)).portal);
    consumer = await startConsumer();
    const reveal = await gql(`mutation($s: ID!) { revealWarehouseSigningSecret(storeId: $s) { secret } }`, { s: storeId });
    expect(reveal.errors, JSON.stringify(reveal.errors)).toBeUndefined();
    consumer.state.secret = reveal.data.revealWarehouseSigningSecret.secret;
  });
  afterAll(async () => {
    await consumer?.close();
    await svc?.close();
  });

  it("accepts the label topic's triggers and still refuses the topics Retour has no facts for", async () => {
    for (const trigger of ["label.created", "label.updated"]) {
      const res = await subscribe({ topic: "label", trigger, url: `${consumer.url}/${trigger}`, status: "active" });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ topic: "label", trigger, status: "active" });
    }
    const listed = await svc.http.get("/api/v1/webhooks", { headers: headers() });
    expect(listed.body.webhooks.map((w: { trigger: string }) => w.trigger)).toEqual(["label.created", "label.updated"]);
    for (const [topic, trigger] of [
      ["restock", "restock.requested"],
      ["label.request", "label.request.issued"],
      ["giftcard", "giftcard.requested"],
      ["happy.returns.shipment", "shipment.processed"],
    ]) {
      const refused = await subscribe({ topic, trigger, url: `${consumer.url}/no` });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.topic[0]).toBe(
        `Must be one of the following values:return,return.processing,label (topic ${topic} is not sent by Retour)`,
      );
    }
  });

  it("sends label.created when a label is issued and label.updated when its parcel is delivered, signed, with §3.3's fields", async () => {
    const ret = await newReturn();
    const issued = await gql(
      `mutation($id: ID!) { createReturnShipping(returnId: $id, method: prepaid_label) { carrier trackingNumber } }`,
      { id: ret.id },
    );
    expect(issued.errors, JSON.stringify(issued.errors)).toBeUndefined();
    const { carrier, trackingNumber } = issued.data.createReturnShipping;
    const mine = (path: string) => at(path).filter((d) => d.payload.id === String(ret.compatId));
    await waitFor(() => mine("/label.created").length === 1);
    const created = mine("/label.created")[0];
    expect(created.verified, created.raw).toBe(true);
    expect(created.raw.startsWith('{"topic":"label","trigger":"label.created","shop_id":')).toBe(true);
    compatValidator.checkEvent("label", created.payload);
    expect(created.payload).toMatchObject({
      id: String(ret.compatId),
      provider_order_id: ret.order.externalId,
      carrier,
      tracking_number: trackingNumber,
      label_status: "pre_transit",
    });
    expect(typeof created.payload.shop_id).toBe("number");
    expect(created.payload.shipment_id).toMatch(/^shp_/);
    expect(created.payload.label_updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);

    // The parcel arrives: its label's status moves with it.
    const delivered = await svc.http.put(`/v2.2/returns/${ret.id}/status`, { status: "delivered" }, { token: key });
    expect(delivered.status, delivered.text).toBe(204);
    await waitFor(() => mine("/label.updated").length === 1);
    const updated = mine("/label.updated")[0];
    expect(updated.verified).toBe(true);
    compatValidator.checkEvent("label", updated.payload);
    expect(updated.payload).toMatchObject({ trigger: "label.updated", label_status: "delivered", tracking_number: trackingNumber });
    // Each subscription got exactly its own trigger.
    expect(mine("/label.created").map((d) => d.payload.trigger)).toEqual(["label.created"]);
  });

  it("fills status_page_url with the return's status link, on the door's details and in the return topic's payload", async () => {
    const made = await subscribe({ topic: "return", trigger: "return.created", url: `${consumer.url}/return.created`, status: "active" });
    expect(made.status).toBe(200);
    const ret = await newReturn();
    const details = await compatClient(svc, key).get(`/return/details?return_id=${ret.compatId}`);
    expect(details.status, details.text).toBe(200);
    const url: string = details.body.status_page_url;
    expect(url.startsWith(`${PUBLIC_URL}/portal/${handle}/returns/`)).toBe(true);
    // The link opens this return's status page (its token is signed, derived from the id: nothing stored).
    const token = decodeURIComponent(url.split("/returns/")[1]!);
    const page = await svc.http.graphql(`query($h: String!, $t: String!) { returnStatusPage(handle: $h, token: $t) { returnNumber } }`, {
      h: handle,
      t: token,
    });
    expect(page.data.returnStatusPage).toEqual({ returnNumber: `R${ret.compatId}` });
    await waitFor(() => at("/return.created").some((d) => d.payload.id === String(ret.compatId)));
    const hook = at("/return.created").find((d) => d.payload.id === String(ret.compatId))!;
    expect(hook.verified).toBe(true);
    expect(hook.payload.status_page_url).toBe(url);
    // The PHP-style bytes escape the link's slashes, as the platform's do.
    expect(hook.raw).toContain(`"status_page_url":"${url.replace(/\//g, "\\/")}"`);
  });
});
