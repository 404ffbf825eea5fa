// The return policy rules' refusals (src/policy/rule-refusals.ts) in the merchant's words. Each names its field
// as the API does (`fieldOf`), which the policy editor replaces with the field's label (forms.ts `withLabels`).
import { fieldOf, type RefusalWords, typed } from "./types.js";

/** A value as the API quoted it (`got`: JSON), as the merchant typed it. */
const value = (got: string | number | undefined) => {
  try {
    const v: unknown = JSON.parse(String(got));
    return v == null || v === "" ? "nothing" : typed(String(v));
  } catch {
    return typed(got);
  }
};
const OUTCOME_WORDS: Record<string, string> = { store_credit: "store credit", keep_item: "keep the item" };
const choices = (allowed: string | number | undefined) =>
  String(allowed ?? "")
    .split(",")
    .map((a) => OUTCOME_WORDS[a] ?? a.replaceAll("_", " "))
    .join(", ");

export const POLICY_RULE_WORDS: RefusalWords = {
  RULE_CURRENCY: (p) =>
    `${fieldOf(p, "The currency")}: ${value(p.got)} is not a currency; enter its three-letter code, such as USD or EUR.`,
  RULE_AMOUNT_SIGN: (p) =>
    `${fieldOf(p, "The amount")} must be ${p.bound === "above" ? "above" : "at least"} 0 (you entered ${value(p.got)}).`,
  RULE_AMOUNT_FORMAT: (p) => `${fieldOf(p, "The amount")}: ${value(p.got)} is not an amount in ${p.currency}; enter one such as 5.00.`,
  RULE_PERCENT_FORMAT: (p) => `${fieldOf(p, "The percentage")}: ${value(p.got)} is not a percentage; enter one such as 10 or 12.5.`,
  RULE_PERCENT_ABOVE_100: (p) => `${fieldOf(p, "The percentage")} is at most 100 (you entered ${typed(p.value)}).`,
  RULE_PERCENT_ZERO: (p) => `${fieldOf(p, "The percentage")} of 0 takes nothing: remove the rule instead.`,
  RULE_DAYS: (p) => `${fieldOf(p, "The days")} must be a whole number from 0 to ${p.max} (you entered ${typed(p.got)}).`,
  RULE_LIST_ENTRY_EMPTY: (p) => `${fieldOf(p, "An entry of the list")} is empty: remove it.`,
  RULE_NAME_EMPTY: (p) => `${fieldOf(p, "The rule's name")} is empty: decisions name the rule that made them.`,
  RULE_NOT_ONE_OF: (p) => `${fieldOf(p, "The choice")} must be one of: ${choices(p.allowed)} (not ${value(p.got)}).`,
  RULE_WINDOW_NO_PRODUCT: (p) => `${fieldOf(p, "This rule")} names no product, so it never applies: give tags, SKUs or product types.`,
  RULE_DATE: (p) => `${fieldOf(p, "The date")}: ${value(p.got)} is not a date; enter one such as 2026-11-20.`,
  RULE_EXTENSION_DATES: (p) => `${fieldOf(p, "The extension")} ends on ${p.to}, before it starts on ${p.from}: swap the dates.`,
  RULE_EXTENSION_ZERO: (p) => `${fieldOf(p, "The extension")} of 0 days lengthens nothing: give it at least one day.`,
  RULE_DISCOUNT_100: (p) =>
    `${fieldOf(p, "The discount")}: no item is discounted by 100 % or more, so this never excludes anything; choose a lower percentage.`,
  RULE_NO_OUTCOME: (p) =>
    `${fieldOf(p, "The outcomes")}: offer at least one (refund, store credit, exchange or keeping the item), or nothing can be returned.`,
  RULE_AMOUNT_OR_PERCENT: (p) => `${fieldOf(p, "This")} needs either a flat amount or a percentage, not both and not neither.`,
  RULE_FEE_ALWAYS_WAIVED: (p) =>
    `${fieldOf(p, "The fee")} is waived for every outcome you offer, so it never applies: remove the fee or waive it for fewer outcomes.`,
  RULE_RESTOCKING_NO_TAG: (p) => `${fieldOf(p, "This restocking fee")} names no product tag, so it never applies: give at least one tag.`,
  RULE_REQUIRED: (p) => `${fieldOf(p, "This value")} is required.`,
  RULE_BONUS_OUTCOME: (p) =>
    `${fieldOf(p, "The bonus")}: a bonus is credit, given on store credit or an exchange only (not ${value(p.got)}).`,
  RULE_BONUS_NEVER: (p) =>
    `${fieldOf(p, "The bonus")} is on no outcome you offer, so it never applies: offer store credit or exchange and choose it here.`,
  RULE_REASON_CODE: (p) => `${fieldOf(p, "The reason's code")}: use 1 to 64 lower-case letters, digits, _ or - (not ${value(p.got)}).`,
  RULE_REASON_CODE_REPEATED: (p) =>
    `${fieldOf(p, "The reason's code")} ${value(p.got)} is used by another reason: each reason needs its own.`,
  RULE_REASON_NO_OUTCOME: (p) =>
    `${fieldOf(p, "This reason")} allows no outcome you offer, so a return for it could never be accepted: allow an offered outcome.`,
  RULE_REASON_LABEL_EMPTY: (p) => `${fieldOf(p, "The reason's words")} are empty: enter what the shopper picks.`,
  RULE_REVIEW_COUNT_PAIR: (p) =>
    `${fieldOf(p, "This rule")} needs both the number of returns and the days they are counted over, or neither.`,
  RULE_REVIEW_ZERO_DAYS: (p) => `${fieldOf(p, "The days")} must be at least 1: over 0 days the rule never applies.`,
  RULE_REVIEW_RETURNS_ABOVE: (p) =>
    `${fieldOf(p, "The number of returns")} must be a whole number, 0 or more (you entered ${typed(p.value)}).`,
  RULE_REVIEW_NO_CONDITION: (p) =>
    `${fieldOf(p, "This rule")} has no condition, so it would hold every return: give a value, a number of returns, reasons or order tags.`,
  RULE_REVIEW_REASON_UNKNOWN: (p) =>
    `${fieldOf(p, "The reason")}: ${value(p.got)} is not one of your reasons, so this never applies; add the reason or correct it.`,
  RULE_REVIEW_MESSAGE_EMPTY: (p) => `${fieldOf(p, "The message")} is empty: a rule that refuses must say why to the shopper.`,
  RULE_REVIEW_ACTION: (p) => `${fieldOf(p, "The action")} must hold the return for review or refuse it (not ${value(p.got)}).`,
};
