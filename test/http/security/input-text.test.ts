// Text that is not text: a lone UTF-16 surrogate (JSON `"\ud800x"`) through every door answers 400
// naming the field, as NUL does, and writes nothing (finding 8 of issue 13: it was a Prisma 500).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { compatClient, compatReturn } from "../../support/compat.js";
import { customOrderBody } from "../../support/orders.js";

const LONE = "\ud800x";

describe.each(providers)("lone surrogates in input (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;

  beforeAll(async () => {
    svc = await startTestService(provider, { RATE_LIMIT_REST_PER_MINUTE: "0", RATE_LIMIT_COMPAT_PER_MINUTE: "0" });
    storeId = (await svc.createStore()).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(() => svc?.close());

  const expectProblem = (res: { status: number; body: any }, field: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.field ?? res.body.error).toBeDefined();
    if (res.body.field !== undefined) expect(res.body.field).toBe(field);
    expect(JSON.stringify(res.body)).toMatch(/surrogate/);
  };

  it("REST: an order id, a bulk-upload title, a comment, a path parameter and a query string", async () => {
    const orders = () => svc.services.db.prisma.order.count({ where: { storeId } });
    const before = await orders();
    const order = await svc.http.post(
      `/v2.2/stores/${storeId}/orders`,
      {
        orderId: LONE,
        createdAt: "2026-11-02T09:30:00Z",
        currencyCode: "USD",
        lineItems: [{ id: "l1", productId: "p", title: "T", quantity: 1, price: 10 }],
      },
      { token: secret },
    );
    expect(order.status, order.text).toBe(400);
    expect(order.text).toMatch(/orderId.*surrogate/);
    const custom = await svc.http.post(`/v2.2/stores/${storeId}/custom/orders`, customOrderBody({ id: LONE }), { token: secret });
    expect(custom.status, custom.text).toBe(400);
    expect(await orders()).toBe(before);

    const upload = await svc.http.post(
      `/v2.2/stores/${storeId}/products/bulk-upload`,
      { products: [{ title: LONE, variants: [{ sku: "S-1", price: 100, currency: "USD" }] }] },
      { token: secret },
    );
    expectProblem(upload, "products[0].title");
    expect(await svc.services.db.prisma.product.count({ where: { storeId } })).toBe(0);

    const f = await compatReturn(svc, storeId, secret);
    const comment = await svc.http.post(`/v2.2/returns/${f.id}/comments`, { comment: { message: LONE } }, { token: secret });
    expectProblem(comment, "message");
    expect(await svc.services.db.prisma.returnComment.count({ where: { returnId: f.id } })).toBe(0);

    // Express decodes path parameters; a percent-encoded surrogate is not UTF-8 and never reaches the core.
    const path = await svc.http.get(`/v2.2/stores/${storeId}/orders/%ED%A0%80x`, { token: secret });
    expect(path.status).toBeGreaterThanOrEqual(400);
    expect(path.status).toBeLessThan(500);
    const query = await svc.http.get(`/v2.2/stores/${storeId}/returns?status=%ED%A0%80`, { token: secret });
    expect(query.status).toBeGreaterThanOrEqual(400);
    expect(query.status).toBeLessThan(500);
  });

  it("compat: a note's content", async () => {
    const f = await compatReturn(svc, storeId, secret);
    const res = await compatClient(svc, secret).post(`/return/${f.compatId}/note`, { content: LONE });
    expect(res.status, res.text).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(["content"]);
    expect(JSON.stringify(res.body)).toMatch(/surrogate/);
  });

  it("GraphQL: a variable and a literal", async () => {
    const staff = await svc.createStaff(storeId);
    const q = `query($id: String!) { order(storeId: "${storeId}", id: $id) { id } }`;
    const variable = await svc.http.graphql(q, { id: LONE }, staff.token);
    expect(variable.errors?.[0].extensions).toMatchObject({ status: 400, field: "id" });
    const literal = await svc.http.graphql(`{ order(storeId: "${storeId}", id: "\\ud800x") { id } }`, {}, staff.token);
    expect(literal.errors?.[0].extensions).toMatchObject({ status: 400 }); // the parser refuses it
  });
});
