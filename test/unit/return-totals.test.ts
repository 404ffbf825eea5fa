// A return's totals (src/returns/totals.ts): examples, then properties over random items and fees: nothing
// negative, exact conservation (what is paid out less what is charged is the gross less the fee), the fee
// never raises a payout, rejected items count nothing, the same inputs the same answer.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { returnTotals, type TotalsItem } from "../../src/returns/totals.js";

const item = (over: Partial<TotalsItem>): TotalsItem => ({
  compensation: "refund",
  status: "open",
  refund: 4100,
  productValue: 4000,
  outcomeTotal: null,
  exchangeValue: 4000,
  ...over,
});

describe("return totals", () => {
  it("splits by outcome: restocking off the refund, the evaluated credit, the exchanged goods, kept items refunded", () => {
    const t = returnTotals(
      [
        item({ outcomeTotal: 3600 }), // 10% restocking: 4100 − 400
        item({ compensation: "store_credit", outcomeTotal: 4400 }),
        item({ compensation: "exchange", outcomeTotal: 4400 }),
        item({ compensation: "keep_item", refund: 2750, outcomeTotal: 2550 }),
        item({ status: "rejected", refund: 0 }),
      ],
      null,
    );
    expect(t).toEqual({ refund: 3700 + 2750, storeCredit: 4400, exchange: 4000, charge: 0, shippingFee: 0 });
  });

  it("takes the return fee from the outcome it fell on, and charges what that outcome cannot carry", () => {
    expect(returnTotals([item({})], { amount: 500, on: "refund" })).toMatchObject({ refund: 3600, charge: 0 });
    expect(returnTotals([item({ refund: 300 })], { amount: 500, on: "refund" })).toMatchObject({ refund: 0, charge: 200 });
    expect(returnTotals([item({ compensation: "exchange" })], { amount: 500, on: "exchange" })).toMatchObject({
      exchange: 4000,
      charge: 500,
    });
    expect(returnTotals([item({ compensation: "store_credit", outcomeTotal: 4400 })], { amount: 500, on: "store_credit" })).toMatchObject({
      storeCredit: 3900,
      charge: 0,
    });
    // Every item of that outcome rejected: no fee.
    expect(returnTotals([item({ status: "rejected", refund: 0 })], { amount: 500, on: "refund" }).charge).toBe(0);
  });

  const arbItem = fc.record({
    compensation: fc.constantFrom("refund", "store_credit", "exchange", "keep_item"),
    status: fc.constantFrom("open", "processed", "complete", "rejected"),
    refund: fc.integer({ min: 0, max: 1_000_000 }),
    productValue: fc.integer({ min: 0, max: 1_000_000 }),
    outcomeTotal: fc.option(fc.integer({ min: 0, max: 1_100_000 }), { nil: null }),
    exchangeValue: fc.integer({ min: 0, max: 1_000_000 }),
  });
  const arbFee = fc.option(
    fc.record({ amount: fc.integer({ min: 0, max: 100_000 }), on: fc.constantFrom("refund", "store_credit", "exchange", "keep_item") }),
    { nil: null },
  );

  it("holds its invariants over random items and fees", () => {
    fc.assert(
      fc.property(fc.array(arbItem, { maxLength: 12 }), arbFee, (items, fee) => {
        const t = returnTotals(items, fee);
        const gross = returnTotals(items, null);
        for (const v of Object.values(t)) {
          expect(Number.isInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        // The fee never raises a payout, and what it takes plus what it charges is the fee (or nothing).
        expect(t.refund).toBeLessThanOrEqual(gross.refund);
        expect(t.storeCredit).toBeLessThanOrEqual(gross.storeCredit);
        expect(t.exchange).toBe(gross.exchange);
        const taken = gross.refund - t.refund + (gross.storeCredit - t.storeCredit);
        expect(taken + t.charge === (fee?.amount ?? 0) || taken + t.charge === 0).toBe(true);
        expect(gross.charge).toBe(0);
        // Rejected items count nothing.
        expect(returnTotals(items.concat(items.map((i) => ({ ...i, status: "rejected" }))), null)).toEqual(gross);
        // The same inputs, the same answer.
        expect(returnTotals(items, fee)).toEqual(t);
      }),
    );
  });
});
