import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { DatabaseRateLimiter } from "../../../src/core/rate-limit.js";

const LIMIT = 6;

describe.each(providers)("rate limiting per API client (%s)", { timeout: 120_000 }, (provider) => {
  let svc: TestService;
  let storeId: string;

  beforeAll(async () => {
    svc = await startTestService(provider, { RATE_LIMIT_REST_PER_MINUTE: String(LIMIT) });
    storeId = (await svc.createStore()).id;
  });
  afterAll(() => svc?.close());

  /** Waits for a fresh window when the current one is about to roll over mid-test. */
  async function freshWindow(token: string, http = svc.http) {
    const probe = await http.get(`/v2.2/stores/${storeId}/checkout-ab-tests`, { token });
    const reset = Number(probe.headers.get("ratelimit-reset"));
    // Generous margin: under load the sequence below can take several seconds.
    if (reset < 25) await new Promise((r) => setTimeout(r, reset * 1000 + 200));
  }

  it("answers 429 problem with Retry-After and RateLimit headers past the limit, per client", async () => {
    const a = await svc.createApiClient(storeId, "all");
    const b = await svc.createApiClient(storeId, "all");
    await freshWindow(a.secret);
    const path = `/v2.2/stores/${storeId}/checkout-ab-tests`;
    const statuses: number[] = [];
    let last: any;
    for (let i = 0; i < LIMIT + 2; i++) {
      last = await svc.http.get(path, { token: a.secret });
      statuses.push(last.status);
    }
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(statuses.slice(firstRefused).every((s) => s === 429)).toBe(true);
    expect(last.body).toMatchObject({ type: "com.retour.api:rate-limit/exceeded", status: 429 });
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last.headers.get("ratelimit-limit")).toBe(String(LIMIT));
    expect(last.headers.get("ratelimit-remaining")).toBe("0");
    // Another client of the same store is not affected.
    const other = await svc.http.get(path, { token: b.secret });
    expect(other.status).toBe(200);
    expect(Number(other.headers.get("ratelimit-remaining"))).toBeGreaterThanOrEqual(LIMIT - 2);
  });

  if (provider === "postgresql") {
    // Each replica counts locally and syncs with the shared counter at least every FLUSH_MS; requests
    // further apart than that are counted exactly across replicas (the bound is in rate-limit.ts).
    it("shares the limit across replicas on one PostgreSQL", async () => {
      const replica = await svc.startReplica();
      const a = await svc.createApiClient(storeId, "all");
      await freshWindow(a.secret);
      const path = `/v2.2/stores/${storeId}/checkout-ab-tests`;
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 2; i++) {
        const http = i % 2 === 0 ? svc.http : replica.http;
        statuses.push((await http.get(path, { token: a.secret })).status);
        await new Promise((r) => setTimeout(r, DatabaseRateLimiter.FLUSH_MS + 50));
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT - 1);
      expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    });
  }
});
