// The fulfillment statuses and automation events, published for the doors (their request and response schemas).
export const FULFILLMENT_STATUSES = [
  "pre_transit",
  "unknown",
  "in_transit",
  "out_for_delivery",
  "available_for_pickup",
  "delivered",
  "return_to_sender",
  "failure",
  "cancelled",
  "error",
] as const;
/** Accepted by the shipment-status update: every status but `unknown`. */
export const UPDATABLE_STATUSES = FULFILLMENT_STATUSES.filter((s) => s !== "unknown");
/** Automation events: appended to the history, status unchanged. */
export const AUTOMATION_EVENTS = ["stalled_in_transit", "delayed", "arriving_early"] as const;
