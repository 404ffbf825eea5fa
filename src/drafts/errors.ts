// The draft flow's refusals, as the core names them (`drafts/<code>`, 422 or 409). A door that speaks another
// vocabulary maps these codes to its own (the warehouse platform's door: facades/compat/drafts/index.ts).
import { DomainError } from "../core/errors.js";

export const draftError = (status: number, code: string, title: string, detail: string, field?: string) =>
  new DomainError({ code: status === 422 ? "UNPROCESSABLE" : "CONFLICT", status, type: `drafts/${code}`, title, detail, field });

const words = (state: string) => state.replaceAll("_", " ");

export const terminalState = (state: string) =>
  draftError(422, "terminal-state", "Draft return closed", `The draft return is ${words(state)}: nothing can change it now.`);

export const wrongState = (action: string, allowed: readonly string[], state: string) =>
  draftError(
    422,
    "action-validation-failed",
    "Not possible in this state",
    `${action} is possible while the draft is ${allowed.map(words).join(" or ")}; it is ${words(state)}.`,
  );

export const notEligible = (field: string, detail: string) => draftError(422, "item-not-eligible", "Not returnable", detail, field);
export const variantUnavailable = (field: string, detail: string) =>
  draftError(422, "product-variant-unavailable", "Exchange variant unavailable", detail, field);
export const returnsUnavailable = (detail: string) =>
  draftError(422, "returns-unavailable-for-order", "Return not accepted by the store's policy", detail);
