import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";

describe.each(providers)("GraphQL query limits (%s)", (provider) => {
  let svc: TestService;
  let secret: string;
  let storeId: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore()).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(() => svc?.close());

  it("accepts an ordinary query", async () => {
    const res = await svc.http.graphql(
      `query($s: ID!) { checkoutTree(storeId: $s) { id experience { id shippingMethods { id } } } }`,
      { s: storeId },
      secret,
    );
    expect(res.errors).toBeUndefined();
  });

  it("refuses too many aliases", async () => {
    const fields = Array.from({ length: 40 }, (_, i) => `a${i}: checkoutTree(storeId: $s) { id }`).join("\n");
    const res = await svc.http.graphql(`query($s: ID!) { ${fields} }`, { s: storeId }, secret);
    expect(res.errors?.[0].extensions).toMatchObject({ status: 400 });
    expect(res.errors?.[0].message).toMatch(/40 aliases; the limit is 30/);
  });

  it("refuses batched requests", async () => {
    const res = await fetch(svc.coreUrl + "/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
      body: JSON.stringify([{ query: "{ viewer { __typename } }" }, { query: "{ viewer { __typename } }" }]),
    });
    expect(res.status).toBe(400);
  });
});
