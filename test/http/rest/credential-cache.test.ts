// API clients are cached briefly per replica (src/identity/service.ts, API_CLIENT_CACHE_MS). A revocation
// made through one replica must be refused by that replica at once and by every other replica within the
// stated bound, however busy the other replica keeps its cache.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CLIENT_CACHE_MS } from "../../../src/identity/service.js";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";

describe.each(providers)("API client cache across replicas (%s)", { timeout: 120_000 }, (provider) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(provider);
  });
  afterAll(() => svc?.close());

  it(`refuses a revoked secret at once on the revoking replica and within ${API_CLIENT_CACHE_MS} ms on another`, async () => {
    const replica = await svc.startReplica();
    const { id: storeId } = await svc.createStore();
    const staff = (await svc.createStaff(storeId)).token;
    const client = await svc.createApiClient(storeId, "all");
    const path = `/v2.2/stores/${storeId}/checkout-ab-tests`;
    // Both replicas have the client cached.
    expect((await svc.http.get(path, { token: client.secret })).status).toBe(200);
    expect((await replica.http.get(path, { token: client.secret })).status).toBe(200);

    const revoke = await svc.http.graphql(`mutation($id: ID!) { revokeApiClient(id: $id) { id } }`, { id: client.id }, staff);
    expect(revoke.errors).toBeUndefined();
    const revokedAt = Date.now();
    expect((await svc.http.get(path, { token: client.secret })).status).toBe(401);

    // The other replica, asked continuously, refuses within the bound.
    let refusedAfter = -1;
    while (Date.now() - revokedAt < API_CLIENT_CACHE_MS + 2_000) {
      const res = await replica.http.get(path, { token: client.secret });
      if (res.status === 401) {
        refusedAfter = Date.now() - revokedAt;
        break;
      }
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(refusedAfter).toBeGreaterThanOrEqual(0);
    // Slack for one request in flight on a loaded machine.
    expect(refusedAfter).toBeLessThanOrEqual(API_CLIENT_CACHE_MS + 500);
  });
});
