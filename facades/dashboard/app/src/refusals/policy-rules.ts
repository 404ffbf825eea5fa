// The return policy rules' refusals (src/policy/rule-refusals.ts) in the merchant's words. The policy editor
// shows each beside the field it concerns, so a sentence does not name the field.
import { type RefusalWords, typed } from "./types.js";

/** A value as the API quoted it (`got`: JSON), as the merchant typed it. */
const value = (got: string | number | undefined) => {
  try {
    const v: unknown = JSON.parse(String(got));
    return v == null || v === "" ? "nothing" : typed(String(v));
  } catch {
    return typed(got);
  }
};
const outcome = (o: string) =>
  ({ refund: "refund", store_credit: "store credit", exchange: "exchange", keep_item: "keep the item" })[o] ?? o;
const choices = (allowed: string | number | undefined) =>
  String(allowed ?? "")
    .split(",")
    .map((a) => outcome(a).replaceAll("_", " "))
    .join(", ");

export const POLICY_RULE_WORDS: RefusalWords = {
  RULE_CURRENCY: (p) => `${value(p.got)} is not a currency: enter its three-letter code, such as USD or EUR.`,
  RULE_AMOUNT_SIGN: (p) => `Enter an amount ${p.bound === "above" ? "above" : "of at least"} 0 (you entered ${value(p.got)}).`,
  RULE_AMOUNT_FORMAT: (p) => `${value(p.got)} is not an amount in ${p.currency}: enter one such as 5.00.`,
  RULE_PERCENT_FORMAT: (p) => `${value(p.got)} is not a percentage: enter one such as 10 or 12.5.`,
  RULE_PERCENT_ABOVE_100: (p) => `A percentage of the value is at most 100 (you entered ${typed(p.value)}).`,
  RULE_PERCENT_ZERO: () => "A percentage of 0 takes nothing: remove the rule instead.",
  RULE_DAYS: (p) => `Enter a whole number of days from 0 to ${p.max} (you entered ${typed(p.got)}).`,
  RULE_LIST_ENTRY_EMPTY: () => "Remove the empty entry from the list.",
  RULE_NAME_EMPTY: () => "Give the rule a name: decisions name the rule that made them.",
  RULE_NOT_ONE_OF: (p) => `Choose one of: ${choices(p.allowed)} (not ${value(p.got)}).`,
  RULE_WINDOW_NO_PRODUCT: () => "This rule names no product, so it never applies: give tags, SKUs or product types.",
  RULE_DATE: (p) => `${value(p.got)} is not a date: enter one such as 2026-11-20.`,
  RULE_EXTENSION_DATES: (p) => `The extension ends on ${p.to}, before it starts on ${p.from}: swap the dates.`,
  RULE_EXTENSION_ZERO: () => "An extension of 0 days lengthens nothing: give it at least one day.",
  RULE_DISCOUNT_100: () => "No item is discounted by 100 % or more, so this never excludes anything: choose a lower percentage.",
  RULE_NO_OUTCOME: () =>
    "Offer at least one outcome (refund, store credit, exchange or keeping the item): otherwise nothing can be returned.",
  RULE_AMOUNT_OR_PERCENT: () => "Give either a flat amount or a percentage, not both and not neither.",
  RULE_FEE_ALWAYS_WAIVED: () =>
    "The fee is waived for every outcome you offer, so it never applies: remove the fee or waive it for fewer outcomes.",
  RULE_RESTOCKING_NO_TAG: () => "This restocking fee names no product tag, so it never applies: give at least one tag.",
  RULE_REQUIRED: () => "This value is required.",
  RULE_BONUS_OUTCOME: (p) => `A bonus is credit: it can be given on store credit or an exchange only (not ${value(p.got)}).`,
  RULE_BONUS_NEVER: () => "The bonus is on no outcome you offer, so it never applies: offer store credit or exchange and choose it here.",
  RULE_REASON_CODE: (p) => `${value(p.got)} cannot be a reason code: use 1 to 64 lower-case letters, digits, _ or -.`,
  RULE_REASON_CODE_REPEATED: (p) => `The code ${value(p.got)} is used by another reason: each reason needs its own.`,
  RULE_REASON_NO_OUTCOME: () =>
    "This reason allows no outcome you offer, so a return for it could never be accepted: allow an offered outcome.",
  RULE_REASON_LABEL_EMPTY: () => "Enter the words the shopper picks for this reason.",
  RULE_REVIEW_COUNT_PAIR: () => "Give both the number of returns and the days they are counted over, or neither.",
  RULE_REVIEW_ZERO_DAYS: () => "Count returns over at least 1 day: over 0 days the rule never applies.",
  RULE_REVIEW_RETURNS_ABOVE: (p) => `Enter a whole number of returns, 0 or more (you entered ${typed(p.value)}).`,
  RULE_REVIEW_NO_CONDITION: () =>
    "This rule has no condition, so it would hold every return: give a value, a number of returns, reasons or order tags.",
  RULE_REVIEW_REASON_UNKNOWN: (p) => `${value(p.got)} is not one of your reasons, so this never applies: add the reason or correct it.`,
  RULE_REVIEW_MESSAGE_EMPTY: () => "A rule that refuses must say why: enter the message the shopper reads.",
  RULE_REVIEW_ACTION: (p) => `Choose whether the rule holds the return for review or refuses it (not ${value(p.got)}).`,
};
