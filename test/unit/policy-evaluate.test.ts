// The return policy's evaluator (src/policy/evaluate.ts): examples of each rule, then properties over
// random policies, orders and times: never more than the remaining quantity, fees never above the value,
// the bonus only on the outcomes that carry it, the same inputs the same answer; without its sentences (the
// simulation's first pass) the same decisions, and the simulation's changed returns with their sentences.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseMajor } from "../../src/core/money.js";
import { wordsOf } from "../../src/core/decisions/codes.js";
import { merchantWords } from "../../src/core/decisions/merchant.js";
import { apiShopperMessage } from "../../src/core/decisions/render.js";
import { evaluate, type OrderInput, type OrderLineInput, type PolicyVersionInput } from "../../src/policy/evaluate.js";
import { checkRules, checkTimeZone, type PolicyRules } from "../../src/policy/rules.js";
import { Simulation } from "../../src/policy/simulate.js";

const T0 = new Date("2026-11-01T15:00:00Z");
const line = (over: Partial<OrderLineInput> = {}): OrderLineInput => ({
  id: "li1",
  externalId: "L-1",
  productId: "p1",
  sku: "TEE-M",
  productType: null,
  vendor: "Acme",
  tags: [],
  quantity: 2,
  unitPrice: 2800,
  discount: 0,
  returned: 0,
  fulfilledAt: T0,
  deliveredAt: null,
  ...over,
});
const order = (lines: OrderLineInput[], over: Partial<OrderInput> = {}): OrderInput => ({
  id: "o1",
  name: "#1001",
  currency: "USD",
  placedAt: T0,
  tags: [],
  lines,
  ...over,
});
const version = (input: Parameters<typeof checkRules>[0], timeZone = "America/New_York"): PolicyVersionInput => ({
  number: 1,
  rules: checkRules(input),
  timeZone,
});
// The "done when" policy: 30 days, final sale excluded, 5.00 fee waived for credit, 10% bonus.
const DONE_WHEN = {
  window: { days: 30, from: "fulfillment" as const },
  exclusions: { tags: ["final-sale"] },
  outcomes: { refund: true, storeCredit: true, exchange: true },
  returnFee: { amount: "5.00", waivedFor: ["store_credit" as const] },
  bonus: { percent: "10", on: ["store_credit" as const, "exchange" as const] },
};

describe("policy rules", () => {
  it("refuses a bad policy naming each field and its fix", () => {
    const problems = (input: Parameters<typeof checkRules>[0]) => {
      try {
        checkRules(input);
        return [];
      } catch (err) {
        const e = err as { info: { field?: string; detail: string; extra?: { problems?: { field: string }[] } } };
        return e.info.extra?.problems?.map((p) => p.field) ?? [e.info.field];
      }
    };
    expect(problems({ window: { days: -1 } })).toEqual(["input.window.days"]);
    expect(problems({ returnFee: { percent: "150" } })).toEqual(["input.returnFee.percent"]);
    expect(problems({ windowRules: [{ name: "Sale", days: 0, tags: [], skus: [], productTypes: [] }] })).toEqual(["input.windowRules[0]"]);
    expect(problems({ extensions: [{ name: "Holidays", orderedFrom: "2026-12-31", orderedTo: "2026-11-01", days: 60 }] })).toEqual([
      "input.extensions[0]",
    ]);
    expect(problems({ reviewRules: [{ name: "Any", action: "review" } as never] })).toEqual(["input.reviewRules[0]"]);
    expect(problems({ returnFee: { amount: "5", waivedFor: ["refund", "store_credit"] } })).toEqual(["input.returnFee.waivedFor"]);
    expect(problems({ window: { days: -1 }, bonus: { percent: "101", on: ["store_credit"] } })).toEqual([
      "input.window.days",
      "input.bonus.percent",
    ]);
    expect(() => checkTimeZone("Mars/Olympus")).toThrow(/IANA time zone/);
    expect(checkTimeZone("Europe/Paris")).toBe("Europe/Paris");
    expect(problems(DONE_WHEN)).toEqual([]);
  });
});

describe("policy evaluator, examples", () => {
  it("without a policy, every remaining unit is returnable for a refund", () => {
    const e = evaluate(null, order([line({ returned: 1 })]), null, { returnDates: [] }, new Date("2030-01-01"));
    expect(e.policyVersion).toBeNull();
    expect(e.lines[0]).toMatchObject({ returnable: 1, outcomes: [{ outcome: "refund", value: "28.00", total: "28.00" }], decisions: [] });
  });

  it("refuses a final-sale line naming the rule, and offers credit with the bonus and no fee", () => {
    const v = version(DONE_WHEN);
    const o = order([line(), line({ id: "li2", externalId: "L-2", tags: ["Final-Sale"] })]);
    const e = evaluate(
      v,
      o,
      [
        { lineId: "li1", quantity: 1 },
        { lineId: "li2", quantity: 1 },
      ],
      { returnDates: [] },
      new Date("2026-11-10T12:00:00Z"),
    );
    const [tee, sale] = e.lines;
    expect(sale!.returnable).toBe(0);
    expect(sale!.decisions[0]).toMatchObject({
      effect: "refuse",
      rule: "exclusions.tags",
      code: "FINAL_SALE",
      params: { tag: "Final-Sale" },
    });
    expect(apiShopperMessage(sale!.decisions[0]!)).toBe("This item is final sale and cannot be returned.");
    expect(tee!.outcomes.map((x) => [x.outcome, x.total, x.bonus?.amount ?? null])).toEqual([
      ["refund", "28.00", null],
      ["store_credit", "30.80", "2.80"],
      ["exchange", "30.80", "2.80"],
    ]);
    const byOutcome = Object.fromEntries(e.summary.map((s) => [s.outcome, s]));
    expect(byOutcome.refund).toMatchObject({ total: "23.00", fees: [{ kind: "return_fee", amount: "5.00", rule: "returnFee" }] });
    expect(byOutcome.store_credit).toMatchObject({ total: "30.80", fees: [] });
  });

  it("ends the window at midnight in the store's time zone", () => {
    // Fulfilled 2026-11-01 15:00 UTC = 10:00 in New York; 30 days → through Dec 1, ending Dec 2 00:00 EST (05:00 UTC).
    const v = version({ window: { days: 30, from: "fulfillment" } });
    const at = (iso: string) => evaluate(v, order([line()]), null, { returnDates: [] }, new Date(iso)).lines[0]!;
    expect(at("2026-12-02T04:59:59Z").returnable).toBe(2);
    expect(at("2026-12-02T04:59:59Z").windowEndsAt?.toISOString()).toBe("2026-12-02T05:00:00.000Z");
    expect(at("2026-12-02T05:00:00Z")).toMatchObject({
      returnable: 0,
      decisions: [{ effect: "window" }, { effect: "refuse", rule: "window" }],
    });
  });

  it("counts delivery from fulfillment plus the transit buffer, lengthens by date range and shortens by SKU", () => {
    const v = version(
      {
        window: { days: 10, from: "delivery", transitDays: 4 },
        windowRules: [{ name: "Jackets", skus: ["JKT-L"], tags: [], productTypes: [], days: 5 }],
        extensions: [{ name: "Holidays", orderedFrom: "2026-10-25", orderedTo: "2026-11-05", days: 40 }],
      },
      "UTC",
    );
    const e = evaluate(v, order([line(), line({ id: "li2", sku: "JKT-L" })]), null, { returnDates: [] }, T0);
    expect(e.lines[0]!.windowEndsAt?.toISOString()).toBe("2026-12-16T00:00:00.000Z"); // Nov 5 + 40 days, through Dec 15
    expect(e.lines[0]!.decisions[0]).toMatchObject({ rule: "extensions[0]" });
    expect(e.lines[1]!.windowEndsAt?.toISOString()).toBe("2026-12-16T00:00:00.000Z"); // the extension lengthens a shorter rule too
    const late = evaluate(
      v,
      order([line({ sku: "JKT-L" })], { placedAt: new Date("2026-11-20T00:00:00Z") }),
      null,
      { returnDates: [] },
      T0,
    );
    expect(late.lines[0]!.decisions[0]).toMatchObject({ rule: "windowRules[0]" });
  });

  it("reviews or refuses by value, history, reason and order tag, with the shopper's message", () => {
    const v = version({
      reasons: [
        { code: "damaged", label: "Damaged", outcomes: ["refund"] },
        { code: "too_big", label: "Too big" },
      ],
      reviewRules: [
        { name: "Big returns", action: "review", valueAbove: "50.00" },
        { name: "Serial returner", action: "refuse", returnsInDays: 30, returnsAbove: 2, shopperMessage: "Please contact us." },
        { name: "Damage check", action: "review", reasonCodes: ["damaged"] },
      ] as never,
      window: { days: 30, from: "order" },
    });
    const o = order([line()]);
    const now = new Date("2026-11-05T00:00:00Z");
    const big = evaluate(v, o, [{ lineId: "li1", quantity: 2, reasonCode: "too_big" }], { returnDates: [] }, now);
    expect(big.review).toBe(true);
    expect(big.decisions[0]).toMatchObject({ effect: "review", rule: "reviewRules[0]" });
    const damaged = evaluate(v, o, [{ lineId: "li1", quantity: 1, reasonCode: "damaged" }], { returnDates: [] }, now);
    expect(damaged.review).toBe(true);
    expect(damaged.lines[0]!.outcomes.map((x) => x.outcome)).toEqual(["refund"]);
    const dates = [1, 2, 3].map((d) => new Date(`2026-11-0${d}T00:00:00Z`));
    const serial = evaluate(v, o, [{ lineId: "li1", quantity: 1 }], { returnDates: dates }, now);
    expect(serial.lines[0]).toMatchObject({ returnable: 0 });
    expect(serial.lines[0]!.decisions.find((d) => d.effect === "refuse")).toMatchObject({
      rule: "reviewRules[1]",
      code: "REFUSED_BY_RULE",
      params: { message: "Please contact us.", returns: 3, returnsInDays: 30, returnsAbove: 2 },
    });
  });

  it("charges a restocking fee by tag and keeps exact decimals", () => {
    const v = version({ window: { days: 30, from: "order" }, restockingFees: [{ name: "Bulky", tags: ["bulky"], percent: "15" }] });
    const e = evaluate(
      v,
      order([line({ tags: ["bulky"], unitPrice: 3333, quantity: 3, discount: 100 })]),
      [{ lineId: "li1", quantity: 2 }],
      { returnDates: [] },
      T0,
    );
    // 2 × 33.33 − 2/3 of 1.00 (0.67) = 65.99; 15 % = 9.8985 → 9.90.
    expect(e.lines[0]!.outcomes[0]).toMatchObject({ value: "65.99", fees: [{ kind: "restocking_fee", amount: "9.90" }], total: "56.09" });
  });
});

// ─── Properties ───
const outcomesArb = fc.record({
  refund: fc.boolean(),
  storeCredit: fc.boolean(),
  exchange: fc.boolean(),
  keepItemBelow: fc.option(fc.constantFrom("10.00", "99.99"), { nil: null }),
});
const pct = fc.integer({ min: 1, max: 10_000 }).map((bp) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, "0")}`);
const rulesArb: fc.Arbitrary<PolicyRules | null> = fc
  .record({
    window: fc.record({
      days: fc.integer({ min: 0, max: 90 }),
      from: fc.constantFrom("order", "fulfillment", "delivery"),
      transitDays: fc.integer({ min: 0, max: 10 }),
    }),
    outcomes: outcomesArb,
    exclusions: fc.record({
      tags: fc.subarray(["final", "gift"]),
      discountAbovePercent: fc.option(fc.constantFrom("20", "50"), { nil: null }),
    }),
    restockingFees: fc.array(fc.record({ name: fc.constant("R"), tags: fc.constant(["bulky"]), percent: pct }), { maxLength: 2 }),
    returnFee: fc.option(
      fc.oneof(
        fc.record({ amount: fc.constantFrom("5.00", "500.00"), waivedFor: fc.constant(["store_credit"]) }),
        fc.record({ percent: pct, waivedFor: fc.constant([]) }),
      ),
      { nil: null },
    ),
    bonus: fc.option(
      fc.oneof(
        fc.record({ amount: fc.constantFrom("3.00"), on: fc.subarray(["store_credit", "exchange"], { minLength: 1 }) }),
        fc.record({ percent: pct, on: fc.subarray(["store_credit", "exchange"], { minLength: 1 }) }),
      ),
      { nil: null },
    ),
  })
  .map((input) => {
    try {
      return checkRules(input as never);
    } catch {
      return null;
    }
  });
const lineArb = fc
  .record({
    quantity: fc.integer({ min: 1, max: 20 }),
    unitPrice: fc.integer({ min: 0, max: 1_000_000 }),
    discountShare: fc.integer({ min: 0, max: 100 }),
    returnedShare: fc.integer({ min: 0, max: 100 }),
    tags: fc.subarray(["final", "gift", "bulky"]),
    fulfilled: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
  })
  .map((x, i = 0) => {
    const discount = Math.floor((x.unitPrice * x.quantity * x.discountShare) / 100);
    const returned = Math.floor((x.quantity * x.returnedShare) / 100);
    return line({
      id: `li${i}`,
      quantity: x.quantity,
      unitPrice: x.unitPrice,
      discount,
      returned,
      tags: x.tags,
      fulfilledAt: x.fulfilled == null ? null : new Date(T0.getTime() + x.fulfilled * 86_400_000),
    });
  });
const caseArb = fc.record({
  rules: rulesArb,
  lines: fc.array(lineArb, { minLength: 1, maxLength: 5 }).map((ls) => ls.map((l, i) => ({ ...l, id: `li${i}`, externalId: `L-${i}` }))),
  askedQty: fc.array(fc.integer({ min: 1, max: 25 }), { minLength: 5, maxLength: 5 }),
  nowDays: fc.integer({ min: -2, max: 120 }),
  zone: fc.constantFrom("UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham"),
});
const m = (s: string) => parseMajor(s, "USD", "x");

describe("policy evaluator, properties", () => {
  it("holds its invariants over random policies, orders and times", () => {
    fc.assert(
      fc.property(caseArb, ({ rules, lines, askedQty, nowDays, zone }) => {
        const v = rules ? { number: 3, rules, timeZone: zone } : null;
        const o = order(lines);
        const asked = lines.map((l, i) => ({ lineId: l.id, quantity: askedQty[i]! }));
        const now = new Date(T0.getTime() + nowDays * 86_400_000);
        const e = evaluate(v, o, asked, { returnDates: [] }, now);
        // Same inputs, same answer.
        expect(evaluate(v, o, asked, { returnDates: [] }, now)).toEqual(e);
        for (const le of e.lines) {
          const l = lines.find((x) => x.id === le.lineItemId)!;
          expect(le.returnable).toBeLessThanOrEqual(l.quantity - l.returned);
          expect(le.returnable).toBeGreaterThanOrEqual(0);
          if (le.returnable === 0) expect(le.outcomes).toEqual([]);
          else if (v) expect(le.decisions.some((d) => d.effect === "refuse" && d.rule !== "remainingQuantity")).toBe(false);
          for (const out of le.outcomes) {
            const fees = out.fees.reduce((n, f) => n + m(f.amount), 0);
            expect(fees).toBeLessThanOrEqual(m(out.value));
            expect(m(out.total)).toBeGreaterThanOrEqual(0);
            if (out.bonus) expect(rules?.bonus?.on ?? []).toContain(out.outcome);
          }
        }
        for (const s of e.summary) {
          const fees = s.fees.reduce((n, f) => n + m(f.amount), 0);
          expect(fees).toBeLessThanOrEqual(m(s.value));
          if (s.bonus) expect(rules?.bonus?.on ?? []).toContain(s.outcome);
          if (s.outcome !== "keep_item") expect(m(s.total)).toBe(m(s.value) - fees + (s.bonus ? m(s.bonus.amount) : 0));
        }
      }),
      { numRuns: 400 },
    );
  });

  // The simulation evaluates without sentences and asks them only for the returns the draft changes.
  const reviewArb = fc.array(
    fc.record({
      name: fc.constantFrom("Serial", "Big"),
      action: fc.constantFrom("review" as const, "refuse" as const),
      valueAbove: fc.option(fc.constantFrom("10.00", "500.00"), { nil: null }),
      returnsInDays: fc.option(fc.constantFrom(30, 90), { nil: null }),
      returnsAbove: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
      reasonCodes: fc.constant<string[]>([]),
      orderTags: fc.subarray(["vip"]),
      shopperMessage: fc.constantFrom("", "Please contact us."),
    }),
    { maxLength: 2 },
  );
  it("words every decision from its code, and the simulation shows a changed return's decisions", () => {
    fc.assert(
      fc.property(
        caseArb,
        reviewArb,
        fc.array(fc.integer({ min: 0, max: 120 }), { maxLength: 6 }),
        fc.subarray(["vip"]),
        ({ rules, lines, askedQty, nowDays, zone }, reviewRules, ago, tags) => {
          const v = rules ? { number: 3, rules: { ...rules, reviewRules }, timeZone: zone } : null;
          const o = order(lines, { tags });
          const asked = lines.map((l, i) => ({ lineId: l.id, quantity: askedQty[i]! }));
          const now = new Date(T0.getTime() + nowDays * 86_400_000);
          const history = { returnDates: ago.map((d) => new Date(now.getTime() - d * 86_400_000)) };
          const e = evaluate(v, o, asked, history, now);
          for (const d of [...e.decisions, ...e.lines.flatMap((l) => l.decisions)]) {
            expect(apiShopperMessage(d)).not.toBe("");
            expect(merchantWords(wordsOf(d))).toMatch(/\S.*\.$/);
          }
          // Beside no policy: a return the draft refuses or reviews is shown, with the rules' sentences.
          if (!v) return;
          const changed = new Simulation(v, null).add({
            id: "r1",
            createdAt: now,
            order: o,
            items: asked.map((a) => ({ ...a, outcome: "refund" })),
            history,
          });
          const shown = e.decisions
            .concat(e.lines.flatMap((l) => l.decisions))
            .filter((d) => d.effect === "refuse" || d.effect === "review");
          if (shown.length) expect(changed?.draft.decisions).toEqual(shown);
          for (const d of changed?.draft.decisions ?? []) expect(merchantWords(wordsOf(d))).not.toBe("");
        },
      ),
      { numRuns: 300 },
    );
  });
});
