// Issue 36, M1: a shopper session's requests are rate limited like an API client's: per session, and five
// times that per source (an IPv4 address or an IPv6 /64), so neither one token nor many tokens from one place
// can flood the service; the refusal is a 429 with Retry-After, and the portal words it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { draftOrder, draftStore, type DraftStore } from "../../support/drafts.js";
import { startTestService, type TestService } from "../../support/server.js";

const OPEN = `mutation($st: ID!, $i: DraftLookupInput!) { openShopperSession(store: $st, input: $i) { token } }`;
const READ = `{ draftReturn { id state } }`;
const LIMIT = 4;

/** Waits when the minute's window (fixed, aligned) ends within `margin` ms, so a test stays in one window. */
async function awayFromMinuteEnd(margin = 8_000) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < margin) await new Promise((r) => setTimeout(r, left + 200));
}

describe.each(providers)("shopper sessions are rate limited (%s)", { timeout: 120_000 }, (provider) => {
  let svc: TestService;
  let s: DraftStore;
  beforeAll(async () => {
    svc = await startTestService(provider, { TRUST_PROXY: "loopback", RATE_LIMIT_SHOPPER_PER_MINUTE: String(LIMIT) });
    s = await draftStore(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  async function call(query: string, variables: Record<string, unknown>, from: string, token?: string) {
    const res = await fetch(`${svc.coreUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": from, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: any; errors?: { extensions: Record<string, unknown> }[] };
    return { status: res.status, retryAfter: res.headers.get("retry-after"), body };
  }
  const session = async (from: string) => {
    const order = await draftOrder(svc, s);
    const opened = await call(OPEN, { st: s.storeId, i: { orderName: order.name, secondaryInput: "jane@example.test" } }, from);
    return opened.body.data.openShopperSession.token as string;
  };

  it("refuses a session's requests past its limit a minute, with 429 and Retry-After, and not another session's", async () => {
    await awayFromMinuteEnd();
    const a = await session("203.0.113.1");
    const b = await session("203.0.113.1");
    for (let i = 0; i < LIMIT; i++) expect((await call(READ, {}, "203.0.113.1", a)).body.errors).toBeUndefined();
    const refused = await call(READ, {}, "203.0.113.1", a);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect((await call(READ, {}, "203.0.113.1", b)).body.errors).toBeUndefined();
  });

  it("refuses many sessions from one source past five times the limit; another source is not affected", async () => {
    await awayFromMinuteEnd();
    const tokens = [];
    for (let i = 0; i < 7; i++) tokens.push(await session("198.51.100.7"));
    const answers = [];
    for (const t of tokens) answers.push((await call(READ, {}, "198.51.100.7", t)).status);
    // Each session made one request; the source made seven: all within 5 × LIMIT = 20.
    expect(answers.every((st) => st === 200)).toBe(true);
    let refused = 0;
    for (let round = 0; round < 3; round++) for (const t of tokens) if ((await call(READ, {}, "198.51.100.7", t)).status === 429) refused++;
    // 7 + 21 = 28 requests from the source, 4 per session: the source's 20 are spent before any session's 4.
    expect(refused).toBe(28 - 5 * LIMIT);
    const other = await session("192.0.2.77");
    expect((await call(READ, {}, "192.0.2.77", other)).status).toBe(200);
  });
});
