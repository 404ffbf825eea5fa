// A new language is one catalogue file (src/core/words): every catalogue has every key of English with the
// same {placeholders}, every decision code has its sentence, and each language words every code with its
// values filled in. The APIs' English (REST, the warehouse API) stays the sentences they always returned.
import { describe, expect, it } from "vitest";
import { DECISION_CODES, type DecisionWords } from "../../src/core/decisions/codes.js";
import { merchantWords } from "../../src/core/decisions/merchant.js";
import { API_FORMAT, readerFormat, shopperWords } from "../../src/core/decisions/render.js";
import { CATALOGUES, chooseLanguage, LANGUAGES, placeholders } from "../../src/core/words/index.js";
import { PORTAL_LANGUAGES } from "../../src/portal/settings.js";
import { REFUSAL_CODES } from "../../src/drafts/refusals.js";

const en = CATALOGUES.en;
/** Intl's narrow spaces (before € in French) as plain ones, to compare with a written sentence. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

/** One decision of each code (and variant), with every param its sentence needs. */
const SAMPLES: DecisionWords[] = (
  [
    { code: "WINDOW_OPEN", params: { endsAt: "2026-12-01T23:00:00.000Z", zone: "Europe/Paris", days: "30", from: "order", anchor: "x" } },
    { code: "WINDOW_ENDED", params: { endsAt: "2026-12-01T23:00:00.000Z", zone: "Europe/Paris", askedAt: "2026-12-03T10:00:00.000Z" } },
    { code: "FINAL_SALE", params: { tag: "final-sale" } },
    { code: "NOT_FULFILLED", params: { from: "fulfillment" } },
    { code: "ALREADY_RETURNED", params: { remaining: "0", ordered: "2", returned: "2", asked: "1" } },
    { code: "ALREADY_RETURNED", params: { remaining: "1", ordered: "2", returned: "1", asked: "2" } },
    { code: "REASON_NOT_LISTED", params: { reason: "bogus" } },
    { code: "REVIEW_RULE", params: { message: "", orderTag: "vip" } },
    { code: "REFUSED_BY_RULE", params: { message: "", returns: "3", returnsInDays: "30", returnsAbove: "2" } },
    { code: "RESTOCKING_FEE", params: { amount: "4.50", currency: "EUR", value: "30.00" } },
    { code: "RETURN_FEE", params: { amount: "5.00", currency: "EUR", waivedFor: "" } },
    { code: "RETURN_FEE", params: { percent: "12.5", currency: "EUR", waivedFor: "store_credit,exchange" } },
    { code: "BONUS", params: { percent: "10", currency: "EUR", on: "store_credit,exchange" } },
    { code: "OUTCOME_NOT_OFFERED", params: { outcome: "store_credit", offered: "refund" } },
  ] as Omit<DecisionWords, "rule" | "name">[]
).map((d) => ({ rule: "rule", name: "Rule", ...d }));

describe("the shopper's catalogues", () => {
  it("has every key of English in every language, with the same placeholders, and nothing else", () => {
    expect(LANGUAGES[0]).toBe("en");
    expect(LANGUAGES.length).toBeGreaterThan(1);
    for (const lang of LANGUAGES) {
      const words = CATALOGUES[lang] as Record<string, string>;
      expect(Object.keys(words).sort(), lang).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        expect(words[key], `${lang} ${key}`).toBeTruthy();
        expect(placeholders(words[key]!), `${lang} ${key}`).toEqual(placeholders(text));
      }
    }
  });

  it("has a sentence for every decision code, and the portal offers every language it has", () => {
    for (const code of DECISION_CODES) expect(Object.keys(en)).toContain(`decision.${code}`);
    expect([...PORTAL_LANGUAGES]).toEqual(LANGUAGES);
    expect(chooseLanguage(["fr-CA", "en"], ["en", "fr"])).toBe("fr");
    expect(chooseLanguage(["de"], ["en", "fr"])).toBe("en");
  });

  it("words every code in every language, each value filled in, each language in its own words", () => {
    for (const d of SAMPLES) {
      const english = shopperWords(d, readerFormat("en"));
      for (const lang of LANGUAGES) {
        const text = shopperWords(d, readerFormat(lang));
        expect(text, `${lang} ${d.code}`).toMatch(/\S/);
        expect(text, `${lang} ${d.code}`).not.toMatch(/[{}]/);
        if (lang !== "en") expect(text, `${lang} ${d.code}`).not.toBe(english);
      }
      expect(merchantWords(d)).toMatch(/\S.*\.$/);
    }
    const fee = SAMPLES.find((d) => d.code === "RESTOCKING_FEE")!;
    expect(plain(shopperWords(fee, readerFormat("fr")))).toBe(
      "Des frais de remise en stock de 4,50 € s'appliquent à un remboursement ou à un avoir.",
    );
    const open = SAMPLES[0]!;
    expect(shopperWords(open, readerFormat("fr"))).toBe("Retournable jusqu'à la fin du 1 décembre 2026.");
    const review = { ...SAMPLES.find((d) => d.code === "REVIEW_RULE")!, params: { message: "Écrivez-nous d'abord." } };
    expect(shopperWords(review, readerFormat("en"))).toBe("Écrivez-nous d'abord.");
  });

  it("words every refusal of the draft flow, and nothing else, with only the values the code carries", () => {
    const worded = Object.keys(en).filter((k) => k.startsWith("refusal."));
    expect(worded.sort()).toEqual(REFUSAL_CODES.map((c) => `refusal.${c}`).sort());
    // The values each code carries (src/drafts/refusals.ts); the portal adds `second` (how the store asks for the
    // order) and `policy` (the policy's decision a refusal carries, in the shopper's words).
    const carried: Record<string, string[]> = {
      ORDER_NOT_FOUND: ["second"],
      LOOKUP_THROTTLED: ["minutes"],
      TOO_MANY_UNITS: ["max"],
      TOO_MANY_PHOTOS: ["max"],
      PHOTO_DRAFT_FULL: ["maxMb"],
      NEED_ANSWER: ["question"],
      LINE_NOT_RETURNABLE: ["policy"],
    };
    for (const code of REFUSAL_CODES) {
      const key = `refusal.${code}` as keyof typeof en;
      expect(placeholders(en[key]), code).toEqual(carried[code] ?? []);
      for (const lang of LANGUAGES) if (lang !== "en") expect(CATALOGUES[lang][key], `${lang} ${code}`).not.toBe(en[key]);
    }
  });

  it("keeps the APIs' English as it always read", () => {
    const api = (code: string) => SAMPLES.filter((d) => d.code === code).map((d) => shopperWords(d, API_FORMAT));
    expect(api("WINDOW_OPEN")).toEqual(["Returnable until the end of December 1, 2026."]);
    expect(api("ALREADY_RETURNED")).toEqual(["This item has already been returned.", "Only 1 of this item can still be returned."]);
    expect(api("RESTOCKING_FEE")).toEqual(["A restocking fee of 4.50 EUR applies to a refund or store credit."]);
    expect(api("RETURN_FEE")).toEqual([
      "A return fee of 5.00 EUR applies.",
      "A return fee of 12.5% applies, waived for store credit, exchange.",
    ]);
    expect(api("BONUS")).toEqual(["Get 10% extra when you choose store credit or exchange."]);
    expect(api("OUTCOME_NOT_OFFERED")).toEqual(["This item cannot be returned for store credit."]);
  });
});
