// Issue 13, finding 10: a client must not pick its own rate-limit bucket with `X-Retour-Door`.
// Whatever that header says, a request to /graphql from outside counts in the GraphQL bucket.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";

const GRAPHQL_LIMIT = 4;

describe.each(providers)("X-Retour-Door from outside (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;

  beforeAll(async () => {
    svc = await startTestService(provider, {
      RATE_LIMIT_GRAPHQL_PER_MINUTE: String(GRAPHQL_LIMIT),
      RATE_LIMIT_REST_PER_MINUTE: "1000",
      RATE_LIMIT_COMPAT_PER_MINUTE: "1000",
    });
    storeId = (await svc.createStore()).id;
  });
  afterAll(() => svc?.close());

  it("counts every /graphql request in the GraphQL bucket, whatever door it claims", async () => {
    const { secret } = await svc.createApiClient(storeId, "all");
    const claims = [undefined, "rest", "compat", "rest.forged-proof", "compat", "rest", "graphql", "compat"];
    const seen: { status: number; limit: string | null; remaining: string | null; code?: string }[] = [];
    for (const door of claims) {
      const res = await fetch(svc.coreUrl + "/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${secret}`, ...(door ? { "x-retour-door": door } : {}) },
        body: JSON.stringify({ query: "{ returnTransitions { from } }" }),
      });
      const body = (await res.json()) as { errors?: { extensions: { code: string } }[] };
      seen.push({
        status: res.status,
        limit: res.headers.get("ratelimit-limit"),
        remaining: res.headers.get("ratelimit-remaining"),
        code: body.errors?.[0]?.extensions.code,
      });
    }
    // One window, unless it rolled over mid-test: then the count restarts once.
    expect(
      seen.every((s) => s.limit === String(GRAPHQL_LIMIT)),
      JSON.stringify(seen),
    ).toBe(true);
    expect(seen.filter((s) => s.status === 429).length, JSON.stringify(seen)).toBeGreaterThanOrEqual(claims.length - 2 * GRAPHQL_LIMIT);
    expect(seen.slice(0, GRAPHQL_LIMIT).map((s) => s.remaining)).toEqual(["3", "2", "1", "0"].slice(0, GRAPHQL_LIMIT));
    const refused = seen.find((s) => s.status === 429);
    expect(refused?.code).toBe("RATE_LIMITED");
  });
});
