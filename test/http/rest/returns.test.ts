import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { pushOrder, returnBody, type OrderFixture } from "../../support/orders.js";

describe.each(providers)("returns over REST v2.2 (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Returns store")).id;
    secret = (await svc.createApiClient(storeId, ["returns_read", "returns_write", "orders_read", "orders_write"])).secret;
  });
  afterAll(() => svc?.close());

  const create = (body: unknown, headers: Record<string, string> = {}, token = secret) =>
    svc.http.post(`/v2.2/stores/${storeId}/returns`, body, { token, headers });
  async function newReturn(order: OrderFixture, items = [{ lineItemId: order.lineItems[0].id, quantity: 1 }]) {
    const res = await create(returnBody(order, items));
    expect(res.status).toBe(201);
    return res.body.return as { id: string; items: { id: string }[] };
  }

  it("creates a return for two line items and reads it back in full", async () => {
    const order = await pushOrder(svc.http, storeId, secret, { name: "#1001" });
    const res = await create(
      returnBody(
        order,
        [
          { lineItemId: order.lineItems[0].id, quantity: 1 },
          { lineItemId: order.lineItems[1].id, quantity: 1 },
        ],
        { notes: "Customer called" },
      ),
    );
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body.externalRMAResponses).toEqual([]);
    const ret = res.body.return;
    expect(ret).toMatchObject({
      type: "return",
      status: "open",
      order: { id: order.internalId, name: "#1001" },
      platformOrderIds: [order.externalId],
      externalOrderIds: [order.externalId],
    });
    expect(ret.items.map((i: any) => i.orderItem.line_item_id)).toEqual([order.lineItems[0].id, order.lineItems[1].id]);
    expect(ret.items[0].refund).toEqual({ amount: { amount: "41.00", currency: "USD" }, type: "original_payment" });
    expect(ret.items[0].productValueNoTaxNoAdjustment).toEqual({ amount: { amount: "40.00", currency: "USD" } });
    expect(ret.totals).toEqual({
      charge: { amount: { amount: "0.00", currency: "USD" } },
      exchange: { amount: { amount: "0.00", currency: "USD" } },
      refund: { amount: { amount: "68.50", currency: "USD" } },
      storeCredit: { amount: { amount: "0.00", currency: "USD" } },
      shippingFee: { amount: { amount: "0.00", currency: "USD" } },
    });
    expect(ret.notes).toEqual([{ message: "Customer called" }]);
    expect(ret.giftCards).toEqual([]);
    expect(ret).not.toHaveProperty("shipment");
    expect(ret.source.mailingAddress).toEqual({
      line1: "1 Main St",
      line2: "",
      city: "Springfield",
      state: "IL",
      postalCode: "62701",
      country: "US",
    });

    const got = await svc.http.get(`/v2.2/returns/${ret.id}`, { token: secret });
    expect(got.status).toBe(200);
    expect(Object.keys(got.body).sort()).toEqual(["order", "return"]);
    expect(got.body.return).toEqual(ret);
    expect(got.body.order).toMatchObject({
      id: order.internalId,
      name: "#1001",
      externalId: order.externalId,
      customer: { name: { given: "Ada", surname: "Lovelace" }, emailAddress: "ada@example.test", phoneNumber: "+15555550100" },
      lineItemsTotal: { amount: "105.50", currency: "USD" },
      shippingCost: { amount: "5.00", currency: "USD" },
      taxes: { amount: "4.00", currency: "USD" },
      discounts: { amount: "0.00", currency: "USD" },
      total: { amount: "114.50", currency: "USD" },
    });
    expect(got.body.order.items[0]).toMatchObject({
      externalId: order.lineItems[0].id,
      quantity: 2,
      price: { amount: "40.00", currency: "USD" },
    });
    expect(got.body.order.items[0].id).toBe(ret.items[0].orderItem.id);
  });

  it("accepts compensation, type and a case-insensitive provider; store credit is totalled apart", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const body = returnBody(order, [{ lineItemId: order.lineItems[1].id, quantity: 1 }], { provider: "CUSTOM", type: "warranty" });
    (body.data.items[0] as any).compensation = "store_credit";
    const res = await create(body);
    expect(res.status).toBe(201);
    expect(res.body.return.type).toBe("warranty");
    expect(res.body.return.compensationMethods).toEqual(["store_credit"]);
    expect(res.body.return.totals.storeCredit).toEqual({ amount: { amount: "27.50", currency: "USD" } });
    expect(res.body.return.totals.refund).toEqual({ amount: { amount: "0.00", currency: "USD" } });
  });

  it("answers 400 problems naming the field, 404 for an unknown order or provider", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const li = order.lineItems[0].id;
    const cases: [unknown, number, string | RegExp][] = [
      [{}, 400, "data"],
      [returnBody(order, []), 400, "data.items"],
      [returnBody(order, [{ lineItemId: li, quantity: 0 }]), 400, "data.items[0].quantity"],
      [returnBody(order, [{ lineItemId: "nope", quantity: 1 }]), 400, "data.items[0].lineItemId"],
      [returnBody(order, [{ lineItemId: li, quantity: 1 }], { type: "gift" }), 400, "data.type"],
      [
        returnBody(order, [{ lineItemId: li, quantity: 1 }], { shippingAddress: { line1: "x", city: "y", country: "USA" } }),
        400,
        "data.shippingAddress.country",
      ],
      [returnBody(order, [{ lineItemId: li, quantity: 1 }], { externalOrderId: "missing" }), 404, ""],
      [returnBody(order, [{ lineItemId: li, quantity: 1 }], { provider: "shopify" }), 404, ""],
    ];
    for (const [body, status, field] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      if (status === 400) expect(res.body.field).toBe(field);
      else expect(res.body.type).toBe("com.retour.api:returns/order-not-found");
    }
    const bad = await create({
      data: { provider: "custom", externalOrderId: order.externalId, items: [{ lineItemId: li, quantity: "two" }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/quantity/);
    // Every problem at once, named as sent, in plain words (never a GraphQL message).
    const many = await create({ data: { provider: "custom", items: [{ lineItemId: li, quantity: "one" }] } });
    expect(many.status).toBe(400);
    expect(many.body.field).toBe("data.externalOrderId");
    expect(many.body.errors).toEqual([
      { field: "data.externalOrderId", detail: "`data.externalOrderId` is required." },
      { field: "data.items[0].quantity", detail: '`data.items[0].quantity` must be an integer from 1 to 1000; got "one".' },
    ]);
    expect(many.body.detail).not.toMatch(/GraphQL|Variable|Invalid value|\[Object\]/);
  });

  it("never returns more than was ordered; deleted (reset) returns release their items", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const li = order.lineItems[0].id; // quantity 2
    const first = await newReturn(order, [{ lineItemId: li, quantity: 2 }]);
    const over = await create(returnBody(order, [{ lineItemId: li, quantity: 1 }]));
    expect(over.status).toBe(409);
    expect(over.body.type).toBe("com.retour.api:returns/quantity-exceeded");
    expect(over.body.detail).toContain(li);
    const reset = await svc.http.put(`/v2.2/returns/${first.id}/status`, { status: "deleted" }, { token: secret });
    expect(reset.status).toBe(204);
    const again = await create(returnBody(order, [{ lineItemId: li, quantity: 2 }]));
    expect(again.status).toBe(201);
    // Two items of one request for the same line count together.
    const order2 = await pushOrder(svc.http, storeId, secret);
    const both = await create(
      returnBody(order2, [
        { lineItemId: order2.lineItems[0].id, quantity: 2 },
        { lineItemId: order2.lineItems[0].id, quantity: 1 },
      ]),
    );
    expect(both.status).toBe(409);
  });

  it("holds the over-return rule under 10 parallel creates", async () => {
    const order = await pushOrder(svc.http, storeId, secret, { lines: [{ id: `race-${Date.now()}`, quantity: 3 }] });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => create(returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    const sum = await svc.services.db.prisma.returnItem.aggregate({ where: { orderId: order.internalId }, _sum: { quantity: true } });
    expect(sum._sum.quantity).toBe(3);
  });

  it("replays an Idempotency-Key with 200, refuses it for another body with 422", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const body = returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]);
    const key = `key-${Date.now()}`;
    const first = await create(body, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const replay = await create(JSON.parse(JSON.stringify(body)), { "Idempotency-Key": key });
    expect(replay.status).toBe(200);
    expect(replay.body.return.id).toBe(first.body.return.id);
    expect(replay.body).toEqual(first.body);
    const other = await create(returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 2 }]), { "Idempotency-Key": key });
    expect(other.status).toBe(422);
    expect(other.body.type).toBe("com.retour.api:request/idempotency-key-reused");
    const count = await svc.services.db.prisma.return.count({ where: { orderId: order.internalId } });
    expect(count).toBe(1);
    // A failed request does not burn its key.
    const failKey = `fail-${Date.now()}`;
    expect(
      (await create(returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 5 }]), { "Idempotency-Key": failKey })).status,
    ).toBe(409);
    expect(
      (await create(returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 5 }]), { "Idempotency-Key": failKey })).status,
    ).toBe(409);
  });

  it("lets an Idempotency-Key expire after 24 hours", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const key = `expire-${Date.now()}`;
    const first = await create(returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]), { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const row = await svc.services.db.prisma.idempotencyKey.findFirstOrThrow({ where: { storeId, key } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);
    await svc.services.db.prisma.idempotencyKey.updateMany({ where: { storeId, key }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const later = await create(returnBody(order, [{ lineItemId: order.lineItems[1].id, quantity: 1 }]), { "Idempotency-Key": key });
    expect(later.status).toBe(201);
    expect(later.body.return.id).not.toBe(first.body.return.id);
  });

  it("answers 409 request/idempotency-key-in-flight while the first request runs", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const body = returnBody(order, [{ lineItemId: order.lineItems[1].id, quantity: 1 }]);
    const { requestHash } = await import("../../../src/core/idempotency.js");
    const key = `inflight-${Date.now()}`;
    await svc.services.db.prisma.idempotencyKey.create({
      // Keys are scoped per caller: the operation is stored as `<operation>@<API client id>`.
      data: {
        storeId,
        operation: `createReturn@${(await svc.services.db.prisma.apiClient.findFirstOrThrow({ where: { storeId }, orderBy: { id: "asc" } })).id}`,
        key,
        requestHash: requestHash({ input: body.data, options: { createExternalRMAs: false } }),
        response: null,
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    const res = await create(body, { "Idempotency-Key": key });
    expect(res.status).toBe(409);
    expect(res.body.type).toBe("com.retour.api:request/idempotency-key-in-flight");
  });

  it("lists returns newest first with their orders, filtered and paginated", async () => {
    const store = (await svc.createStore("List store")).id;
    const key = (await svc.createApiClient(store, "all")).secret;
    const a = await pushOrder(svc.http, store, key, { name: "#A-1" });
    const b = await pushOrder(svc.http, store, key, { name: "#B-1" });
    const ids: string[] = [];
    for (const o of [a, b, a]) {
      const r = await svc.http.post(`/v2.2/stores/${store}/returns`, returnBody(o, [{ lineItemId: o.lineItems[0].id, quantity: 1 }]), {
        token: key,
      });
      expect(r.status).toBe(201);
      ids.push(r.body.return.id);
    }
    const flagged = await svc.http.put(`/v2.2/returns/${ids[1]}/status`, { status: "flagged" }, { token: key });
    expect(flagged.status).toBe(204);

    const all = await svc.http.get(`/v2.2/stores/${store}/returns`, { token: key });
    expect(all.status).toBe(200);
    expect(all.body.returns.map((r: any) => r.id)).toEqual([...ids].reverse());
    expect(all.body.orders.map((o: any) => o.id).sort()).toEqual([a.internalId, b.internalId].sort());
    expect(all.headers.get("x-page-next")).toBeNull();

    const p1 = await svc.http.get(`/v2.2/stores/${store}/returns?page-size=2`, { token: key });
    expect(p1.body.returns.map((r: any) => r.id)).toEqual([ids[2], ids[1]]);
    const next = p1.headers.get("x-page-next");
    expect(next).toBeTruthy();
    const p2 = await svc.http.get(`/v2.2/stores/${store}/returns?page-size=2&page-continue=${encodeURIComponent(next!)}`, { token: key });
    expect(p2.body.returns.map((r: any) => r.id)).toEqual([ids[0]]);
    expect(p2.body.orders.map((o: any) => o.id)).toEqual([a.internalId]);
    expect(p2.headers.get("x-page-next")).toBeNull();
    const viaHeaders = await svc.http.get(`/v2.2/stores/${store}/returns`, { token: key, headers: { "X-Page-Size": "1" } });
    expect(viaHeaders.body.returns).toHaveLength(1);

    const byStatus = await svc.http.get(`/v2.2/stores/${store}/returns?status=flagged`, { token: key });
    expect(byStatus.body.returns.map((r: any) => r.id)).toEqual([ids[1]]);
    const byName = await svc.http.get(`/v2.2/stores/${store}/returns?provider_order_name=${encodeURIComponent("#A-1")}`, { token: key });
    expect(byName.body.returns.map((r: any) => r.id)).toEqual([ids[2], ids[0]]);
    const byShopify = await svc.http.get(`/v2.2/stores/${store}/returns?shopify_order_name=${encodeURIComponent("#B-1")}`, { token: key });
    expect(byShopify.body.returns.map((r: any) => r.id)).toEqual([ids[1]]);

    const flaggedAt = (await svc.http.get(`/v2.2/returns/${ids[1]}`, { token: key })).body.return.updatedAt;
    const min = await svc.http.get(`/v2.2/stores/${store}/returns?updated_at_min=${encodeURIComponent(flaggedAt)}`, { token: key });
    expect(min.body.returns.map((r: any) => r.id)).toEqual([ids[1]]);
    const max = await svc.http.get(`/v2.2/stores/${store}/returns?updated_at_max=${encodeURIComponent(flaggedAt)}`, { token: key });
    expect(max.body.returns.map((r: any) => r.id)).toEqual([ids[2], ids[0]]);

    for (const q of [
      "status=lost",
      "status=",
      "updated_at_min=",
      "updated_at_min=yesterday",
      "page-size=0",
      "page-size=501",
      "page-continue=forged",
    ]) {
      const bad = await svc.http.get(`/v2.2/stores/${store}/returns?${q}`, { token: key });
      expect(bad.status, q).toBe(400);
      expect(bad.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    }
    // A cursor is bound to its filters.
    const filtered = await svc.http.get(`/v2.2/stores/${store}/returns?status=open&page-continue=${encodeURIComponent(next!)}`, {
      token: key,
    });
    expect(filtered.status).toBe(400);
    expect(filtered.body).toMatchObject({ type: "com.retour.api:request/invalid-cursor", field: "page-continue" });
  });

  it("names every bad list parameter in one 400: the door's and the core's, as the client sent them", async () => {
    const list = (q: string, headers: Record<string, string> = {}) =>
      svc.http.get(`/v2.2/stores/${storeId}/returns?${q}`, { token: secret, headers });
    const many = await list("status=bogus&page-size=9999&page-continue=garbage&updated_at_min=notadate");
    expect(many.status).toBe(400);
    expect(many.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(many.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "page-continue",
      "page-size",
      "status",
      "updated_at_min",
    ]);
    for (const e of many.body.errors) expect(e.detail).toMatch(new RegExp(`^(\`${e.field}\`|The page cursor)`));
    expect(many.body.errors.find((e: { field: string }) => e.field === "page-continue").detail).toMatch(/`X-Page-Next` unchanged/);
    expect(many.body.detail).toBe(many.body.errors.map((e: { detail: string }) => e.detail).join(" "));
    // Sent as headers, the paging problems are named as the headers.
    const viaHeaders = await list("status=bogus", { "X-Page-Size": "0", "X-Page-Continue": "garbage" });
    expect(viaHeaders.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["X-Page-Continue", "X-Page-Size", "status"]);
    // One of each; and a single problem keeps its own type.
    const core = await list("page-continue=garbage&page-size=501");
    expect(core.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["page-continue", "page-size"]);
    const cursorOnly = await list("page-continue=garbage");
    expect(cursorOnly.body).toMatchObject({ type: "com.retour.api:request/invalid-cursor", field: "page-continue" });
    expect(cursorOnly.body).not.toHaveProperty("errors");
  });

  it("walks the lifecycle: process, reopen, flag, reject, reset — and refuses illegal transitions", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const ret = await newReturn(order, [
      { lineItemId: order.lineItems[0].id, quantity: 2 },
      { lineItemId: order.lineItems[1].id, quantity: 1 },
    ]);
    const [i1, i2] = ret.items.map((i) => i.id);
    const status = async () => (await svc.http.get(`/v2.2/returns/${ret.id}/status`, { token: secret })).body.status;

    const p1 = await svc.http.post(
      `/v2.2/returns/${ret.id}/process`,
      { products: [{ _id: i1, processInput: { restock: true, newMerchantAdjustment: 5 } }] },
      { token: secret },
    );
    expect(p1.status).toBe(200);
    expect(p1.body.message).toMatch(/1 item/);
    expect(await status()).toBe("in_review");
    const again = await svc.http.post(`/v2.2/returns/${ret.id}/process`, { products: [{ _id: i1, reject: true }] }, { token: secret });
    expect(again.status).toBe(409);
    const p2 = await svc.http.post(
      `/v2.2/returns/${ret.id}/process`,
      { products: [{ _id: i2, reject: true }], customerNotes: "Worn" },
      { token: secret },
    );
    expect(p2.status).toBe(200);
    expect(await status()).toBe("complete");
    const read = (await svc.http.get(`/v2.2/returns/${ret.id}`, { token: secret })).body.return;
    expect(read.items.map((i: any) => [i.status, i.outcome, i.productAdjustment])).toEqual([
      ["processed", "restock", "5.00"],
      ["rejected", "reject", undefined],
    ]);
    // 2 × 40.00 + 2.00 tax (the line's) − 5.00 adjustment; the rejected item refunds nothing.
    expect(read.totals.refund).toEqual({ amount: { amount: "77.00", currency: "USD" } });

    const flagDone = await svc.http.put(`/v2.2/returns/${ret.id}/status`, { status: "flagged" }, { token: secret });
    expect(flagDone.status).toBe(409);
    expect(flagDone.body.type).toBe("com.retour.api:returns/invalid-transition");
    expect(flagDone.body.detail).toContain("complete");
    expect(flagDone.body.detail).toMatch(/Allowed actions from complete: reopen, comment/);

    expect((await svc.http.put(`/v2.2/returns/${ret.id}/status`, { status: "open" }, { token: secret })).status).toBe(204);
    expect(await status()).toBe("open");
    const reopened = (await svc.http.get(`/v2.2/returns/${ret.id}`, { token: secret })).body.return;
    expect(reopened.items.map((i: any) => i.status)).toEqual(["open", "open"]);

    expect((await svc.http.put(`/v2.2/returns/${ret.id}/status`, { status: "flagged" }, { token: secret })).status).toBe(204);
    expect(await status()).toBe("flagged");
    const processFlagged = await svc.http.post(
      `/v2.2/returns/${ret.id}/process`,
      { products: [{ _id: i1, processInput: { restock: true } }] },
      { token: secret },
    );
    expect(processFlagged.status).toBe(409);
    expect(processFlagged.body.detail).toMatch(/flagged/);

    expect((await svc.http.put(`/v2.2/returns/${ret.id}/status`, { status: "rejected" }, { token: secret })).status).toBe(204);
    expect(await status()).toBe("rejected");
    expect((await svc.http.put(`/v2.2/returns/${ret.id}/status`, { status: "deleted" }, { token: secret })).status).toBe(204);
    expect(await status()).toBe("deleted");
    const dead = await svc.http.put(`/v2.2/returns/${ret.id}/status`, { status: "complete" }, { token: secret });
    expect(dead.status).toBe(409);
    expect(dead.body.detail).toMatch(/status is deleted\. Allowed actions from deleted: comment\./);

    const badStatus = await svc.http.put(`/v2.2/returns/${ret.id}/status`, { status: "in_transit" }, { token: secret });
    expect(badStatus.status).toBe(400);
    const noProducts = await svc.http.post(`/v2.2/returns/${ret.id}/process`, {}, { token: secret });
    expect(noProducts.status).toBe(400);
    expect(noProducts.body.field).toBe("products");
  });

  it("adds and lists comments", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const ret = await newReturn(order);
    const c1 = await svc.http.post(`/v2.2/returns/${ret.id}/comments`, { comment: { message: "Box was damaged" } }, { token: secret });
    expect(c1.status).toBe(201);
    expect(c1.body).toEqual({ comment: { message: "Box was damaged" } });
    const c2 = await svc.http.post(`/v2.2/returns/${ret.id}/comments`, { comment: { image: "aGVsbG8=" } }, { token: secret });
    expect(c2.status).toBe(201);
    for (const bad of [{}, { comment: {} }, { comment: { message: "a", image: "aGVsbG8=" } }, { comment: { text: "a" } }]) {
      const res = await svc.http.post(`/v2.2/returns/${ret.id}/comments`, bad, { token: secret });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const list = await svc.http.get(`/v2.2/returns/${ret.id}/comments`, { token: secret });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ comments: [{ message: "Box was damaged" }, { image: "aGVsbG8=" }] });
  });

  it("keeps other stores out: 404 for their returns, 403 for their store paths and missing scopes", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const ret = await newReturn(order);
    const other = await svc.createStore("Other");
    const otherKey = (await svc.createApiClient(other.id, "all")).secret;
    for (const path of [`/v2.2/returns/${ret.id}`, `/v2.2/returns/${ret.id}/status`, `/v2.2/returns/${ret.id}/comments`]) {
      const res = await svc.http.get(path, { token: otherKey });
      expect(res.status, path).toBe(404);
      expect(res.body.type).toBe("com.retour.api:returns/not-found");
    }
    expect((await svc.http.put(`/v2.2/returns/${ret.id}/status`, { status: "flagged" }, { token: otherKey })).status).toBe(404);
    expect(
      (await svc.http.post(`/v2.2/returns/${ret.id}/process`, { products: [{ _id: ret.items[0].id, reject: true }] }, { token: otherKey }))
        .status,
    ).toBe(404);
    const foreign = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]),
      { token: otherKey },
    );
    expect(foreign.status).toBe(404);
    expect((await svc.http.get(`/v2.2/stores/${storeId}/returns`, { token: otherKey })).status).toBe(404);
    const readOnly = (await svc.createApiClient(storeId, ["returns_read"])).secret;
    const noScope = await create(returnBody(order, [{ lineItemId: order.lineItems[1].id, quantity: 1 }]), {}, readOnly);
    expect(noScope.status).toBe(403);
    expect(noScope.body.type).toBe("com.retour.api:auth/missing-scope");
    expect((await svc.http.get(`/v2.2/returns/${ret.id}`)).status).toBe(401);
  });
});
