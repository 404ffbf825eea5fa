// Issue 36, M2: nobody can lock a real shopper out of their order. Ten wrong lookups lock out the place they
// come from (an IPv4 address or an IPv6 /64), not the order; many failures from many places switch the order to
// its email only (which the shopper knows and a guesser does not), never off. The property: whatever attack a
// generator throws at an order (places, wrong emails, wrong or right postal codes, in any order), the shopper
// asking from their own place with their email gets in, no place gets an eleventh guess, and under guessing a
// right postal code answers exactly as a wrong one.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { draftOrder, draftStore, type DraftStore } from "../../support/drafts.js";
import { startTestService, type TestService } from "../../support/server.js";
import { LOOKUP_LIMITS } from "../../../src/drafts/lookup.js";

const OPEN = `mutation($st: ID!, $i: DraftLookupInput!) { openShopperSession(store: $st, input: $i) { token } }`;
const EMAIL = "jane@example.test";
const ZIP = "62701";

/** Waits when the lookup window (fixed, aligned to its length) ends within `margin` ms, so a run stays in one window. */
async function awayFromWindowEnd(margin = 60_000) {
  const left = LOOKUP_LIMITS.windowMs - (Date.now() % LOOKUP_LIMITS.windowMs);
  if (left < margin) await new Promise((r) => setTimeout(r, left + 200));
}

type Answer = { ok: boolean; status: number; type?: string; refusal?: { code: string; params: Record<string, unknown> } };

describe.each(providers)("order lookups an attacker cannot aim at a shopper (%s)", { timeout: 240_000 }, (provider) => {
  let svc: TestService;
  let s: DraftStore;
  let block = 0;
  beforeAll(async () => {
    svc = await startTestService(provider, { TRUST_PROXY: "loopback", RATE_LIMIT_ANONYMOUS_PER_MINUTE: "0" });
    s = await draftStore(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  async function lookup(orderName: string, secondaryInput: string, from: string): Promise<Answer> {
    const res = await fetch(`${svc.coreUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": from },
      body: JSON.stringify({ query: OPEN, variables: { st: s.storeId, i: { orderName, secondaryInput } } }),
    });
    const body = (await res.json()) as { data?: unknown; errors?: { extensions: Record<string, any> }[] };
    const x = body.errors?.[0]?.extensions;
    return { ok: !x, status: x?.status ?? 200, type: x?.type, refusal: x?.refusal };
  }

  it("locks the place that guesses, not the order: the shopper from elsewhere gets in; both answers are worded as codes", async () => {
    await awayFromWindowEnd();
    const order = await draftOrder(svc, s);
    block++;
    const attacker = `198.51.${block}.1`;
    for (let i = 0; i < LOOKUP_LIMITS.perOrderAndCaller; i++) {
      const a = await lookup(order.name, `guess${i}@example.test`, attacker);
      expect(a).toMatchObject({ ok: false, status: 404, type: "drafts/order-not-found", refusal: { code: "ORDER_NOT_FOUND" } });
    }
    const locked = await lookup(order.name, EMAIL, attacker);
    expect(locked).toMatchObject({ ok: false, status: 429, refusal: { code: "LOOKUP_THROTTLED" } });
    expect(locked.refusal!.params.minutes).toBeGreaterThanOrEqual(1);
    // Another host of the attacker's IPv6 /64 is the same place.
    const v6 = `2001:db8:${block}::`;
    for (let i = 0; i < LOOKUP_LIMITS.perOrderAndCaller; i++) await lookup(order.name, `v6guess${i}@example.test`, `${v6}${i + 1}`);
    expect(await lookup(order.name, EMAIL, `${v6}ffff`)).toMatchObject({ ok: false, status: 429 });
    // The shopper, from home: in at once by email. Twenty failures from elsewhere switched the order to its
    // email only, so the right postal code now gets "email needed", as a wrong one would.
    expect(await lookup(order.name, EMAIL, `192.0.2.${block}`)).toMatchObject({ ok: true });
    expect(await lookup(order.name, ZIP, `192.0.2.${block}`)).toMatchObject({
      ok: false,
      status: 422,
      refusal: { code: "LOOKUP_NEEDS_EMAIL" },
    });
    expect(await lookup(order.name, "12345", `192.0.2.${block}`)).toMatchObject({
      ok: false,
      status: 422,
      refusal: { code: "LOOKUP_NEEDS_EMAIL" },
    });
  });

  it("a shopper's own successful lookups never count against them", async () => {
    await awayFromWindowEnd();
    const order = await draftOrder(svc, s);
    block++;
    for (let i = 0; i < LOOKUP_LIMITS.perOrderAndCaller + 5; i++)
      expect(await lookup(order.name, EMAIL, `192.0.2.${block}`)).toMatchObject({ ok: true });
  });

  it("property: after any attack, the shopper's email from their own place opens the order; no place gets an eleventh guess", async () => {
    const attempt = fc.record({
      place: fc.integer({ min: 0, max: 5 }),
      v6: fc.boolean(),
      kind: fc.constantFrom("wrong-email", "wrong-zip", "right-zip", "unknown-order"),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(attempt, { minLength: 1, maxLength: 60 }), async (attack) => {
        await awayFromWindowEnd();
        const order = await draftOrder(svc, s);
        block++;
        const placeOf = (a: { place: number; v6: boolean }) =>
          a.v6 ? `2001:db8:${block}:${a.place}::${a.place + 1}` : `198.51.${block}.${a.place}`;
        const failures = new Map<string, number>();
        const calls = new Map<string, number>();
        let total = 0;
        for (const [i, a] of attack.entries()) {
          const place = placeOf(a);
          const input = a.kind === "wrong-email" ? `x${i}@example.test` : a.kind === "wrong-zip" ? `9${i}999` : ZIP;
          const answer = await lookup(a.kind === "unknown-order" ? `${order.name}-NOPE` : order.name, input, place);
          const mine = failures.get(place) ?? 0;
          const called = calls.get(place) ?? 0;
          calls.set(place, called + 1);
          if (called >= LOOKUP_LIMITS.perCaller) {
            expect(answer).toMatchObject({ ok: false, status: 429 });
            continue;
          }
          if (a.kind === "unknown-order") continue;
          if (mine >= LOOKUP_LIMITS.perOrderAndCaller) {
            // No eleventh guess from one place.
            expect(answer).toMatchObject({ ok: false, status: 429, refusal: { code: "LOOKUP_THROTTLED" } });
            continue;
          }
          if (a.kind === "right-zip" && total < LOOKUP_LIMITS.perOrderBeforeEmailOnly) {
            expect(answer.ok).toBe(true);
            continue;
          }
          // A failure: under guessing every answer but the order's email, a right postal code too, gets the same "email needed".
          if (total >= LOOKUP_LIMITS.perOrderBeforeEmailOnly)
            expect(answer).toMatchObject({ ok: false, status: 422, refusal: { code: "LOOKUP_NEEDS_EMAIL" } });
          else expect(answer).toMatchObject({ ok: false, refusal: { code: "ORDER_NOT_FOUND" } });
          failures.set(place, mine + 1);
          total++;
        }
        expect(await lookup(order.name, ` ${EMAIL.toUpperCase()}`, `192.0.2.${block % 250}`)).toMatchObject({ ok: true });
      }),
      { numRuns: 8 },
    );
  });
});
