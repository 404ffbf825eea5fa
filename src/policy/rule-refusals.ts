// What a return policy's rules refuse when they are written (checkRules, src/policy/rules.ts), as codes with
// their parameters (src/core/refusals.ts): every problem names its field (`field`, the whole path, e.g.
// `input.reviewRules[0].returnsAbove`), and `got` is the value as given, JSON-quoted. Each code's English is the
// detail every door has always answered; checkRules gathers them all before it refuses.
import { refusalList } from "../core/refusals.js";

type F = { field: string };

const at = (p: { field: unknown }, rest: string) => `\`${p.field}\` ${rest}`;

/** Each code's parameters. */
export interface RuleParams {
  /** Not a 3-letter ISO 4217 code. */
  RULE_CURRENCY: F & { got: string };
  /** An amount below 0, or 0 where it must be above (`bound`: "above" or "at least"). */
  RULE_AMOUNT_SIGN: F & { bound: string; got: string };
  /** Not a decimal amount of `currency`. */
  RULE_AMOUNT_FORMAT: F & { currency: string; got: string };
  /** Not a percentage with at most 2 decimals. */
  RULE_PERCENT_FORMAT: F & { got: string };
  /** A percentage above 100. */
  RULE_PERCENT_ABOVE_100: F & { value: string };
  /** A percentage of 0 (the rule should be removed instead). */
  RULE_PERCENT_ZERO: F;
  /** Not a whole number of days from 0 to `max`. */
  RULE_DAYS: F & { max: number; got: number };
  /** An empty entry in a list of names (tags, SKUs, product types, vendors, reason codes). */
  RULE_LIST_ENTRY_EMPTY: F;
  /** A rule without its name. */
  RULE_NAME_EMPTY: F;
  /** A value not among `allowed` (comma-separated). */
  RULE_NOT_ONE_OF: F & { allowed: string; got: string };
  /** A window rule naming no product. */
  RULE_WINDOW_NO_PRODUCT: F;
  /** Not a date YYYY-MM-DD. */
  RULE_DATE: F & { got: string };
  /** An extension running from `from` to the earlier `to`. */
  RULE_EXTENSION_DATES: F & { from: string; to: string };
  /** An extension of 0 days. */
  RULE_EXTENSION_ZERO: F;
  /** An exclusion of items discounted by 100 % or more. */
  RULE_DISCOUNT_100: F;
  /** No outcome offered at all. */
  RULE_NO_OUTCOME: F;
  /** A fee or bonus giving both or neither of amount and percent. */
  RULE_AMOUNT_OR_PERCENT: F;
  /** A return fee waived for every offered outcome. */
  RULE_FEE_ALWAYS_WAIVED: F;
  /** A restocking fee naming no product tag. */
  RULE_RESTOCKING_NO_TAG: F;
  /** A required value left out. */
  RULE_REQUIRED: F;
  /** A bonus on an outcome other than store credit or exchange. */
  RULE_BONUS_OUTCOME: F & { got: string };
  /** A bonus on no offered outcome. */
  RULE_BONUS_NEVER: F;
  /** A reason code not made of 1–64 lower-case letters, digits, _ or -. */
  RULE_REASON_CODE: F & { got: string };
  /** A reason code given twice. */
  RULE_REASON_CODE_REPEATED: F & { got: string };
  /** A reason allowing no offered outcome. */
  RULE_REASON_NO_OUTCOME: F;
  /** A reason without the label the shopper picks. */
  RULE_REASON_LABEL_EMPTY: F;
  /** A review rule giving only one of returnsInDays and returnsAbove. */
  RULE_REVIEW_COUNT_PAIR: F;
  /** A review rule counting returns in the last 0 days. */
  RULE_REVIEW_ZERO_DAYS: F;
  /** returnsAbove not a whole number of at least 0. */
  RULE_REVIEW_RETURNS_ABOVE: F & { value: number };
  /** A review rule without a condition. */
  RULE_REVIEW_NO_CONDITION: F;
  /** A review rule naming a reason code the policy does not have. */
  RULE_REVIEW_REASON_UNKNOWN: F & { got: string };
  /** A refusing review rule without its message to the shopper. */
  RULE_REVIEW_MESSAGE_EMPTY: F;
  /** A review rule's action neither review nor refuse. */
  RULE_REVIEW_ACTION: F & { got: string };
}

export const RULE_REFUSALS = refusalList<RuleParams>("Return policy rules", {
  RULE_CURRENCY: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, `must be a 3-letter ISO 4217 currency code such as "USD"; got ${p.got}.`),
  },
  RULE_AMOUNT_SIGN: { status: 400, field: (p) => p.field, en: (p) => at(p, `must be ${p.bound} 0; got ${p.got}.`) },
  RULE_AMOUNT_FORMAT: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, `must be a decimal amount in ${p.currency} such as "5.00"; got ${p.got}.`),
  },
  RULE_PERCENT_FORMAT: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, `must be a percentage such as "10" or "12.5" (at most 2 decimals); got ${p.got}.`),
  },
  RULE_PERCENT_ABOVE_100: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, `must be at most 100 (a percentage of the value); got ${p.value}.`),
  },
  RULE_PERCENT_ZERO: { status: 400, field: (p) => p.field, en: (p) => at(p, "must be above 0; remove the rule instead of setting 0.") },
  RULE_DAYS: { status: 400, field: (p) => p.field, en: (p) => at(p, `must be a whole number of days from 0 to ${p.max}; got ${p.got}.`) },
  RULE_LIST_ENTRY_EMPTY: { status: 400, field: (p) => p.field, en: (p) => at(p, "must not be empty.") },
  RULE_NAME_EMPTY: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, "must not be empty: the name is how a decision names its rule."),
  },
  RULE_NOT_ONE_OF: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, `must be one of ${String(p.allowed).split(",").join(", ")}; got ${p.got}.`),
  },
  RULE_WINDOW_NO_PRODUCT: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, "names no product, so it can never match: give tags, skus or productTypes."),
  },
  RULE_DATE: { status: 400, field: (p) => p.field, en: (p) => at(p, `must be a date such as "2026-11-20"; got ${p.got}.`) },
  RULE_EXTENSION_DATES: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, `runs from ${p.from} to the earlier ${p.to}, so it can never match: swap the dates.`),
  },
  RULE_EXTENSION_ZERO: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, "must be above 0: an extension of 0 days never lengthens a window."),
  },
  RULE_DISCOUNT_100: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, "must be below 100: no item is discounted beyond 100%, so it can never match."),
  },
  RULE_NO_OUTCOME: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, "offers no outcome, so nothing could ever be returned: allow refund, storeCredit, exchange or keepItemBelow."),
  },
  RULE_AMOUNT_OR_PERCENT: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, "must give exactly one of amount (flat) or percent."),
  },
  RULE_FEE_ALWAYS_WAIVED: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, "waives the fee for every offered outcome, so it can never apply: remove the fee or an outcome from waivedFor."),
  },
  RULE_RESTOCKING_NO_TAG: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, "names no product tag, so it can never match: give at least one tag."),
  },
  RULE_REQUIRED: { status: 400, field: (p) => p.field, en: (p) => at(p, "is required.") },
  RULE_BONUS_OUTCOME: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, `must be store_credit or exchange (a bonus is credit); got ${p.got}.`),
  },
  RULE_BONUS_NEVER: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, "names no offered outcome, so the bonus can never apply: offer store credit or exchange and list it here."),
  },
  RULE_REASON_CODE: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, `must be 1–64 lower-case letters, digits, _ or -; got ${p.got}.`),
  },
  RULE_REASON_CODE_REPEATED: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, `repeats ${p.got}: each reason needs its own code.`),
  },
  RULE_REASON_NO_OUTCOME: {
    status: 400,
    field: (p) => p.field,
    en: (p) =>
      at(p, "allows no outcome the policy offers, so a return with this reason could never be accepted: allow an offered outcome."),
  },
  RULE_REASON_LABEL_EMPTY: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, "must not be empty: it is what the shopper picks."),
  },
  RULE_REVIEW_COUNT_PAIR: {
    status: 400,
    field: (p) => p.field,
    en: (p) =>
      at(p, "must give both returnsInDays and returnsAbove (more than returnsAbove returns in the last returnsInDays days), or neither."),
  },
  RULE_REVIEW_ZERO_DAYS: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, "must be at least 1: no return was placed in the last 0 days, so it can never match."),
  },
  RULE_REVIEW_RETURNS_ABOVE: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, `must be a whole number of at least 0; got ${p.value}.`),
  },
  RULE_REVIEW_NO_CONDITION: {
    status: 400,
    field: (p) => p.field,
    en: (p) =>
      at(
        p,
        "has no condition, so it would match every return: give valueAbove, returnsInDays with returnsAbove, reasonCodes or orderTags.",
      ),
  },
  RULE_REVIEW_REASON_UNKNOWN: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, `names ${p.got}, which is not a code in reasons, so it can never match: add the reason or fix the code.`),
  },
  RULE_REVIEW_MESSAGE_EMPTY: {
    status: 400,
    field: (p) => p.field,
    en: (p) => at(p, "must not be empty when the rule refuses: it is what the shopper reads."),
  },
  RULE_REVIEW_ACTION: { status: 400, field: (p) => p.field, en: (p) => at(p, `must be review or refuse; got ${p.got}.`) },
});
