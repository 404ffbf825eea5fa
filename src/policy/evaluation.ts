// What the evaluator (src/policy/evaluate.ts) answers: per line the quantity returnable, the outcomes with
// their money and the rules that decided; the return's own decisions and its money per outcome.
// A decision is a code with its parameters (src/core/decisions/codes.ts); the doors render it.
import type { Decision } from "../core/decisions/codes.js";
import type { Outcome } from "./rules.js";

export type { Decision, Effect } from "../core/decisions/codes.js";

export interface Charge {
  kind: "restocking_fee" | "return_fee" | "bonus";
  amount: string;
  rule: string;
}

export interface OutcomeOffer {
  outcome: Outcome;
  /** The value of the units returnable now (what a refund pays before fees). */
  value: string;
  fees: Charge[];
  bonus: Charge | null;
  /** value − fees + bonus: what the shopper gets back (refund, credit or exchange value; a kept item's refund). */
  total: string;
}

export interface LineEvaluation {
  lineItemId: string;
  externalId: string;
  asked: number;
  remaining: number;
  returnable: number;
  windowEndsAt: Date | null;
  outcomes: OutcomeOffer[];
  decisions: Decision[];
  /** Exchange: another variant of this product at this unit price (what part 4 checks against inventory). */
  exchange: { productId: string; unitPrice: string } | null;
}

export interface Evaluation {
  policyVersion: number | null;
  currency: string;
  lines: LineEvaluation[];
  /** Return-wide decisions (review, refusal, the per-return fee and flat bonus). */
  decisions: Decision[];
  review: boolean;
  /** Per offered outcome, the whole return's money if every returnable line took it. */
  summary: OutcomeOffer[];
}
