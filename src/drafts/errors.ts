// The draft flow's refusals, as the core names them (`drafts/<code>`, 422 or 409): what happened, in the
// core's words. A door that speaks another vocabulary maps them to its own codes (the warehouse platform's
// Draft Returns door: facades/compat/drafts/index.ts, e.g. `drafts/closed` → `terminal-state`).
import { DomainError } from "../core/errors.js";
import { type Decision, wordsOf } from "../core/decisions/codes.js";
import { refusal } from "./refusals.js";

export const draftError = (status: number, code: string, title: string, detail: string, field?: string, extra?: Record<string, unknown>) =>
  new DomainError({ code: status === 422 ? "UNPROCESSABLE" : "CONFLICT", status, type: `drafts/${code}`, title, detail, field, extra });

const words = (state: string) => state.replaceAll("_", " ");

export const terminalState = (state: string) =>
  draftError(422, "closed", "Draft return closed", `The draft return is ${words(state)}: nothing can change it now.`);

export const wrongState = (action: string, allowed: readonly string[], state: string) =>
  draftError(
    422,
    "wrong-state",
    "Not possible in this state",
    `${action} is possible while the draft is ${allowed.map(words).join(" or ")}; it is ${words(state)}.`,
  );

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
export const variantUnavailable = (field: string, detail: string, units: number) =>
  draftError(422, "exchange-variant-unavailable", "Exchange variant unavailable", detail, field, {
    refusal: refusal("VARIANT_OUT_OF_STOCK", { units }),
  });
export const returnsUnavailable = (detail: string) =>
  draftError(422, "policy-refused", "Return not accepted by the store's policy", detail);
