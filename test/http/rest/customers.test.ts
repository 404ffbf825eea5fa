// Customers through the real doors: read by e-mail, upsert (201 created / 200 updated), the merge
// rules, refusals naming the field, and the link from orders and returns to the customer record.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { customOrderBody, returnBody } from "../../support/orders.js";

const RETURN_CUSTOMER = `query($id: ID!) { return(id: $id) { fullOrder { customerRecord { id email returns(first: 10) { nodes { id } } } } } }`;

describe.each(providers)("customers over REST v2.2 (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;

  const path = () => `/v2.2/stores/${storeId}/customers`;
  const put = (body: unknown, token = secret) => svc.http.put(path(), body, { token });
  const get = (email: string, token = secret) => svc.http.get(`${path()}?email=${encodeURIComponent(email)}`, { token });

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Customers store")).id;
    secret = (await svc.createApiClient(storeId, ["customers_read", "customers_write", "orders_write", "returns_read", "returns_write"]))
      .secret;
  });
  afterAll(() => svc?.close());

  it("creates (201), then updates (200): names set, phone numbers appended, location and custom fields merged", async () => {
    const created = await put({
      email: "Jane@Example.com",
      firstName: "Jane",
      lastName: "Smith",
      phoneNumber: "+11234567890",
      location: { street1: "123 Main St", city: "Seattle", stateCode: "WA", countryCode: "US", latitude: 47.6062, longitude: -122.3321 },
      customFields: { pricing_plan: "com.example.yearly", loyalty_points: 1250, vip_member: true, renews_at: "2026-03-01T00:00:00Z" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.stringMatching(/^cus_/), email: "jane@example.com", created: true });

    const updated = await put({
      email: "jane@example.com",
      lastName: "Doe",
      phoneNumber: "+15550000000",
      location: { city: "Portland" },
      customFields: { loyalty_points: 1300, status: "Active" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ id: created.body.id, email: "jane@example.com", created: false });

    const read = await get("JANE@example.com");
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      id: created.body.id,
      email: "jane@example.com",
      firstName: "Jane",
      lastName: "Doe",
      phoneNumber: "+11234567890",
      location: { street1: "123 Main St", city: "Portland", stateCode: "WA", countryCode: "US", latitude: 47.6062, longitude: -122.3321 },
      customFields: {
        loyalty_points: 1300,
        pricing_plan: "com.example.yearly",
        renews_at: "2026-03-01T00:00:00.000Z",
        status: "Active",
        vip_member: true,
      },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("leaves out what a customer does not have, and answers 404 for an unknown e-mail", async () => {
    expect((await put({ email: "bare@example.com" })).status).toBe(201);
    const bare = await get("bare@example.com");
    expect(Object.keys(bare.body).sort()).toEqual(["createdAt", "email", "id", "updatedAt"]);
    const missing = await get("nobody@example.com");
    expect(missing.status).toBe(404);
    expect(missing.body.type).toMatch(/customers\/not-found$/);
  });

  it("refuses bad input with a 400 naming the field, and never writes half a customer", async () => {
    const cases: [unknown, string][] = [
      [{}, "email"],
      [{ email: "not-an-email" }, "email"],
      [{ email: "x@example.com", nickname: "X" }, "body"],
      [{ email: "x@example.com", phoneNumber: "555-1234" }, "phoneNumber"],
      [{ email: "x@example.com", location: { latitude: 91 } }, "location.latitude"],
      [{ email: "x@example.com", location: { planet: "Mars" } }, "location"],
      [{ email: "x@example.com", customFields: { tier: { level: 2 } } }, "customFields.tier"],
      [{ email: "x@example.com", firstName: 7 }, "firstName"],
    ];
    for (const [body, field] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
    }
    expect((await put({ email: "x@example.com", nickname: "X" })).body.detail).toMatch(/unknown field `nickname`/);
    expect((await get("x@example.com")).status).toBe(404);
    const noEmail = await svc.http.get(path(), { token: secret });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.field).toBe("email");
    expect((await get("nope")).status).toBe(400);
  });

  it("keeps other stores and missing scopes out", async () => {
    const other = (await svc.createStore("Other customers store")).id;
    const otherSecret = (await svc.createApiClient(other, ["customers_read", "customers_write"])).secret;
    expect((await svc.http.get(`/v2.2/stores/${other}/customers?email=jane%40example.com`, { token: otherSecret })).status).toBe(404);
    // Another store's path answers as if it did not exist.
    const foreign = await get("jane@example.com", otherSecret);
    expect([foreign.status, foreign.body.type]).toEqual([404, "com.retour.api:stores/not-found"]);
    const readOnly = (await svc.createApiClient(storeId, ["customers_read"])).secret;
    expect((await put({ email: "ro@example.com" }, readOnly)).status).toBe(403);
    expect((await get("jane@example.com", readOnly)).status).toBe(200);
  });

  it("concurrent upserts of one new e-mail make one customer: one 201, the rest 200", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => put({ email: "race@example.com", customFields: { [`f${i}`]: i } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(Object.keys((await get("race@example.com")).body.customFields).sort()).toEqual(["f0", "f1", "f2", "f3", "f4", "f5"]);
  });

  it("an order's sync creates its customer, and a return links to the customer and its other returns", async () => {
    const push = async () => {
      const body = { ...customOrderBody(), customer: { email: "Ada@Example.test", firstName: "Ada", lastName: "Lovelace" } };
      expect((await svc.http.post(`/v2.2/stores/${storeId}/custom/orders`, body, { token: secret })).status).toBe(200);
      const o = { externalId: body.id, name: body.id, lineItems: body.lineItems.map((l) => ({ id: l.id, quantity: l.quantity })) };
      const ret = await svc.http.post(`/v2.2/stores/${storeId}/returns`, returnBody(o, [{ lineItemId: o.lineItems[0].id, quantity: 1 }]), {
        token: secret,
      });
      expect(ret.status).toBe(201);
      return ret.body.return.id as string;
    };
    const first = await push();
    const second = await push();
    const customer = await get("ada@example.test");
    expect(customer.body).toMatchObject({ email: "ada@example.test", firstName: "Ada", lastName: "Lovelace" });
    // The merchant's own fields win over later orders.
    expect((await put({ email: "ada@example.test", firstName: "Augusta Ada" })).status).toBe(200);
    await push();
    expect((await get("ada@example.test")).body.firstName).toBe("Augusta Ada");

    const res = await svc.http.graphql(RETURN_CUSTOMER, { id: first }, secret);
    expect(res.errors).toBeUndefined();
    const record = res.data.return.fullOrder.customerRecord;
    expect(record.id).toBe(customer.body.id);
    expect(record.returns.nodes).toHaveLength(3);
    expect(record.returns.nodes.map((n: { id: string }) => n.id)).toEqual(expect.arrayContaining([first, second]));
  });
});
