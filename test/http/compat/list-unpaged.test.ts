// Issue 22, finding 3: /graphql has no unpaged list any more (`warehouseReturns(unpaged: true)` was
// counted at 10 000 rows per alias and 30 aliases loaded 300 000 returns). The platform's list without
// paginate is the warehouse door walking the core's pages of 750: past one page it still answers the
// whole window, each return once, the same returns as the paginated walk. The ASN report the same
// (it was a 5 000-return list at the root of /graphql).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";
import { seedReturns } from "../../support/returns-seed.js";
import { W } from "../../support/compat.js";

const COUNT = 1_600; // three of the door's pages

describe.each(providers)("compat list without paginate, walked page by page (%s)", (provider) => {
  let svc: TestService;
  let secret: string;

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false", ...NO_RATE_LIMITS });
    ({ secret } = await seedReturns(svc, "unpaged", COUNT));
  });
  afterAll(() => svc?.close());

  const get = async (path: string) => {
    const res = await fetch(path.startsWith("http") ? path : `${svc.url}${W}${path}`, { headers: { "x-authorization": secret } });
    expect(res.status).toBe(200);
    return res.json() as Promise<any>;
  };

  it("answers the whole window past one page, each return once, as the paginated walk does", async () => {
    const whole: { service_id: string }[] = await get("/return/list");
    expect(Array.isArray(whole)).toBe(true);
    expect(whole.length).toBeGreaterThan(750);
    expect(new Set(whole.map((r) => r.service_id)).size).toBe(whole.length);

    const walked: string[] = [];
    let page = await get("/return/list?paginate=true&pageSize=750");
    for (;;) {
      walked.push(...page.returns.map((r: { service_id: string }) => r.service_id));
      if (!page.nextPageUrl) break;
      page = await get(page.nextPageUrl);
    }
    expect(whole.map((r) => r.service_id)).toEqual(walked);
  });

  it("answers the ASN report past one page: every return of the window, oldest first, its rows together", async () => {
    const rows: { service_id: string }[] = await get("/reporting/asn");
    const ids = rows.map((r) => r.service_id).filter((id, i, all) => i === 0 || all[i - 1] !== id);
    expect(new Set(ids).size).toBe(ids.length); // each return's rows together, each return once
    expect(ids.length).toBe(COUNT);
  });
});
