import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";

// A caller without valid credentials learns nothing about input validation: 401 comes first.
describe.each(providers)("access is checked before input validation (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore()).id;
  });
  afterAll(() => svc?.close());

  const BAD_INPUT = `mutation($s: ID!, $i: CheckoutExperienceInput!) { createCheckoutExperience(storeId: $s, input: $i) { id } }`;

  it("GraphQL: no credentials + invalid variables → UNAUTHENTICATED", async () => {
    const raw = await fetch(svc.coreUrl + "/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: BAD_INPUT, variables: { s: storeId, i: { name: 42, bogus: true } } }),
    });
    // Nothing was executed: the HTTP status says why.
    expect(raw.status).toBe(401);
    const res = await raw.json();
    expect(res.errors?.[0].extensions).toMatchObject({ code: "UNAUTHENTICATED", status: 401 });
  });

  it("GraphQL: missing scope + invalid variables → FORBIDDEN", async () => {
    const { secret } = await svc.createApiClient(storeId, ["returns_read"]);
    const res = await svc.http.graphql(BAD_INPUT, { s: storeId, i: { name: 42 } }, secret);
    expect(res.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", status: 403 });
  });

  it("GraphQL: another store + invalid variables → NOT_FOUND", async () => {
    const other = await svc.createStore();
    const { secret } = await svc.createApiClient(other.id, "all");
    const res = await svc.http.graphql(BAD_INPUT, { s: storeId, i: {} }, secret);
    expect(res.errors?.[0].extensions).toMatchObject({ code: "NOT_FOUND", status: 404, type: "stores/not-found" });
  });

  it("GraphQL: valid credentials + invalid variables → 400", async () => {
    const { secret } = await svc.createApiClient(storeId, "all");
    const res = await svc.http.graphql(BAD_INPUT, { s: storeId, i: { name: 42 } }, secret);
    expect(res.errors?.[0].extensions).toMatchObject({ status: 400 });
  });
});
