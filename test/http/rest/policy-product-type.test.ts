// A line's product type comes from its catalogue family's `product_type` (product upload, dashboard edit):
// a policy excluding a type, or shortening the window for one, refuses those lines naming the rule,
// through REST return creation and GraphQL `returnEligibility`, and leaves lines of other types alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";

const ELIGIBILITY = `query($s: ID!, $o: ID!) {
  returnEligibility(storeId: $s, orderId: $o) {
    policyVersion
    lines { lineItemId returnable decisions { effect rule merchantExplanation } }
  }
}`;
const EDIT = `mutation($s: ID!, $id: ID!, $i: ProductFamilyEditInput!) { updateProductFamily(storeId: $s, id: $id, input: $i) { productType } }`;

const family = (externalId: string, sku: string, productType?: string) => ({
  title: `Product ${externalId}`,
  external_id: externalId,
  ...(productType !== undefined ? { product_type: productType } : {}),
  variants: [{ sku, price: 1000, currency: "USD" }],
});

describe.each(providers)("policy rules by product type (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let key: string;
  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Product type store")).id;
    key = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(() => svc?.close());
  const upload = (products: unknown[]) => svc.http.post(`/v2.2/stores/${storeId}/products/bulk-upload`, { products }, { token: key });

  it("refuses a product type that is not a name, naming the field", async () => {
    const bad = await upload([family("prod-x", "X-1", "Sho\u200bes")]);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("products[0].product_type");
  });

  it("excludes a product type and shortens the window of another; untyped lines stay returnable", async () => {
    // The upload spells é decomposed, the policy composed and in lower case: both are one name (NFC).
    const up = await upload([
      family("prod-1", "SKU-1", "Cafe\u0301 set"),
      family("prod-2", "SKU-2", "Shoes"),
      family("prod-3", "SKU-3", "  "),
    ]);
    expect(up.status).toBe(200);
    expect(up.body.error_count).toBe(0);
    const draft = {
      window: { days: 3650, from: "order" },
      windowRules: [{ name: "Shoes are final sale", productTypes: ["shoes"], days: 0 }],
      exclusions: { productTypes: ["caf\u00e9 set"] },
    };
    expect((await svc.http.put(`/v2.2/stores/${storeId}/return-policy/draft`, { draft }, { token: key })).status).toBe(200);
    expect((await svc.http.post(`/v2.2/stores/${storeId}/return-policy/publish`, {}, { token: key })).status).toBe(201);

    const lines = [1, 2, 3].map((i) => ({ id: `pt-${provider}-li-${i}`, quantity: 1 }));
    const order = await pushOrder(svc.http, storeId, key, { lines });
    const e = await svc.http.graphql(ELIGIBILITY, { s: storeId, o: order.externalId }, key);
    expect(e.errors).toBeUndefined();
    const [cafe, shoes, plain] = e.data.returnEligibility.lines;
    expect(cafe).toMatchObject({ returnable: 0, decisions: [{ effect: "refuse", rule: "exclusions.productTypes" }] });
    expect(cafe.decisions[0].merchantExplanation).toContain("Caf\u00e9 set");
    expect(shoes).toMatchObject({ returnable: 0, decisions: [{ effect: "refuse", rule: "windowRules[0]" }] });
    // A blank type is none: the third family meets only the store's window.
    expect(plain).toMatchObject({ returnable: 1, decisions: [{ effect: "window", rule: "window" }] });

    const refused = await svc.http.post(`/v2.2/stores/${storeId}/returns`, returnBody(order, [{ lineItemId: lines[0]!.id, quantity: 1 }]), {
      token: key,
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ field: "data.items[0]" });
    expect(refused.body.detail).toMatch(/exclusions\.productTypes/);
    const allowed = await svc.http.post(`/v2.2/stores/${storeId}/returns`, returnBody(order, [{ lineItemId: lines[2]!.id, quantity: 1 }]), {
      token: key,
    });
    expect(allowed.status).toBe(201);

    // Clearing the type in the catalogue makes the excluded line returnable.
    const id = up.body.results[0].product_family_id;
    const cleared = await svc.http.graphql(EDIT, { s: storeId, id, i: { productType: "" } }, key);
    expect(cleared.errors).toBeUndefined();
    expect(cleared.data.updateProductFamily.productType).toBeNull();
    const after = await svc.http.graphql(ELIGIBILITY, { s: storeId, o: order.externalId }, key);
    expect(after.data.returnEligibility.lines[0]).toMatchObject({ returnable: 1, decisions: [{ effect: "window", rule: "window" }] });
  });
});
