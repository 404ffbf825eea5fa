// A return item's values and a return's currency: pure rules shared by the service, the renderers and
// gift-card issuing (kept apart so gift-cards.ts need not import the service).
import type { LineItemRow } from "../orders/service.js";
import type { ReturnItemRow } from "./rows.js";

/** A return's currency, the one rule: its order's, else an imported return's own, else USD (an import that named none). */
export function returnCurrency(ret: { currency: string | null }, order: { currency: string } | null | undefined): string {
  return order?.currency ?? ret.currency ?? "USD";
}

/** Value of the returned units: price less their share of the line discount, before tax. */
export function itemValues(
  item: Pick<ReturnItemRow, "quantity" | "status" | "merchantAdjustment">,
  line: Pick<LineItemRow, "unitPrice" | "quantity" | "discount" | "tax"> | null,
) {
  if (!line) return { productValue: 0, tax: 0, refund: 0, maxAdjustment: 0 };
  const productValue = Math.round(((line.unitPrice * line.quantity - line.discount) * item.quantity) / line.quantity);
  const tax = Math.round((line.tax * item.quantity) / line.quantity);
  const refund = item.status === "rejected" ? 0 : Math.max(0, productValue + tax - (item.merchantAdjustment ?? 0));
  // An adjustment is taken off the item's refund: at most the item's whole value, tax included.
  return { productValue, tax, refund, maxAdjustment: productValue + tax };
}
