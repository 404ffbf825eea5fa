// Issue 13, finding 13: with introspection off (production), "Did you mean …?" hints must not reveal
// schema names; with introspection on they stay (the schema is public then anyway).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";

// A misspelt root field, field of a type, argument and enum value, each with the name a hint would reveal.
const PROBES: [string, Record<string, unknown>, string][] = [
  [`{ retrn(id: "x") { id } }`, {}, `"return"`],
  [`{ returnTransitions { frm } }`, {}, `"from"`],
  [`query($s: ID!) { returns(storeId: $s, frst: 1) { nodes { id } } }`, {}, `"first"`],
  [`query($s: ID!, $st: ReturnStatus) { returns(storeId: $s, filter: { status: $st }) { nodes { id } } }`, { st: "opn" }, `"open"`],
];

describe.each(providers)("schema suggestions in errors (%s)", (provider) => {
  const services: Record<string, TestService> = {};
  const tokens: Record<string, string> = {};
  const stores: Record<string, string> = {};

  beforeAll(async () => {
    for (const introspection of ["true", "false"]) {
      const svc = (services[introspection] = await startTestService(provider, { GRAPHQL_INTROSPECTION: introspection }));
      stores[introspection] = (await svc.createStore()).id;
      tokens[introspection] = (await svc.createApiClient(stores[introspection], "all")).secret;
    }
  });
  afterAll(async () => {
    for (const svc of Object.values(services)) await svc.close();
  });

  it.each(PROBES)("hides them when introspection is off: %s", async (query, variables, hinted) => {
    const open = await services.true.http.graphql(query, { ...variables, s: stores.true }, tokens.true);
    expect(open.errors?.[0].message).toContain(`Did you mean`);
    expect(open.errors?.[0].message).toContain(hinted);
    const closed = await services.false.http.graphql(query, { ...variables, s: stores.false }, tokens.false);
    expect(closed.errors?.length).toBeGreaterThan(0);
    for (const e of closed.errors!) {
      expect(e.message).not.toContain("Did you mean");
      expect(e.message).not.toContain(hinted);
      expect(e.extensions.status).toBe(400);
    }
  });
});
