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
  PORTAL_HANDLE_INVALID: (p) =>
    `Use 3 to 40 lowercase letters, digits and single hyphens, starting and ending with a letter or digit${String(p.hint).length >= 3 ? ` (for example ${typed(p.hint)})` : ""}.`,
  PORTAL_NAME_EMPTY: () => "Enter the name shoppers see.",
  PORTAL_ACCENT_INVALID: (p) => `${typed(p.value)} is not a colour; enter one such as #1F4E79.`,
  PORTAL_ACCENT_CONTRAST: (p) =>
    `${p.color} has a contrast of ${p.ratio}:1 with white, too little for white text on its buttons and for its links (at least ${p.min}:1); choose a darker colour.`,
  PORTAL_LANGUAGE_UNKNOWN: (p) =>
    `The portal speaks ${String(p.languages).split(",").join(" and ")} only; ${typed(p.value)} is not one of them yet.`,
  PORTAL_LANGUAGE_NO_ENGLISH: () => "English is always offered: keep it among the languages.",
  PORTAL_METHODS_EMPTY: () => "Offer at least one way to send items back.",
  PORTAL_METHOD_UNKNOWN: (p) => `${typed(p.value)} is not a way to send items back.`,
  PORTAL_CARRIER_UNKNOWN: (p) => `Choose one of the carriers: ${String(p.carriers).split(",").join(", ")}.`,
  PORTAL_ADDRESS_COUNTRY: () => "Enter the country as its two-letter code, such as US or FR.",
  PORTAL_ADDRESS_NEEDED: () => "Enter the return address: labels are addressed to it, and shoppers who ship themselves send to it.",
};
