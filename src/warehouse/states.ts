// The warehouse platform's five states and how each of our statuses reads as one: the ONE table of
// it, read by its rules (rules.ts), values (values.ts) and webhook triggers (webhook-format.ts).

export type WarehouseState = "open" | "closed" | "cancelled" | "expired" | "review";
export const WAREHOUSE_STATES: WarehouseState[] = ["open", "closed", "cancelled", "expired", "review"];

/** How each of our statuses reads on the compat door. The ONE table of it (filters use its inverse). */
export const WAREHOUSE_STATE_OF: Record<string, WarehouseState> = {
  pre_shipment: "open",
  open: "open",
  in_transit: "open",
  delivered: "open",
  // A flagged return stays "open" (the platform keeps the flag out of the state; process refuses it).
  flagged: "open",
  needs_review: "review",
  in_review: "review",
  complete: "closed",
  // The door's "close" is our reject: the platform reports it as closed.
  rejected: "closed",
  // The door's "cancel" is our reset to the initial state ("deleted"): the platform's cancelled.
  deleted: "cancelled",
};

export function warehouseStateOf(status: string): WarehouseState {
  return WAREHOUSE_STATE_OF[status] ?? "open";
}

/**
 * The `label` topic's `label_status` (the carriers' words, reference §3.3) of a labelled return by our status:
 * Retour knows the parcel only through the return's status (no carrier feed), so only these three.
 */
export function labelStatusOf(status: string): "pre_transit" | "in_transit" | "delivered" {
  if (status === "in_transit") return "in_transit";
  return ["delivered", "in_review", "complete"].includes(status) ? "delivered" : "pre_transit";
}
