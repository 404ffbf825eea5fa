// The one evaluator: a policy version, an order, the lines asked back, the customer's history and a time in;
// per line out: the quantity that may be returned, the outcomes offered with exact amounts, and for every
// refusal, fee, bonus and review the rule that decided it. Pure and deterministic: no clock, no database,
// no randomness; money in integer minor units (BigInt where it multiplies), shown as decimals.
// Gift cards, exchange holds and keep-item settlement (issue 24 part 4) build on `outcomes`.
// Its steps, in order: the return-wide review rules, then per line the quantity left, the exclusions and the
// reason (evaluate-rules.ts), the window (evaluate-window.ts), and the outcomes with their money
// (evaluate-outcomes.ts); then the return's totals (evaluate-summary.ts).
import { minorOf, percentOf, policyAmount, returnLevelMoney, summarise } from "./evaluate-summary.js";
import type { Decision, Evaluation, LineEvaluation } from "./evaluation.js";
import {
  type AskedLine,
  type CustomerHistory,
  type OrderInput,
  type OrderLineInput,
  type PolicyContext,
  type PolicyVersionInput,
  fmt,
  unitsValue,
} from "./evaluate-input.js";
import { exclusionOf, reasonRules, returnWideRules } from "./evaluate-rules.js";
import { windowOf } from "./evaluate-window.js";
import { outcomesOf } from "./evaluate-outcomes.js";
import { offeredOutcomes, type Outcome } from "./rules.js";

export { minorOf, percentOf, unitsValue };
export type { Charge, Decision, Effect, Evaluation, LineEvaluation, OutcomeOffer } from "./evaluation.js";
export type { AskedLine, CustomerHistory, OrderInput, OrderLineInput, PolicyVersionInput } from "./evaluate-input.js";

export function evaluate(
  version: PolicyVersionInput | null,
  order: OrderInput,
  asked: AskedLine[] | null,
  history: CustomerHistory,
  now: Date,
): Evaluation {
  const wanted: AskedLine[] = asked ?? order.lines.map((l) => ({ lineId: l.id, quantity: Math.max(0, l.quantity - l.returned) }));
  const byId = new Map(order.lines.map((l) => [l.id, l]));
  if (!version) return withoutPolicy(order, wanted, byId);
  const r = version.rules;
  const ctx: PolicyContext = { r, zone: version.timeZone, order, cur: order.currency, flat: r.currency === order.currency, now };
  const offered = offeredOutcomes(r.outcomes);
  const askedValue = wanted.reduce((s, a) => {
    const l = byId.get(a.lineId);
    return l ? s + unitsValue(l, Math.min(a.quantity, Math.max(0, l.quantity - l.returned))) : s;
  }, 0);
  const returnWide = returnWideRules(ctx, askedValue, history);
  let review = returnWide.review;
  const keepBelow = r.outcomes.keepItemBelow != null && ctx.flat ? policyAmount(r.outcomes.keepItemBelow, r.currency) : null;
  const keepItem = keepBelow != null && askedValue < keepBelow;
  const lines: LineEvaluation[] = [];
  for (const a of wanted) {
    const l = byId.get(a.lineId);
    if (!l) continue;
    const line = evaluateLine(ctx, l, a, offered, returnWide.refusedAll, keepItem);
    if (line.review) review = true;
    lines.push(line.evaluation);
  }
  const summary = summarise(lines, offered, ctx.cur);
  returnLevelMoney(r, ctx.flat, summary, ctx.cur, returnWide.decisions);
  return { policyVersion: version.number, currency: ctx.cur, lines, decisions: returnWide.decisions, review, summary };
}

/** No published policy: today's behaviour, every remaining unit returnable for a refund. */
function withoutPolicy(order: OrderInput, wanted: AskedLine[], byId: Map<string, OrderLineInput>): Evaluation {
  const cur = order.currency;
  const lines = wanted.flatMap((a) => {
    const l = byId.get(a.lineId);
    if (!l) return [];
    const remaining = Math.max(0, l.quantity - l.returned);
    const v = fmt(unitsValue(l, Math.min(a.quantity, remaining)), cur);
    return [
      {
        lineItemId: l.id,
        externalId: l.externalId,
        asked: a.quantity,
        remaining,
        returnable: remaining,
        windowEndsAt: null,
        outcomes: remaining && a.quantity ? [{ outcome: "refund" as const, value: v, fees: [], bonus: null, total: v }] : [],
        decisions: [],
        exchange: null,
      },
    ];
  });
  return { policyVersion: null, currency: cur, lines, decisions: [], review: false, summary: summarise(lines, ["refund"], cur) };
}

/** One line under the policy: each step's decisions in order, and whether one sends the return to review. */
function evaluateLine(
  ctx: PolicyContext,
  l: OrderLineInput,
  a: AskedLine,
  offered: Outcome[],
  refusedAll: Decision | null,
  keepItem: boolean,
): { evaluation: LineEvaluation; review: boolean } {
  const decisions: Decision[] = [];
  const remaining = Math.max(0, l.quantity - l.returned);
  let returnable = remaining;
  let review = false;
  if (remaining < a.quantity)
    decisions.push({
      effect: "refuse",
      rule: "remainingQuantity",
      name: "Already returned",
      code: "ALREADY_RETURNED",
      params: { remaining, ordered: l.quantity, returned: l.returned, asked: a.quantity },
    });
  // The refusals pushed in place (no inner function: under tsx each is renamed at every call).
  const excluded = exclusionOf(ctx.r.exclusions, l);
  if (excluded) {
    decisions.push(excluded);
    returnable = 0;
  }
  const reason = reasonRules(ctx.r, a, offered);
  for (const { decision, refuses } of reason.decisions) {
    if (refuses) {
      decisions.push(decision);
      returnable = 0;
    } else {
      decisions.push(decision);
      review = true;
    }
  }
  if (refusedAll) {
    decisions.push(refusedAll);
    returnable = 0;
  }
  let endsAt: Date | null = null;
  if (returnable) {
    const window = windowOf(ctx, l, decisions);
    if (window.refused) returnable = 0;
    else endsAt = window.endsAt;
  }
  // Outcomes and their money, for the units returnable now (never more than asked).
  const units = Math.min(a.quantity, returnable);
  const value = unitsValue(l, units);
  const outcomes = units ? outcomesOf(ctx, l, reason.allowed, value, keepItem, decisions) : [];
  return {
    evaluation: {
      lineItemId: l.id,
      externalId: l.externalId,
      asked: a.quantity,
      remaining,
      returnable,
      windowEndsAt: endsAt,
      outcomes,
      decisions,
      exchange: reason.allowed.includes("exchange") && units ? { productId: l.productId, unitPrice: fmt(l.unitPrice, ctx.cur) } : null,
    },
    review,
  };
}
