// Import returns (POST /v2.2/stores/{storeId}/returns/bulk) through the REST door: every response is
// validated against the served OpenAPI document by the test client.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { compatClient } from "../../support/compat.js";
import { expectNoErrors } from "../../support/gql.js";
import { renderReturnPayload } from "../../../src/returns/payload.js";

describe.each(providers)("import returns over REST v2.2 (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let otherStoreId: string;
  let secret: string;
  let productIds: string[];
  let n = 0;
  const uniq = (p: string) => `${p}-${++n}-${Date.now()}`;
  const bulk = (returns: unknown, token = secret, store = storeId) =>
    svc.http.post(`/v2.2/stores/${store}/returns/bulk`, { returns }, { token });
  const db = () => svc.services.db.prisma;
  const one = (extra: Record<string, unknown> = {}) => ({
    products: [{ productId: productIds[0], quantity: 2, reason: "Too small", condition: "unopened" }],
    externalReferenceId: uniq("RMA"),
    ...extra,
  });

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Warehouse")).id;
    otherStoreId = (await svc.createStore("Other")).id;
    secret = (await svc.createApiClient(storeId, ["products_write", "returns_write", "returns_read"])).secret;
    const up = await svc.http.post(
      `/v2.2/stores/${storeId}/products/bulk-upload`,
      {
        products: [
          {
            title: "Shirt",
            variants: [
              { sku: uniq("SH-S"), title: "Small", upc: "012345678905", price: 2500, currency: "USD" },
              { sku: uniq("SH-M"), title: "Medium", price: 2500, currency: "USD" },
            ],
          },
        ],
      },
      { token: secret },
    );
    expect(up.status).toBe(200);
    productIds = up.body.results[0].products.map((p: { id: string }) => p.id);
  });
  afterAll(() => svc?.close());

  it("imports 100 returns from a warehouse system in one call, each readable with an empty order and its created event", async () => {
    const before = await db().return.count({ where: { storeId } });
    const returns = Array.from({ length: 100 }, (_, i) =>
      one({
        products: [
          { productId: productIds[i % 2], quantity: 1 + (i % 3) },
          { productId: productIds[(i + 1) % 2], quantity: 1, sku: "OVERRIDE", productTitle: "Custom title" },
        ],
        customer: { firstName: "Ada", lastName: `L${i}`, email: `ada${i}@example.com` },
        trackingNumber: `1Z${i}`,
        carrier: "UPS",
        currency: "GBP",
        shippingAddress: { line1: "1 High St", city: "London", country: "GB", phone: "+442000000000" },
        merchantAddress: { line1: "Dock 4", city: "Leeds", country: "GB", name: "WH" },
      }),
    );
    const res = await bulk(returns);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalCount: 100, processedCount: 100, errorCount: 0 });
    expect(res.body.results.map((r: { index: number }) => r.index)).toEqual([...Array(100).keys()]);
    for (const r of res.body.results) expect(r).toEqual({ status: "created", index: r.index, returnId: expect.stringMatching(/^ret_/) });
    expect(await db().return.count({ where: { storeId } })).toBe(before + 100);
    const ids = res.body.results.map((r: { returnId: string }) => r.returnId);
    expect(await db().domainEvent.count({ where: { subjectId: { in: ids }, type: "created" } })).toBe(100);
    // History brought in from elsewhere: no confirmation mails to its shoppers (src/email).
    expect(await db().emailMessage.count({ where: { returnId: { in: ids } } })).toBe(0);

    const read = await svc.http.get(`/v2.2/returns/${ids[4]}`, { token: secret });
    expect(read.status).toBe(200);
    const ret = read.body.return;
    expect(ret.order).toEqual({ id: "", name: "" });
    expect(ret.status).toBe("open");
    expect(ret.externalReturnIds).toEqual([{ provider: "import", value: returns[4].externalReferenceId }]);
    expect(ret.source.name).toEqual({ given: "Ada", surname: "L4" });
    expect(ret.source.emailAddress).toBe("ada4@example.com");
    expect(ret.source.phoneNumber).toBe("+442000000000");
    expect(ret.destination.mailingAddress).toMatchObject({ line1: "Dock 4", city: "Leeds", country: "GB" });
    expect(ret.shipment).toMatchObject({ tracker: "1Z4", carrier: "UPS" });
    expect(ret.totals.refund.amount.currency).toBe("GBP");
    expect(ret.items).toHaveLength(2);
    expect(ret.items[0]).toMatchObject({ productId: productIds[0], quantity: 2, sku: expect.stringMatching(/^SH-S/), upc: "012345678905" });
    expect(ret.items[1]).toMatchObject({ productId: productIds[1], sku: "OVERRIDE" });
    expect(read.body.order).toMatchObject({ id: "", name: "", items: [] });

    // The list reads them too.
    const list = await svc.http.get(`/v2.2/stores/${storeId}/returns`, { token: secret });
    expect(list.status).toBe(200);
  });

  it("every other reader copes with a return without an order: webhook payload, compat door, GraphQL, processing", async () => {
    const res = await bulk([one({ currency: "EUR", customer: { email: "reader@example.com" } })]);
    const id = res.body.results[0].returnId;
    const payload = (await renderReturnPayload(svc.services, storeId, id)) as { return: any; order: any };
    expect(payload.return.order).toEqual({ id: "", name: "" });
    expect(payload.order).toMatchObject({ id: "", name: "", items: [], total: { amount: "0.00", currency: "EUR" } });

    const all = (await svc.createApiClient(storeId, "all")).secret;
    const compatId = (await db().return.findUniqueOrThrow({ where: { id } })).compatId;
    const details = await compatClient(svc, all).get(`/return/details?return_id=${compatId}`);
    expect(details.status).toBe(200);
    expect(JSON.stringify(details.body)).toContain("reader@example.com");

    const q = expectNoErrors(
      await svc.http.graphql(
        `query($id: ID!) { return(id: $id) { fullOrder { id } order { id name } items { id title sku productId } allowedActions } }`,
        { id },
        all,
      ),
    );
    expect(q.return.fullOrder).toBeNull();
    expect(q.return.items[0]).toMatchObject({ productId: productIds[0], title: expect.stringContaining("Shirt") });

    // Processed like any return: restocking an imported item moves the catalogue product's inventory.
    const itemId = q.return.items[0].id;
    const processed = await svc.http.post(
      `/v2.2/returns/${id}/process`,
      { products: [{ _id: itemId, processInput: { restock: true } }] },
      { token: all },
    );
    expect(processed.status).toBe(200);
    expect(await db().inventoryMovement.count({ where: { returnItemId: itemId } })).toBe(1);
  });

  it("mixed good and bad returns: per-index results, the bad ones write nothing, the good ones land", async () => {
    const before = await db().return.count({ where: { storeId } });
    const res = await bulk([
      one(),
      one({
        products: [
          { productId: productIds[0], quantity: 1 },
          { productId: "prd_DOESNOTEXIST", quantity: 1 },
        ],
      }),
      one(),
      one({ products: [{ productId: `${productIds[1]}x`, quantity: 1 }] }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalCount: 4, processedCount: 2, errorCount: 2 });
    expect(res.body.results[0]).toEqual({ status: "created", index: 0, returnId: expect.any(String) });
    expect(res.body.results[1]).toEqual({ status: "error", index: 1, error: expect.stringContaining("returns[1].products[1].productId") });
    expect(res.body.results[1].error).toContain("prd_DOESNOTEXIST");
    expect(res.body.results[2]).toEqual({ status: "created", index: 2, returnId: expect.any(String) });
    expect(res.body.results[3]).toEqual({ status: "error", index: 3, error: expect.stringContaining("returns[3].products[0].productId") });
    expect(await db().return.count({ where: { storeId } })).toBe(before + 2);
  });

  it("an unknown product id in a single return is an error result and no item or return is written", async () => {
    const items = await db().returnItem.count();
    const res = await bulk([one({ products: [{ productId: "prd_nope", quantity: 1 }] })]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalCount: 1,
      processedCount: 0,
      errorCount: 1,
      results: [{ status: "error", index: 0, error: expect.stringContaining("returns[0].products[0].productId") }],
    });
    expect(await db().returnItem.count()).toBe(items);
  });

  it("replays by idempotencyKey: the same return answers the same id and creates nothing", async () => {
    const body = one({ idempotencyKey: uniq("key") });
    const first = await bulk([body]);
    expect(first.body.results[0].status).toBe("created");
    const before = await db().return.count({ where: { storeId } });
    const again = await bulk([body, one()]);
    expect(again.body.results[0]).toEqual({ status: "created", index: 0, returnId: first.body.results[0].returnId });
    expect(again.body.results[1].status).toBe("created");
    expect(await db().return.count({ where: { storeId } })).toBe(before + 1);
  });

  it("a key reused with a different body is an error for that return, naming the key", async () => {
    const key = uniq("key");
    const first = await bulk([one({ idempotencyKey: key })]);
    expect(first.body.results[0].status).toBe("created");
    const before = await db().return.count({ where: { storeId } });
    const res = await bulk([one({ idempotencyKey: key, notes: "different" })]);
    expect(res.body.results[0]).toEqual({ status: "error", index: 0, error: expect.stringContaining("returns[0].idempotencyKey") });
    expect(res.body.results[0].error).toContain(first.body.results[0].returnId);
    expect(await db().return.count({ where: { storeId } })).toBe(before);
  });

  it("the same idempotencyKey sent twice concurrently creates one return", async () => {
    const body = one({ idempotencyKey: uniq("race") });
    const before = await db().return.count({ where: { storeId } });
    const [a, b] = await Promise.all([bulk([body]), bulk([body])]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.results[0].status).toBe("created");
    expect(b.body.results[0]).toEqual(a.body.results[0]);
    expect(await db().return.count({ where: { storeId } })).toBe(before + 1);
  });

  it("0 and 101 returns, and a body off the schema, are 400 naming the field, writing nothing", async () => {
    const before = await db().return.count({ where: { storeId } });
    const none = await bulk([]);
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain("returns");
    const many = await bulk(Array.from({ length: 101 }, () => one()));
    expect(many.status).toBe(400);
    expect(JSON.stringify(many.body)).toContain("returns");
    const bad = await bulk([one(), one({ products: [{ productId: productIds[0], quantity: 0 }] })]);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("returns[1].products[0].quantity");
    expect(await db().return.count({ where: { storeId } })).toBe(before);
  });

  it("another store's id answers 404; a key without returns_write 403", async () => {
    const other = await bulk([one()], secret, otherStoreId);
    expect(other.status).toBe(404);
    const readOnly = (await svc.createApiClient(storeId, ["returns_read"])).secret;
    expect((await bulk([one()], readOnly)).status).toBe(403);
  });
});
