// The draft flow's refusals of its state and of the policy, as the core names them (`drafts/<code>`, 422 or 409).
// A door that speaks another vocabulary maps them to its own codes (the warehouse platform's Draft Returns door:
// facades/compat/drafts/index.ts, e.g. `drafts/closed` → `terminal-state`). Their codes are in ./refusals.ts;
// the two below carry a detail another part of the core wrote (the policy's decision, the creation path's refusal).
import { DomainError } from "../core/errors.js";
import { type Decision, wordsOf } from "../core/decisions/codes.js";
import { refuse } from "./refusals.js";

export const draftError = (status: number, code: string, title: string, detail: string, field?: string, extra?: Record<string, unknown>) =>
  new DomainError({ code: status === 422 ? "UNPROCESSABLE" : "CONFLICT", status, type: `drafts/${code}`, title, detail, field, extra });

export const terminalState = (state: string) => refuse("DRAFT_CLOSED", { state });

export const wrongState = (action: string, allowed: readonly string[], state: string) =>
  refuse("DRAFT_WRONG_STATE", { action, allowed: allowed.join(","), state });

/** A line the policy does not let return; its decision as data too (code and params as text), for a client to word it. */
export const notEligible = (field: string, detail: string, decision: Decision | null) =>
  draftError(
    422,
    "line-not-returnable",
    "Not returnable",
    detail,
    field,
    decision ? { decision: { code: decision.code, params: wordsOf(decision).params } } : undefined,
  );
/** The creation path found the exchange's variant out of stock at submission: its detail, the draft's code. */
export const variantUnavailable = (field: string, detail: string, units: number) =>
  draftError(422, "exchange-variant-unavailable", "Exchange variant unavailable", detail, field, {
    refusal: { code: "VARIANT_OUT_OF_STOCK", params: { field, variant: "", units } },
  });
export const returnsUnavailable = (detail: string) =>
  draftError(422, "policy-refused", "Return not accepted by the store's policy", detail);
