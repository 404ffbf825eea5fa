// Issue 34, part 5: the platform's list without paginate is written page by page as the door reads the
// core's keyset pages (facades/compat/unpaged.ts), not built whole in memory. Its bytes are those of the
// whole array serialised at once (what the door answered before), across page boundaries, at the bound too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";
import { seedReturns } from "../../support/returns-seed.js";
import { W } from "../../support/compat.js";
import { serialize } from "../../../facades/declare.js";
import { ReturnList } from "../../../facades/compat/shapes.js";

const COUNT = 1_510; // two full pages of 750 and a part page

describe.each(providers)("compat list without paginate, streamed (%s)", (provider) => {
  let svc: TestService;
  let secret: string;

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false", ...NO_RATE_LIMITS });
    ({ secret } = await seedReturns(svc, "streamed", COUNT));
  });
  afterAll(() => svc?.close());

  const get = (path: string) => fetch(path.startsWith("http") ? path : `${svc.url}${W}${path}`, { headers: { "x-authorization": secret } });

  it("writes the whole window as one JSON array, byte for byte the array serialised at once, as the pages hold it", async () => {
    const res = await get("/return/list");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-length")).toBeNull(); // streamed, not buffered
    const text = await res.text();
    const whole = JSON.parse(text) as { service_id: string }[];
    expect(whole.length).toBe(COUNT);
    // The same bytes as serialising the whole array by its schema (what the door wrote before it streamed).
    expect(serialize(ReturnList, whole)).toBe(text);

    const walked: unknown[] = [];
    let page = (await (await get("/return/list?paginate=true&pageSize=750")).json()) as { returns: unknown[]; nextPageUrl: string | null };
    for (;;) {
      walked.push(...page.returns);
      if (!page.nextPageUrl) break;
      page = (await (await get(page.nextPageUrl)).json()) as typeof page;
    }
    expect(whole).toEqual(walked);
  });

  it("answers an empty window as [] and a refused window as before (422 naming the field), nothing streamed", async () => {
    const empty = await get("/return/list?from=2001-01-01&to=2001-01-02");
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe("[]");
    const refused = await get("/return/list?state=nonsense");
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain("state");
  });
});
