// Settings → Developer operations the dashboard uses: ending a legacy client's all-scopes grant.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";

const END_LEGACY = `mutation($id: ID!, $scopes: [Scope!]!) { endApiClientLegacyScopes(id: $id, scopes: $scopes) { id scopes legacyAllScopes } }`;
const LIST = `query($s: ID!) { apiClients(storeId: $s) { id scopes legacyAllScopes } }`;

describe.each(providers)("ending a legacy client's all-scopes grant (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let staff: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore()).id;
    staff = (await svc.createStaff(storeId)).token;
  });
  afterAll(() => svc?.close());

  const abTests = (secret: string) =>
    fetch(`${svc.url}/v2.2/stores/${storeId}/checkout-ab-tests`, { headers: { authorization: `Bearer ${secret}` } });

  it("narrows the client to the given scopes without re-issuing its secret", async () => {
    const legacy = await svc.createApiClient(storeId, "legacy");
    expect((await abTests(legacy.secret)).status).toBe(200);

    const res = await svc.http.graphql(END_LEGACY, { id: legacy.id, scopes: ["returns_read", "checkout_write"] }, staff);
    expect(res.errors).toBeUndefined();
    expect(res.data.endApiClientLegacyScopes).toEqual({
      id: legacy.id,
      scopes: ["returns_read", "checkout_write"],
      legacyAllScopes: false,
    });

    const after = await abTests(legacy.secret);
    expect(after.status).toBe(403);
    expect((await after.json()).type).toBe("com.retour.api:auth/missing-scope");
    const list = await svc.http.graphql(LIST, { s: storeId }, staff);
    expect(list.data.apiClients.find((c: { id: string }) => c.id === legacy.id)).toEqual({
      id: legacy.id,
      scopes: ["returns_read", "checkout_write"],
      legacyAllScopes: false,
    });
  });

  it("on a scoped client only sets its scopes", async () => {
    const client = await svc.createApiClient(storeId, ["checkout_read"]);
    const res = await svc.http.graphql(END_LEGACY, { id: client.id, scopes: ["checkout_read", "returns_read"] }, staff);
    expect(res.data.endApiClientLegacyScopes).toEqual({ id: client.id, scopes: ["checkout_read", "returns_read"], legacyAllScopes: false });
  });

  it("is for staff only, within their stores, and not on a revoked client", async () => {
    const legacy = await svc.createApiClient(storeId, "legacy");
    const asClient = await svc.http.graphql(END_LEGACY, { id: legacy.id, scopes: [] }, legacy.secret);
    expect(asClient.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", status: 403, type: "auth/staff-only" });

    const other = await svc.createStore();
    const otherStaff = (await svc.createStaff(other.id)).token;
    const foreign = await svc.http.graphql(END_LEGACY, { id: legacy.id, scopes: [] }, otherStaff);
    expect(foreign.errors?.[0].extensions).toMatchObject({ code: "NOT_FOUND", status: 404, type: "api-client/not-found" });

    await svc.http.graphql(`mutation($id: ID!) { revokeApiClient(id: $id) { id } }`, { id: legacy.id }, staff);
    const revoked = await svc.http.graphql(END_LEGACY, { id: legacy.id, scopes: [] }, staff);
    expect(revoked.errors?.[0].extensions).toMatchObject({ code: "CONFLICT", status: 409, type: "api-client/revoked" });
    const row = await svc.services.db.prisma.apiClient.findUniqueOrThrow({ where: { id: legacy.id } });
    expect(row.allScopes).toBe(true);
  });
});
