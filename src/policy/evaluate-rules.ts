// Who may send what back: the return-wide review and refusal rules (value, history, order tags), a line's
// exclusions (final sale) and its reason (the outcomes it allows, the review rules it triggers).
import type { RuleMatch } from "../core/decisions/codes.js";
import type { DecisionParams } from "../core/decisions/codes.js";
import { policyAmount } from "./evaluate-summary.js";
import type { Decision } from "./evaluation.js";
import { type AskedLine, type CustomerHistory, DAY, type OrderLineInput, type PolicyContext, anyTag, fmt, hit } from "./evaluate-input.js";
import { type Outcome, type PolicyRules, percentBp } from "./rules.js";

/** The return-wide decisions: each review rule the asked value, the customer's history or the order's tags match. */
export function returnWideRules(
  { r, order, cur, flat, now }: PolicyContext,
  askedValue: number,
  history: CustomerHistory,
): { decisions: Decision[]; review: boolean; refusedAll: Decision | null } {
  const decisions: Decision[] = [];
  let review = false;
  let refusedAll: Decision | null = null;
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
    decisions.push(d);
    if (rule.action === "refuse") refusedAll ??= d;
    else review = true;
  });
  return { decisions, review, refusedAll };
}

/** The line's exclusion (final sale): the first of its tags, SKU, product type, vendor or discount the policy excludes. */
export function exclusionOf(x: PolicyRules["exclusions"], l: OrderLineInput): Decision | null {
  const exTag = anyTag(x.tags, l.tags);
  if (exTag) return finalSale("exclusions.tags", { tag: exTag });
  if (hit(x.skus, l.sku)) return finalSale("exclusions.skus", { sku: l.sku! });
  if (hit(x.productTypes, l.productType)) return finalSale("exclusions.productTypes", { productType: l.productType! });
  if (hit(x.vendors, l.vendor)) return finalSale("exclusions.vendors", { vendor: l.vendor! });
  if (x.discountAbovePercent != null && l.discount > 0 && l.unitPrice > 0) {
    const bp = percentBp(x.discountAbovePercent);
    if (BigInt(l.discount) * 10_000n > BigInt(bp) * BigInt(l.unitPrice * l.quantity))
      return finalSale("exclusions.discountAbovePercent", { discountAbovePercent: x.discountAbovePercent });
  }
  return null;
}

/**
 * The line's reason: the outcomes it allows (all offered when the policy lists no reasons or none was given),
 * and in order the decisions it brings, each refusing the line or sending it to review.
 */
export function reasonRules(
  r: PolicyRules,
  a: AskedLine,
  offered: Outcome[],
): { allowed: Outcome[]; decisions: { decision: Decision; refuses: boolean }[] } {
  const decisions: { decision: Decision; refuses: boolean }[] = [];
  if (!a.reasonCode || !r.reasons.length) return { allowed: offered, decisions };
  const code = a.reasonCode;
  let allowed = offered;
  const reason = r.reasons.find((x) => x.code === code);
  if (!reason)
    decisions.push({
      decision: { effect: "refuse", rule: "reasons", name: "Reasons", code: "REASON_NOT_LISTED", params: { reason: code } },
      refuses: true,
    });
  else allowed = offered.filter((k) => reason.outcomes.includes(k));
  r.reviewRules.forEach((rule, i) => {
    if (!rule.reasonCodes.includes(code)) return;
    const decision = ruleDecision(rule.action, `reviewRules[${i}]`, rule.name, { message: rule.shopperMessage, reason: code });
    decisions.push({ decision, refuses: rule.action === "refuse" });
  });
  return { allowed, decisions };
}

/** A review rule's decision: to review, or refused. */
function ruleDecision(action: "review" | "refuse", rule: string, name: string, why: RuleMatch): Decision {
  return action === "review"
    ? { effect: "review", rule, name, code: "REVIEW_RULE", params: why }
    : { effect: "refuse", rule, name, code: "REFUSED_BY_RULE", params: why };
}

export function finalSale(rule: string, params: DecisionParams["FINAL_SALE"], name = "Exclusions"): Decision {
  return { effect: "refuse", rule, name, code: "FINAL_SALE", params };
}
