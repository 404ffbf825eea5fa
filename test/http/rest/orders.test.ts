import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { customOrderBody, pushOrder } from "../../support/orders.js";
import { expectNoErrors } from "../../support/gql.js";

describe.each(providers)("orders and fulfillments over REST v2.2 (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Orders store")).id;
    secret = (await svc.createApiClient(storeId, ["orders_read", "orders_write", "returns_read", "returns_write"])).secret;
  });
  afterAll(() => svc?.close());

  const apiOrder = (orderId: string, extra: Record<string, unknown> = {}) => ({
    orderId,
    createdAt: "2026-11-02T09:30:00Z",
    currencyCode: "USD",
    customer: { email: "grace@example.test", firstName: "Grace", lastName: "Hopper" },
    lineItems: [
      { id: "li-1", productId: "p-1", title: "Jacket", quantity: 3, price: 79.99, sku: "JKT-1" },
      { id: "li-2", productId: "p-2", title: "Scarf", quantity: 1, price: 19.5, discount: 2 },
    ],
    shipping: { method: "Ground", cost: 4.95 },
    ...extra,
  });

  it("custom order sync creates, then updates by the merchant's id", async () => {
    const body = customOrderBody({ id: `sync-${Date.now()}` });
    const first = await svc.http.post(`/v2.2/stores/${storeId}/custom/orders`, body, { token: secret });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: "Order created", orderId: body.id, redoId: expect.stringMatching(/^ord_/) });
    const again = await svc.http.post(
      `/v2.2/stores/${storeId}/custom/orders`,
      { ...body, name: "#2002", lineItems: [{ ...body.lineItems[0], quantity: 5 }, ...body.lineItems.slice(1)] },
      { token: secret },
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: "Order updated", orderId: body.id, redoId: first.body.redoId });
    const got = await svc.http.get(`/v2.2/stores/${storeId}/orders/${encodeURIComponent("#2002")}`, { token: secret });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      id: first.body.redoId,
      orderId: body.id,
      name: "#2002",
      provider: "custom",
      currencyCode: "USD",
      subtotalPrice: 225.5,
      shippingCost: 5,
      totalTax: 4,
    });
    expect(got.body.lineItems.map((l: any) => [l.id, l.quantity, l.price])).toEqual([
      [body.lineItems[0].id, 5, 40],
      [body.lineItems[1].id, 1, 25.5],
    ]);
    expect(await svc.services.db.prisma.order.count({ where: { storeId, externalId: body.id } })).toBe(1);
  });

  it("applies the same order rules (protection, totals, grams, quantity cap) through REST and GraphQL", async () => {
    const m = (amount: string) => ({ shopMoney: { amount, currencyCode: "USD" }, presentmentMoney: { amount, currencyCode: "USD" } });
    const base = customOrderBody({
      lines: [
        { id: "r-1", quantity: 2, price: "40.00" },
        { id: "r-2", quantity: 1, price: "2.50" },
      ],
    });
    const lines = base.lineItems.map((l) => ({
      ...l,
      discounts: [
        { amountSet: m("1.10"), discountId: "d" },
        { amountSet: m("0.20"), discountId: "e" },
      ],
      weight: { value: 1.5, unit: "kg" },
    }));
    lines[1] = {
      ...lines[1],
      vendor: "re:do",
      properties: [{ name: "_redo_type", value: "return" }],
      weight: { value: 2, unit: "oz" },
    } as any;
    const body = {
      ...base,
      lineItems: lines,
      orderDiscounts: [{ amountSet: m("3.00"), discountId: "o" }],
      shippingLines: [
        { id: "s", title: "Express", priceSet: m("7.00"), taxLines: [{ priceSet: m("0.70"), rate: "0.1" }] },
        { id: "t", title: "Insurance", priceSet: m("1.25") },
      ],
    };
    const rest = await svc.http.post(`/v2.2/stores/${storeId}/custom/orders`, body, { token: secret });
    expect(rest.status, rest.text).toBe(200);
    // The same order as GraphQL input: the merchant's amounts, the core computes the rest.
    const input = {
      orderId: `${body.id}-gql`,
      provider: "custom",
      placedAt: body.createdAt,
      currency: "USD",
      lineItems: lines.map((l: any) => ({
        id: l.id,
        productId: l.productId,
        title: l.title,
        sku: l.sku,
        vendor: l.vendor ?? null,
        quantity: l.quantity,
        price: l.priceSet.shopMoney.amount,
        discounts: l.discounts.map((d: any) => d.amountSet.shopMoney.amount),
        taxLines: l.taxLines.map((t: any) => t.priceSet.shopMoney.amount),
        weight: l.weight,
        properties: l.properties ?? null,
      })),
      orderDiscounts: ["3.00"],
      shippingLines: [
        { title: "Express", price: "7.00", taxLines: ["0.70"] },
        { title: "Insurance", price: "1.25" },
      ],
    };
    const upsert = expectNoErrors(
      await svc.http.graphql(
        `mutation($s: ID!, $i: OrderInput!) { upsertOrder(storeId: $s, input: $i) { order { id } } }`,
        { s: storeId, i: input },
        secret,
      ),
    );
    const READ = `query($s: ID!, $id: String!) { order(storeId: $s, id: $id) { protection { covered finalSaleCoverage packageProtection returnsCoverage } discounts { amount } taxes { amount } shippingCost { amount } total { amount } items { variant { weight { kg } } } } }`;
    const viaRest = expectNoErrors(await svc.http.graphql(READ, { s: storeId, id: rest.body.redoId }, secret)).order;
    const viaGraphql = expectNoErrors(await svc.http.graphql(READ, { s: storeId, id: upsert.upsertOrder.order.id }, secret)).order;
    expect(viaRest).toEqual(viaGraphql);
    expect(viaRest).toMatchObject({
      protection: { covered: true, finalSaleCoverage: false, packageProtection: false, returnsCoverage: true },
      discounts: { amount: "5.60" }, // 2 × (1.10 + 0.20) line discounts + 3.00 order discount
      taxes: { amount: "4.70" }, // 2 × 2.00 line tax + 0.70 shipping tax
      shippingCost: { amount: "8.25" },
      total: { amount: "89.85" }, // 82.50 − 5.60 + 4.70 + 8.25
    });
    expect(viaRest.items.map((i: any) => i.variant.weight.kg)).toEqual([1.5, 0.05669904625]);
    // One quantity cap, the same refusal naming the field on both doors.
    const tooMany = await svc.http.post(
      `/v2.2/stores/${storeId}/custom/orders`,
      { ...body, lineItems: [{ ...lines[0], quantity: 1001 }] },
      { token: secret },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toContain("`lineItems[0].quantity` must be an integer from 1 to 1000");
    const gqlTooMany = await svc.http.graphql(
      `mutation($s: ID!, $i: OrderInput!) { upsertOrder(storeId: $s, input: $i) { created } }`,
      { s: storeId, i: { ...input, lineItems: [{ ...input.lineItems[0], quantity: 1001 }] } },
      secret,
    );
    expect(gqlTooMany.errors?.[0]).toMatchObject({ message: tooMany.body.error, extensions: { field: "lineItems[0].quantity" } });
  });

  it("custom order sync answers 400 { error } naming a missing field", async () => {
    const { customer: _c, ...noCustomer } = customOrderBody();
    const res = await svc.http.post(`/v2.2/stores/${storeId}/custom/orders`, noCustomer, { token: secret });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "`customer` is required." });
    const badLine = customOrderBody();
    (badLine.lineItems[0] as any).priceSet = { shopMoney: { amount: "12.345", currencyCode: "USD" } };
    const res2 = await svc.http.post(`/v2.2/stores/${storeId}/custom/orders`, badLine, { token: secret });
    expect(res2.status).toBe(400);
    expect(res2.body.error).toMatch(/lineItems\[0\]\.price/);
    const noAuth = await svc.http.post(`/v2.2/stores/${storeId}/custom/orders`, customOrderBody());
    expect(noAuth.status).toBe(401);
    expect(noAuth.body).toEqual({ error: expect.any(String) });
  });

  it("custom order sync: the platform's free-form parts in any shape answer 2xx or 400, never 500", async () => {
    // Discounts, shipping lines and fulfillments are the platform's own objects (any fields): what this door
    // reads of them is read whatever their shape.
    const shapes: [string, unknown][] = [
      ["fulfillments", [{ id: "f-bare" }]],
      ["fulfillments", [{ id: "f-odd", lineItems: "all", trackingNumbers: {} }]],
      ["fulfillments", [{ id: "f-null-line", lineItems: [null] }]],
      ["shippingLines", [{}]],
      ["orderDiscounts", [{ amountSet: 5 }]],
    ];
    for (const [field, value] of shapes) {
      const body = { ...customOrderBody(), id: `shape-${field}-${JSON.stringify(value).length}`, [field]: value };
      const res = await svc.http.post(`/v2.2/stores/${storeId}/custom/orders`, body, { token: secret });
      expect({ field, value, status: res.status < 500 ? "answered" : res.status }).toEqual({ field, value, status: "answered" });
      if (res.status >= 300) expect(res.body).toEqual({ error: expect.stringContaining(field) });
    }
  });

  it("Orders API: create, 409 on a duplicate, get by external id / internal id / name, delete", async () => {
    const id = `api-${Date.now()}`;
    const created = await svc.http.post(`/v2.2/stores/${storeId}/orders`, apiOrder(id, { name: "#3003" }), { token: secret });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ orderId: expect.stringMatching(/^ord_/), externalOrderId: id });
    const dup = await svc.http.post(`/v2.2/stores/${storeId}/orders`, apiOrder(id), { token: secret });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ error: expect.stringContaining(id) });
    for (const ref of [id, created.body.orderId, "#3003"]) {
      const got = await svc.http.get(`/v2.2/stores/${storeId}/orders/${encodeURIComponent(ref)}`, { token: secret });
      expect(got.status, ref).toBe(200);
      expect(got.body).toMatchObject({
        id: created.body.orderId,
        orderId: id,
        name: "#3003",
        provider: "custom",
        subtotalPrice: 259.47,
        totalDiscount: 2,
        shippingCost: 4.95,
        totalPrice: 262.42,
        fulfillments: [],
      });
      expect(got.body.customer).toEqual({
        id: null,
        email: "grace@example.test",
        phoneNumber: null,
        name: "Grace Hopper",
        firstName: "Grace",
        lastName: "Hopper",
      });
    }
    const shopify = await svc.http.post(`/v2.2/stores/${storeId}/orders`, apiOrder(`shop-${Date.now()}`, { provider: "Shopify" }), {
      token: secret,
    });
    expect(shopify.status).toBe(200);
    expect((await svc.http.get(`/v2.2/stores/${storeId}/orders/${shopify.body.orderId}`, { token: secret })).body.provider).toBe("shopify");

    const bad = await svc.http.post(
      `/v2.2/stores/${storeId}/orders`,
      apiOrder(`bad-${Date.now()}`, { lineItems: [{ id: "x", productId: "p", title: "t", quantity: 0 }] }),
      { token: secret },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: expect.stringContaining("lineItems[0].quantity") });

    const del = await svc.http.delete(`/v2.2/stores/${storeId}/orders/${id}`, { token: secret });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, orderId: created.body.orderId, externalOrderId: id });
    const gone = await svc.http.get(`/v2.2/stores/${storeId}/orders/${id}`, { token: secret });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: expect.stringContaining(id) });
    expect((await svc.http.delete(`/v2.2/stores/${storeId}/orders/${id}`, { token: secret })).status).toBe(404);
  });

  it("Orders API: an order read back keeps the shipping and billing addresses it was given; absent ones stay absent", async () => {
    const address = { address1: "1 Main St", city: "Springfield", province: "IL", country: "US", postalCode: "62701" };
    const id = `addr-${Date.now()}`;
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/orders`,
      apiOrder(id, { shipping: { method: "Ground", cost: 4.95, address }, billingAddress: { ...address, address2: "Suite 2" } }),
      { token: secret },
    );
    expect(created.status).toBe(200);
    const got = await svc.http.get(`/v2.2/stores/${storeId}/orders/${id}`, { token: secret });
    expect(got.body.shipping).toEqual({ cost: 4.95, address });
    expect(got.body.billingAddress).toEqual({ ...address, address2: "Suite 2" });
    const bare = `bare-${Date.now()}`;
    await svc.http.post(`/v2.2/stores/${storeId}/orders`, apiOrder(bare), { token: secret });
    const plain = await svc.http.get(`/v2.2/stores/${storeId}/orders/${bare}`, { token: secret });
    expect(plain.body.shipping).toEqual({ cost: 4.95 });
    expect(plain.body).not.toHaveProperty("billingAddress");
    expect(plain.body.lineItems[1]).not.toHaveProperty("sku");
  });

  it("creates fulfillments with dummy tracking and advances their shipment status", async () => {
    const id = `ful-${Date.now()}`;
    const order = await svc.http.post(`/v2.2/stores/${storeId}/orders`, apiOrder(id), { token: secret });
    const base = `/v2.2/stores/${storeId}/orders/${id}/fulfillments`;
    const res = await svc.http.post(base, { lineItems: [{ id: "li-1", quantity: 2 }], useDummyTracking: true }, { token: secret });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const f = res.body.fulfillment;
    expect(f).toMatchObject({
      status: "pre_transit",
      lineItems: [{ id: "li-1", quantity: 2, title: "Jacket", productId: "p-1", variantId: null, sku: "JKT-1" }],
      deliveredAt: null,
    });
    expect(f.id).toMatch(/^ful_/);
    expect(f.trackingHistory).toHaveLength(1);
    expect(f.trackingHistory[0]).toMatchObject({ status: "pre_transit" });
    expect(f.trackingHistory[0]).not.toHaveProperty("location");

    const custom = await svc.http.post(
      `/v2.2/stores/${storeId}/orders/${order.body.orderId}/fulfillments`,
      {
        fulfillmentId: `F-${id}`,
        lineItems: [{ id: "li-1", quantity: 1 }],
        useDummyTracking: true,
        initialTracking: {
          status: "in_transit",
          message: "Picked up",
          datetime: "2026-11-03T08:00:00Z",
          estimatedDeliveryDate: "2026-11-06T00:00:00Z",
          location: { city: "Memphis", state: "TN", country: "US", postalCode: "38118" },
        },
      },
      { token: secret },
    );
    expect(custom.status).toBe(200);
    expect(custom.body.fulfillment).toMatchObject({
      id: `F-${id}`,
      status: "in_transit",
      estimatedDeliveryDate: "2026-11-06",
      trackingHistory: [
        {
          message: "Picked up",
          status: "in_transit",
          datetime: "2026-11-03T08:00:00.000Z",
          location: { city: "Memphis", state: "TN", country: "US", postalCode: "38118" },
        },
      ],
    });

    const status = (fid: string, body: unknown) =>
      svc.http.post(`${base}/${encodeURIComponent(fid)}/shipment-status`, body, { token: secret });
    const s1 = await status(`F-${id}`, { status: "out_for_delivery" });
    expect(s1.status).toBe(200);
    expect(s1.body.fulfillment.status).toBe("out_for_delivery");
    const s2 = await status(`F-${id}`, { status: "delayed", message: "Weather" });
    expect(s2.body.fulfillment.status).toBe("out_for_delivery");
    expect(s2.body.fulfillment.trackingHistory.map((h: any) => h.status)).toEqual(["in_transit", "out_for_delivery", "delayed"]);
    const s3 = await status(`F-${id}`, { status: "delivered", datetime: "2026-11-05T15:00:00Z" });
    expect(s3.body.fulfillment).toMatchObject({ status: "delivered", deliveredAt: "2026-11-05T15:00:00.000Z" });
    expect((await status(`F-${id}`, { status: "unknown" })).status).toBe(400);
    const missing = await status("nope", { status: "in_transit" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: expect.any(String) });

    const got = await svc.http.get(`/v2.2/stores/${storeId}/orders/${id}`, { token: secret });
    expect(got.body.fulfillments.map((x: any) => x.id)).toEqual([f.id, `F-${id}`]);
  });

  it("validates fulfillments with { error } bodies", async () => {
    const id = `fv-${Date.now()}`;
    await svc.http.post(`/v2.2/stores/${storeId}/orders`, apiOrder(id), { token: secret });
    const base = `/v2.2/stores/${storeId}/orders/${id}/fulfillments`;
    const post = (body: unknown, token: string | null = secret) => svc.http.post(base, body, { token });
    expect((await post({ lineItems: [{ id: "li-1", quantity: 3 }], fulfillmentId: "dup" })).status).toBe(200);
    const cases: [unknown, RegExp][] = [
      [{ lineItems: [] }, /at least one/],
      [{}, /lineItems/],
      [{ lineItems: [{ id: "li-1", quantity: 1 }] }, /only 0 of 3/],
      [{ lineItems: [{ id: "li-9", quantity: 1 }] }, /not a line item/],
      [{ lineItems: [{ id: "li-2", quantity: 1 }], fulfillmentId: "dup" }, /already exists/],
      [
        { lineItems: [{ id: "li-2", quantity: 1 }], useDummyTracking: true, initialTracking: { status: "teleported" } },
        /initialTracking.status/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.body).toEqual({ error: expect.stringMatching(message) });
    }
    const noOrder = await svc.http.post(
      `/v2.2/stores/${storeId}/orders/none/fulfillments`,
      { lineItems: [{ id: "li-1", quantity: 1 }] },
      { token: secret },
    );
    expect(noOrder.status).toBe(404);
    expect(noOrder.body).toEqual({ error: expect.any(String) });
    const noAuth = await post({ lineItems: [{ id: "li-2", quantity: 1 }] }, null);
    expect(noAuth.status).toBe(401);
    expect(noAuth.body).toEqual({ error: expect.any(String) });
    const readOnly = (await svc.createApiClient(storeId, ["orders_read"])).secret;
    const forbidden = await post({ lineItems: [{ id: "li-2", quantity: 1 }] }, readOnly);
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  });

  it("replays a fulfillment create by Idempotency-Key", async () => {
    const id = `fi-${Date.now()}`;
    await svc.http.post(`/v2.2/stores/${storeId}/orders`, apiOrder(id), { token: secret });
    const body = { lineItems: [{ id: "li-1", quantity: 1 }], useDummyTracking: true };
    const headers = { "Idempotency-Key": `k-${id}` };
    const a = await svc.http.post(`/v2.2/stores/${storeId}/orders/${id}/fulfillments`, body, { token: secret, headers });
    const b = await svc.http.post(`/v2.2/stores/${storeId}/orders/${id}/fulfillments`, body, { token: secret, headers });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.fulfillment.id).toBe(a.body.fulfillment.id);
    const c = await svc.http.post(
      `/v2.2/stores/${storeId}/orders/${id}/fulfillments`,
      { ...body, lineItems: [{ id: "li-1", quantity: 2 }] },
      { token: secret, headers },
    );
    expect(c.status).toBe(422);
    expect(c.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await svc.services.db.prisma.fulfillment.count({ where: { order: { externalId: id } } })).toBe(1);
  });

  it("a return's provider must match the order's; deleting an order removes its returns", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const ret = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      { data: { provider: "Custom", externalOrderId: order.externalId, items: [{ lineItemId: order.lineItems[0].id, quantity: 1 }] } },
      { token: secret },
    );
    expect(ret.status).toBe(201);
    expect((await svc.http.delete(`/v2.2/stores/${storeId}/orders/${order.externalId}`, { token: secret })).status).toBe(200);
    expect((await svc.http.get(`/v2.2/returns/${ret.body.return.id}`, { token: secret })).status).toBe(404);
  });

  it("keeps other stores' orders out", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const other = await svc.createStore("Other orders");
    const otherKey = (await svc.createApiClient(other.id, "all")).secret;
    expect((await svc.http.get(`/v2.2/stores/${other.id}/orders/${order.externalId}`, { token: otherKey })).status).toBe(404);
    expect((await svc.http.get(`/v2.2/stores/${storeId}/orders/${order.externalId}`, { token: otherKey })).status).toBe(404);
    expect(
      (
        await svc.http.post(
          `/v2.2/stores/${other.id}/orders/${order.internalId}/fulfillments`,
          { lineItems: [{ id: order.lineItems[0].id, quantity: 1 }] },
          { token: otherKey },
        )
      ).status,
    ).toBe(404);
  });
});
