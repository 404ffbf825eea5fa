// How our return statuses read on the compat door. The platform has five states; ours are finer.
// This table is the ONE place that says so (state filter translation uses its inverse).
export type CompatState = "open" | "closed" | "cancelled" | "expired" | "review";

export const COMPAT_STATE_OF: Record<string, CompatState> = {
  pre_shipment: "open",
  open: "open",
  in_transit: "open",
  delivered: "open",
  // A flagged return stays "open" on this door (the platform keeps flags hidden from the state).
  flagged: "open",
  needs_review: "review",
  in_review: "review",
  complete: "closed",
  // The door's "close" is our reject: the platform reports it as closed.
  rejected: "closed",
  // The door's "cancel" is our reset to the initial state ("deleted"): the platform's cancelled.
  deleted: "cancelled",
};

export const COMPAT_STATES: CompatState[] = ["open", "closed", "cancelled", "expired", "review"];

/** Without a `state` filter the platform lists only these. */
export const DEFAULT_LIST_STATES: CompatState[] = ["open", "closed", "expired"];

/** Our statuses that read as any of the given compat states (expired has none: we never expire returns). */
export function statusesFor(states: CompatState[]): string[] {
  return Object.entries(COMPAT_STATE_OF)
    .filter(([, s]) => states.includes(s))
    .map(([status]) => status);
}

export function compatStateOf(status: string): CompatState {
  return COMPAT_STATE_OF[status] ?? "open";
}
