// The return policy's refusals (src/policy/refusals.ts) and the portal's (src/portal/refusals.ts) in the merchant's words.
import { type RefusalWords, typed, when } from "./types.js";

export const POLICY_WORDS: RefusalWords = {
  POLICY_REFUSED: (p) =>
    `Item ${p.lineItemId} cannot be returned under policy version ${p.version}: ${p.explanation}${Number(p.more) > 0 ? ` (${p.more} more item(s) refused too)` : ""}`,
  TIME_ZONE_INVALID: (p) => `${typed(p.value)} is not a time zone; choose one such as Europe/Paris or America/New_York.`,
  POLICY_NO_DRAFT: (p) => `There is no draft policy to ${p.action === "simulate" ? "try out" : "publish"}: write one first.`,
  POLICY_ORDER_NOT_FOUND: (p) => `No order ${typed(p.id)} in this store.`,
  POLICY_VERSION_NOT_FOUND: (p) => `Policy version ${p.version} has not been published.`,
  POLICY_NOT_A_LINE: (p) => `${typed(p.id)} is not one of the items of order ${p.order}.`,
  SIMULATION_RUNNING: (p) =>
    `A trial run started ${when(p.startedAt)} is still going${Number(p.total) ? ` (${p.done} of ${p.total} returns checked)` : ""}: wait for it, or stop it and start again.`,
  SIMULATION_NOT_FOUND: () => "This trial run no longer exists.",
  SIMULATION_RANGE: () => "The end of the period must come after its start.",
  PORTAL_HANDLE_TAKEN: (p) => `The portal address ${typed(p.handle)} is taken by another store; choose another.`,
};
