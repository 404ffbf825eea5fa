// The return policy in sentences (sections a merchant reads) and what publishing a draft changes, in words.
// Pure: unit-tested in test/unit/dashboard-policy.test.ts.
import { ANCHOR_WORDS, formatMoney, OUTCOME_WORDS, outcomeWord, type PolicyRules } from "./policy-logic.js";

// ─── The policy in words, and what publishing changes ─────────────────────────

const list = (v: string[]) => (v.length ? v.join(", ") : "");
const outcomesText = (v: string[]) => v.map(outcomeWord).join(", ");
const amountText = (a: { amount: string | null; percent: string | null }, cur: string) =>
  a.percent != null ? `${a.percent}%` : formatMoney(a.amount ?? "0", cur);

/** The policy as sections of sentences; a store without a published policy is "every unit for a refund". */
export function describePolicy(r: PolicyRules | null, timeZone?: string): { section: string; lines: string[] }[] {
  if (!r) return [{ section: "Policy", lines: ["None published: every remaining unit can be returned for a refund, at any time."] }];
  const cur = r.currency;
  const s: { section: string; lines: string[] }[] = [];
  const w = r.window;
  s.push({
    section: "Return window",
    lines: [
      `${w.days} days from ${ANCHOR_WORDS[w.from] ?? w.from}${w.from === "delivery" ? ` (fulfillment plus ${w.transitDays} transit days when no delivery date is known)` : ""}`,
      ...(timeZone ? [`Days end at midnight in ${timeZone}`] : []),
    ],
  });
  s.push({
    section: "Windows by product",
    lines: r.windowRules.map(
      (x) =>
        `${x.name}: ${x.days === 0 ? "final sale (not returnable)" : `${x.days} days`} for ${[list(x.tags) && `tags ${list(x.tags)}`, list(x.skus) && `SKUs ${list(x.skus)}`, list(x.productTypes) && `product types ${list(x.productTypes)}`].filter(Boolean).join("; ")}`,
    ),
  });
  s.push({
    section: "Holiday extensions",
    lines: r.extensions.map((x) => `${x.name}: orders placed ${x.orderedFrom} to ${x.orderedTo} get at least ${x.days} days`),
  });
  const e = r.exclusions;
  s.push({
    section: "Exclusions",
    lines: [
      list(e.tags) && `Tags: ${list(e.tags)}`,
      list(e.skus) && `SKUs: ${list(e.skus)}`,
      list(e.productTypes) && `Product types: ${list(e.productTypes)}`,
      list(e.vendors) && `Vendors: ${list(e.vendors)}`,
      e.discountAbovePercent && `Items discounted more than ${e.discountAbovePercent}%`,
    ].filter((x): x is string => !!x),
  });
  const o = r.outcomes;
  s.push({
    section: "Outcomes offered",
    lines: [
      o.refund && OUTCOME_WORDS.refund,
      o.storeCredit && OUTCOME_WORDS.store_credit,
      o.exchange && OUTCOME_WORDS.exchange,
      o.keepItemBelow != null && `Keep the item when the return is worth less than ${formatMoney(o.keepItemBelow, cur)}`,
    ].filter((x): x is string => !!x),
  });
  s.push({
    section: "Return fee",
    lines: r.returnFee
      ? [
          `${amountText(r.returnFee, cur)} per return${r.returnFee.waivedFor.length ? `, waived for ${outcomesText(r.returnFee.waivedFor)}` : ""}`,
        ]
      : [],
  });
  s.push({ section: "Restocking fees", lines: r.restockingFees.map((x) => `${x.name}: ${x.percent}% on items tagged ${list(x.tags)}`) });
  s.push({
    section: "Bonus credit",
    lines: r.bonus
      ? [`${amountText(r.bonus, cur)}${r.bonus.amount != null ? " per return" : ""} extra on ${outcomesText(r.bonus.on)}`]
      : [],
  });
  s.push({
    section: "Reasons",
    lines: r.reasons.map(
      (x) =>
        `${x.label} (${x.code}): ${outcomesText(x.outcomes)}${x.question ? `; asks “${x.question}”` : ""}${x.photoRequired ? "; photo required" : ""}`,
    ),
  });
  s.push({
    section: "Review and refusal rules",
    lines: r.reviewRules.map((x) => {
      const when = [
        x.valueAbove && `worth more than ${formatMoney(x.valueAbove, cur)}`,
        x.returnsInDays != null && `the customer made more than ${x.returnsAbove} returns in ${x.returnsInDays} days`,
        list(x.reasonCodes) && `reason ${list(x.reasonCodes)}`,
        list(x.orderTags) && `order tagged ${list(x.orderTags)}`,
      ].filter(Boolean);
      return `${x.name}: ${x.action === "refuse" ? "refuse" : "send to review"} when ${when.join(" or ")}${x.shopperMessage ? ` — the shopper reads “${x.shopperMessage}”` : ""}`;
    }),
  });
  s.push({ section: "Currency of fixed amounts", lines: [cur] });
  return s;
}

/** What publishing changes, section by section: what customers have now and what they will have. */
export function diffPolicy(
  published: { rules: PolicyRules; timeZone: string } | null,
  draft: PolicyRules,
  timeZone: string,
): { section: string; before: string[]; after: string[] }[] {
  const before = describePolicy(published?.rules ?? null, published?.timeZone);
  const after = describePolicy(draft, timeZone);
  if (!published)
    return [{ section: "Whole policy", before: before[0]!.lines, after: after.flatMap((x) => x.lines.map((l) => `${x.section}: ${l}`)) }];
  const out: { section: string; before: string[]; after: string[] }[] = [];
  for (const a of after) {
    const b = before.find((x) => x.section === a.section)?.lines ?? [];
    if (JSON.stringify(b) !== JSON.stringify(a.lines)) out.push({ section: a.section, before: b, after: a.lines });
  }
  return out;
}
