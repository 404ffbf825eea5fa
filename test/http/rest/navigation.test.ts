// The merchant API's navigation endpoints (issue 25 part 3): customer-portal → 302 to the store's portal
// with order and email carried over, admin → 302 to the dashboard; both need the store's credential with
// portal_read, and another store's key finds nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";

const PORTAL = `mutation($s: ID!, $i: PortalSettingsInput!) { updatePortalSettings(storeId: $s, input: $i) { handle } }`;

describe.each(providers)("REST navigation redirects (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  const get = (path: string, token?: string) =>
    fetch(`${svc.url}${path}`, { redirect: "manual", headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    svc = await startTestService(provider, { PUBLIC_URL: "https://returns.example.test" });
    storeId = (await svc.createStore("Nav store")).id;
    secret = (await svc.createApiClient(storeId, ["portal_read"])).secret;
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("answers 404 naming the fix while the store has no portal, then redirects to it with order and email", async () => {
    const none = await get(`/v2.2/stores/${storeId}/customer-portal`, secret);
    expect(none.status).toBe(404);
    expect((await none.json()).detail).toContain("Settings → Returns portal");
    const admin = (await svc.createApiClient(storeId, "all")).secret;
    const set = await svc.http.graphql(
      PORTAL,
      { s: storeId, i: { handle: `nav-${provider}`, displayName: "Nav", returnMethods: ["drop_off_qr"] } },
      admin,
    );
    expect(set.errors).toBeUndefined();
    const res = await get(`/v2.2/stores/${storeId}/customer-portal?order=%231001&email=ada%40example.test`, secret);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`https://returns.example.test/portal/nav-${provider}?order=%231001&email=ada%40example.test`);
    const bare = await get(`/v2.2/stores/${storeId}/customer-portal`, secret);
    expect(bare.headers.get("location")).toBe(`https://returns.example.test/portal/nav-${provider}`);
  });

  it("redirects to the dashboard", async () => {
    const res = await get(`/v2.2/stores/${storeId}/admin`, secret);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://returns.example.test/dashboard/");
  });

  it("needs the store's credential", async () => {
    expect((await get(`/v2.2/stores/${storeId}/admin`)).status).toBe(401);
    expect((await get(`/v2.2/stores/${storeId}/customer-portal`)).status).toBe(401);
    const unscoped = (await svc.createApiClient(storeId, ["orders_read"])).secret;
    expect((await get(`/v2.2/stores/${storeId}/admin`, unscoped)).status).toBe(403);
    expect((await get(`/v2.2/stores/${storeId}/customer-portal`, unscoped)).status).toBe(403);
    const other = (await svc.createStore("Elsewhere")).id;
    const stranger = (await svc.createApiClient(other, "all")).secret;
    expect((await get(`/v2.2/stores/${storeId}/admin`, stranger)).status).toBe(404);
    expect((await get(`/v2.2/stores/${storeId}/customer-portal`, stranger)).status).toBe(404);
  });
});
