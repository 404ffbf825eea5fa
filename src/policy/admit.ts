// Return creation under the store's published policy, inside the creating transaction (after the order's
// row lock): the latest version read there is the one recorded on the return, so a return created while a
// version is published records exactly one of them. An ineligible line is refused with a 422 naming the
// line and the rule, unless the merchant's own API asked to override the policy: then every overridden
// rule is written on the timeline with who did it.
import { POLICY_REFUSALS } from "./refusals.js";
import { wordsOf } from "../core/decisions/codes.js";
import { merchantWords } from "../core/decisions/merchant.js";
import type { TransactionClient } from "../db/client.js";
import { type Decision, evaluate } from "./evaluate.js";
import { loadHistory, loadOrderInput, publishedVersion } from "./load.js";

type OrderRow = Parameters<typeof loadOrderInput>[1];

export interface AskedItem {
  /** Where the request names it (`input.items[0]`). */
  field: string;
  lineId: string;
  quantity: number;
  reasonCode?: string | null;
  compensation: string;
}

export interface Admission {
  policyVersion: number | null;
  /** The refusals overridden (empty unless `override`), for the timeline. */
  overridden: { field: string; lineItemId: string; rule: string; name: string; explanation: string }[];
  /** Review rules that matched, for the timeline. */
  reviews: { rule: string; name: string; explanation: string }[];
  /** When store credit is issued and keep-item lines settle (the version's outcomes.settleOn); null without a policy. */
  settleOn: string | null;
  /** Per asked item, the chosen outcome as evaluated (decimal total with fees and bonus, and the bonus); null when not offered. */
  chosen: ({ total: string; bonus: string | null } | null)[];
  /** The per-return fee (decimal) and the outcome it falls on, as the simulation counts it; null when none. */
  returnFee: { amount: string; on: string } | null;
}

export async function admitByPolicy(
  tx: TransactionClient,
  order: OrderRow,
  items: AskedItem[],
  override: boolean,
  now: Date,
): Promise<Admission> {
  const version = await publishedVersion(tx, order.storeId);
  if (!version) return { policyVersion: null, overridden: [], reviews: [], settleOn: null, chosen: items.map(() => null), returnFee: null };
  const input = await loadOrderInput(tx, order);
  const history = await loadHistory(tx, order, version.rules, now);
  const e = evaluate(
    version,
    input,
    items.map((it) => ({ lineId: it.lineId, quantity: it.quantity, reasonCode: it.reasonCode })),
    history,
    now,
  );
  const refusals: (Admission["overridden"][number] & { decision: Decision })[] = [];
  e.lines.forEach((line, i) => {
    const it = items[i]!;
    const refused = line.decisions.find((d) => d.effect === "refuse" && d.rule !== "remainingQuantity");
    const outcome = it.compensation;
    const d: Decision | undefined =
      refused ??
      (line.outcomes.some((o) => o.outcome === outcome)
        ? undefined
        : {
            effect: "refuse",
            rule: "outcomes",
            name: "Outcomes",
            code: "OUTCOME_NOT_OFFERED",
            params: { outcome, offered: line.outcomes.map((o) => o.outcome) },
          });
    if (d)
      refusals.push({
        field: it.field,
        lineItemId: line.externalId,
        rule: d.rule,
        name: d.name,
        explanation: merchantWords(wordsOf(d)),
        decision: d,
      });
  });
  if (refusals.length && !override) {
    const first = refusals[0]!;
    // Each refusal's decision as data too: its code and params (values as text), for a client to word it.
    const decisions = refusals.map(({ field, lineItemId, rule, name, decision }) => ({
      field,
      lineItemId,
      rule,
      name,
      code: decision.code,
      params: wordsOf(decision).params,
    }));
    throw POLICY_REFUSALS.refuseWith({ refusals: decisions }, "POLICY_REFUSED", {
      field: first.field,
      lineItemId: first.lineItemId,
      version: version.number,
      explanation: first.explanation,
      more: refusals.length - 1,
    });
  }
  const reviews = [...e.decisions, ...e.lines.flatMap((l) => l.decisions)]
    .filter((d) => d.effect === "review")
    .map((d) => ({ rule: d.rule, name: d.name, explanation: merchantWords(wordsOf(d)) }));
  const chosen = items.map((it, i) => {
    const o = e.lines[i]?.outcomes.find((x) => x.outcome === it.compensation);
    return o ? { total: o.total, bonus: o.bonus?.amount ?? null } : null;
  });
  // Once per return, on the first outcome taken that the fee is not waived for (simulate.ts counts it so).
  const taken = new Set(items.map((it) => it.compensation));
  const returnFee =
    e.summary
      .filter((s) => taken.has(s.outcome))
      .flatMap((s) => s.fees.filter((f) => f.kind === "return_fee").map((f) => ({ amount: f.amount, on: s.outcome as string })))[0] ?? null;
  return {
    returnFee,
    policyVersion: version.number,
    overridden: refusals.map(({ decision: _, ...rest }) => rest),
    reviews: [...new Map(reviews.map((r) => [r.rule, r])).values()],
    settleOn: version.rules.outcomes.settleOn ?? "processed",
    chosen,
  };
}
