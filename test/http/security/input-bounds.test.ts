// Request sizes are bounded on every door (finding 6 of issue 13): a list or text past its bound in
// src/core/bounds.ts is a 4xx naming the field and the bound, quickly and with nothing written; a
// body past the door's byte bound is a 413. Before, 20 000 line items blocked the event loop for
// seconds (and were a 500 on PostgreSQL), and 1 MB texts were stored and sent with every webhook.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { compatClient, compatReturn } from "../../support/compat.js";
import { customOrderBody, returnBody } from "../../support/orders.js";
import { BODY_BOUNDS, LIST_BOUNDS, TEXT_BOUNDS } from "../../../src/core/bounds.js";

describe.each(providers)("input bounds on every door (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  const orderCount = () => svc.services.db.prisma.order.count({ where: { storeId } });

  beforeAll(async () => {
    svc = await startTestService(provider, {
      RATE_LIMIT_REST_PER_MINUTE: "0",
      RATE_LIMIT_COMPAT_PER_MINUTE: "0",
      RATE_LIMIT_GRAPHQL_PER_MINUTE: "0",
    });
    storeId = (await svc.createStore()).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(() => svc?.close());

  it("refuses 20 000 line items and 5 000 tags quickly, naming the field and the bound", async () => {
    const before = await orderCount();
    // 20 000 small line items (1.2 MB, under the body bound), as the finding sent them.
    const huge = {
      orderId: "huge",
      createdAt: "2026-11-02T09:30:00Z",
      lineItems: Array.from({ length: 20_000 }, (_, i) => ({ id: `l${i}`, productId: "p", title: "T", quantity: 1 })),
    };
    const started = Date.now();
    const many = await svc.http.post(`/v2.2/stores/${storeId}/orders`, huge, { token: secret });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(many.status, many.text.slice(0, 300)).toBe(400);
    // Past the JSON body's width bound (10 000 entries), refused before it is even described.
    expect(many.body.error).toBe(
      "An object or array in the JSON body holds more than 10000 entries; send at most 10000 per object or array.",
    );
    // Under that, past the order's own bound: named as the field.
    const wide = await svc.http.post(
      `/v2.2/stores/${storeId}/orders`,
      { ...huge, lineItems: huge.lineItems.slice(0, LIST_BOUNDS.orderLineItems + 1) },
      { token: secret },
    );
    expect(wide.status).toBe(400);
    expect(wide.body.error).toBe(
      `\`lineItems\` holds ${LIST_BOUNDS.orderLineItems + 1} entries; at most ${LIST_BOUNDS.orderLineItems} are allowed (maxItems).`,
    );
    const custom = await svc.http.post(
      `/v2.2/stores/${storeId}/custom/orders`,
      customOrderBody({ id: "big", lines: Array.from({ length: 1_000 }, (_, i) => ({ id: `big-${i}`, quantity: 1 })) }),
      { token: secret },
    );
    expect(custom.status).toBe(400);
    expect(custom.body.error).toMatch(/^`lineItems` holds 1000 entries/);

    // Summed by the order service into the totals, bounded by the order input (@maxItems).
    const shipping = await svc.http.post(
      `/v2.2/stores/${storeId}/custom/orders`,
      {
        ...customOrderBody({ id: "shipped" }),
        shippingLines: Array.from({ length: LIST_BOUNDS.orderCharges + 1 }, () => customOrderBody().shippingLines[0]),
      },
      { token: secret },
    );
    expect(shipping.status).toBe(400);
    expect(shipping.body.error).toMatch(/^`shippingLines` holds 101 entries/);

    const tags = await svc.http.post(
      `/v2.2/stores/${storeId}/custom/orders`,
      { ...customOrderBody({ id: "tagged" }), tags: Array.from({ length: 5_000 }, (_, i) => `t${i}`) },
      { token: secret },
    );
    expect(tags.status).toBe(400);
    expect(tags.body.error).toMatch(/^`tags` holds 5000 entries; at most 250/);

    const api = {
      orderId: "api-1",
      createdAt: "2026-11-02T09:30:00Z",
      lineItems: Array.from({ length: LIST_BOUNDS.orderLineItems + 1 }, (_, i) => ({
        id: `l${i}`,
        productId: "p",
        title: "T",
        quantity: 1,
      })),
    };
    const created = await svc.http.post(`/v2.2/stores/${storeId}/orders`, api, { token: secret });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatch(/^`lineItems` holds 501 entries/);
    // The bound itself is accepted.
    const atBound = await svc.http.post(
      `/v2.2/stores/${storeId}/orders`,
      { ...api, lineItems: api.lineItems.slice(0, LIST_BOUNDS.orderLineItems) },
      { token: secret },
    );
    expect(atBound.status, atBound.text.slice(0, 300)).toBe(200);
    expect(await orderCount()).toBe(before + 1);

    const gql = await svc.http.graphql(
      `mutation($input: OrderInput!) { upsertOrder(storeId: "${storeId}", input: $input) { created } }`,
      {
        input: {
          orderId: "gql-1",
          currency: "USD",
          placedAt: "2026-01-01T00:00:00Z",
          lineItems: [{ id: "l", productId: "p", title: "x".repeat(TEXT_BOUNDS.title + 1), quantity: 1 }],
        },
      },
      secret,
    );
    expect(gql.errors?.[0].extensions).toMatchObject({ status: 400, code: "BAD_USER_INPUT", field: "lineItems[0].title" });
    expect(gql.errors?.[0].message).toContain(`at most ${TEXT_BOUNDS.title}`);
    expect(await orderCount()).toBe(before + 1);
  });

  it("refuses a 1 MB return reason, a 1 MB comment and an oversized image with 400 problems naming the field", async () => {
    const f = await compatReturn(svc, storeId, secret);
    const order = { externalId: f.orderExternalId, name: f.orderName, lineItems: [] };
    const returns = () => svc.services.db.prisma.return.count({ where: { storeId } });
    const before = await returns();
    const body = returnBody(order, [{ lineItemId: f.lineItemIds[0], quantity: 1 }]);
    body.data.items[0].reason = "r".repeat(1024 * 1024);
    const reason = await svc.http.post(`/v2.2/stores/${storeId}/returns`, body, { token: secret });
    expect(reason.status).toBe(400);
    expect(reason.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(reason.body).toMatchObject({
      field: "data.items[0].reason",
      detail: `\`data.items[0].reason\` has 1048576 characters; at most ${TEXT_BOUNDS.note} are allowed (maxLength); shorten it.`,
    });
    expect(await returns()).toBe(before);

    const comments = () => svc.services.db.prisma.returnComment.count({ where: { returnId: f.id } });
    const message = await svc.http.post(
      `/v2.2/returns/${f.id}/comments`,
      { comment: { message: "m".repeat(1024 * 1024) } },
      { token: secret },
    );
    expect(message.status).toBe(400);
    expect(message.body).toMatchObject({ field: "comment.message" });
    expect(message.body.detail).toContain(`at most ${TEXT_BOUNDS.comment}`);
    const image = await svc.http.post(
      `/v2.2/returns/${f.id}/comments`,
      { comment: { image: "i".repeat(TEXT_BOUNDS.imageBase64 + 1) } },
      { token: secret },
    );
    expect(image.status).toBe(400);
    expect(image.body).toMatchObject({ field: "comment.image" });
    expect(await comments()).toBe(0);
  });

  it("answers compat bounds in the platform's validation envelope", async () => {
    const f = await compatReturn(svc, storeId, secret);
    const res = await compatClient(svc, secret).post(`/return/${f.compatId}/note`, { content: "n".repeat(TEXT_BOUNDS.note + 1) });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(["content"]);
    expect(res.body.errors.content[0]).toContain(`at most ${TEXT_BOUNDS.note}`);
  });

  it("refuses bodies past each door's byte bound with 413", async () => {
    const over = (bytes: number) => JSON.stringify({ pad: "x".repeat(bytes) });
    const rest = await svc.http.request("POST", `/v2.2/stores/${storeId}/orders`, { token: secret, raw: over(BODY_BOUNDS.rest) });
    expect(rest.status).toBe(413);
    expect(rest.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(rest.body.detail).toContain("2 MB");
    const gql = await fetch(`${svc.coreUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
      body: over(BODY_BOUNDS.graphql),
    });
    expect(gql.status).toBe(413);
    expect(gql.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(((await gql.json()) as { type: string }).type).toBe("com.retour.api:request/too-large");
    const compat = await fetch(`${svc.url}/api/v1/warehouse/return/1/note`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-authorization": secret },
      body: over(BODY_BOUNDS.compat),
    });
    expect(compat.status).toBe(413);
  });
});
