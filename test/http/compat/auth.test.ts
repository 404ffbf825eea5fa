import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";

const UNAUTHORIZED = { error: { code: "401", http_code: "GEN-UNAUTHORIZED", message: "Unauthorized." } };

describe.each(providers)("compat door authentication (%s)", (provider) => {
  let svc: TestService;
  let secret: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    const store = await svc.createStore();
    secret = (await svc.createApiClient(store.id, "all")).secret;
  });
  afterAll(() => svc?.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${svc.url}/api/v1/warehouse${path}`, { headers });

  it("answers 401 with the platform's envelope without a key or with a bad one", async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { "x-authorization": "wrong" },
      { authorization: "Bearer wrong" },
      { authorization: "Basic abc" },
    ]) {
      const res = await get("/return/list", headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(UNAUTHORIZED);
    }
  });

  it("accepts X-Authorization and Bearer; unknown paths are 404", async () => {
    for (const headers of <Record<string, string>[]>[{ "x-authorization": secret }, { authorization: `Bearer ${secret}` }]) {
      const res = await get("/no/such/endpoint", headers);
      expect(res.status).toBe(404);
    }
  });
});
