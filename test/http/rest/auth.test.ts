import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { CREATE_EXPERIENCE, expectNoErrors } from "../../support/gql.js";
import { ALL_SCOPES } from "../../../src/identity/scopes.js";

describe.each(providers)("authentication and scopes (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let otherStoreId: string;
  let path: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore()).id;
    otherStoreId = (await svc.createStore()).id;
    path = `/v2.2/stores/${storeId}/checkout-ab-tests`;
  });
  afterAll(() => svc?.close());

  const expectProblem = (res: any, status: number, type: string) => {
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      type: `com.retour.api:${type}`,
      status,
      instance: expect.any(String),
      title: expect.any(String),
      detail: expect.any(String),
    });
  };

  it("401 without credentials", async () => {
    expectProblem(await svc.http.get(path), 401, "auth/unauthenticated");
  });

  it("401 for a malformed Authorization header", async () => {
    expectProblem(await svc.http.get(path, { headers: { authorization: "Basic dXNlcjpwYXNz" } }), 401, "auth/unauthenticated");
    expectProblem(await svc.http.get(path, { headers: { authorization: "Bearer" } }), 401, "auth/unauthenticated");
  });

  it("401 for an unknown secret, including one with a valid shape", async () => {
    expectProblem(await svc.http.get(path, { token: "nope" }), 401, "auth/unauthenticated");
    const { secret } = await svc.createApiClient(storeId, ["checkout_read"]);
    const forged = secret.slice(0, -4) + (secret.endsWith("AAAA") ? "BBBB" : "AAAA");
    expectProblem(await svc.http.get(path, { token: forged }), 401, "auth/unauthenticated");
  });

  it("401 for a revoked secret, immediately", async () => {
    const client = await svc.createApiClient(storeId, ["checkout_read"]);
    expect((await svc.http.get(path, { token: client.secret })).status).toBe(200);
    const staff = await svc.createStaff(storeId);
    expectNoErrors(await svc.http.graphql(`mutation($id: ID!) { revokeApiClient(id: $id) { revokedAt } }`, { id: client.id }, staff.token));
    const res = await svc.http.get(path, { token: client.secret });
    expectProblem(res, 401, "auth/unauthenticated");
    expect(res.body.detail).toMatch(/revoked/);
  });

  it("403 for a valid secret without the scope, 200 once the scope is added without re-issuing", async () => {
    const client = await svc.createApiClient(storeId, ["returns_read"]);
    const res = await svc.http.get(path, { token: client.secret });
    expectProblem(res, 403, "auth/missing-scope");
    expect(res.body.detail).toContain("checkout_read");
    const staff = await svc.createStaff(storeId);
    const updated = expectNoErrors(
      await svc.http.graphql(
        `mutation($id: ID!) { setApiClientScopes(id: $id, scopes: [returns_read, checkout_read]) { scopes } }`,
        { id: client.id },
        staff.token,
      ),
    );
    expect(updated.setApiClientScopes.scopes).toEqual(["returns_read", "checkout_read"]);
    expect((await svc.http.get(path, { token: client.secret })).status).toBe(200);
  });

  it("404 for a secret of another store, as for any object of another tenant", async () => {
    const other = await svc.createApiClient(otherStoreId, "all");
    const res = await svc.http.get(path, { token: other.secret });
    expectProblem(res, 404, "stores/not-found");
    expect(res.body.detail).toMatch(/No store .* for these credentials/);
  });

  it("legacy clients (created before scopes existed) hold every scope, also after a scope edit", async () => {
    const legacy = await svc.createApiClient(storeId, "legacy");
    expect((await svc.http.get(path, { token: legacy.secret })).status).toBe(200);
    const viewer = await svc.http.graphql(
      `{ viewer { ... on ApiClientViewer { scopes apiClient { legacyAllScopes } } } }`,
      {},
      legacy.secret,
    );
    expect(viewer.data.viewer.scopes).toEqual([...ALL_SCOPES]);
    expect(viewer.data.viewer.apiClient.legacyAllScopes).toBe(true);
    const staff = await svc.createStaff(storeId);
    expectNoErrors(
      await svc.http.graphql(
        `mutation($id: ID!) { setApiClientScopes(id: $id, scopes: [returns_read]) { scopes } }`,
        { id: legacy.id },
        staff.token,
      ),
    );
    expect((await svc.http.get(path, { token: legacy.secret })).status).toBe(200);
  });

  it("only staff may create API clients; the secret is shown once and works", async () => {
    const apiKey = await svc.createApiClient(storeId, "all");
    const denied = await svc.http.graphql(
      `mutation($s: ID!) { createApiClient(storeId: $s, input: { name: "x", scopes: [checkout_read] }) { secret } }`,
      { s: storeId },
      apiKey.secret,
    );
    expect(denied.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", status: 403 });

    const staff = await svc.createStaff(storeId);
    const created = expectNoErrors(
      await svc.http.graphql(
        `mutation($s: ID!) { createApiClient(storeId: $s, input: { name: "warehouse", scopes: [checkout_read] }) { secret apiClient { id scopes secretHint } } }`,
        { s: storeId },
        staff.token,
      ),
    );
    const secret: string = created.createApiClient.secret;
    expect(secret).toMatch(/^rtr_sk_[0-9A-Za-z]{12}_[0-9A-Za-z]{40}$/);
    expect(created.createApiClient.apiClient.secretHint).toBe(secret.slice(0, 19) + "_…");
    expect((await svc.http.get(path, { token: secret })).status).toBe(200);
    // Only a hash is stored.
    const row = await svc.services.db.prisma.apiClient.findUnique({ where: { id: created.createApiClient.apiClient.id } });
    expect(JSON.stringify(row)).not.toContain(secret.slice(20));
    // And it cannot be read back.
    const list = expectNoErrors(
      await svc.http.graphql(`query($s: ID!) { apiClients(storeId: $s) { id secretHint } }`, { s: storeId }, staff.token),
    );
    expect(JSON.stringify(list)).not.toContain(secret.slice(20));
  });

  it("staff of another store cannot act on this store", async () => {
    const otherStaff = await svc.createStaff(otherStoreId);
    const res = await svc.http.graphql(CREATE_EXPERIENCE, { s: storeId, i: { name: "x" } }, otherStaff.token);
    expect(res.errors?.[0].extensions).toMatchObject({ code: "NOT_FOUND", status: 404, type: "stores/not-found" });
  });

  it("login refuses a wrong password and logout ends the session", async () => {
    const staff = await svc.createStaff(storeId);
    const bad = await svc.http.graphql(`mutation($e: String!) { login(email: $e, password: "wrong password") { token } }`, {
      e: staff.email,
    });
    expect(bad.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
    expectNoErrors(await svc.http.graphql(`mutation { logout }`, {}, staff.token));
    const after = await svc.http.graphql(`query($s: ID!) { apiClients(storeId: $s) { id } }`, { s: storeId }, staff.token);
    expect(after.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
  });
});
