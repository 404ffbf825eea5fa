import { DatabaseRateLimiter } from "../../../src/core/rate-limit.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";

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
      await freshWindow((await svc.createApiClient(storeId, "all")).secret);
      // A client of its own, unused so far: its shared count is exactly the requests below once flushed.
      const a = await svc.createApiClient(storeId, "all");
      const path = `/v2.2/stores/${storeId}/checkout-ab-tests`;
      const statuses: number[] = [];
      const windowOf = () => Date.now() - (Date.now() % 60_000);
      const window = windowOf();
      for (let i = 0; i < LIMIT + 2; i++) {
        const http = i % 2 === 0 ? svc.http : replica.http;
        statuses.push((await http.get(path, { token: a.secret })).status);
        // Wait for the replica that answered to flush its count to the shared counter (every FLUSH_MS, later on a
        // busy box): requests whose counts are shared are decided exactly, which is what this test checks. A
        // fixed sleep of FLUSH_MS + 50 failed under load (the flush timer fired late).
        await expect
          .poll(
            async () =>
              (
                await svc.services.db.prisma.rateLimitCounter.findUnique({
                  where: { key_windowStart: { key: `${a.id}:rest`, windowStart: BigInt(window) } },
                })
              )?.count ?? 0,
            { timeout: 10_000, interval: 20 },
          )
          .toBeGreaterThanOrEqual(i + 1);
        // And past FLUSH_MS from here: the other replica then decides on a sync made after this count was shared.
        await new Promise((r) => setTimeout(r, DatabaseRateLimiter.FLUSH_MS + 50));
      }
      expect(windowOf(), "the sequence ran within one minute's window").toBe(window);
      expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    });
  }
});
