// A decision in the merchant's words (English): which rule decided and why, with the exact values. The
// dashboard shows them, GraphQL's and REST's `merchantExplanation` carry them, the timeline records a review
// or an overridden refusal with them. Rendered from the code and its parameters, never stored as the source.
import { type DecisionWords, listParam } from "./codes.js";

const quoted = (v: string | undefined) => JSON.stringify(v ?? "");

/** Why a review rule matched, its conditions in the policy's order. */
function ruleMatch(p: Record<string, string>): string {
  const why: string[] = [];
  if (p.value != null) why.push(`the return's value ${p.value} ${p.currency} is above ${p.valueAbove}`);
  if (p.returns != null)
    why.push(`the customer made ${p.returns} returns in the last ${p.returnsInDays} days (more than ${p.returnsAbove})`);
  if (p.orderTag != null) why.push(`the order is tagged ${quoted(p.orderTag)}`);
  if (p.reason != null) why.push(`the reason is ${quoted(p.reason)}`);
  return why.join("; ");
}

function finalSale(d: DecisionWords): string {
  const p = d.params;
  if (p.windowDays != null) return `its window is ${p.windowDays} days (final sale)`;
  const why =
    p.tag != null
      ? `its product is tagged ${quoted(p.tag)}`
      : p.sku != null
        ? `its SKU ${p.sku} is excluded`
        : p.productType != null
          ? `its product type ${p.productType} is excluded`
          : p.vendor != null
            ? `its vendor ${p.vendor} is excluded`
            : `it was discounted beyond ${p.discountAbovePercent}%`;
  return `Excluded by ${d.rule}: ${why}`;
}

/** Why a line or a return was refused or sent to review (the part after "Refused by Name (rule): "). */
function refusalWhy(d: DecisionWords): string {
  const p = d.params;
  switch (d.code) {
    case "ALREADY_RETURNED":
      return `${p.ordered} ordered, ${p.returned} already returned or in a live return: ${p.remaining} remain, ${p.asked} asked.`;
    case "FINAL_SALE":
      return finalSale(d);
    case "REASON_NOT_LISTED":
      return `The reason code ${quoted(p.reason)} is not in the policy's reasons.`;
    case "WINDOW_ENDED":
      return `The window ended at ${p.endsAt} (midnight in ${p.zone}); asked at ${p.askedAt}.`;
    case "NOT_FULFILLED":
      return p.from ? `the window runs from ${p.from} and the item has not been fulfilled` : "the item has not been fulfilled";
    default:
      return ruleMatch(p);
  }
}

/** The merchant's explanation of a decision. */
export function merchantWords(d: DecisionWords): string {
  const p = d.params;
  switch (d.code) {
    case "WINDOW_OPEN": {
      const estimated = p.transitDays != null ? `: fulfillment plus ${p.transitDays} transit days` : "";
      return `${p.days} days from ${p.from} (${p.anchor}${estimated}) by ${d.name} (${d.rule}), ending at midnight in ${p.zone}.`;
    }
    case "RESTOCKING_FEE":
      return `${d.name} (${d.rule}) charges ${p.amount} ${p.currency} on this line's value ${p.value}.`;
    case "RETURN_FEE": {
      const waived = listParam(p.waivedFor);
      return `The return fee (returnFee) is charged once per return${waived.length ? ` and waived for ${waived.join(", ")}` : ""}.`;
    }
    case "BONUS":
      return `The bonus (bonus) adds ${p.percent != null ? `${p.percent}% of the value` : `${p.amount} ${p.currency} per return`} on ${listParam(p.on).join(", ")}.`;
    case "OUTCOME_NOT_OFFERED":
      return `The policy offers ${listParam(p.offered).join(", ") || "nothing"} for this line, not ${p.outcome}.`;
    case "REVIEW_RULE":
      return `Sent to review by ${d.name} (${d.rule}): ${refusalWhy(d)}.`;
    default:
      return `Refused by ${d.name} (${d.rule}): ${refusalWhy(d)}.`;
  }
}
