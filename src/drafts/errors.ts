// The draft flow's refusals of its state and of the policy, as the core names them (`drafts/<code>`, 422 or 409).
// A door that speaks another vocabulary maps them to its own codes (the warehouse platform's Draft Returns door:
// facades/compat/drafts/index.ts). Their codes are in ./refusals.ts;
// the last two carry what another part of the core decided (the policy's decision, the creation path's refusal)
// as parameters, and each door words them (the portal in the shopper's language).
import type { DomainError, Refusal } from "../core/errors.js";
import { type Decision, type DecisionCode, decisionAsParams, wordsOf } from "../core/decisions/codes.js";
import { DRAFT_REFUSALS, refuse } from "./refusals.js";

const refuseWith = DRAFT_REFUSALS.refuseWith;

export const terminalState = (state: string) => refuse("DRAFT_CLOSED", { state });

export const wrongState = (action: string, allowed: readonly string[], state: string) =>
  refuse("DRAFT_WRONG_STATE", { action, allowed: allowed.join(","), state });

/**
 * A line the policy does not let return: why, as the decision's code (`refusal`), and the decision the shopper
 * reads as a code with parameters, as data too (`extensions.decision`: code and params as text).
 */
export function notEligible(field: string, line: string, refusal: DecisionCode, decision: Decision | null) {
  const words = decision ? wordsOf(decision) : null;
  return refuseWith(words ? { decision: { code: words.code, params: words.params } } : {}, "LINE_NOT_RETURNABLE", {
    field,
    line,
    refusal,
    ...decisionAsParams(words),
  });
}

/**
 * The creation path's refusal at submission in the draft's codes (the draft stays open): its code and parameters
 * travel as the cause; its English stays the detail. Null for an error the draft flow does not translate.
 */
export function submitRefusal(err: DomainError): DomainError | null {
  const t = err.info.type;
  const refusal = err.info.extra?.refusal as Refusal | undefined;
  if (!refusal) return null;
  if (t === "returns/policy-refused" || t === "returns/quantity-exceeded")
    return refuse("RETURN_NOT_ACCEPTED", { ...refusal.params, cause: refusal.code });
  if (t === "returns/exchange-out-of-stock") {
    const p = refusal.params;
    return refuse("EXCHANGE_NOT_HELD", {
      field: "items",
      at: String(p.field ?? ""),
      line: String(p.lineItemId ?? ""),
      sku: String(p.sku ?? ""),
      units: Number(p.quantity ?? 1),
    });
  }
  return null;
}
