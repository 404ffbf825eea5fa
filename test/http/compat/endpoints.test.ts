// Every compat endpoint × every way of naming a return × every refusal, with exact statuses and
// bodies (responses are also validated against the compat OpenAPI document by the HTTP client).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import {
  DETAILS_NOT_FOUND,
  NAMINGS,
  NOT_FOUND,
  UNKNOWN_NAMINGS,
  W,
  compatClient,
  compatReturn,
  statusOf,
  unprocessable,
  type CompatFixture,
} from "../../support/compat.js";

describe.each(providers)("compat endpoints (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let c: ReturnType<typeof compatClient>;
  const fresh = (opts: Parameters<typeof compatReturn>[3] = {}) => compatReturn(svc, storeId, secret, opts);
  const at = (f: CompatFixture, naming: (typeof NAMINGS)[number][1], action: string, extra = "") => {
    const { id, query } = naming(f);
    const q = [query, extra].filter(Boolean).join("&");
    return `/return/${id}/${action}${q ? `?${q}` : ""}`;
  };

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Compat store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    c = compatClient(svc, secret);
  });
  afterAll(() => svc?.close());

  describe("details", () => {
    it.each(NAMINGS)("finds the return by %s", async (_label, naming) => {
      const f = await fresh();
      const { id, query } = naming(f);
      const q = id === "0" ? query : `return_id=${id}`;
      const res = await c.get(`/return/details?${q}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: f.compatId,
        service_id: f.id,
        state: "open",
        order_name: f.orderName,
        provider_order_id: f.orderExternalId,
        order_id: f.orderInternalId,
      });
    });

    it("renders the platform's ReturnDetails: numbers and strings, money with two places, its timestamp format", async () => {
      const f = await fresh();
      const res = await c.get(`/return/details?return_id=${f.compatId}&currency_type=shop`);
      expect(res.status).toBe(200);
      const r = res.body;
      expect(typeof r.id).toBe("number");
      expect(r.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(r).toMatchObject({
        currency: "USD",
        customer: "ada@example.test",
        origin_country: "United States",
        origin_country_code: "US",
        multi_currency: false,
        outcome: "refund",
        return_product_total: "80.00",
        return_tax_total: "2.00",
        return_total: "82.00",
        total: "82.00",
        refund: "82.00",
        gift_card: "0.00",
        exchange: "0.00",
        edited_at: null,
        type: "standard",
        labels: [],
        exchanges: [],
        refunds: [],
      });
      expect(r.line_items.map((l: any) => l.line_item_id)).toEqual(f.itemIds);
      expect(r.line_items.map((l: any) => l.provider_line_item_id)).toEqual(f.lineItemIds);
      expect(r.line_items[0]).toMatchObject({
        title: "Product 1",
        sku: "SKU-1",
        price: "40.00",
        tax: "1.00",
        refund: "41.00",
        refund_item: "40.00",
        refund_tax: "1.00",
        outcome: "default",
        return_reason: "Too big",
        variant_title: "Variant 1",
      });
    });

    it.each(UNKNOWN_NAMINGS)("answers 200 with the not-found body for %s", async (_label, naming) => {
      const q = naming.id === "0" ? naming.query : `return_id=${naming.id}`;
      const res = await c.get(`/return/details${q ? `?${q}` : ""}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(DETAILS_NOT_FOUND);
    });

    it("refuses an unknown currency_type with the 422 envelope", async () => {
      const f = await fresh();
      const res = await c.get(`/return/details?return_id=${f.compatId}&currency_type=euro`);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        message: "The selected currency type is invalid: use shop or presentment.",
        errors: { currency_type: ["The selected currency type is invalid: use shop or presentment."] },
      });
    });

    it("an order with several returns gives the newest one that is not cancelled (and the newest when all are)", async () => {
      const first = await fresh();
      const second = await fresh({ existing: first });
      expect(second.compatId).toBeGreaterThan(first.compatId);
      const byName = () => c.get(`/return/details?order_name=${encodeURIComponent(first.orderName)}`);
      expect((await byName()).body.service_id).toBe(second.id);
      expect((await c.post(`/return/${second.compatId}/cancel`)).body).toBe(true);
      expect((await byName()).body.service_id).toBe(first.id);
      expect((await c.post(`/return/${first.compatId}/cancel`)).body).toBe(true);
      expect((await byName()).body).toMatchObject({ service_id: second.id, state: "cancelled" });
    });
  });

  describe("actions by every naming", () => {
    it.each(NAMINGS)("process by %s → true, then closed", async (_l, naming) => {
      const f = await fresh();
      const res = await c.post(at(f, naming, "process"), { warehouse: "WH-1", bin: 7 });
      expect(res.status).toBe(200);
      expect(res.text).toBe("true");
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await statusOf(svc, secret, f.id)).toBe("complete");
    });
    it.each(NAMINGS)("flag by %s → true, still open on this door", async (_l, naming) => {
      const f = await fresh();
      expect((await c.post(at(f, naming, "flag"))).body).toBe(true);
      expect(await statusOf(svc, secret, f.id)).toBe("flagged");
      expect((await c.get(`/return/details?return_id=${f.compatId}`)).body.state).toBe("open");
    });
    it.each(NAMINGS)("close by %s → true (our reject)", async (_l, naming) => {
      const f = await fresh();
      expect((await c.post(at(f, naming, "close"))).body).toBe(true);
      expect(await statusOf(svc, secret, f.id)).toBe("rejected");
      expect((await c.get(`/return/details?return_id=${f.compatId}`)).body.state).toBe("closed");
    });
    it.each(NAMINGS)("cancel by %s → true (our reset)", async (_l, naming) => {
      const f = await fresh();
      expect((await c.post(at(f, naming, "cancel"))).body).toBe(true);
      expect(await statusOf(svc, secret, f.id)).toBe("deleted");
      expect((await c.get(`/return/details?return_id=${f.compatId}`)).body.state).toBe("cancelled");
    });
    it.each(NAMINGS)("remove by %s → true; the rest is processed", async (_l, naming) => {
      const f = await fresh();
      const res = await c.post(at(f, naming, "remove", `line_item_id=${f.itemIds[0]}`));
      expect(res.status).toBe(200);
      expect(res.body).toBe(true);
      const d = (await c.get(`/return/details?return_id=${f.compatId}`)).body;
      expect(d.state).toBe("closed");
      expect(d.line_items.map((l: any) => l.line_item_id)).toEqual([f.itemIds[1]]);
      expect(d.edited_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });
    it.each(NAMINGS)("note and notes by %s", async (_l, naming) => {
      const f = await fresh();
      expect((await c.post(at(f, naming, "note"), { content: "Box dented" })).body).toBe(true);
      const notes = await c.get(at(f, naming, "notes"));
      expect(notes.status).toBe(200);
      expect(notes.body).toEqual([
        { id: 1, content: "Box dented", created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) },
      ]);
    });
  });

  describe("unknown returns", () => {
    const actions = ["process", "flag", "close", "cancel", "remove", "note"];
    it.each(UNKNOWN_NAMINGS)("every action and notes answer 200 with the not-found body for %s", async (_label, naming) => {
      for (const action of actions) {
        const extra = action === "remove" ? "line_item_id=1" : "";
        const q = [naming.query, extra].filter(Boolean).join("&");
        const res = await c.post(`/return/${naming.id}/${action}${q ? `?${q}` : ""}`, action === "note" ? { content: "x" } : undefined);
        expect(res.status, action).toBe(200);
        expect(res.body, action).toEqual(NOT_FOUND);
      }
      const notes = await c.get(`/return/${naming.id}/notes${naming.query ? `?${naming.query}` : ""}`);
      expect(notes.status).toBe(200);
      expect(notes.body).toEqual(NOT_FOUND);
    });
    it("another store's return is not found", async () => {
      const other = await svc.createStore();
      const otherKey = (await svc.createApiClient(other.id, "all")).secret;
      const f = await fresh();
      const o = compatClient(svc, otherKey);
      expect((await o.get(`/return/details?return_id=${f.compatId}`)).body).toEqual(DETAILS_NOT_FOUND);
      expect((await o.post(`/return/${f.compatId}/close`)).body).toEqual(NOT_FOUND);
      expect((await o.get(`/return/0/notes?service_return_id=${f.id}`)).body).toEqual(NOT_FOUND);
      expect(await statusOf(svc, secret, f.id)).toBe("open");
    });
  });

  describe("refusals", () => {
    async function inState(state: "flagged" | "closed" | "cancelled" | "review" | "complete") {
      const f = await fresh();
      if (state === "flagged") expect((await c.post(`/return/${f.compatId}/flag`)).body).toBe(true);
      if (state === "closed") expect((await c.post(`/return/${f.compatId}/close`)).body).toBe(true);
      if (state === "complete") expect((await c.post(`/return/${f.compatId}/process`)).body).toBe(true);
      if (state === "cancelled") expect((await c.post(`/return/${f.compatId}/cancel`)).body).toBe(true);
      if (state === "review") {
        const res = await svc.http.post(
          `/v2.2/returns/${f.id}/process`,
          { products: [{ _id: f.itemIds[0], processInput: { restock: true } }] },
          { token: secret },
        );
        expect(res.status, res.text).toBeLessThan(300);
        expect(await statusOf(svc, secret, f.id)).toBe("in_review");
      }
      return f;
    }
    const expectRefusal = async (f: CompatFixture, action: string, body: unknown, status = 200) => {
      const before = await statusOf(svc, secret, f.id);
      const res = await c.post(`/return/${f.compatId}/${action}`);
      expect(res.status, `${action}: ${res.text}`).toBe(status);
      expect(res.body).toEqual(body);
      expect(await statusOf(svc, secret, f.id)).toBe(before);
    };

    it("process", async () => {
      await expectRefusal(await inState("flagged"), "process", unprocessable("open", "UNPROCESSABLE_FLAGGED_RETURN"));
      await expectRefusal(await inState("cancelled"), "process", { message: "Return is cancelled and therefore cannot be processed." });
      await expectRefusal(await inState("closed"), "process", unprocessable("closed"));
      await expectRefusal(await inState("complete"), "process", unprocessable("closed"));
      await expectRefusal(await inState("review"), "process", { message: "Return is review and therefore cannot be processed." });
    });
    it("process of a flagged return when the store allows it", async () => {
      const f = await inState("flagged");
      await svc.services.db.prisma.store.update({ where: { id: storeId }, data: { allowFlaggedReturnProcessing: true } });
      try {
        expect((await c.post(`/return/${f.compatId}/process`)).body).toBe(true);
        expect(await statusOf(svc, secret, f.id)).toBe("complete");
      } finally {
        await svc.services.db.prisma.store.update({ where: { id: storeId }, data: { allowFlaggedReturnProcessing: false } });
      }
    });
    it("process refuses a body that is not a JSON object, and malformed JSON", async () => {
      const f = await fresh();
      const arr = await c.post(`/return/${f.compatId}/process`, [1]);
      expect(arr.status).toBe(422);
      expect(arr.body).toEqual({
        message: "The additional details must be a JSON object of key/value pairs.",
        errors: { body: ["The additional details must be a JSON object of key/value pairs."] },
      });
      const bad = await svc.http.request("POST", `${W}/return/${f.compatId}/process`, {
        headers: { "x-authorization": secret },
        raw: "{nope",
      });
      expect(bad.status).toBe(422);
      expect(bad.body).toEqual({ message: "The given data was invalid.", errors: { body: ["The request body is not valid JSON."] } });
      expect(await statusOf(svc, secret, f.id)).toBe("open");
    });
    it("flag", async () => {
      await expectRefusal(await inState("closed"), "flag", unprocessable("closed"));
      await expectRefusal(await inState("cancelled"), "flag", unprocessable("cancelled"));
      const flagged = await inState("flagged");
      expect((await c.post(`/return/${flagged.compatId}/flag`)).body).toBe(true); // idempotent
      expect(await statusOf(svc, secret, flagged.id)).toBe("flagged");
      const review = await inState("review");
      expect((await c.post(`/return/${review.compatId}/flag`)).body).toBe(true);
    });
    it("close", async () => {
      await expectRefusal(await inState("cancelled"), "close", { message: "Return is cancelled and therefore cannot be processed." });
      await expectRefusal(await inState("closed"), "close", unprocessable("closed"));
      await expectRefusal(await inState("complete"), "close", unprocessable("closed"));
      const flagged = await inState("flagged");
      expect((await c.post(`/return/${flagged.compatId}/close`)).body).toBe(true);
    });
    it("cancel", async () => {
      await expectRefusal(await inState("flagged"), "cancel", { content: "Return is flagged and cannot be processed." });
      await expectRefusal(await inState("closed"), "cancel", unprocessable("closed"));
      await expectRefusal(await inState("cancelled"), "cancel", unprocessable("cancelled"));
      const review = await inState("review");
      expect((await c.post(`/return/${review.compatId}/cancel`)).body).toBe(true);
    });
    it("remove", async () => {
      const f = await fresh({ lines: 3 });
      const remove = (q: string) => c.post(`/return/${f.compatId}/remove${q}`);
      let res = await remove("");
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: { message: "The line item id field is required." } });
      res = await remove("?line_item_id=nope,other");
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: "There are no line items that qualify for removal" });
      res = await remove(`?line_item_id=${f.itemIds[0]},nope`);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: "Not all line items qualify for removal" });
      expect(await statusOf(svc, secret, f.id)).toBe("open");
      // The order's line-item id (provider_line_item_id) names the item too.
      res = await remove(`?line_item_id=${f.lineItemIds[0]}, ${f.itemIds[1]}`);
      expect(res.body).toBe(true);
      const d = (await c.get(`/return/details?return_id=${f.compatId}`)).body;
      expect(d).toMatchObject({ state: "closed" });
      expect(d.line_items.map((l: any) => l.line_item_id)).toEqual([f.itemIds[2]]);
      for (const s of ["closed", "cancelled", "review", "flagged"] as const) {
        const g = await inState(s);
        const r = await c.post(`/return/${g.compatId}/remove?line_item_id=${g.itemIds[0]}`);
        expect(r.status, s).toBe(422);
        expect(r.body, s).toEqual({ message: "Return cannot be modified." });
      }
    });
    it("remove of every item cancels the return; store-credit items qualify", async () => {
      const f = await fresh({ compensation: "store_credit" });
      expect((await c.post(`/return/${f.compatId}/remove?line_item_id=${f.itemIds.join(",")}`)).body).toBe(true);
      expect(await statusOf(svc, secret, f.id)).toBe("deleted");
      expect((await c.get(`/return/details?return_id=${f.compatId}`)).body.state).toBe("cancelled");
    });
    it("note validation and the empty notes list", async () => {
      const f = await fresh();
      const empty = await c.get(`/return/${f.compatId}/notes`);
      expect(empty.status).toBe(422);
      expect(empty.text).toBe("false");
      const invalid = { errors: { message: "Content is required and must be less than 255 characters." } };
      for (const body of [{}, { content: "" }, { content: "   " }, { content: "x".repeat(255) }, undefined]) {
        const res = await c.post(`/return/${f.compatId}/note`, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body).toEqual(invalid);
      }
      const typed = await c.post(`/return/${f.compatId}/note`, { content: 42 });
      expect(typed.status).toBe(422);
      expect(typed.body).toEqual({
        message: "Content is required and must be less than 255 characters.",
        errors: { content: ["Content is required and must be less than 255 characters."] },
      });
      expect((await c.post(`/return/${f.compatId}/note`, { content: "y".repeat(254) })).body).toBe(true);
      expect((await c.post(`/return/${f.compatId}/note?content=second`)).body).toBe(true);
      // Notes are allowed in every state.
      expect((await c.post(`/return/${f.compatId}/cancel`)).body).toBe(true);
      expect((await c.post(`/return/${f.compatId}/note`, { content: "third" })).body).toBe(true);
      const notes = (await c.get(`/return/${f.compatId}/notes`)).body;
      expect(notes.map((n: any) => [n.id, n.content])).toEqual([
        [1, "y".repeat(254)],
        [2, "second"],
        [3, "third"],
      ]);
    });
  });

  it("compat ids are unique and never reused, also when returns are created concurrently", async () => {
    const made = await Promise.all(Array.from({ length: 8 }, () => fresh({ lines: 1 })));
    const ids = made.map((f) => f.compatId);
    expect(new Set(ids).size).toBe(8);
    for (const id of ids) expect(Number.isInteger(id) && id > 0).toBe(true);
    // Deleting an order (and its returns) does not free its ids: the next return gets a higher one.
    const max = Math.max(...ids);
    const victim = made[made.length - 1];
    expect((await svc.http.delete(`/v2.2/stores/${storeId}/orders/${victim.orderExternalId}`, { token: secret })).status).toBeLessThan(300);
    expect((await fresh({ lines: 1 })).compatId).toBeGreaterThan(max);
    expect((await c.get(`/return/details?return_id=${victim.compatId}`)).body).toEqual(DETAILS_NOT_FOUND);
  });

  it("unknown paths and methods", async () => {
    expect((await c.get("/return/1/nothing")).status).toBe(404);
    const wrong = await c.get(`/return/1/process`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
  });

  it("serves its OpenAPI document without a key, every route in it", async () => {
    const res = await svc.http.get(`${W}/openapi.json`);
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths);
    // The ten warehouse endpoints, the webhooks API's two paths (served at /api/v1) and the Draft Returns API's
    // fifteen (served under each version path).
    expect(paths.filter((p) => !p.startsWith("/draft-returns"))).toHaveLength(12);
    expect(paths.filter((p) => p.startsWith("/draft-returns"))).toHaveLength(15);
    expect(res.body.paths["/webhooks/{id}"].servers).toEqual([{ url: "/api/v1" }]);
    expect(res.body.paths["/draft-returns/{id}/submit"].servers).toContainEqual({ url: "/api/2026-10" });
    expect(res.body.info.description).toContain("most recently created return that is not cancelled");
    const docs = await fetch(`${svc.url}/docs/config.json`).then((r) => r.text());
    expect(docs).toContain("/api/v1/warehouse/openapi.json");
  });
});
