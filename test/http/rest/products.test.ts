import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { expectNoErrors } from "../../support/gql.js";

type Family = Record<string, any>;
const family = (title: string, skus: string[], extra: Family = {}): Family => ({
  title,
  variants: skus.map((sku, i) => ({ sku, price: 1000 + i, currency: "USD", weight: 100, weight_unit: "g" })),
  ...extra,
});

describe.each(providers)("product bulk upload over REST v2.2 (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let n = 0;
  const sku = (p: string) => `${p}-${++n}`;
  const upload = (products: unknown, token = secret, store = storeId) =>
    svc.http.post(`/v2.2/stores/${store}/products/bulk-upload`, { products }, { token });
  const productCount = () => svc.services.db.prisma.product.count({ where: { storeId } });

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Catalogue")).id;
    secret = (await svc.createApiClient(storeId, ["products_write"])).secret;
  });
  afterAll(() => svc?.close());

  it("creates families, then a re-upload updates the same families and variants", async () => {
    const a = [sku("A"), sku("A")];
    const b = [sku("B")];
    const first = await upload([family("Shirt", a, { external_id: "ext-shirt", tags: ["tops"] }), family("Cap", b)]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total_count: 2, processed_count: 2, error_count: 0 });
    const [r0, r1] = first.body.results;
    expect(r0).toEqual({
      status: "created",
      product_family_id: expect.stringMatching(/^pfm_/),
      products: [
        { id: expect.stringMatching(/^prd_/), sku: a[0] },
        { id: expect.any(String), sku: a[1] },
      ],
    });
    expect(r1.status).toBe("created");

    // Re-upload: matched by external_id (first) and by SKU (second); same ids, new values.
    const again = await upload([
      family("Shirt v2", a, { external_id: "ext-shirt" }),
      { ...family("Cap", b), variants: [{ sku: b[0], price: 999, currency: "eur" }] },
    ]);
    expect(again.body.results).toEqual([
      { status: "updated", product_family_id: r0.product_family_id, products: r0.products },
      { status: "updated", product_family_id: r1.product_family_id, products: r1.products },
    ]);
    const cap = expectNoErrors(
      await svc.http.graphql(
        `query($s: ID!, $sku: String) { product(storeId: $s, sku: $sku) { id priceAmount price { amount currency } family { id title } } }`,
        { s: storeId, sku: b[0] },
        secret,
      ),
    ).product;
    expect(cap).toEqual({
      id: r1.products[0].id,
      priceAmount: 999,
      price: { amount: "9.99", currency: "EUR" },
      family: { id: r1.product_family_id, title: "Cap" },
    });

    // Matched by product_family_id; a new SKU adds a variant, variants left out stay.
    const extra = sku("A");
    const third = await upload([{ ...family("Shirt v3", [extra]), product_family_id: r0.product_family_id }]);
    expect(third.body.results[0]).toMatchObject({ status: "updated", product_family_id: r0.product_family_id, products: [{ sku: extra }] });
    const fam = expectNoErrors(
      await svc.http.graphql(
        `query($s: ID!, $id: ID!) { productFamily(storeId: $s, id: $id) { title externalId tags products { sku } } }`,
        { s: storeId, id: r0.product_family_id },
        secret,
      ),
    ).productFamily;
    expect(fam.title).toBe("Shirt v3");
    expect(fam.products.map((p: any) => p.sku).sort()).toEqual([...a, extra].sort());

    // A variant matched by its id can change its SKU.
    const renamed = sku("A");
    const byId = await upload([
      {
        ...family("Shirt v3", []),
        product_family_id: r0.product_family_id,
        variants: [{ id: r0.products[0].id, sku: renamed, price: 1, currency: "USD" }],
      },
    ]);
    expect(byId.body.results[0]).toEqual({
      status: "updated",
      product_family_id: r0.product_family_id,
      products: [{ id: r0.products[0].id, sku: renamed }],
    });
  });

  it("reports per-family errors in request order without blocking or rolling back the others", async () => {
    const owned = sku("OWN");
    const owner = (await upload([family("Owner", [owned])])).body.results[0];
    const dup = sku("DUP");
    const ok1 = sku("OK");
    const ok2 = sku("OK");
    const before = await productCount();
    const res = await upload([
      family("Fine 1", [ok1]),
      family("Dup inside", [dup, dup]),
      family("Takes owned", [sku("X")], {
        product_family_id: undefined,
        external_id: "new-ext",
        variants: [
          { sku: owned, price: 1, currency: "USD" },
          { sku: sku("Y"), price: 1, currency: "USD" },
        ],
      }),
      { ...family("Unknown id", [sku("Z")]), product_family_id: "pfm_doesnotexist" },
      family("Fine 2", [ok2]),
      family("Shares across 1", ["SHARED-" + n]),
      family("Shares across 2", ["SHARED-" + n]),
      { ...family("Foreign variant id", [sku("V")]), variants: [{ id: owner.products[0].id, sku: sku("V"), price: 1, currency: "USD" }] },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.total_count).toBe(8);
    expect(res.body.processed_count).toBe(3);
    expect(res.body.error_count).toBe(5);
    const r = res.body.results;
    expect(r.map((x: any) => x.status)).toEqual(["created", "error", "updated", "error", "created", "error", "error", "error"]);
    expect(r[1].error).toMatch(/^Duplicate SKU found in request/);
    // "Takes owned" matched the owner's family by SKU (no id/external id match), so it updates it.
    expect(r[2].product_family_id).toBe(owner.product_family_id);
    expect(r[3].error).toMatch(/No product family pfm_doesnotexist/);
    expect(r[5].error).toMatch(/^Duplicate SKU/);
    expect(r[6].error).toMatch(/^Duplicate SKU/);
    expect(r[7].error).toMatch(/is not a variant of this new family/);
    for (const e of r.filter((x: any) => x.status === "error")) expect(Object.keys(e).sort()).toEqual(["error", "status"]);
    // Written: Fine 1, Fine 2 (1 each) and one new variant in Owner's family; nothing of the failed ones.
    expect(await productCount()).toBe(before + 3);

    // A SKU owned by another family, on a family matched by external id → error for that family only.
    const other = (await upload([family("Other", [sku("O")], { external_id: "other-ext" })])).body.results[0];
    const clash = await upload([family("Other", [owned], { external_id: "other-ext" }), family("Fine 3", [sku("OK")])]);
    expect(clash.body.results[0]).toEqual({
      status: "error",
      error: `SKU "${owned}" belongs to product family ${owner.product_family_id}.`,
    });
    expect(clash.body.results[1].status).toBe("created");
    expect(other.status).toBe("created");
    // SKUs spread over two existing families, with nothing else to match on.
    const spread = await upload([
      family("Spread", [owned, (await svc.services.db.prisma.product.findFirst({ where: { familyId: other.product_family_id } }))!.sku]),
    ]);
    expect(spread.body.results[0].status).toBe("error");
    expect(spread.body.results[0].error).toMatch(/2 different product families/);
  });

  it("refuses an invalid request shape with 400 and writes nothing", async () => {
    const before = await productCount();
    const good = family("Good", [sku("G")]);
    const cases: [unknown, string | RegExp][] = [
      [[], "products"],
      [Array.from({ length: 1001 }, (_, i) => family(`F${i}`, [`S1001-${i}`])), "products"],
      [[good, { variants: [{ sku: "no-title", price: 1, currency: "USD" }] }], /title/],
      [[good, { ...family("T", []), variants: [] }], "products[1].variants"],
      [
        [
          good,
          family(
            "T",
            Array.from({ length: 101 }, (_, i) => `V101-${i}`),
          ),
        ],
        "products[1].variants",
      ],
      [[good, { ...family("T", []), variants: [{ sku: "neg", price: -1, currency: "USD" }] }], "products[1].variants[0].price"],
      [[good, { ...family("T", []), variants: [{ sku: "frac", price: 10.5, currency: "USD" }] }], /price|Int/],
      [[good, { ...family("T", []), variants: [{ sku: "", price: 1, currency: "USD" }] }], "products[1].variants[0].sku"],
      [
        [good, { ...family("T", []), variants: [{ sku: "x", price: 1, currency: "USD", weight_unit: "stone" }] }],
        "products[1].variants[0].weight_unit",
      ],
      [
        [good, { ...family("T", []), variants: [{ sku: "x", price: 1, currency: "USD", origin_country: "usa" }] }],
        "products[1].variants[0].origin_country",
      ],
      [[good, family("x".repeat(501), ["long"])], "products[1].title"],
      [[good, family("T", ["k"], { kind: "BUNDLE" })], "products[1].kind"],
      [[good, family("T", ["u"], { unknown_field: 1 })], /unknown_field/],
      [[good, family("T", ["i"], { images: [{ url: "not a url", alt_text: "x" }] })], "products[1].images[0].url"],
    ];
    for (const [products, field] of cases) {
      const res = await upload(products);
      expect(res.status, JSON.stringify(field)).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      if (typeof field === "string") expect(res.body.field).toBe(field);
      else expect(res.body.detail).toMatch(field);
    }
    for (const body of [{}, { products: "x" }, [1, 2]]) {
      const res = await svc.http.post(`/v2.2/stores/${storeId}/products/bulk-upload`, body, { token: secret });
      expect(res.status).toBe(400);
    }
    expect(await productCount()).toBe(before);
  });

  it("runs one upload per store at a time (409), across replicas, and recovers from a crashed holder", async () => {
    const prisma = svc.services.db.prisma;
    // Another replica holds a live lease: 409.
    await prisma.bulkUploadLock.create({ data: { storeId, token: "other-replica", expiresAt: new Date(Date.now() + 60_000) } });
    const busy = await upload([family("Busy", [sku("B")])]);
    expect(busy.status).toBe(409);
    expect(busy.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(busy.body).toMatchObject({ type: "com.retour.api:products/bulk-upload-in-progress", status: 409 });
    // That replica crashed: its lease runs out and the next upload takes the lock over.
    await prisma.bulkUploadLock.update({ where: { storeId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const after = await upload([family("After crash", [sku("C")])]);
    expect(after.status).toBe(200);
    expect(after.body.results[0].status).toBe("created");
    expect(await prisma.bulkUploadLock.count({ where: { storeId } })).toBe(0);

    // Two real uploads racing: exactly one runs, the other gets 409.
    const big = (p: string) => Array.from({ length: 1000 }, (_, i) => family(`${p} ${i}`, [`${p}-${i}-a`, `${p}-${i}-b`, `${p}-${i}-c`]));
    const first = upload(big("RACE1"));
    for (let i = 0; i < 500 && !(await prisma.bulkUploadLock.findUnique({ where: { storeId } })); i++)
      await new Promise((r) => setTimeout(r, 5));
    const second = await upload(big("RACE2"));
    expect(second.status).toBe(409);
    expect(second.body.type).toBe("com.retour.api:products/bulk-upload-in-progress");
    const winner = await first;
    expect(winner.status).toBe(200);
    expect(winner.body).toMatchObject({ total_count: 1000, processed_count: 1000, error_count: 0 });
    expect(await prisma.product.count({ where: { storeId, sku: { startsWith: "RACE2" } } })).toBe(0);
    expect(await prisma.bulkUploadLock.count({ where: { storeId } })).toBe(0);

    // Another store is not blocked by this store's lock.
    await prisma.bulkUploadLock.create({ data: { storeId, token: "held", expiresAt: new Date(Date.now() + 60_000) } });
    const other = await svc.createStore("Unblocked");
    const otherSecret = (await svc.createApiClient(other.id, ["products_write"])).secret;
    expect((await upload([family("Elsewhere", ["E-1"])], otherSecret, other.id)).status).toBe(200);
    await prisma.bulkUploadLock.delete({ where: { storeId } });
  });

  it("accepts 1000 families (the limit) in one request", async () => {
    const products = Array.from({ length: 1000 }, (_, i) => family(`Limit ${i}`, [`LIMIT-${i}`]));
    const res = await upload(products);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_count: 1000, processed_count: 1000, error_count: 0 });
    expect(res.body.results.every((r: any, i: number) => r.status === "created" && r.products[0].sku === `LIMIT-${i}`)).toBe(true);
  });

  it("needs products_write, and stays within the caller's store", async () => {
    const readOnly = (await svc.createApiClient(storeId, ["inbound_shipments_read"])).secret;
    const res = await upload([family("No scope", ["NS-1"])], readOnly);
    expect(res.status).toBe(403);
    expect(res.body.type).toBe("com.retour.api:auth/missing-scope");
    const other = await svc.createStore("Foreign");
    const res2 = await upload([family("Foreign", ["FS-1"])], secret, other.id);
    expect(res2.status).toBe(404);
    // A family id of another store is unknown here.
    const otherSecret = (await svc.createApiClient(other.id, ["products_write"])).secret;
    const theirs = (await upload([family("Theirs", ["TH-1"])], otherSecret, other.id)).body.results[0];
    const res3 = await upload([{ ...family("Steal", ["TH-2"]), product_family_id: theirs.product_family_id }]);
    expect(res3.body.results[0]).toEqual({ status: "error", error: `No product family ${theirs.product_family_id} in this store.` });
    // SKUs are per store: the same SKU in another store is a different product.
    const same = await upload([family("Same SKU", ["TH-1"])]);
    expect(same.body.results[0].status).toBe("created");
  });
});
