// Revocation reaches every replica at once: no replica caches credentials (the auth matrix: auth-matrix.test.ts).
import { afterAll, describe, expect, it } from "vitest";
import { expectNoErrors } from "../../support/gql.js";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import type { HttpClient } from "../../support/http.js";

describe.each(providers)("revocation on every replica (%s)", (provider) => {
  let svc: TestService;
  afterAll(() => svc?.close());

  it("refuses a revoked secret and a logged-out session on the other replica immediately", async () => {
    svc = await startTestService(provider);
    const replica = await svc.startReplica();
    const storeId = (await svc.createStore()).id;
    const staff = await svc.createStaff(storeId);
    const created = expectNoErrors(
      await svc.http.graphql(
        `mutation($s: ID!) { createApiClient(storeId: $s, input: { name: "to revoke", scopes: [returns_read, webhooks_read] }) { apiClient { id } secret } }`,
        { s: storeId },
        staff.token,
      ),
    );
    const { secret } = created.createApiClient;
    expect(secret).toMatch(/^rtr_sk_[A-Za-z0-9]+_[A-Za-z0-9_-]+$/);
    const list = (http: HttpClient) => http.get(`/v2.2/stores/${storeId}/webhooks`, { token: secret });
    expect((await list(svc.http)).status).toBe(200);
    expect((await list(replica.http)).status).toBe(200);

    expectNoErrors(
      await replica.http.graphql(
        `mutation($id: ID!) { revokeApiClient(id: $id) { id } }`,
        { id: created.createApiClient.apiClient.id },
        staff.token,
      ),
    );
    for (const http of [svc.http, replica.http]) {
      const res = await list(http);
      expect(res.status).toBe(401);
      expect(res.body.type).toBe("com.retour.api:auth/unauthenticated");
      const gql = await http.graphql(`{ viewer { __typename } }`, {}, secret);
      expect(gql.errors?.[0].extensions.code ?? gql.data?.viewer?.__typename).not.toBe("ApiClientViewer");
    }
    const compat = await fetch(`${replica.url}/api/v1/warehouse/anything`, { headers: { "x-authorization": secret } });
    expect(compat.status).toBe(401);

    // A staff session logged out on one replica is refused on the other.
    const viewer = `{ viewer { __typename } }`;
    expect((await replica.http.graphql(viewer, {}, staff.token)).data.viewer.__typename).toBe("StaffViewer");
    expectNoErrors(await svc.http.graphql(`mutation { logout }`, {}, staff.token));
    const after = await replica.http.graphql(`query($s: ID!) { store(id: $s) { id } }`, { s: storeId }, staff.token);
    expect(after.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
  });
});
