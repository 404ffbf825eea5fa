// Return shipping's refusals (src/shipping/refusals.ts) in the merchant's words.
import { type RefusalWords, typed } from "./types.js";

/** Each way of sending a return back. */
const METHODS: Record<string, string> = {
  prepaid_label: "a prepaid label",
  drop_off_qr: "a drop-off QR code",
  ship_yourself: "the customer's own shipping",
};
const method = (m: string | number) => METHODS[m] ?? "another way";

export const SHIPPING_WORDS: RefusalWords = {
  SHIPPING_ALREADY_ISSUED: (p) => `This return already goes back by ${method(p.existing)}; it cannot also get ${method(p.method)}.`,
  SHIPPING_RETURN_NOT_FOUND: () => "This return no longer exists, or belongs to a store you cannot see.",
  SHIPPING_ALREADY_LABELLED: () => "This return already has a label (given when it was created).",
  SHIPPING_NO_RETURN_ADDRESS: () => "Set your return address in Settings → Returns portal first: labels need it.",
  SHIPPING_CARRIER_UNKNOWN: (p) => `The carrier ${typed(p.carrier)} chosen in your settings is not available; choose another.`,
  SHIPPING_NO_SENDER_ADDRESS: () => "Neither the return nor its order has an address to print as the label's sender.",
  SHIPPING_LABEL_TOO_LARGE: (p) => `The carrier's label is larger than ${p.maxKb} KB, so it could not be kept; try again.`,
};
