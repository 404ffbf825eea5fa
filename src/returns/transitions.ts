// The return lifecycle: ONE table, status × action → next status. Everything else (GraphQL
// `allowedActions`, `returnTransitions`, PUT /status, the compat door) is derived from it.
import { fail } from "../core/errors.js";

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

const row = (entries: Partial<Record<ReturnAction, Target>>) => entries;

export const TRANSITIONS: Record<ReturnStatus, Partial<Record<ReturnAction, Target>>> = {
  // deliver: the parcel arrived (no carrier feed yet: the merchant or the warehouse says so, PUT status delivered).
  open: row({
    deliver: "delivered",
    process: "processed",
    flag: "flagged",
    reject: "rejected",
    cancel: "deleted",
    reset: "deleted",
    complete: "complete",
    remove_items: "same",
    comment: "same",
  }),
  pre_shipment: row({ flag: "flagged", reject: "rejected", cancel: "deleted", reset: "deleted", remove_items: "same", comment: "same" }),
  in_transit: row({
    deliver: "delivered",
    process: "processed",
    flag: "flagged",
    reject: "rejected",
    cancel: "deleted",
    reset: "deleted",
    complete: "complete",
    remove_items: "same",
    comment: "same",
  }),
  delivered: row({
    process: "processed",
    flag: "flagged",
    reject: "rejected",
    reset: "deleted",
    complete: "complete",
    remove_items: "same",
    comment: "same",
  }),
  needs_review: row({
    process: "processed",
    flag: "flagged",
    reject: "rejected",
    reset: "deleted",
    complete: "complete",
    remove_items: "same",
    comment: "same",
  }),
  in_review: row({
    process: "processed",
    flag: "flagged",
    reject: "rejected",
    reset: "deleted",
    complete: "complete",
    remove_items: "same",
    comment: "same",
  }),
  // Processing a flagged return needs the store setting allowFlaggedReturnProcessing (see GUARDS).
  flagged: row({ process: "processed", reject: "rejected", reset: "deleted", complete: "complete", remove_items: "same", comment: "same" }),
  complete: row({ reopen: "open", comment: "same" }),
  rejected: row({ reopen: "open", reset: "deleted", comment: "same" }),
  deleted: row({ comment: "same" }),
};

/** Extra conditions on a (status, action) pair beyond the table. */
export const GUARDS: Partial<Record<ReturnStatus, Partial<Record<ReturnAction, "allowFlaggedReturnProcessing">>>> = {
  flagged: { process: "allowFlaggedReturnProcessing" },
};

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
export function allowedActions(status: ReturnStatus, flags?: { allowFlaggedReturnProcessing?: boolean }): ReturnAction[] {
  return RETURN_ACTIONS.filter((a) => {
    if (TRANSITIONS[status]?.[a] === undefined) return false;
    const guard = GUARDS[status]?.[a];
    return !(flags && guard && !flags[guard]);
  });
}

/** The target of `action` from `status`, or a 409 `returns/invalid-transition` naming what is allowed. */
export function transition(status: ReturnStatus, action: ReturnAction, flags: { allowFlaggedReturnProcessing?: boolean } = {}): Target {
  const target = TRANSITIONS[status]?.[action];
  const guard = GUARDS[status]?.[action];
  if (target === undefined || (guard && !flags[guard])) {
    const allowed = allowedActions(status, flags);
    throw fail.conflict(
      "returns/invalid-transition",
      "Invalid return transition",
      `Cannot ${action.replace("_", " ")} a return whose status is ${status}` +
        (guard && target !== undefined ? ` (the store does not allow processing flagged returns)` : "") +
        `. Allowed actions from ${status}: ${allowed.join(", ") || "none"}.`,
      { currentStatus: status, allowedActions: allowed },
    );
  }
  return target;
}

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
