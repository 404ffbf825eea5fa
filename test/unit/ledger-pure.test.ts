// Pure rules of a return's ledger and its push to Vendure: an entry's attempt log stays bounded (the newest ten,
// each answer cut to 300 characters) whatever the shop answers, and money crosses to Vendure's minor units and back
// exactly (no floating point), a decimal Vendure cannot take refused rather than rounded.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ANSWER_MAX, ATTEMPTS_KEPT, withAttempt } from "../../src/returns/ledger.js";
import { vendureAmount } from "../../src/shops/vendure/orders.js";
import { vendureMinor } from "../../src/shops/vendure/refunds.js";

describe("a ledger entry's attempt log", () => {
  it("keeps the newest attempts only, each answer bounded, in order", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ ok: fc.boolean(), answer: fc.string({ maxLength: 2_000 }) }), { maxLength: 40 }), (attempts) => {
        let log = "[]";
        attempts.forEach((a, i) => {
          log = withAttempt(log, a, new Date(Date.UTC(2026, 0, 1, 0, 0, i)));
        });
        const kept = JSON.parse(log) as { at: string; ok: boolean; answer: string }[];
        expect(kept).toHaveLength(Math.min(ATTEMPTS_KEPT, attempts.length));
        const newest = attempts.slice(-ATTEMPTS_KEPT);
        kept.forEach((k, i) => {
          expect(k.answer).toBe(newest[i].answer.slice(0, ANSWER_MAX));
          expect(k.ok).toBe(newest[i].ok);
        });
        expect(kept.map((k) => k.at)).toEqual([...kept.map((k) => k.at)].sort());
      }),
    );
  });

  it("starts again from a log it cannot read", () => {
    expect(JSON.parse(withAttempt("not json", { ok: false, answer: "x" }))).toHaveLength(1);
  });
});

describe("money to Vendure's minor units", () => {
  it("is exact both ways", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (minor) => {
        expect(vendureMinor(vendureAmount(minor))).toBe(minor);
      }),
    );
    expect(vendureMinor("30.8")).toBe(3080);
    expect(vendureMinor("0.07")).toBe(7);
    expect(vendureMinor("1234567.89")).toBe(123456789);
  });

  it("refuses what Vendure cannot take rather than rounding it", () => {
    for (const bad of ["1.234", "-1.00", "1e3", "", "12,50", " 1.00"]) expect(() => vendureMinor(bad)).toThrow(/not a Vendure amount/);
  });
});
