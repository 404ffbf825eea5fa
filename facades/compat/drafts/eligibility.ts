// Why a line cannot be returned, as the warehouse platform spells it: its `ineligibility_code` (the draft's
// `context` and the order's items) and the parenthesis of its item-not-eligible message. The core answers a
// decision code (DraftReturnLine.refusalCode, the refusal's `refusal` parameter); this door names it.
import { decisionOfParams } from "../../../src/core/decisions/codes.js";
import { API_FORMAT, shopperWords } from "../../../src/core/decisions/render.js";
import type { DecisionCode } from "../../codegen/operations.js";

const INELIGIBILITY: Partial<Record<DecisionCode, string>> = {
  FINAL_SALE: "final-sale",
  NOT_FULFILLED: "not-fulfilled",
  ALREADY_RETURNED: "already-returned",
  WINDOW_ENDED: "outside-return-window",
};

/** The platform's ineligibility code for the core's reason (a policy's other refusals: refused-by-policy). */
export const ineligibilityCode = (code: string): string => INELIGIBILITY[code as DecisionCode] ?? "refused-by-policy";

/**
 * The platform's message for the core's LINE_NOT_RETURNABLE refusal (its parameters: the line, `refusal` and the
 * decision the shopper reads), as this API always wrote it.
 */
export function notEligibleMessage(p: Record<string, string | number>): string {
  const decision = decisionOfParams(p);
  const why = decision ? shopperWords(decision, API_FORMAT) : "the store's policy does not allow it.";
  return `Line item ${p.line} cannot be returned (${ineligibilityCode(String(p.refusal))}): ${why}`;
}
