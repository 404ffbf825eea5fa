// What the return policy refuses, as codes with their parameters (src/core/refusals.ts); each code's English
// is the detail every door has always answered. Dates are ISO 8601.
import { quoted, refusalList } from "../core/refusals.js";

export const POLICY_REFUSALS = refusalList<{
  /** Line `lineItemId` (at `field`) is not returnable under version `version`: `explanation` (the decision in
   *  the merchant's words; each decision's code is in `extensions.refusals`); `more` other lines refused too. */
  POLICY_REFUSED: { field: string; lineItemId: string; version: number; explanation: string; more: number };
  /** `value` is not an IANA time zone. */
  TIME_ZONE_INVALID: { field: string; value: string };
  /** The store has no draft policy to publish (`action`: publish) or to simulate (simulate). */
  POLICY_NO_DRAFT: { action: string };
  /** No order `id` in the store. */
  POLICY_ORDER_NOT_FOUND: { id: string };
  /** No published policy version `version`. */
  POLICY_VERSION_NOT_FOUND: { version: number };
  /** `id` is not a line of order `order`. */
  POLICY_NOT_A_LINE: { field: string; id: string; order: string };
  /** A simulation started at `startedAt` is running (`done` of `total` returns checked; `total` 0: not counted yet). */
  SIMULATION_RUNNING: { runId: string; startedAt: string; done: number; total: number };
  /** No simulation `id` in the store. */
  SIMULATION_NOT_FOUND: { id: string };
  /** A simulation's range ends before it starts. */
  SIMULATION_RANGE: Record<string, never>;
}>("Return policy", {
  POLICY_REFUSED: {
    status: 422,
    type: "returns/policy-refused",
    title: "Not returnable under the store's return policy",
    field: (p) => p.field,
    en: (p) =>
      `\`${p.field}\` (line item ${p.lineItemId}) is not returnable under policy version ${p.version}: ${p.explanation}${Number(p.more) > 0 ? ` (${p.more} more line(s) refused too)` : ""} Remove the line, or, from the merchant's own API, create it outside the policy with \`options.overridePolicy\`.`,
    extra: (p) => ({ policyVersion: p.version }),
  },
  TIME_ZONE_INVALID: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be an IANA time zone such as "Europe/Paris" or "America/New_York"; got ${quoted(p.value)}.`,
  },
  POLICY_NO_DRAFT: {
    status: 409,
    type: "policy/no-draft",
    title: (p) => (p.action === "simulate" ? "Nothing to simulate" : "Nothing to publish"),
    en: () => "The store has no draft policy: write one first (updateReturnPolicyDraft).",
  },
  POLICY_ORDER_NOT_FOUND: {
    status: 404,
    type: "orders/not-found",
    title: "Order not found",
    en: (p) => `No order ${quoted(p.id)} in this store (give its id or the merchant's order id).`,
  },
  POLICY_VERSION_NOT_FOUND: {
    status: 404,
    type: "policy/version-not-found",
    title: "Policy version not found",
    en: (p) => `The store has no published policy version ${p.version}.`,
  },
  POLICY_NOT_A_LINE: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` ${quoted(p.id)} is not a line item of order ${p.order}.`,
  },
  SIMULATION_RUNNING: {
    status: 409,
    type: "policy/simulation-running",
    title: "A simulation is already running",
    en: (p) =>
      `A simulation of this store started at ${p.startedAt} is still running${Number(p.total) ? ` (${p.done} of ${p.total} returns checked)` : ""}: wait for it to finish, or cancel it (cancelPolicySimulation) and start again.`,
    extra: (p) => ({ runId: p.runId }),
  },
  SIMULATION_NOT_FOUND: {
    status: 404,
    type: "policy/simulation-not-found",
    title: "Simulation not found",
    en: (p) => `No simulation ${quoted(p.id)} in this store.`,
  },
  SIMULATION_RANGE: { status: 400, field: "to", en: () => "`to` must be later than `from`: the range is [from, to)." },
});

export const refuse = POLICY_REFUSALS.refuse;
