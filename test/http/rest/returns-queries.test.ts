// A returns page costs the same small number of SQL statements for 20 and for 500 returns:
// relations resolve through DataLoader, never one query per row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";
import { seedReturns } from "../../support/returns-seed.js";

describe.each(providers)("returns list statement count (%s)", (provider) => {
  let svc: TestService;
  let statements = 0;
  let counting = false;

  beforeAll(async () => {
    // No background dispatcher: its polling would be counted too.
    // Rate limiting off: on PostgreSQL the limiter adds its counts on a 100 ms timer, which can fall inside
    // the counted request; these tests count the page's own statements.
    svc = await startTestService(
      provider,
      { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", ...NO_RATE_LIMITS },
      { onQuery: () => counting && statements++ },
    );
  });
  afterAll(() => svc?.close());

  const storeWithReturns = (count: number) => seedReturns(svc, `count-${count}`, count);

  async function countPage(storeId: string, secret: string, size: number) {
    await svc.http.get(`/v2.2/stores/${storeId}/returns?page-size=1`, { token: secret }); // warm up (auth's lastUsedAt write)
    statements = 0;
    counting = true;
    const res = await svc.http.get(`/v2.2/stores/${storeId}/returns?page-size=${size}`, { token: secret });
    counting = false;
    expect(res.status).toBe(200);
    expect(res.body.returns).toHaveLength(size);
    return statements;
  }

  it("is constant in the page size", { timeout: 60_000 }, async () => {
    const small = await storeWithReturns(20);
    const large = await storeWithReturns(500);
    const for20 = await countPage(small.storeId, small.secret, 20);
    const for500 = await countPage(large.storeId, large.secret, 500);
    console.log(`statements per returns page (${provider}): 20 → ${for20}, 500 → ${for500}`);
    expect(for20).toBe(for500);
    expect(for20).toBeLessThanOrEqual(8);
  });
});
