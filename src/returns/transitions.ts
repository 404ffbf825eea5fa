// The return lifecycle: ONE table (src/core/lifecycle.ts), action → statuses it runs from → next status.
// Everything else (GraphQL `allowedActions`, `returnTransitions`, PUT /status, the compat door) is derived from it.
import { RETURN_REFUSALS } from "./refusals.js";
import { type Guard, type Refused, defineLifecycle } from "../core/lifecycle.js";

export const RETURN_STATUSES = [
  "open",
  "in_transit",
  "delivered",
  "needs_review",
  "in_review",
  "complete",
  "rejected",
  "flagged",
  "pre_shipment",
  "deleted",
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_ACTIONS = [
  "process",
  "flag",
  "reject",
  "cancel",
  "reset",
  "reopen",
  "complete",
  "remove_items",
  "comment",
  "deliver",
] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/** The status a new return starts in. */
export const INITIAL_STATUS: ReturnStatus = "open";

/** Statuses whose items no longer count toward "quantity already returned" (cancelled or reset). */
export const RELEASED_STATUSES: readonly ReturnStatus[] = ["deleted"];

/**
 * Target of an action: a status, "same" (status unchanged), or "processed" — `complete` when every
 * item is done (or `rejected` when every item was rejected), else `in_review`.
 */
export type Target = ReturnStatus | "same" | "processed";

/** What the guards read: the store's settings. */
export interface ReturnFlags {
  allowFlaggedReturnProcessing?: boolean;
}

const ALL: readonly ReturnStatus[] = RETURN_STATUSES;
const except = (...out: ReturnStatus[]) => ALL.filter((s) => !out.includes(s));
const BEFORE_DECISION: readonly ReturnStatus[] = [
  "open",
  "pre_shipment",
  "in_transit",
  "delivered",
  "needs_review",
  "in_review",
  "flagged",
];

/** Processing a flagged return needs the store setting allowFlaggedReturnProcessing. */
export const flaggedProcessingAllowed: Guard<ReturnStatus, ReturnAction, ReturnFlags> = {
  name: "allowFlaggedReturnProcessing",
  holds: (flags, at) => at.state !== "flagged" || !!flags.allowFlaggedReturnProcessing,
};

/** A refused transition: its code, with the status and the actions allowed from it as the doors read them. */
const refused = (at: Refused<ReturnStatus, ReturnAction>, code: "RETURN_TRANSITION_REFUSED" | "RETURN_FLAGGED_PROCESSING_OFF") =>
  RETURN_REFUSALS.refuseWith({ currentStatus: at.state, allowedActions: at.allowed }, code, {
    action: at.action,
    status: at.state,
    allowed: at.allowed.join(", "),
  });

/** The return lifecycle: action → the statuses it runs from → where it leads. */
export const RETURN_LIFECYCLE = defineLifecycle<ReturnStatus, ReturnAction, Target, ReturnFlags>({
  states: RETURN_STATUSES,
  actions: RETURN_ACTIONS,
  transitions: {
    // Processing a flagged return is guarded by the store's setting.
    process: { from: except("pre_shipment", "complete", "rejected", "deleted"), to: "processed", guards: [flaggedProcessingAllowed] },
    flag: { from: except("flagged", "complete", "rejected", "deleted"), to: "flagged" },
    reject: { from: BEFORE_DECISION, to: "rejected" },
    cancel: { from: ["open", "pre_shipment", "in_transit"], to: "deleted" },
    reset: { from: [...BEFORE_DECISION, "rejected"], to: "deleted" },
    reopen: { from: ["complete", "rejected"], to: "open" },
    complete: { from: except("pre_shipment", "complete", "rejected", "deleted"), to: "complete" },
    remove_items: { from: BEFORE_DECISION, to: "same" },
    comment: { from: ALL, to: "same" },
    // The parcel arrived (no carrier feed yet: the merchant or the warehouse says so, PUT status delivered).
    deliver: { from: ["open", "in_transit"], to: "delivered" },
  },
  refuse: {
    state: (at) => refused(at, "RETURN_TRANSITION_REFUSED"),
    guard: (at) => refused(at, "RETURN_FLAGGED_PROCESSING_OFF"),
  },
});

/** The table by status, as `returnTransitions` lists it: status → action → target. */
export const TRANSITIONS: Record<ReturnStatus, Partial<Record<ReturnAction, Target>>> = Object.fromEntries(
  RETURN_STATUSES.map((s) => [
    s,
    Object.fromEntries(
      RETURN_ACTIONS.flatMap((a) => (RETURN_LIFECYCLE.targetOf(s, a) === undefined ? [] : [[a, RETURN_LIFECYCLE.targetOf(s, a)]])),
    ),
  ]),
) as Record<ReturnStatus, Partial<Record<ReturnAction, Target>>>;

/** PUT /returns/{id}/status: the settable statuses and the action each one means. */
export const STATUS_ACTIONS: Partial<Record<ReturnStatus, ReturnAction>> = {
  complete: "complete",
  delivered: "deliver",
  open: "reopen",
  flagged: "flag",
  rejected: "reject",
  deleted: "reset",
};

/** Actions the table allows from `status`; with `flags`, also leaving out those a guard refuses. */
export const allowedActions = (status: ReturnStatus, flags?: ReturnFlags): ReturnAction[] => RETURN_LIFECYCLE.allowedActions(status, flags);

/** The target of `action` from `status`, or a 409 `returns/invalid-transition` naming what is allowed. */
export const transition = (status: ReturnStatus, action: ReturnAction, flags: ReturnFlags = {}): Target =>
  RETURN_LIFECYCLE.transition(status, action, flags);

export function resolveTarget(target: Target, current: ReturnStatus, items: { status: string }[]): ReturnStatus {
  if (target === "same") return current;
  if (target !== "processed") return target;
  const done = items.every((i) => i.status === "processed" || i.status === "rejected" || i.status === "complete");
  if (!done) return "in_review";
  return items.every((i) => i.status === "rejected") ? "rejected" : "complete";
}

export function isReturnStatus(s: string): s is ReturnStatus {
  return (RETURN_STATUSES as readonly string[]).includes(s);
}
