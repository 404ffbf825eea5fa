// The demo store agrees with itself: every product its orders sell is in its catalogue, so inventory
// never shows a demo item as "not in the catalogue" and the overview lists each product once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedStore } from "../../../src/demo/seed.js";
import { expectNoErrors } from "../../support/gql.js";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";

describe.each(providers)("demo data (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let staff: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Demo agreement")).id;
    staff = (await svc.createStaff(storeId)).token;
    await seedStore(svc.services, storeId);
  });
  afterAll(() => svc?.close());

  it("sells only catalogue products: every order line's SKU is a catalogue variant, titled as the catalogue titles it", async () => {
    const prisma = svc.services.db.prisma;
    const lines = await prisma.orderLineItem.findMany({ where: { order: { storeId } }, select: { sku: true, title: true } });
    const catalogue = await prisma.product.findMany({ where: { storeId }, include: { family: { select: { title: true } } } });
    const bySku = new Map(catalogue.map((p) => [p.sku, p.family.title]));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(bySku.has(line.sku ?? ""), `order line "${line.title}" (${line.sku}) is not in the demo catalogue`).toBe(true);
      expect(line.title).toBe(bySku.get(line.sku ?? ""));
    }
  });

  it("restocked demo items are catalogue products, and the overview names each product once", async () => {
    const items = expectNoErrors(
      await svc.http.graphql(
        `query($s: ID!) { inventoryItems(storeId: $s, first: 100) { nodes { sku name kind } } }`,
        { s: storeId },
        staff,
      ),
    ).inventoryItems.nodes as { sku: string; kind: string }[];
    expect(items.filter((i) => i.kind !== "PRODUCT")).toEqual([]);
    const top = expectNoErrors(
      await svc.http.graphql(`query($s: ID!) { returnsOverview(storeId: $s) { topProducts { productId title } } }`, { s: storeId }, staff),
    ).returnsOverview.topProducts as { title: string }[];
    expect(top.length).toBeGreaterThan(0);
    expect(new Set(top.map((p) => p.title)).size).toBe(top.length);
  });
});
