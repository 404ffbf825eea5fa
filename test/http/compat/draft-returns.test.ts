// The platform's Draft Returns API, as a client written from the reference uses it (shopper-returns.md §1):
// initialize, then follow the offered actions by their relation (a `links` array on v1/2026-07, HAL-Forms
// `_links` + `_templates` on 2026-10) through items, outcomes and submit, reading every answer as it comes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { draftOrder, draftPortal, draftStore, type DraftStore } from "../../support/drafts.js";
import { compatDraftsValidators } from "../../support/openapi.js";

const HAL = "application/prs.hal-forms+json";

/** A storefront's client: it knows the relations' names and nothing else of the server. */
class DraftClient {
  token: string | null = null;
  last: any;
  constructor(
    private readonly base: string,
    private readonly key: string,
    private readonly hal: boolean,
  ) {}
  async send(method: string, url: string, body?: unknown, extra: Record<string, string> = {}) {
    const headers: Record<string, string> = { "x-authorization": this.key, ...extra };
    if (this.hal) headers.accept = HAL;
    if (this.token) headers["x-loop-shopper-token"] = this.token;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    const type = res.headers.get("content-type");
    const parsed = text ? JSON.parse(text) : null;
    // Every answer is what the compat door's document says.
    for (const v of compatDraftsValidators) v.check(method, url, res.status, type, parsed);
    return { status: res.status, type, body: parsed };
  }
  async initialize(order_name: string, secondary_input: string) {
    const res = await this.send("POST", `${this.base}/draft-returns`, { order_name, secondary_input, is_gift: false });
    if (res.body?.shopper_token) this.token = res.body.shopper_token;
    this.last = res.body;
    return res;
  }
  /** The action `rel` as the last answer offers it: its method, URL and required fields. */
  action(rel: string): { method: string; href: string; fields: string[]; required: boolean } | null {
    const b = this.last;
    if (this.hal) {
      const t = b._templates?.[rel];
      if (!t) return null;
      return {
        method: t.method,
        href: t.target,
        fields: t.properties.filter((p: any) => p.required).map((p: any) => p.name),
        required: !!t.required,
      };
    }
    const l = b.links?.find((x: any) => x.rel === rel);
    return l
      ? { method: l.method, href: l.href, fields: l.fields.filter((f: any) => f.required).map((f: any) => f.name), required: l.is_required }
      : null;
  }
  async follow(rel: string, values: Record<string, unknown> = {}) {
    const a = this.action(rel);
    if (!a) throw new Error(`no ${rel} offered: ${JSON.stringify(this.last).slice(0, 400)}`);
    const href = a.href.replace(/\{(\w+)\}/g, (_, k) => encodeURIComponent(String(values[k])));
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) if (!a.href.includes(`{${k}}`)) body[k] = v;
    const res = await this.send(a.method, href, a.method === "DELETE" ? undefined : body);
    if (res.status === 200) this.last = res.body;
    return res;
  }
}

describe.each(providers)("Draft Returns API on the compat door (%s)", (provider) => {
  let svc: TestService;
  let s: DraftStore;
  let storefront: string;
  beforeAll(async () => {
    svc = await startTestService(provider);
    s = await draftStore(svc, "Headless shop");
    storefront = (await svc.createApiClient(s.storeId, ["draft_returns_read", "draft_returns_write", "draft_returns_storefront"])).secret;
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("takes a key holding only the two draft scopes, as the platform's docs describe it, as a merchant key: no shopper token, none needed; a second submit answers the same return", async () => {
    const merchantKey = (await svc.createApiClient(s.storeId, ["draft_returns_read", "draft_returns_write"])).secret;
    const order = await draftOrder(svc, s);
    const c = new DraftClient(`${svc.url}/api/2026-10`, merchantKey, true);
    const init = await c.initialize(order.name, "jane@example.test");
    expect(init.status).toBe(200);
    expect(init.body).not.toHaveProperty("shopper_token");
    expect(c.token).toBeNull();
    const line = init.body.context.items_eligible_to_return[1].order_line_item_id;
    expect((await c.follow("add-returning-item", { order_line_item_id: line, reason_id: "changed_mind" })).status).toBe(200);
    expect((await c.follow("finalize-items")).status).toBe(200);
    expect((await c.follow("set-credit-type", { credit_type: "refund" })).status).toBe(200);
    expect((await c.follow("set-return-method", { return_method: "label" })).status).toBe(200);
    const id = c.last.draft_return.id;
    const submitted = await c.follow("submit-draft-return");
    expect(submitted.status).toBe(200);
    // Read back; a second submit (a client that lost the first answer) gets the same return, never a second one.
    const read = await c.send("GET", `${svc.url}/api/2026-10/draft-returns/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.draft_return.state).toBe("submitted");
    const again = await c.send("POST", `${svc.url}/api/2026-10/draft-returns/${id}/submit`, {});
    expect(again.status).toBe(200);
    expect(again.body.draft_return.return_id).toBe(submitted.body.draft_return.return_id);
    // Any other action on it is refused as the platform refuses a terminal draft's.
    const cancel = await c.send("POST", `${svc.url}/api/2026-10/draft-returns/${id}/cancel`, {});
    expect(cancel.status).toBe(422);
    expect(cancel.body.errors[0].code).toBe("terminal-state");
  });

  for (const [label, version, hal] of [
    ["links array on v1", "v1", false],
    ["HAL-Forms on 2026-10", "2026-10", true],
  ] as const) {
    it(`runs initialize → items → outcomes → submit (${label})`, async () => {
      const order = await draftOrder(svc, s);
      const c = new DraftClient(`${svc.url}/api/${version}`, storefront, hal);
      const init = await c.initialize(order.name, "jane@example.test");
      expect(init.status).toBe(200);
      expect(init.type).toMatch(hal ? /^application\/prs\.hal-forms\+json/ : /^application\/json/);
      expect(init.body.shopper_token).toMatch(/^rtr_sh_/);
      const d = init.body.draft_return;
      expect(d).toMatchObject({
        id: expect.any(Number),
        return_id: null,
        state: "created",
        currency: "USD",
        language: "en",
        credit_type: null,
      });
      expect(d.totals.return_total).toEqual({ amount: 0, currency: "USD" });
      expect(init.body.errors).toEqual([]);
      const eligible = init.body.context.items_eligible_to_return.map((i: any) => i.order_line_item_id);
      expect(eligible).toEqual([order.lineItems[0]!.id, order.lineItems[1]!.id]);
      expect(init.body.context.items_not_eligible_to_return).toEqual([
        {
          order_line_item_id: order.lineItems[2]!.id,
          ineligibility_code: "final-sale",
          message: "This item is final sale and cannot be returned.",
        },
      ]);
      expect(c.action("submit-draft-return")).toBeNull();
      // The final-sale line refused in the platform's code and words (the core answers FINAL_SALE; the door spells it).
      const sale = await c.follow("add-returning-item", { order_line_item_id: order.lineItems[2]!.id, reason_id: "too_small" });
      expect(sale.status).toBe(422);
      expect(sale.body.errors).toEqual([
        {
          code: "item-not-eligible",
          message: `Line item ${order.lineItems[2]!.id} cannot be returned (final-sale): This item is final sale and cannot be returned.`,
          field: "input.lineItemId", // as this door has always answered it
        },
      ]);

      // The tee: too small, exchanged for M; the question answered.
      expect((await c.follow("add-returning-item", { order_line_item_id: eligible[0], reason_id: "too_small" })).status).toBe(200);
      const tee = c.last.draft_return.returning_items[0];
      expect(tee).toMatchObject({
        order_line_item_id: eligible[0],
        return_type: "credit",
        resolution: "return",
        reason: { id: "too_small", name: "Too small" },
      });
      expect(tee.user_input).toEqual([{ id: "answer", prompt: "What size do you usually wear?", value: null }]);
      const out = await c.follow("add-returning-item-exchange-item", { returning_item_id: tee.id, variant_id: 9002 });
      expect(out.status).toBe(422);
      expect(out.body.errors[0]).toMatchObject({ code: "product-variant-unavailable" });
      expect(out.body.draft_return.returning_items[0].has_exchange_item).toBe(false);
      expect((await c.follow("add-returning-item-exchange-item", { returning_item_id: tee.id, variant_id: 9001 })).status).toBe(200);
      expect(c.last.draft_return.cart_items).toEqual([expect.objectContaining({ variant_id: "9001", sku: "TEE-M", quantity: 1 })]);
      expect(
        (await c.follow("add-returning-item-user-input", { returning_item_id: tee.id, user_input_id: "answer", value: "M" })).status,
      ).toBe(200);
      // The second line: changed mind, for store credit (the credit type).
      expect((await c.follow("add-returning-item", { order_line_item_id: eligible[1], reason_id: "changed_mind" })).status).toBe(200);
      expect(c.action("finalize-items")?.required).toBe(true);
      expect((await c.follow("finalize-items")).status).toBe(200);
      expect(c.last.draft_return.state).toBe("items-finalized");
      expect(c.action("submit-draft-return")).toBeNull();
      expect(c.action("set-credit-type")).toMatchObject({ required: true, fields: ["credit_type"] });
      const bad = await c.follow("set-credit-type", { credit_type: "bitcoin" });
      expect(bad.status).toBe(422);
      expect(bad.body.errors[0]).toMatchObject({ code: "validation-failed", field: "credit_type" });
      expect((await c.follow("set-credit-type", { credit_type: "store-credit" })).status).toBe(200);
      // The store offers a label and a drop-off code; the v1 client takes the label.
      expect((await c.follow("set-return-method", { return_method: hal ? "drop-off" : "label" })).status).toBe(200);
      const totals = c.last.draft_return.totals;
      expect(totals.return_total).toEqual({ amount: 6500, currency: "USD" });
      expect(totals.total_bonus_offered).toEqual({ amount: 250, currency: "USD" });
      expect(totals.credit.store_credit).toEqual({ amount: 2750, currency: "USD" });
      const submitted = await c.follow("submit-draft-return");
      expect(submitted.status).toBe(200);
      expect(submitted.body.draft_return).toMatchObject({ state: "submitted", return_id: expect.any(Number) });
      // The label the submit issued (a drop-off code has none).
      if (hal) expect(submitted.body.draft_return.label).toBeUndefined();
      else expect(submitted.body.draft_return.label).toEqual({ carrier: expect.any(String), tracking_number: expect.any(String) });
      if (hal) expect([submitted.body._links, submitted.body._templates]).toEqual([{}, {}]);
      else expect(submitted.body.links).toEqual([]);
      // Terminal: any action is refused as such.
      const again = await c.send("POST", `${svc.url}/api/${version}/draft-returns/${d.id}/cancel`, {});
      expect(again.status).toBe(422);
      expect(again.body.errors[0].code).toBe("terminal-state");
      // The return is on the warehouse door under its number.
      const details = await svc.http.get(`/api/v1/warehouse/return/details?return_id=${submitted.body.draft_return.return_id}`, {
        headers: { "x-authorization": s.secret },
      });
      expect(details.status).toBe(200);
    });
  }

  it("answers 404 to a storefront call without its shopper token; a merchant key needs none and gets none", async () => {
    const order = await draftOrder(svc, s);
    const c = new DraftClient(`${svc.url}/api/2026-10`, storefront, true);
    const id = (await c.initialize(order.name, "62701")).body.draft_return.id;
    const url = `${svc.url}/api/2026-10/draft-returns/${id}`;
    for (const header of <Record<string, string>[]>[{}, { "x-loop-shopper-token": "" }, { "x-loop-shopper-token": "bad" }]) {
      const res = await fetch(url, { headers: { "x-authorization": storefront, ...header } });
      expect(res.status).toBe(404);
      expect((await res.json()).errors[0].code).toBe("NOT_FOUND");
    }
    const merchant = new DraftClient(`${svc.url}/api/v1`, s.secret, false);
    const mine = await merchant.initialize(order.name, "jane@example.test");
    expect(mine.body).not.toHaveProperty("shopper_token");
    const read = await merchant.send("GET", `${svc.url}/api/v1/draft-returns/${id}`, undefined, { "x-loop-shopper-token": "ignored" });
    expect(read.status).toBe(200);
    // The address, nested (latest) and flat (unreleased).
    const nested = await merchant.send("POST", `${svc.url}/api/v1/draft-returns/${id}/address`, {
      address: { address1: "2 Elm St", city: "Springfield", state: "IL", country: "United States", country_code: "US", zip: "62702" },
    });
    expect(nested.body.draft_return.shipping_address).toMatchObject({ address1: "2 Elm St", zip: "62702", country_code: "US" });
    const flat = await merchant.send("POST", `${svc.url}/api/unstable/draft-returns/${id}/address`, {
      address1: "3 Oak St",
      city: "Paris",
      country_code: "FR",
      name: "Jane Doe",
      phone: "+33100000000",
    });
    expect(flat.type).toMatch(/^application\/prs\.hal-forms\+json/);
    expect(flat.body.draft_return.shipping_address).toMatchObject({ address1: "3 Oak St", name: "Jane Doe", country_code: "FR" });
  });

  it("lookup failures: unknown order and wrong email answer alike with order-not-found", async () => {
    const order = await draftOrder(svc, s);
    const c = new DraftClient(`${svc.url}/api/v1`, storefront, false);
    const wrong = await c.initialize(order.name, "nobody@example.test");
    const unknown = await c.initialize("#NOPE", "jane@example.test");
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.errors[0].code).toBe("order-not-found");
  });

  it("lists draft returns with HAL-Forms only on 2026-07; 2026-10 ignores Accept; storefront keys see none", async () => {
    const order = await draftOrder(svc, s);
    await new DraftClient(`${svc.url}/api/v1`, s.secret, false).initialize(order.name, "jane@example.test");
    const plain = await new DraftClient(`${svc.url}/api/2026-07`, s.secret, false).send("GET", `${svc.url}/api/2026-07/draft-returns`);
    expect(plain.status).toBe(422);
    expect(plain.body.errors[0].code).toBe("unsupported-feature");
    const list = await new DraftClient(`${svc.url}/api/2026-07`, s.secret, true).send("GET", `${svc.url}/api/2026-07/draft-returns`);
    expect(list.status).toBe(200);
    expect(list.body._embedded.draft_returns.length).toBeGreaterThan(0);
    expect(list.body._templates.initialize.method).toBe("POST");
    const latest = await new DraftClient(`${svc.url}/api/latest`, s.secret, false).send("GET", `${svc.url}/api/latest/draft-returns`);
    expect(latest.status).toBe(200);
    const own = await new DraftClient(`${svc.url}/api/2026-10`, storefront, false).send("GET", `${svc.url}/api/2026-10/draft-returns`);
    expect(own.body._embedded.draft_returns).toEqual([]);
  });

  it("refuses bad keys in the platform's envelope, and order items and totals read the draft", async () => {
    const none = await fetch(`${svc.url}/api/v1/draft-returns`, { method: "POST" });
    expect(none.status).toBe(401);
    const warehouseOnly = (await svc.createApiClient(s.storeId, ["returns_read"])).secret;
    const forbidden = await fetch(`${svc.url}/api/v1/draft-returns/1`, { headers: { "x-authorization": warehouseOnly } });
    expect(forbidden.status).toBe(403);
    // The list too: the scope is checked before the Accept header (403, not 422).
    const listed = await fetch(`${svc.url}/api/2026-07/draft-returns`, { headers: { "x-authorization": warehouseOnly } });
    expect(listed.status).toBe(403);
    const order = await draftOrder(svc, s);
    const c = new DraftClient(`${svc.url}/api/2026-10`, storefront, true);
    const id = (await c.initialize(order.name, "jane@example.test")).body.draft_return.id;
    const items = await c.send("GET", `${svc.url}/api/2026-10/draft-returns/${id}/order/items`);
    expect(items.body.order_line_items[0]).toMatchObject({ eligible: true, price: { amount: 4000, currencyCode: "USD" } });
    expect(items.body.order_line_items[2]).toMatchObject({ eligible: false, ineligibility_code: "final-sale" });
    const totals = await c.send("GET", `${svc.url}/api/2026-10/draft-returns/${id}/totals`);
    expect(totals.body.totals.return_total).toEqual({ amount: 0, currencyCode: "USD" });
    const invalid = await c.send("POST", `${svc.url}/api/2026-10/draft-returns/${id}/returning-items`, { quantity: 0 });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.map((e: any) => e.code)).toEqual(["validation-failed", "validation-failed"]);
  });
  it("refuses a return method the store does not offer, naming return_method; the draft keeps none", async () => {
    const own = await draftStore(svc, "Ship-yourself shop");
    await draftPortal(svc, own, { returnMethods: ["ship_yourself"] });
    const order = await draftOrder(svc, own);
    const c = new DraftClient(`${svc.url}/api/v1`, own.secret, false);
    expect((await c.initialize(order.name, "62701")).status).toBe(200);
    expect((await c.follow("add-returning-item", { order_line_item_id: order.lineItems[1]!.id, reason_id: "changed_mind" })).status).toBe(
      200,
    );
    expect((await c.follow("finalize-items")).status).toBe(200);
    const refused = await c.follow("set-return-method", { return_method: "label" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ code: "return-method-not-offered", field: "return_method" });
    expect(refused.body.draft_return.return_method).toBeNull();
    expect((await c.follow("set-return-method", { return_method: "ship-yourself" })).body.draft_return.return_method).toBe("ship-yourself");
  });
});
