// The policy's decisions in the merchant's words: the core sends a code with its params
// (src/core/decisions/codes.ts); the dashboard words it (English), the rule's place in the policy turned
// into plain words and its instants into the store's time, and shows what an English-reading shopper sees.
import { type ParamPair, wordsOf } from "../../../../src/core/decisions/codes.js";
import { merchantWords } from "../../../../src/core/decisions/merchant.js";
import { readerFormat, shopperWords } from "../../../../src/core/decisions/render.js";
import { plainExplanation } from "./policy-logic.js";

/** What the dashboard selects of a decision. */
export const DECISION_FIELDS = "effect code rule name params { name value }";

export interface DecisionIn {
  effect: string;
  code: string;
  rule: string;
  name: string;
  params: ParamPair[];
}

/** Why, in the merchant's words, dates in the store's time zone. */
export const merchantSays = (d: DecisionIn, zone: string): string => plainExplanation(merchantWords(wordsOf(d)), zone);

/** What a shopper reading English sees (the portal's words, from the same catalogue). */
export const shopperReads = (d: DecisionIn): string => shopperWords(wordsOf(d), readerFormat("en"));
