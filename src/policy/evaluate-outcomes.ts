// A line's outcomes and their money: each allowed outcome's value, the restocking fee (not on an exchange)
// and the bonus; keep-the-item only below the policy's threshold.
import { percentOf } from "./evaluate-summary.js";
import type { Charge, Decision, OutcomeOffer } from "./evaluation.js";
import { type OrderLineInput, type PolicyContext, anyTag, fmt } from "./evaluate-input.js";
import { type Outcome, type PolicyRules, percentBp } from "./rules.js";

/** The outcomes offered for `value` (the units returnable now); keep-the-item only when `keepItem` allows it. */
export function outcomesOf(
  { r, cur }: PolicyContext,
  l: OrderLineInput,
  allowed: Outcome[],
  value: number,
  keepItem: boolean,
  decisions: Decision[],
): OutcomeOffer[] {
  const restock = restockingFee(r, l, value);
  return allowed.filter((k) => k !== "keep_item" || keepItem).map((k) => offer(r, k, value, restock, cur, decisions));
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
