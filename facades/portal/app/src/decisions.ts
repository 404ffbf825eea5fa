// The policy's decisions in the shopper's language: the core sends a code with its params
// (src/core/decisions/codes.ts); the sentence comes from the shopper's catalogue, amounts, percentages and
// dates formatted for the shopper's locale (dates in the store's time zone, which the params carry).
import { type ParamPair, wordsOf } from "../../../../src/core/decisions/codes.js";
import { readerFormat, shopperWords } from "../../../../src/core/decisions/render.js";
import type { Lang } from "./catalogue.js";

export interface DecisionIn {
  code: string;
  rule: string;
  name: string;
  params: ParamPair[];
}

/** The sentence a shopper reading `lang` sees for a decision. */
export const decisionWords = (d: DecisionIn, lang: Lang): string => shopperWords(wordsOf(d), readerFormat(lang));
