// The money of a whole return, on top of its lines' (src/policy/evaluate.ts): per offered outcome the sum
// of the lines that offer it, then the per-return fee (waived per outcome) and the flat bonus.
import { formatMinor, parseMajor } from "../core/money.js";
import type { Decision, LineEvaluation, OutcomeOffer } from "./evaluation.js";
import { type Outcome, type PolicyRules, percentBp } from "./rules.js";

const fmt = (minor: number, currency: string) => formatMinor(minor, currency);

const amounts = new Map<string, Map<string, number>>();
/** A policy's amount ("5" or "5.00") in minor units (checked when the policy was written; cached, it repeats). */
export function policyAmount(text: string, cur: string): number {
  // By currency, then text: no key built per call (a simulation asks this of every past return).
  let byText = amounts.get(cur);
  if (!byText) {
    if (amounts.size > 1_000) amounts.clear();
    amounts.set(cur, (byText = new Map()));
  }
  let v = byText.get(text);
  if (v === undefined) {
    v = parseMajor(text, cur, "amount");
    if (byText.size > 10_000) byText.clear();
    byText.set(text, v);
  }
  return v;
}
/** The amount `bp` hundredths of a percent of `minor`, rounded half up. */
export function percentOf(minor: number, bp: number): number {
  return Number((BigInt(minor) * BigInt(bp) + 5_000n) / 10_000n);
}

/** Minor units of a decimal this module formatted (formatMinor pads every decimal): no parsing needed. */
export const minorOf = (s: string): number => Number(s.replace(".", ""));
const minor = (s: string, _cur: string) => minorOf(s);

export function summarise(lines: LineEvaluation[], offered: Outcome[], cur: string): OutcomeOffer[] {
  // Plain loops: the policy simulation summarises every past return twice.
  const out: OutcomeOffer[] = [];
  for (const k of offered) {
    let taking = false;
    let value = 0;
    let fees = 0;
    let bonus = 0;
    let total = 0;
    for (const l of lines) {
      let o: OutcomeOffer | undefined;
      for (const x of l.outcomes)
        if (x.outcome === k) {
          o = x;
          break;
        }
      if (!o) continue;
      taking = true;
      value += minor(o.value, cur);
      for (const f of o.fees) fees += minor(f.amount, cur);
      if (o.bonus) bonus += minor(o.bonus.amount, cur);
      total += minor(o.total, cur);
    }
    if (!taking) continue;
    out.push({
      outcome: k,
      value: fmt(value, cur),
      fees: fees ? [{ kind: "restocking_fee" as const, amount: fmt(fees, cur), rule: "restockingFees" }] : [],
      bonus: bonus ? { kind: "bonus" as const, amount: fmt(bonus, cur), rule: "bonus" } : null,
      total: fmt(total, cur),
    });
  }
  return out;
}

/** The per-return fee (waived per outcome) and the flat bonus, on the summary; fees never above the value. */
export function returnLevelMoney(r: PolicyRules, flat: boolean, summary: OutcomeOffer[], cur: string, decisions: Decision[]) {
  for (const s of summary) {
    if (s.outcome === "keep_item") continue;
    const value = minor(s.value, cur);
    let total = minor(s.total, cur);
    const fee = r.returnFee;
    if (fee && !fee.waivedFor.includes(s.outcome) && (fee.percent != null || flat)) {
      let already = 0;
      for (const f of s.fees) already += minor(f.amount, cur);
      const want = fee.percent != null ? percentOf(value, percentBp(fee.percent)) : policyAmount(fee.amount!, cur);
      const amount = Math.max(0, Math.min(want, value - already));
      if (amount > 0) {
        s.fees.push({ kind: "return_fee", amount: fmt(amount, cur), rule: "returnFee" });
        total -= amount;
        if (!decisions.some((d) => d.rule === "returnFee"))
          decisions.push({
            effect: "fee",
            rule: "returnFee",
            name: "Return fee",
            code: "RETURN_FEE",
            params: {
              ...(fee.percent != null ? { percent: fee.percent } : { amount: fee.amount! }),
              currency: cur,
              waivedFor: fee.waivedFor,
            },
          });
      }
    }
    if (r.bonus?.amount != null && flat && (r.bonus.on as string[]).includes(s.outcome)) {
      const amount = policyAmount(r.bonus.amount, cur);
      s.bonus = { kind: "bonus", amount: fmt((s.bonus ? minor(s.bonus.amount, cur) : 0) + amount, cur), rule: "bonus" };
      total += amount;
    }
    s.total = fmt(Math.max(0, total), cur);
  }
  if (r.bonus && summary.some((s) => s.bonus))
    decisions.push({
      effect: "bonus",
      rule: "bonus",
      name: "Bonus credit",
      code: "BONUS",
      params: { ...(r.bonus.percent != null ? { percent: r.bonus.percent } : { amount: r.bonus.amount! }), currency: cur, on: r.bonus.on },
    });
}
