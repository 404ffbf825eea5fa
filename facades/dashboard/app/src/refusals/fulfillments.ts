// Fulfillments' refusals (src/fulfillments/refusals.ts) in the merchant's words.
import { type RefusalWords, typed } from "./types.js";

export const FULFILLMENT_WORDS: RefusalWords = {
  FULFILLMENT_ORDER_NOT_FOUND: (p) => `No order ${typed(p.id)} in this store.`,
  FULFILLMENT_NO_LINES: () => "A shipment needs at least one item.",
  FULFILLMENT_ID_EMPTY: () => "The shipment's reference cannot be empty.",
  FULFILLMENT_TRACKING_EMPTY: () => "Enter both the carrier and the tracking number.",
  FULFILLMENT_INITIAL_TRACKING: () => "A starting tracking state can only be given to test tracking.",
  FULFILLMENT_STATUS_UNKNOWN: (p) => `${typed(p.value)} is not a shipment status.`,
  FULFILLMENT_NOT_A_LINE: (p) => `${typed(p.id)} is not one of the items of order ${p.order}.`,
  FULFILLMENT_TOO_MANY_UNITS: (p) =>
    `Item ${p.line}: ${p.requested} asked, but only ${p.left} of the ${p.ordered} ordered are still to be shipped.`,
  FULFILLMENT_ID_TAKEN: (p) => `A shipment with the reference ${typed(p.id)} already exists in this store.`,
  FULFILLMENT_NOT_FOUND: (p) => `No shipment ${typed(p.id)} on order ${p.order}.`,
};
