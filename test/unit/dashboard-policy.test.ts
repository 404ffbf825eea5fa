// The return policy editor's pure logic (facades/dashboard/app/src/policy-logic.ts): the form round trip,
// the labels that place the core's refusals, exact money, zoned dates, and the diff in words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldErrors } from "../../facades/dashboard/app/src/forms.js";
import {
  addDecimal,
  formatMoney,
  type PolicyRules,
  plainExplanation,
  policyLabels,
  toForm,
  toInput,
  zonedMidnight,
} from "../../facades/dashboard/app/src/policy-logic.js";
import { merchantSays, shopperReads } from "../../facades/dashboard/app/src/decision-words.js";
import { diffPolicy } from "../../facades/dashboard/app/src/policy-words.js";
import { checkRules } from "../../src/policy/rules.js";

const DONE_WHEN: PolicyRules = checkRules({
  window: { days: 30, from: "order" },
  exclusions: { tags: ["final-sale"] },
  outcomes: { refund: true, storeCredit: true, exchange: true },
  returnFee: { amount: "5.00", waivedFor: ["store_credit"] },
  bonus: { percent: "10", on: ["store_credit", "exchange"] },
  reasons: [{ code: "too_big", label: "Too big", question: "Which size?" }],
  reviewRules: [{ name: "Big returns", action: "review", valueAbove: "500.00" }],
}) as PolicyRules;

describe("the policy form", () => {
  it("round-trips the core's rules through the form unchanged", () => {
    const { input, errors } = toInput(toForm(DONE_WHEN));
    expect(errors).toEqual({});
    expect(checkRules(input as Parameters<typeof checkRules>[0])).toEqual(DONE_WHEN);
  });

  it("refuses a number field that holds no whole number, keyed by the core's path", () => {
    const f = toForm(DONE_WHEN);
    f.windowDays = "30.5";
    expect(toInput(f).errors).toEqual({ "input.window.days": "Enter a whole number (0 or more)." });
  });

  it("places every refusal of the core next to its field, by label", () => {
    const f = toForm(DONE_WHEN);
    try {
      checkRules({
        ...(toInput(f).input as object),
        bonus: { percent: "150", on: ["store_credit"] },
        windowRules: [{ name: "Sale", days: 0 }],
      });
      expect.unreachable();
    } catch (e) {
      const x = e as { message: string; extensions: { field?: string; problems?: { field: string; detail: string }[] } };
      f.windowRules.push({ name: "Sale", tags: "", skus: "", productTypes: "", days: "0" });
      const { fields, other } = fieldErrors(
        { message: x.message, field: x.extensions.field ?? null, problems: x.extensions.problems },
        policyLabels(f),
      );
      expect(other).toBeNull();
      expect(fields["input.bonus.percent"]).toContain("“Bonus amount” must be at most 100");
      expect(fields["input.windowRules[0]"]).toContain("“Window rule 1” names no product");
    }
  });
});

describe("money, time and words", () => {
  it("formats an amount in its currency with the core's exact digits", () => {
    expect(formatMoney("1234567890123456.78", "USD", "en-US")).toBe("$1,234,567,890,123,456.78");
    expect(formatMoney("5.00", "EUR", "de-DE")).toMatch(/^5,00\s€$/);
    expect(formatMoney("-4.5", "USD", "en-US")).toBe("-$4.5");
    expect(formatMoney("100", "JPY", "en-US")).toBe("¥100");
  });

  it("adds decimals exactly", () => {
    expect(addDecimal("0.10", "0.20")).toBe("0.30");
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (a, b) => {
        const dec = (v: bigint) =>
          `${v < 0n ? "-" : ""}${(v < 0n ? -v : v) / 100n}.${((v < 0n ? -v : v) % 100n).toString().padStart(2, "0")}`;
        expect(addDecimal(dec(a), dec(b))).toBe(dec(a + b));
      }),
    );
  });

  it("starts a calendar date at midnight in the store's time zone", () => {
    expect(zonedMidnight("2026-11-01", "America/New_York")).toBe("2026-11-01T04:00:00.000Z");
    expect(zonedMidnight("2026-12-01", "America/New_York")).toBe("2026-12-01T05:00:00.000Z");
    expect(zonedMidnight("2026-07-01", "Europe/Paris")).toBe("2026-06-30T22:00:00.000Z");
    expect(zonedMidnight("2026-07-01", "UTC")).toBe("2026-07-01T00:00:00.000Z");
  });

  it("explains a decision without paths, enum spellings or ISO instants", () => {
    const text = plainExplanation(
      'Refused by Exclusions (exclusions.tags): Excluded by exclusions.tags: its product is tagged "final-sale" on store_credit at 2026-11-01T04:00:00.000Z.',
      "America/New_York",
    );
    expect(text).toMatch(/^Excluded: its product is tagged "final-sale" on store credit at Nov 1, 2026, 12:00\sAM EDT\.$/);
    expect(text).not.toMatch(/exclusions|store_credit|T04:00/);
    expect(plainExplanation("Refused by Return window (window): The window ended at 2026-12-01T05:00:00.000Z; asked later..", "UTC")).toBe(
      "The window ended at Dec 1, 2026, 5:00\u202fAM UTC; asked later.",
    );
  });

  it("words a decision from its code: the merchant's words in the store's time, what an English-reading shopper sees", () => {
    const ended = {
      effect: "refuse",
      code: "WINDOW_ENDED",
      rule: "window",
      name: "Return window",
      params: [
        { name: "endsAt", value: "2026-12-01T05:00:00.000Z" },
        { name: "zone", value: "America/New_York" },
        { name: "askedAt", value: "2026-12-03T15:00:00.000Z" },
      ],
    };
    expect(merchantSays(ended, "America/New_York")).toMatch(/^The window ended at Dec 1, 2026.*; asked at Dec 3, 2026.*\.$/);
    expect(shopperReads(ended)).toBe("The return window for this item has closed.");
    const fee = {
      effect: "fee",
      code: "RESTOCKING_FEE",
      rule: "restockingFees[0]",
      name: "Bulky",
      params: [
        { name: "amount", value: "4.50" },
        { name: "currency", value: "USD" },
        { name: "value", value: "30.00" },
      ],
    };
    expect(merchantSays(fee, "UTC")).toBe("Bulky charges 4.50 USD on this line's value 30.00.");
    expect(shopperReads(fee)).toBe("A restocking fee of $4.50 applies to a refund or store credit.");
  });

  it("says what publishing changes, in words", () => {
    const first = diffPolicy(null, DONE_WHEN, "UTC");
    expect(first[0]!.before[0]).toContain("every remaining unit can be returned for a refund");
    expect(first[0]!.after).toContain("Return fee: $5.00 per return, waived for store credit");
    const next = checkRules({ ...DONE_WHEN, bonus: { percent: "15", on: ["store_credit"] } } as Parameters<
      typeof checkRules
    >[0]) as PolicyRules;
    const diff = diffPolicy({ rules: DONE_WHEN, timeZone: "UTC" }, next, "UTC");
    expect(diff).toEqual([
      {
        section: "Bonus credit",
        before: ["10% extra on store credit, exchange for another variant"],
        after: ["15% extra on store credit"],
      },
    ]);
    expect(diffPolicy({ rules: DONE_WHEN, timeZone: "UTC" }, DONE_WHEN, "Europe/Paris").map((d) => d.section)).toEqual(["Return window"]);
  });
});
