// A Retour store connected to a test Vendure (test/support/vendure.ts), ready for shoppers: the connection saved
// with the merchant's key, the catalogue Retour offers exchanges from uploaded (no inventory in Retour), a policy
// that offers refunds and exchanges for ten years published, and the portal drafted and opened.
import { expect } from "vitest";
import { draftPortal, portalHandle } from "./drafts.js";
import { expectNoErrors } from "./gql.js";
import type { TestService } from "./server.js";

const SET = `mutation($s: ID!, $i: ShopConnectionInput!) { setShopConnection(storeId: $s, input: $i) { platform } }`;

/** A product of the catalogue as the merchant API's bulk upload takes it. */
export interface CatalogueProduct {
  title: string;
  external_id: string;
  variants: { sku: string; title: string; price: number; currency: string }[];
}

export async function connectedVendureStore(
  svc: TestService,
  opts: { name: string; adminApiUrl: string; apiKey: string; products: CatalogueProduct[] },
): Promise<{ storeId: string; secret: string; staff: string; handle: string }> {
  const storeId = (await svc.createStore(opts.name)).id;
  const secret = (await svc.createApiClient(storeId, "all")).secret;
  const staff = (await svc.createStaff(storeId)).token;
  expectNoErrors(
    await svc.http.graphql(SET, { s: storeId, i: { platform: "vendure", adminApiUrl: opts.adminApiUrl, apiKey: opts.apiKey } }, staff),
  );
  const up = await svc.http.post(`/v2.2/stores/${storeId}/products/bulk-upload`, { products: opts.products }, { token: secret });
  expect(up.status, up.text).toBe(200);
  const draft = { window: { days: 3650, from: "order" }, outcomes: { refund: true, exchange: true } };
  expect((await svc.http.put(`/v2.2/stores/${storeId}/return-policy/draft`, { draft }, { token: secret })).status).toBe(200);
  expect((await svc.http.post(`/v2.2/stores/${storeId}/return-policy/publish`, {}, { token: secret })).status).toBe(201);
  await draftPortal(svc, { storeId, secret, staff });
  return { storeId, secret, staff, handle: await portalHandle(svc, { storeId, secret, staff }) };
}
