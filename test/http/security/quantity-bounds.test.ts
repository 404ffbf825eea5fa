// Quantities have one bound on every path in (issue 22, finding 6): an imported return's item took
// 2 147 483 647 units (order lines stop at 1 000), and restocking two of them overflowed inventory
// (PostgreSQL: every later restock of the SKU answered 500; SQLite: the inventory lists did) and
// broke returnsOverview (unitCount past a GraphQL Int). Now the import refuses it like an order line,
// and rows written before the bound neither overflow a restock nor turn a read into a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUANTITY_BOUNDS } from "../../../src/core/bounds.js";
import { providers } from "../../support/env.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";

const INT_MAX = 2_147_483_647;

describe.each(providers)("quantity bounds (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let key: string;
  let productId: string;
  const sku = `BIG-${provider}`;
  const bulk = (quantity: number) =>
    svc.http.post(`/v2.2/stores/${storeId}/returns/bulk`, { returns: [{ products: [{ productId, quantity }] }] }, { token: key });

  beforeAll(async () => {
    svc = await startTestService(provider, NO_RATE_LIMITS);
    storeId = (await svc.createStore("Quantities")).id;
    key = (await svc.createApiClient(storeId, "all")).secret;
    const up = await svc.http.post(
      `/v2.2/stores/${storeId}/products/bulk-upload`,
      { products: [{ title: "Big", variants: [{ sku, price: 100, currency: "USD" }] }] },
      { token: key },
    );
    productId = up.body.results[0].products[0].id;
  });
  afterAll(() => svc?.close());

  it("refuses an imported item past 1 000 units through REST and GraphQL, naming the field, writing nothing", async () => {
    const before = await svc.services.db.prisma.return.count({ where: { storeId } });
    for (const quantity of [QUANTITY_BOUNDS.lineItem + 1, INT_MAX]) {
      const rest = await bulk(quantity);
      expect(rest.status, rest.text).toBe(400);
      expect(JSON.stringify(rest.body)).toContain("returns[0].products[0].quantity");
      const gql = await svc.http.graphql(
        `mutation($s: ID!, $r: [ReturnImportInput!]!) { importReturns(storeId: $s, returns: $r) { processedCount results { error } } }`,
        { s: storeId, r: [{ products: [{ productId, quantity }] }] },
        key,
      );
      expect(gql.errors?.[0]?.extensions).toMatchObject({ status: 400, field: "returns[0].products[0].quantity" });
      expect(gql.errors?.[0]?.message).toContain(`from 1 to ${QUANTITY_BOUNDS.lineItem}`);
    }
    expect(await svc.services.db.prisma.return.count({ where: { storeId } })).toBe(before);
    const ok = await bulk(QUANTITY_BOUNDS.lineItem);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.processedCount).toBe(1);
  });

  it("a return item written before the bound neither overflows a restock nor breaks the overview or the inventory list", async () => {
    const prisma = svc.services.db.prisma;
    // Two imported returns as the old import wrote them (2 147 483 647 units each), and one normal.
    const rows = [];
    for (let i = 0; i < 2; i++) {
      const made = await bulk(1);
      const returnId = made.body.results[0].returnId as string;
      const item = await prisma.returnItem.findFirstOrThrow({ where: { returnId } });
      await prisma.returnItem.update({ where: { id: item.id }, data: { quantity: INT_MAX } });
      rows.push({ returnId, itemId: item.id });
    }
    const restock = (r: { returnId: string; itemId: string }) =>
      svc.http.post(
        `/v2.2/returns/${r.returnId}/process`,
        { products: [{ _id: r.itemId, processInput: { restock: true } }] },
        { token: key },
      );
    for (const r of rows) {
      const res = await restock(r);
      expect(res.status, res.text).toBe(409);
      expect(res.text).toContain("quantity-out-of-range");
    }
    // The SKU still restocks normally afterwards.
    const normal = await bulk(3);
    const normalId = normal.body.results[0].returnId as string;
    const normalItem = await prisma.returnItem.findFirstOrThrow({ where: { returnId: normalId } });
    const res = await restock({ returnId: normalId, itemId: normalItem.id });
    expect(res.status, res.text).toBe(200);
    const items = await svc.http.graphql(`query($s: ID!) { inventoryItems(storeId: $s) { nodes { sku quantity } } }`, { s: storeId }, key);
    expect(items.errors).toBeUndefined();
    expect(items.data.inventoryItems.nodes.find((n: { sku: string }) => n.sku === sku)?.quantity).toBe(3);
    // The overview sums the old rows past a GraphQL Int: it answers, capped, instead of failing.
    const overview = await svc.http.graphql(
      `query($s: ID!) { returnsOverview(storeId: $s) { unitCount returnCount } }`,
      { s: storeId },
      key,
    );
    expect(overview.errors).toBeUndefined();
    expect(overview.data.returnsOverview.unitCount).toBe(INT_MAX);
  });

  it("refuses an on-hand total past the column instead of overflowing it", async () => {
    const prisma = svc.services.db.prisma;
    const item = await prisma.inventoryItem.findFirstOrThrow({ where: { storeId, sku } });
    await prisma.inventoryItem.update({ where: { id: item.id }, data: { quantity: INT_MAX - 1 } });
    const made = await bulk(2);
    const returnId = made.body.results[0].returnId as string;
    const ri = await prisma.returnItem.findFirstOrThrow({ where: { returnId } });
    const res = await svc.http.post(
      `/v2.2/returns/${returnId}/process`,
      { products: [{ _id: ri.id, processInput: { restock: true } }] },
      { token: key },
    );
    expect(res.status, res.text).toBe(409);
    expect(res.text).toContain("quantity-out-of-range");
    expect((await prisma.inventoryItem.findUniqueOrThrow({ where: { id: item.id } })).quantity).toBe(INT_MAX - 1);
  });
});
