// Staff login throttling (issue 13, finding 5; issue 22, finding 7; issue 36, the class of M2): failed logins
// count per source (an IPv4 address or an IPv6 /64), per email and source, and per email across all sources,
// shared by every replica, answering 429 with Retry-After; X-Forwarded-For counts only from a trusted proxy
// (none by default); only failures count, so a staff member logging in again and again is never refused; and
// nobody can lock a user out: an email guessed from many places still logs in from where it last did.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { LOGIN_LIMITS, loginSource } from "../../../src/identity/login-throttle.js";

const LOGIN = `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`;

async function login(baseUrl: string, email: string, password: string, address?: string) {
  const res = await fetch(baseUrl + "/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", ...(address ? { "x-forwarded-for": address } : {}) },
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

describe("login source", () => {
  it("is the IPv4 address, or the /64 of an IPv6 one, whatever its spelling", () => {
    expect(loginSource("203.0.113.9")).toBe("203.0.113.9");
    expect(loginSource("::ffff:203.0.113.9")).toBe("203.0.113.9");
    const a = loginSource("2001:db8:1:2::1");
    expect(a).toBe("2001:db8:1:2::/64");
    for (const same of ["2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:DB8:1:2:abcd::9", "2001:db8:1:2:0:0:0:0"])
      expect(loginSource(same)).toBe(a);
    expect(loginSource("2001:db8:1:3::1")).not.toBe(a);
    expect(loginSource(undefined)).toBe("unknown");
    expect(loginSource("not an address")).toBe("unknown");
  });
});

describe.each(providers)("staff login throttling (%s)", { timeout: 180_000 }, (provider) => {
  /** Behind a proxy on this machine: X-Forwarded-For names the client. */
  let svc: TestService;
  /** A service with the default TRUST_PROXY (no peer): X-Forwarded-For is ignored; its own counters per test. */
  const directs: TestService[] = [];
  const startDirect = async () => {
    const d = await startTestService(provider);
    directs.push(d);
    return d;
  };
  let run = 0;
  /** A fresh address block per test, so tests do not share counters. */
  const addr = (n: number) => `203.0.${run}.${n}`;
  const newStaff = async (on = svc) => on.createStaff((await on.createStore()).id);

  beforeAll(async () => {
    svc = await startTestService(provider, { TRUST_PROXY: "loopback" });
  });
  afterAll(async () => {
    await svc?.close();
    for (const d of directs) await d.close();
  });

  it("refuses guesses on one email from one place past the limit, with 429 and Retry-After, even the right password; not the user elsewhere", async () => {
    run = 1;
    await awayFromWindowEnd(LOGIN_LIMITS.emailWindowMs);
    const victim = await newStaff();
    for (let i = 0; i < LOGIN_LIMITS.perEmailAndSource; i++)
      expect((await login(svc.coreUrl, victim.email, `wrong ${i}`, addr(1))).code).toBe("UNAUTHENTICATED");
    const refused = await login(svc.coreUrl, victim.email, victim.password, addr(1));
    expect(refused).toMatchObject({ status: 429, code: "RATE_LIMITED", token: undefined });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(LOGIN_LIMITS.emailWindowMs / 1000);
    expect((await login(svc.coreUrl, victim.email, victim.password, addr(2))).status).toBe(200);
  });

  it("an email guessed from many networks logs in only from where it last did: 70 guesses from rotating addresses", async () => {
    run = 2;
    await awayFromWindowEnd(LOGIN_LIMITS.emailWindowMs);
    // The victim last logged in from this machine (the harness, no X-Forwarded-For).
    const victim = await newStaff();
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 70; i++) codes.push((await login(svc.coreUrl, victim.email, `guess ${i}`, `198.51.${i}.${i + 1}`)).code);
    expect(codes.filter((c) => c === "UNAUTHENTICATED")).toHaveLength(LOGIN_LIMITS.perEmail);
    expect(codes.slice(LOGIN_LIMITS.perEmail).every((c) => c === "RATE_LIMITED")).toBe(true);
    // A new place is refused now, the right password too (until the window ends); the user's own is not.
    expect((await login(svc.coreUrl, victim.email, victim.password, "192.0.2.200")).status).toBe(429);
    expect((await login(svc.coreUrl, victim.email, victim.password)).status).toBe(200);
  });

  it("ignores X-Forwarded-For from a peer TRUST_PROXY does not name (the default)", async () => {
    run = 3;
    await awayFromWindowEnd(60_000);
    // Rotating the header does not make new sources: every guess counts against the peer's own address.
    const direct = await startDirect();
    const codes: (string | undefined)[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.perSourcePerMinute; i++)
      codes.push((await login(direct.coreUrl, `nobody${run}.${i}@example.test`, "whatever1", addr(i))).code);
    expect(codes.slice(0, LOGIN_LIMITS.perSourcePerMinute).every((c) => c === "UNAUTHENTICATED")).toBe(true);
    expect(codes.at(-1)).toBe("RATE_LIMITED");
  });

  it("counts one IPv6 /64 as one source: 30 attempts from one /64 are throttled, another /64 is not", async () => {
    run = 4;
    await awayFromWindowEnd(60_000);
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 30; i++)
      codes.push((await login(svc.coreUrl, `v6.${i}@example.test`, "whatever1", `2001:db8:4:4::${(i + 1).toString(16)}`)).code);
    expect(codes.filter((c) => c === "UNAUTHENTICATED")).toHaveLength(LOGIN_LIMITS.perSourcePerMinute);
    expect(codes.slice(LOGIN_LIMITS.perSourcePerMinute).every((c) => c === "RATE_LIMITED")).toBe(true);
    const staff = await newStaff();
    expect((await login(svc.coreUrl, staff.email, staff.password, "2001:db8:4:4:ffff::1")).status).toBe(429);
    expect((await login(svc.coreUrl, staff.email, staff.password, "2001:db8:4:5::1")).status).toBe(200);
    // And one email guessed from many hosts of one /64 is guessed from one place.
    const victim = await newStaff();
    const guesses: (string | undefined)[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.perEmailAndSource; i++)
      guesses.push((await login(svc.coreUrl, victim.email, `guess ${i}`, `2001:db8:4:16::${(i + 1).toString(16)}`)).code);
    expect(guesses.at(-1)).toBe("RATE_LIMITED");
  });

  it("only failures count: a staff member's correct logins are never refused, and a success resets the email's count", async () => {
    run = 5;
    await awayFromWindowEnd(LOGIN_LIMITS.emailWindowMs, 30_000);
    await awayFromWindowEnd(60_000);
    const staff = await newStaff();
    // More correct logins than any limit, from one office address.
    for (let i = 0; i < LOGIN_LIMITS.perSourcePerMinute + 2; i++) {
      const res = await login(svc.coreUrl, staff.email, staff.password, addr(1));
      expect(res.status, `correct login ${i + 1}`).toBe(200);
    }
    // Typos now and then (from a laptop on the road, then the office): the email's count starts again after each success.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < LOGIN_LIMITS.perEmailAndSource - 1; i++)
        expect((await login(svc.coreUrl, staff.email, `typo ${i}`, addr(2 + round))).code).toBe("UNAUTHENTICATED");
      expect((await login(svc.coreUrl, staff.email, staff.password, addr(2 + round))).status).toBe(200);
    }
  });

  it("a concurrent burst of guesses never passes the email's limit", async () => {
    run = 6;
    await awayFromWindowEnd(LOGIN_LIMITS.emailWindowMs);
    const victim = await newStaff();
    const codes = await Promise.all(
      Array.from({ length: 70 }, (_, i) => login(svc.coreUrl, victim.email, `burst ${i}`, `192.0.${run}.${i}`).then((r) => r.code)),
    );
    expect(codes.filter((c) => c === "UNAUTHENTICATED").length).toBeLessThanOrEqual(LOGIN_LIMITS.perEmail);
    expect(codes.filter((c) => c !== "UNAUTHENTICATED").every((c) => c === "RATE_LIMITED")).toBe(true);
  });

  it("property: whatever the attack from other networks, the user logs in from where they last did; no place gets an eleventh guess", async () => {
    run = 8;
    const attempt = fc.record({ place: fc.integer({ min: 0, max: 7 }), v6: fc.boolean(), host: fc.integer({ min: 1, max: 9 }) });
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(attempt, { minLength: 1, maxLength: 90 }), async (attack) => {
        round++;
        await awayFromWindowEnd(LOGIN_LIMITS.emailWindowMs, 60_000);
        await awayFromWindowEnd(60_000);
        const victim = await newStaff();
        const unauthenticated = new Map<string, number>();
        let total = 0;
        for (const [i, a] of attack.entries()) {
          // Hosts of one place: one IPv4 address, or hosts of one IPv6 /64.
          const place = a.v6 ? `2001:db8:${run}${round}:${a.place}` : `198.18.${round}.${a.place}`;
          const address = a.v6 ? `${place}::${a.host}` : place;
          const { code } = await login(svc.coreUrl, victim.email, `attack ${i}`, address);
          expect(["UNAUTHENTICATED", "RATE_LIMITED"]).toContain(code);
          if (code === "UNAUTHENTICATED") {
            unauthenticated.set(place, (unauthenticated.get(place) ?? 0) + 1);
            total++;
          }
        }
        for (const [place, n] of unauthenticated) expect(n, place).toBeLessThanOrEqual(LOGIN_LIMITS.perEmailAndSource);
        expect(total).toBeLessThanOrEqual(LOGIN_LIMITS.perEmail);
        expect((await login(svc.coreUrl, victim.email, victim.password)).status).toBe(200);
      }),
      { numRuns: 6 },
    );
  });

  if (provider === "postgresql") {
    it("counts attempts on every replica together", async () => {
      run = 7;
      await awayFromWindowEnd(LOGIN_LIMITS.emailWindowMs);
      const replica = await svc.startReplica();
      const victim = (await newStaff()).email;
      const codes: (string | undefined)[] = [];
      // Replicas add their counts to the shared counters every 100 ms (src/core/rate-limit.ts): space the
      // attempts past that, so each replica decides on what the other has counted.
      for (let i = 0; i <= LOGIN_LIMITS.perEmailAndSource; i++) {
        if (i) await new Promise((r) => setTimeout(r, 250));
        codes.push((await login(i % 2 ? replica.url : svc.coreUrl, victim, `wrong ${i}`, addr(1))).code);
      }
      expect(codes.at(-1)).toBe("RATE_LIMITED");
    });
  }
});
