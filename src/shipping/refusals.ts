// What return shipping refuses, as codes with their parameters (src/core/refusals.ts); each code's English
// is the detail every door has always answered. Methods are the core's names (prepaid_label, …).
import { refusalList } from "../core/refusals.js";

/** Each way of sending a return back, in the core's English. */
export const METHOD_WORDS: Record<string, string> = {
  prepaid_label: "a prepaid label",
  drop_off_qr: "a drop-off QR code",
  ship_yourself: "shipping it yourself",
};

export const SHIPPING_REFUSALS = refusalList<{
  /** The return already goes back by `existing`; it cannot also get `method`. */
  SHIPPING_ALREADY_ISSUED: { existing: string; method: string };
  /** No return `id` (`inYourStores`: 1 when looked up within the caller's stores). */
  SHIPPING_RETURN_NOT_FOUND: { id: string; inYourStores: number };
  /** The return has its label already. */
  SHIPPING_ALREADY_LABELLED: Record<string, never>;
  /** The store has no return address for labels. */
  SHIPPING_NO_RETURN_ADDRESS: Record<string, never>;
  /** The store's carrier `carrier` is not available. */
  SHIPPING_CARRIER_UNKNOWN: { carrier: string };
  /** Neither the return nor its order has an address to send from. */
  SHIPPING_NO_SENDER_ADDRESS: Record<string, never>;
  /** The carrier's label is larger than `maxKb` KB. */
  SHIPPING_LABEL_TOO_LARGE: { maxKb: number };
}>("Return shipping", {
  SHIPPING_ALREADY_ISSUED: {
    status: 409,
    type: "shipping/already-issued",
    title: "Already issued",
    en: (p) =>
      `This return already goes back by ${METHOD_WORDS[p.existing] ?? p.existing}; it cannot also get ${METHOD_WORDS[p.method] ?? p.method}.`,
  },
  SHIPPING_RETURN_NOT_FOUND: {
    status: 404,
    type: "returns/not-found",
    en: (p) => (p.inYourStores ? `No return ${p.id} in your stores.` : `No return ${p.id}.`),
  },
  SHIPPING_ALREADY_LABELLED: {
    status: 409,
    type: "shipping/already-labelled",
    title: "Already labelled",
    en: () => "This return already has a label (given when it was created).",
  },
  SHIPPING_NO_RETURN_ADDRESS: {
    status: 422,
    type: "shipping/no-return-address",
    title: "No return address",
    en: () => "The store has no return address for labels: set it in Settings → Returns portal first.",
  },
  SHIPPING_CARRIER_UNKNOWN: {
    status: 422,
    type: "shipping/unknown-carrier",
    title: "Unknown carrier",
    en: (p) => `The store's carrier "${p.carrier}" is not available.`,
  },
  SHIPPING_NO_SENDER_ADDRESS: {
    status: 422,
    type: "shipping/no-sender-address",
    title: "No sender address",
    en: () => "Neither the return nor its order has a shipping address to print as the label's sender.",
  },
  SHIPPING_LABEL_TOO_LARGE: {
    status: 422,
    type: "shipping/label-too-large",
    title: "Label too large",
    en: (p) => `The carrier's label is larger than ${p.maxKb} KB.`,
  },
});

export const refuse = SHIPPING_REFUSALS.refuse;
