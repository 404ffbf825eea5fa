import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { expectNoErrors } from "../../support/gql.js";
import { systemContext } from "../../../src/core/context.js";
import { addBillableItems } from "../../../src/invoices/service.js";

const UPLOAD = `mutation($s: ID!, $p: [ProductFamilyInput!]!) { uploadProducts(storeId: $s, families: $p) { total processed failed outcomes { status familyId products { id sku } error } } }`;
/** The deprecated upload in the merchant file format's names (src/products/legacy-upload.ts). */
const LEGACY_UPLOAD = `mutation($s: ID!, $p: [ProductFamilyUpload!]!, $k: String) { bulkUploadProducts(storeId: $s, products: $p, idempotencyKey: $k) { replayed total_count processed_count error_count results { status product_family_id products { id sku } error } } }`;
const FAMILIES = `query($s: ID!, $first: Int, $after: String) { productFamilies(storeId: $s, first: $first, after: $after) {
  nodes { id title externalId kind tags products { id sku price { amount currency } weight weightUnit optionValues family { id } } }
  pageInfo { hasNextPage endCursor } } }`;

describe.each(providers)("catalogue, inbound and invoices in GraphQL (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let staff: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("GraphQL catalogue")).id;
    staff = (await svc.createStaff(storeId)).token;
  });
  afterAll(() => svc?.close());

  it("uploads through the mutation and pages the catalogue newest first", async () => {
    const families = Array.from({ length: 5 }, (_, i) => ({
      title: `Family ${i}`,
      externalId: `g-${i}`,
      tags: ["t"],
      kind: i === 4 ? "NON_SELLABLE" : undefined,
      variants: [{ sku: `G-${i}`, price: 2999, currency: "usd", weight: 1.5, weightUnit: "kg", optionValues: ["Red"] }],
    }));
    const up = expectNoErrors(await svc.http.graphql(UPLOAD, { s: storeId, p: families }, staff)).uploadProducts;
    expect(up).toMatchObject({ total: 5, processed: 5, failed: 0 });
    const seen: any[] = [];
    let after: string | null = null;
    do {
      const page: any = expectNoErrors(await svc.http.graphql(FAMILIES, { s: storeId, first: 2, after }, staff)).productFamilies;
      seen.push(...page.nodes);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    // One upload creates its families in the same instant: each is listed exactly once.
    expect(seen.map((f) => f.externalId).sort()).toEqual(["g-0", "g-1", "g-2", "g-3", "g-4"]);
    const byExt = new Map(seen.map((f) => [f.externalId, f]));
    expect(byExt.get("g-4")).toMatchObject({ kind: "NON_SELLABLE", tags: ["t"] });
    expect(byExt.get("g-1")).toMatchObject({ kind: "SELLABLE", id: up.outcomes[1].familyId });
    expect(byExt.get("g-0").products).toEqual([
      {
        id: up.outcomes[0].products[0].id,
        sku: "G-0",
        price: { amount: "29.99", currency: "USD" },
        weight: 1.5,
        weightUnit: "kg",
        optionValues: ["Red"],
        family: { id: up.outcomes[0].familyId },
      },
    ]);
    // A later upload is listed first.
    expectNoErrors(
      await svc.http.graphql(
        UPLOAD,
        { s: storeId, p: [{ title: "Later", externalId: "g-later", variants: [{ sku: "G-LATER", price: 1, currency: "USD" }] }] },
        staff,
      ),
    );
    const first: any = expectNoErrors(await svc.http.graphql(FAMILIES, { s: storeId, first: 1 }, staff)).productFamilies;
    expect(first.nodes[0].externalId).toBe("g-later");
  });

  it("still answers the deprecated bulkUploadProducts in the file format's names, its refusals naming the fields it was sent", async () => {
    const family = {
      title: "Legacy",
      external_id: "legacy-1",
      product_type: "Scarves",
      images: [{ url: "https://img.example/legacy.jpg", alt_text: "Front" }],
      variants: [{ sku: "LEG-1", price: 1500, currency: "USD", weight_unit: "g", option_values: ["Blue"], hs_code: "6214" }],
    };
    const up = expectNoErrors(
      await svc.http.graphql(LEGACY_UPLOAD, { s: storeId, p: [family], k: "legacy-key" }, staff),
    ).bulkUploadProducts;
    expect(up).toMatchObject({ replayed: false, total_count: 1, processed_count: 1, error_count: 0 });
    expect(up.results[0]).toEqual({
      status: "created",
      product_family_id: expect.stringMatching(/^pfm_/),
      products: [{ id: expect.any(String), sku: "LEG-1" }],
      error: null,
    });
    const read = `query($s: ID!, $id: ID!) { productFamily(storeId: $s, id: $id) { externalId productType images { url altText } products { weightUnit optionValues } } }`;
    expect(expectNoErrors(await svc.http.graphql(read, { s: storeId, id: up.results[0].product_family_id }, staff)).productFamily).toEqual({
      externalId: "legacy-1",
      productType: "Scarves",
      images: [{ url: "https://img.example/legacy.jpg", altText: "Front" }],
      products: [{ weightUnit: "g", optionValues: ["Blue"] }],
    });
    // The key is the upload's, whichever mutation sends it: the same upload in the domain's names is a replay.
    const again = {
      ...family,
      externalId: family.external_id,
      productType: family.product_type,
      images: [{ url: family.images[0]!.url, altText: "Front" }],
    };
    const replay = await svc.http.graphql(
      `mutation($s: ID!, $p: [ProductFamilyInput!]!) { uploadProducts(storeId: $s, families: $p, idempotencyKey: "legacy-key") { replayed outcomes { familyId } } }`,
      {
        s: storeId,
        p: [
          {
            title: again.title,
            externalId: again.externalId,
            productType: again.productType,
            images: again.images,
            variants: [{ sku: "LEG-1", price: 1500, currency: "USD", weightUnit: "g", optionValues: ["Blue"], hsCode: "6214" }],
          },
        ],
      },
      staff,
    );
    expect(expectNoErrors(replay).uploadProducts).toEqual({ replayed: true, outcomes: [{ familyId: up.results[0].product_family_id }] });
    // A refusal names the field as this mutation's input spells it, in the field and in the words.
    const bad = await svc.http.graphql(
      LEGACY_UPLOAD,
      {
        s: storeId,
        p: [{ ...family, external_id: "legacy-2", variants: [{ ...family.variants[0], sku: "LEG-2", origin_country: "france" }] }],
      },
      staff,
    );
    expect(bad.errors?.[0].extensions).toMatchObject({ status: 400, field: "products[0].variants[0].origin_country" });
    expect(bad.errors?.[0].message).toBe("`products[0].variants[0].origin_country` must be an ISO 3166-1 alpha-2 code in capitals.");
    const modern = await svc.http.graphql(
      UPLOAD,
      { s: storeId, p: [{ title: "X", variants: [{ sku: "LEG-3", price: 1, currency: "USD", originCountry: "france" }] }] },
      staff,
    );
    expect(modern.errors?.[0].extensions).toMatchObject({ status: 400, field: "families[0].variants[0].originCountry" });
  });

  it("keeps other stores' objects out of reach", async () => {
    const other = await svc.createStore("Other GraphQL");
    const otherStaff = (await svc.createStaff(other.id)).token;
    expectNoErrors(
      await svc.http.graphql(
        UPLOAD,
        { s: other.id, p: [{ title: "Theirs", variants: [{ sku: "THEIRS", price: 1, currency: "USD" }] }] },
        otherStaff,
      ),
    );
    const q = `query($s: ID!, $sku: String) { product(storeId: $s, sku: $sku) { id } }`;
    expect(expectNoErrors(await svc.http.graphql(q, { s: storeId, sku: "THEIRS" }, staff)).product).toBeNull();
    const forbidden = await svc.http.graphql(q, { s: other.id, sku: "THEIRS" }, staff);
    expect(forbidden.errors?.[0].extensions).toMatchObject({ status: 404, type: "stores/not-found" });

    const inv = await addBillableItems(systemContext(svc.services, other.id, "test"), other.id, [
      { type: "return_label", unitAmount: 795 },
    ]);
    const byId = `query($id: ID!) { invoice(id: $id) { id charge { amount } } }`;
    expect(expectNoErrors(await svc.http.graphql(byId, { id: inv.id }, staff)).invoice).toBeNull();
    expect(expectNoErrors(await svc.http.graphql(byId, { id: inv.id }, otherStaff)).invoice).toEqual({
      id: inv.id,
      charge: { amount: "7.95" },
    });
  });

  it("needs a store for the pending invoice when the caller has several", async () => {
    const second = await svc.createStore("Second");
    const email = `multi.${Date.now()}@example.test`;
    const { createStaffUser } = await import("../../../src/identity/service.js");
    await createStaffUser(svc.services, storeId, email, "correct horse battery");
    await svc.services.db.prisma.storeMembership.create({
      data: { userId: (await svc.services.db.prisma.staffUser.findUniqueOrThrow({ where: { email } })).id, storeId: second.id },
    });
    const token = expectNoErrors(
      await svc.http.graphql(`mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, {
        e: email,
        p: "correct horse battery",
      }),
    ).login.token;
    const q = `query($s: ID) { pendingInvoice(storeId: $s) { id } }`;
    const res = await svc.http.graphql(q, {}, token);
    expect(res.errors?.[0].extensions).toMatchObject({ status: 400, field: "storeId" });
    expect(expectNoErrors(await svc.http.graphql(q, { s: second.id }, token)).pendingInvoice).toBeNull();
  });

  it("lists locations for API clients with inbound_shipments_read", async () => {
    expectNoErrors(
      await svc.http.graphql(`mutation($s: ID!) { createLocation(storeId: $s, name: "Dock 1") { id } }`, { s: storeId }, staff),
    );
    const key = (await svc.createApiClient(storeId, ["inbound_shipments_read"])).secret;
    const res = expectNoErrors(await svc.http.graphql(`query($s: ID!) { locations(storeId: $s) { id name } }`, { s: storeId }, key));
    expect(res.locations).toEqual([{ id: expect.stringMatching(/^loc_/), name: "Dock 1" }]);
    const bad = await svc.http.graphql(`mutation($s: ID!) { createLocation(storeId: $s, name: " ") { id } }`, { s: storeId }, staff);
    expect(bad.errors?.[0].extensions).toMatchObject({ status: 400, field: "name" });
  });
});
