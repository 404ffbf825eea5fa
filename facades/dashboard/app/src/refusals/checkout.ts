// Checkout's refusals (src/checkout/refusals.ts) in the merchant's words.
import { type RefusalWords, typed } from "./types.js";

export const CHECKOUT_WORDS: RefusalWords = {
  CHECKOUT_NAME_EMPTY: () => "Enter a name.",
  CHECKOUT_NAME_TOO_LONG: (p) => `The name is too long: ${p.max} characters at most.`,
  CHECKOUT_PRICE_NEGATIVE: () => "Enter a price of 0 or more.",
  CHECKOUT_DAYS_RANGE: (p) => `Enter a number of days from ${p.min} to ${p.max}.`,
  CHECKOUT_DAYS_ORDER: () => "The fewest days cannot be more than the most days.",
  CHECKOUT_NOT_FOUND: () => "This checkout experience no longer exists in this store.",
  CHECKOUT_LIVE: (p) =>
    `The checkout experience ${typed(p.name)} is active in the store's checkout tree and cannot be deleted: route checkouts elsewhere first, then delete it.`,
  CHECKOUT_TOO_MANY_RULES: (p) => `Checkout routing holds at most ${p.max} rules.`,
  CHECKOUT_COUNTRY_INVALID: (p) => `${typed(p.value)} is not a country code; enter two letters such as US.`,
  CHECKOUT_EXPERIENCES_NOT_FOUND: () => "Some of the checkout experiences no longer exist in this store.",
  CHECKOUT_EXPERIENCE_GONE: () => "A checkout experience of the routing was deleted meanwhile; reload and try again.",
  AB_TOO_FEW_TREATMENTS: () => "An A/B test needs at least two versions.",
  AB_ONE_CONTROL: () => "Exactly one version must be the control.",
  AB_NAMES_UNIQUE: () => "Each version needs a name of its own.",
  AB_WEIGHT_INVALID: () => "Enter a share of traffic of more than 0.",
  AB_TEST_NOT_FOUND: () => "This A/B test no longer exists in this store.",
  AB_TEST_CONCLUDED: (p) => `The A/B test ${typed(p.name)} is already concluded.`,
  AB_TREATMENT_NOT_FOUND: (p) => `This test has no version named ${typed(p.name)}.`,
};
