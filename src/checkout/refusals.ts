// What checkout experiences, routing and A/B tests refuse, as codes with their parameters
// (src/core/refusals.ts); each code's English is the detail every door has always answered.
import { quoted, refusalList } from "../core/refusals.js";

export const CHECKOUT_REFUSALS = refusalList<{
  /** A name is empty. */
  CHECKOUT_NAME_EMPTY: { field: string };
  /** A name is longer than `max`. */
  CHECKOUT_NAME_TOO_LONG: { field: string; max: number };
  /** A shipping method's price is negative. */
  CHECKOUT_PRICE_NEGATIVE: { field: string };
  /** A number of days is not from `min` to `max`. */
  CHECKOUT_DAYS_RANGE: { field: string; min: number; max: number };
  /** The fewest days exceed the most. */
  CHECKOUT_DAYS_ORDER: { field: string };
  /** No checkout experience `id` in the store. */
  CHECKOUT_NOT_FOUND: { id: string };
  /** Experience `name` (`id`) is live in the checkout tree. */
  CHECKOUT_LIVE: { name: string; id: string };
  /** The tree has more than `max` rules. */
  CHECKOUT_TOO_MANY_RULES: { max: number };
  /** `value` is not a two-letter country code. */
  CHECKOUT_COUNTRY_INVALID: { field: string; value: string };
  /** No checkout experiences `ids` in the store. */
  CHECKOUT_EXPERIENCES_NOT_FOUND: { ids: string };
  /** An experience the tree names was deleted meanwhile. */
  CHECKOUT_EXPERIENCE_GONE: Record<string, never>;
  /** An A/B test has fewer than two treatments. */
  AB_TOO_FEW_TREATMENTS: Record<string, never>;
  /** Not exactly one treatment is the control. */
  AB_ONE_CONTROL: Record<string, never>;
  /** Treatment names are empty or repeated. */
  AB_NAMES_UNIQUE: Record<string, never>;
  /** A treatment's weight is not a positive number. */
  AB_WEIGHT_INVALID: { field: string };
  /** No A/B test `id` in the store. */
  AB_TEST_NOT_FOUND: { id: string };
  /** A/B test `name` is concluded already. */
  AB_TEST_CONCLUDED: { name: string };
  /** No treatment `name` in the test. */
  AB_TREATMENT_NOT_FOUND: { name: string };
}>("Checkout", {
  CHECKOUT_NAME_EMPTY: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must not be empty.` },
  CHECKOUT_NAME_TOO_LONG: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must have at most ${p.max} characters.` },
  CHECKOUT_PRICE_NEGATIVE: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must not be negative.` },
  CHECKOUT_DAYS_RANGE: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must be between ${p.min} and ${p.max}.` },
  CHECKOUT_DAYS_ORDER: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must not exceed \`maxDays\`.` },
  CHECKOUT_NOT_FOUND: {
    status: 404,
    type: "checkout/not-found",
    title: "Checkout experience not found",
    en: (p) => `No checkout experience ${p.id} in this store.`,
  },
  CHECKOUT_LIVE: {
    status: 409,
    type: "checkout/live-experience",
    title: "Checkout experience is live",
    en: (p) =>
      `Checkout experience "${p.name}" (${p.id}) is active in the store's checkout tree and cannot be deleted. Repoint checkout routing in the merchant dashboard first, then delete it.`,
  },
  CHECKOUT_TOO_MANY_RULES: { status: 400, field: "rules", en: (p) => `A checkout tree has at most ${p.max} rules.` },
  CHECKOUT_COUNTRY_INVALID: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must hold ISO 3166-1 alpha-2 codes; got ${quoted(p.value)}.`,
  },
  CHECKOUT_EXPERIENCES_NOT_FOUND: {
    status: 400,
    field: "rules.experienceId",
    en: (p) => `No checkout experience ${p.ids} in this store.`,
  },
  CHECKOUT_EXPERIENCE_GONE: {
    status: 409,
    type: "checkout/experience-gone",
    title: "Checkout experience was deleted",
    en: () => "A checkout experience named by the tree was deleted meanwhile; reload and try again.",
  },
  AB_TOO_FEW_TREATMENTS: { status: 400, field: "input.treatments", en: () => "An A/B test needs at least two treatments." },
  AB_ONE_CONTROL: {
    status: 400,
    field: "input.treatments",
    en: () => "Exactly one treatment must be the control (`isControl: true`).",
  },
  AB_NAMES_UNIQUE: { status: 400, field: "input.treatments", en: () => "Treatment names must be non-empty and unique." },
  AB_WEIGHT_INVALID: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must be a positive number.` },
  AB_TEST_NOT_FOUND: { status: 404, type: "checkout/ab-test-not-found", en: (p) => `No A/B test ${p.id} in this store.` },
  AB_TEST_CONCLUDED: {
    status: 409,
    type: "checkout/ab-test-concluded",
    title: "A/B test already concluded",
    en: (p) => `A/B test "${p.name}" is already concluded.`,
  },
  AB_TREATMENT_NOT_FOUND: {
    status: 400,
    field: "winnerTreatment",
    en: (p) => `No treatment named ${quoted(p.name)} in this test.`,
  },
});

export const refuse = CHECKOUT_REFUSALS.refuse;
