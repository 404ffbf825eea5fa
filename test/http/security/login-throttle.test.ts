// Issue 13, finding 5: staff login is throttled per client address and per email, shared by every
// replica, answering 429 with Retry-After; an attacker hammering someone's email cannot keep the
// real user, at another address, from logging in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { LOGIN_LIMITS } from "../../../src/identity/login-throttle.js";

const LOGIN = `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`;

async function login(baseUrl: string, email: string, password: string, address: string) {
  const res = await fetch(baseUrl + "/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ query: LOGIN, variables: { e: email, p: password } }),
  });
  const body = (await res.json()) as {
    data?: { login: { token: string } } | null;
    errors?: { message: string; extensions: Record<string, unknown> }[];
  };
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    code: body.errors?.[0]?.extensions.code as string | undefined,
    token: body.data?.login.token,
  };
}

/** Waits when a limiter window (fixed, aligned to its length) ends within `margin` ms. */
async function awayFromWindowEnd(windowMs: number, margin = 15_000) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < margin) await new Promise((r) => setTimeout(r, left + 200));
}

describe.each(providers)("staff login throttling (%s)", { timeout: 120_000 }, (provider) => {
  let svc: TestService;
  let staff: { email: string; password: string };
  let run = 0;
  /** A fresh address block per test, so tests do not share counters. */
  const addr = (n: number) => `203.0.${run}.${n}`;

  beforeAll(async () => {
    svc = await startTestService(provider);
    staff = await svc.createStaff((await svc.createStore()).id);
  });
  afterAll(() => svc?.close());

  it("refuses guesses on one email from one address past the limit, with 429 and Retry-After, even the right password", async () => {
    run = 1;
    await awayFromWindowEnd(LOGIN_LIMITS.emailWindowMs);
    const victim = (await svc.createStaff((await svc.createStore()).id)).email;
    for (let i = 0; i < LOGIN_LIMITS.perEmailAndAddress; i++)
      expect((await login(svc.coreUrl, victim, `wrong ${i}`, addr(1))).code).toBe("UNAUTHENTICATED");
    const refused = await login(svc.coreUrl, victim, "correct horse battery", addr(1));
    expect(refused).toMatchObject({ status: 429, code: "RATE_LIMITED", token: undefined });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(LOGIN_LIMITS.emailWindowMs / 1000);
  });

  it("keeps the real user able to log in from their own address while their email is hammered", async () => {
    run = 2;
    await awayFromWindowEnd(LOGIN_LIMITS.emailWindowMs);
    const victim = await svc.createStaff((await svc.createStore()).id);
    // Three attacking addresses, past the email's limit in all.
    const statuses: (string | undefined)[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.perEmail; i++)
      statuses.push((await login(svc.coreUrl, victim.email, `guess ${i}`, addr(i % 3))).code);
    expect(statuses).toContain("RATE_LIMITED");
    // An attacking address is refused even with the right password; the real user's address is not.
    expect((await login(svc.coreUrl, victim.email, victim.password, addr(0))).status).toBe(429);
    const real = await login(svc.coreUrl, victim.email, victim.password, "198.51.100.7");
    expect(real.status).toBe(200);
    expect(real.token).toMatch(/^rtr_ss_/);
  });

  it("refuses one address trying many emails past its per-minute limit", async () => {
    run = 3;
    await awayFromWindowEnd(60_000);
    const codes: (string | undefined)[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.perAddressPerMinute; i++)
      codes.push((await login(svc.coreUrl, `nobody${i}@example.test`, "whatever1", addr(9))).code);
    expect(codes.slice(0, LOGIN_LIMITS.perAddressPerMinute).every((c) => c === "UNAUTHENTICATED")).toBe(true);
    expect(codes.at(-1)).toBe("RATE_LIMITED");
    // Another address is not affected.
    expect((await login(svc.coreUrl, staff.email, staff.password, addr(10))).status).toBe(200);
  });

  if (provider === "postgresql") {
    it("counts attempts on every replica together", async () => {
      run = 4;
      await awayFromWindowEnd(LOGIN_LIMITS.emailWindowMs);
      const replica = await svc.startReplica();
      const victim = (await svc.createStaff((await svc.createStore()).id)).email;
      const codes: (string | undefined)[] = [];
      // Replicas add their counts to the shared counters every 100 ms (src/core/rate-limit.ts): space the
      // attempts past that, so each replica decides on what the other has counted.
      for (let i = 0; i <= LOGIN_LIMITS.perEmailAndAddress; i++) {
        if (i) await new Promise((r) => setTimeout(r, 250));
        codes.push((await login(i % 2 ? replica.url : svc.coreUrl, victim, `wrong ${i}`, addr(1))).code);
      }
      expect(codes.at(-1)).toBe("RATE_LIMITED");
    });
  }
});
