// The one evaluator: a policy version, an order, the lines asked back, the customer's history and a time in;
// per line out: the quantity that may be returned, the outcomes offered with exact amounts, and for every
// refusal, fee, bonus and review the rule that decided it. Pure and deterministic: no clock, no database,
// no randomness; money in integer minor units (BigInt where it multiplies), shown as decimals.
// Gift cards, exchange holds and keep-item settlement (issue 24 part 4) build on `outcomes`.
import type { DecisionParams, RuleMatch } from "../core/decisions/codes.js";
import { formatMinor } from "../core/money.js";
import { minorOf, percentOf, policyAmount, returnLevelMoney, summarise } from "./evaluate-summary.js";
import type { Charge, Decision, Evaluation, LineEvaluation, OutcomeOffer } from "./evaluation.js";

import { offeredOutcomes, type Outcome, type PolicyRules, percentBp } from "./rules.js";
import { dayOfDate, localDay, startOfLocalDay } from "./zone.js";

export { minorOf, percentOf };
export type { Charge, Decision, Effect, Evaluation, LineEvaluation, OutcomeOffer } from "./evaluation.js";

export interface PolicyVersionInput {
  number: number;
  rules: PolicyRules;
  timeZone: string;
}

export interface OrderLineInput {
  id: string;
  /** The merchant's line-item id (what problems and answers name). */
  externalId: string;
  productId: string;
  sku: string | null;
  /** The type of the line's catalogue family (product upload `product_type`); null when it has none. */
  productType: string | null;
  vendor: string | null;
  /** The product's tags (its catalogue family's), as the order's line names the product. */
  tags: string[];
  quantity: number;
  /** Minor units: unit price before discount; discount for the whole line. */
  unitPrice: number;
  discount: number;
  /** Units already returned or in a live return. */
  returned: number;
  fulfilledAt: Date | null;
  deliveredAt: Date | null;
}

export interface OrderInput {
  id: string;
  name: string;
  currency: string;
  placedAt: Date;
  tags: string[];
  lines: OrderLineInput[];
}

export interface AskedLine {
  lineId: string;
  quantity: number;
  reasonCode?: string | null;
}

export interface CustomerHistory {
  /** When the customer's earlier returns were created (any order of the store). */
  returnDates: Date[];
}

const DAY = 86_400_000;

/** The value of `k` of a line's units: price less their share of the line's discount (rounded half up). */
export function unitsValue(line: OrderLineInput, k: number): number {
  if (line.quantity <= 0 || k <= 0) return 0;
  const share = (BigInt(line.discount) * BigInt(k) * 2n + BigInt(line.quantity)) / (2n * BigInt(line.quantity));
  return Math.max(0, line.unitPrice * k - Number(share));
}

const fmt = (minor: number, currency: string) => formatMinor(minor, currency);
const hit = (values: string[], v: string | null | undefined) => v != null && values.some((x) => x.toLowerCase() === v.toLowerCase());
const anyTag = (values: string[], tags: string[]) => tags.find((t) => hit(values, t));

export function evaluate(
  version: PolicyVersionInput | null,
  order: OrderInput,
  asked: AskedLine[] | null,
  history: CustomerHistory,
  now: Date,
): Evaluation {
  const wanted: AskedLine[] = asked ?? order.lines.map((l) => ({ lineId: l.id, quantity: Math.max(0, l.quantity - l.returned) }));
  const byId = new Map(order.lines.map((l) => [l.id, l]));
  const cur = order.currency;
  if (!version) {
    // No published policy: today's behaviour, every remaining unit returnable for a refund.
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
  const r = version.rules;
  const zone = version.timeZone;
  const flat = r.currency === cur; // flat amounts are in the policy's currency: they apply to orders in it only
  const offered = offeredOutcomes(r.outcomes);
  const returnDecisions: Decision[] = [];
  let review = false;
  let refusedAll: Decision | null = null;

  // Return-wide: value, customer history and order tags against the review and refusal rules.
  const askedValue = wanted.reduce((s, a) => {
    const l = byId.get(a.lineId);
    return l ? s + unitsValue(l, Math.min(a.quantity, Math.max(0, l.quantity - l.returned))) : s;
  }, 0);
  r.reviewRules.forEach((rule, i) => {
    const why: RuleMatch = { message: rule.shopperMessage };
    if (rule.valueAbove != null && flat && askedValue > policyAmount(rule.valueAbove, r.currency))
      Object.assign(why, { value: fmt(askedValue, cur), currency: cur, valueAbove: rule.valueAbove });
    if (rule.returnsInDays != null && rule.returnsAbove != null) {
      const since = now.getTime() - rule.returnsInDays * DAY;
      const n = history.returnDates.filter((d) => d.getTime() >= since && d.getTime() <= now.getTime()).length;
      if (n > rule.returnsAbove) Object.assign(why, { returns: n, returnsInDays: rule.returnsInDays, returnsAbove: rule.returnsAbove });
    }
    const tag = anyTag(rule.orderTags, order.tags);
    if (tag) why.orderTag = tag;
    if (why.value == null && why.returns == null && why.orderTag == null) return;
    const d = ruleDecision(rule.action, `reviewRules[${i}]`, rule.name, why);
    returnDecisions.push(d);
    if (rule.action === "refuse") refusedAll ??= d;
    else review = true;
  });

  const keepBelow = r.outcomes.keepItemBelow != null && flat ? policyAmount(r.outcomes.keepItemBelow, r.currency) : null;
  const lines: LineEvaluation[] = [];
  for (const a of wanted) {
    const l = byId.get(a.lineId);
    if (!l) continue;
    const decisions: Decision[] = [];
    const remaining = Math.max(0, l.quantity - l.returned);
    let returnable = remaining;
    const refuse = (d: Decision) => {
      decisions.push(d);
      returnable = 0;
    };
    if (remaining < a.quantity)
      decisions.push({
        effect: "refuse",
        rule: "remainingQuantity",
        name: "Already returned",
        code: "ALREADY_RETURNED",
        params: { remaining, ordered: l.quantity, returned: l.returned, asked: a.quantity },
      });
    // Exclusions.
    const x = r.exclusions;
    const exTag = anyTag(x.tags, l.tags);
    if (exTag) refuse(finalSale("exclusions.tags", { tag: exTag }));
    else if (hit(x.skus, l.sku)) refuse(finalSale("exclusions.skus", { sku: l.sku! }));
    else if (hit(x.productTypes, l.productType)) refuse(finalSale("exclusions.productTypes", { productType: l.productType! }));
    else if (hit(x.vendors, l.vendor)) refuse(finalSale("exclusions.vendors", { vendor: l.vendor! }));
    else if (x.discountAbovePercent != null && l.discount > 0 && l.unitPrice > 0) {
      const bp = percentBp(x.discountAbovePercent);
      if (BigInt(l.discount) * 10_000n > BigInt(bp) * BigInt(l.unitPrice * l.quantity))
        refuse(finalSale("exclusions.discountAbovePercent", { discountAbovePercent: x.discountAbovePercent }));
    }
    // Reason.
    let allowed = offered;
    if (a.reasonCode && r.reasons.length) {
      const reason = r.reasons.find((x) => x.code === a.reasonCode);
      if (!reason)
        refuse({ effect: "refuse", rule: "reasons", name: "Reasons", code: "REASON_NOT_LISTED", params: { reason: a.reasonCode } });
      else allowed = offered.filter((k) => reason.outcomes.includes(k));
      r.reviewRules.forEach((rule, i) => {
        if (!rule.reasonCodes.includes(a.reasonCode!)) return;
        const d = ruleDecision(rule.action, `reviewRules[${i}]`, rule.name, { message: rule.shopperMessage, reason: a.reasonCode! });
        if (rule.action === "refuse") refuse(d);
        else {
          decisions.push(d);
          review = true;
        }
      });
    }
    if (refusedAll) refuse(refusedAll);
    // The window.
    const windowEndsAt = returnable ? windowEnd(r, zone, order, l, decisions) : null;
    if (returnable && windowEndsAt === undefined) returnable = 0;
    else if (returnable && windowEndsAt && now.getTime() >= windowEndsAt.getTime())
      refuse({
        effect: "refuse",
        rule: decisions.at(-1)?.effect === "window" ? decisions.at(-1)!.rule : "window",
        name: "Return window",
        code: "WINDOW_ENDED",
        params: { endsAt: windowEndsAt, zone, askedAt: now },
      });
    const ends = returnable && windowEndsAt ? windowEndsAt : null;
    // Outcomes and their money, for the units returnable now (never more than asked).
    const units = Math.min(a.quantity, returnable);
    const value = unitsValue(l, units);
    const restock = restockingFee(r, l, value);
    const outcomes: OutcomeOffer[] = !units
      ? []
      : allowed
          .filter((k) => k !== "keep_item" || (keepBelow != null && askedValue < keepBelow))
          .map((k) => offer(r, k, value, restock, cur, decisions));
    lines.push({
      lineItemId: l.id,
      externalId: l.externalId,
      asked: a.quantity,
      remaining,
      returnable,
      windowEndsAt: ends,
      outcomes,
      decisions,
      exchange: allowed.includes("exchange") && units ? { productId: l.productId, unitPrice: fmt(l.unitPrice, cur) } : null,
    });
  }
  const summary = summarise(lines, offered, cur);
  returnLevelMoney(r, flat, summary, cur, returnDecisions);
  return { policyVersion: version.number, currency: cur, lines, decisions: returnDecisions, review, summary };
}

/** A review rule's decision: to review, or refused. */
function ruleDecision(action: "review" | "refuse", rule: string, name: string, why: RuleMatch): Decision {
  return action === "review"
    ? { effect: "review", rule, name, code: "REVIEW_RULE", params: why }
    : { effect: "refuse", rule, name, code: "REFUSED_BY_RULE", params: why };
}

function finalSale(rule: string, params: DecisionParams["FINAL_SALE"], name = "Exclusions"): Decision {
  return { effect: "refuse", rule, name, code: "FINAL_SALE", params };
}

/** When the line's window ends (midnight after its last day, store time), null without one, undefined when refused. */
function windowEnd(r: PolicyRules, zone: string, order: OrderInput, l: OrderLineInput, decisions: Decision[]): Date | null | undefined {
  let days = r.window.days;
  let rule = "window";
  let name = "Return window";
  let shortest: number | null = null;
  r.windowRules.forEach((w, i) => {
    const match =
      anyTag(w.tags, l.tags) ?? (hit(w.skus, l.sku) ? l.sku : null) ?? (hit(w.productTypes, l.productType) ? l.productType : null);
    if (match == null || (shortest != null && w.days >= shortest)) return;
    shortest = w.days;
    days = w.days;
    rule = `windowRules[${i}]`;
    name = w.name;
  });
  if (days === 0) {
    decisions.push(finalSale(rule, { windowDays: 0 }, name));
    return undefined;
  }
  const ordered = localDay(order.placedAt.getTime(), zone);
  r.extensions.forEach((e, i) => {
    if (ordered < dayOfDate(e.orderedFrom) || ordered > dayOfDate(e.orderedTo) || e.days <= days) return;
    days = e.days;
    rule = `extensions[${i}]`;
    name = e.name;
  });
  let anchor: Date | null = order.placedAt;
  if (r.window.from === "fulfillment") anchor = l.fulfilledAt;
  else if (r.window.from === "delivery")
    anchor = l.deliveredAt ?? (l.fulfilledAt ? new Date(l.fulfilledAt.getTime() + r.window.transitDays * DAY) : null);
  if (!anchor) {
    decisions.push({
      effect: "refuse",
      rule: "window.from",
      name: "Return window",
      code: "NOT_FULFILLED",
      params: { from: r.window.from },
    });
    return undefined;
  }
  const end = new Date(startOfLocalDay(localDay(anchor.getTime(), zone) + days + 1, zone));
  const estimated = r.window.from === "delivery" && !l.deliveredAt;
  decisions.push({
    effect: "window",
    rule,
    name,
    code: "WINDOW_OPEN",
    params: { endsAt: end, zone, days, from: r.window.from, anchor, ...(estimated ? { transitDays: r.window.transitDays } : {}) },
  });
  return end;
}

function restockingFee(r: PolicyRules, l: OrderLineInput, value: number): { amount: number; rule: string; name: string } | null {
  let best: { amount: number; rule: string; name: string } | null = null;
  r.restockingFees.forEach((f, i) => {
    if (!anyTag(f.tags, l.tags)) return;
    const amount = Math.min(value, percentOf(value, percentBp(f.percent)));
    if (!best || amount > best.amount) best = { amount, rule: `restockingFees[${i}]`, name: f.name };
  });
  return best;
}

function offer(
  r: PolicyRules,
  k: Outcome,
  value: number,
  restock: ReturnType<typeof restockingFee>,
  cur: string,
  decisions: Decision[],
): OutcomeOffer {
  if (k === "keep_item") return { outcome: k, value: fmt(value, cur), fees: [], bonus: null, total: fmt(value, cur) }; // refunded, no parcel
  const fees: Charge[] = [];
  let total = value;
  // Restocking fees apply to what comes back as money or credit; an exchange keeps the sale.
  if (restock && restock.amount > 0 && k !== "exchange") {
    fees.push({ kind: "restocking_fee", amount: fmt(restock.amount, cur), rule: restock.rule });
    total -= restock.amount;
    if (!decisions.some((d) => d.rule === restock.rule))
      decisions.push({
        effect: "fee",
        rule: restock.rule,
        name: restock.name,
        code: "RESTOCKING_FEE",
        params: { amount: fmt(restock.amount, cur), currency: cur, value: fmt(value, cur) },
      });
  }
  let bonus: Charge | null = null;
  if (r.bonus?.percent != null && (r.bonus.on as string[]).includes(k)) {
    const amount = percentOf(value, percentBp(r.bonus.percent));
    if (amount > 0) {
      bonus = { kind: "bonus", amount: fmt(amount, cur), rule: "bonus" };
      total += amount;
    }
  }
  return { outcome: k, value: fmt(value, cur), fees, bonus, total: fmt(Math.max(0, total), cur) };
}
