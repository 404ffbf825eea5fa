// Why a shop's order could not come into Retour (ShopConnection.syncErrors), in the merchant's words.
import { keyOf, withLabels } from "../forms.js";
import { refusalText } from "./index.js";

/** A kept sync error as the dashboard reads it. */
export interface SyncErrorIn {
  message: string;
  refusal?: { code: string; params: { name: string; value: string }[] } | null;
}

/** The parts of an order a refusal's field names (its dotted path), in the merchant's words. */
const ORDER_PARTS: Record<string, string> = {
  lineItems: "An order line's quantity, price or product",
  fulfillments: "A shipment",
  shippingLines: "The shipping",
  customer: "The customer",
  currency: "The currency",
  name: "The order number",
  createdAt: "The order date",
};

/**
 * Why an order could not come in, in the merchant's words: its refusal worded from the catalogue, after the part
 * of the order it concerns. An error kept before refusals were codes shows the core's English, its paths labelled.
 */
export function syncErrorWords(e: SyncErrorIn): string {
  if (!e.refusal) return withLabels(e.message, ORDER_PARTS);
  const params = Object.fromEntries(e.refusal.params.map((p) => [p.name, p.value]));
  const words = refusalText({ code: e.refusal.code, params }, e.message);
  const part = typeof params.field === "string" ? keyOf(params.field, ORDER_PARTS) : null;
  return part ? `${ORDER_PARTS[part]}: ${words}` : words;
}
