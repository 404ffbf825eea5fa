// What the inventory refuses, as codes with their parameters (src/core/refusals.ts); each code's English is
// the detail every door has always answered.
import { quoted, refusalList } from "../core/refusals.js";

export const INVENTORY_REFUSALS = refusalList<{
  /** No location holds `quantity` units of `sku` for the exchange of line item `lineItemId` (at `field`). */
  EXCHANGE_OUT_OF_STOCK: { field: string; lineItemId: string; quantity: number; sku: string };
  /** A movement of `delta` units of `item` (for return item `returnItemId`, "" for none) would pass the bounds. */
  QUANTITY_OUT_OF_RANGE: { returnItemId: string; delta: number; item: string; movementMax: number; onHandMax: number };
  /** `value` is not a location id. */
  LOCATION_ID_INVALID: { value: string };
  /** `value` is not one of the kinds (`kinds`, comma-separated). */
  INVENTORY_KIND_UNKNOWN: { value: string; kinds: string };
}>("Inventory", {
  EXCHANGE_OUT_OF_STOCK: {
    status: 409,
    type: "returns/exchange-out-of-stock",
    title: "Exchange variant out of stock",
    en: (p) =>
      `\`${p.field}.exchangeSku\` (line item ${p.lineItemId}): fewer than ${p.quantity} unit(s) of SKU ${p.sku} are on hand at any one location, so the exchange cannot be held. Choose another variant, or refund or store credit for this line.`,
    extra: (p) => ({ field: `${p.field}.exchangeSku`, lineItemId: p.lineItemId }),
  },
  QUANTITY_OUT_OF_RANGE: {
    status: 409,
    type: "inventory/quantity-out-of-range",
    title: "Quantity out of range",
    en: (p) =>
      `${p.returnItemId ? `Return item ${p.returnItemId}` : "A movement"} would move ${p.delta} units of ${p.item}, past what inventory can hold (${p.movementMax} units a movement, ${p.onHandMax} on hand). Process it without restocking.`,
  },
  LOCATION_ID_INVALID: {
    status: 400,
    field: "locationId",
    en: (p) => `The location must be a location id (\`loc_…\`); got ${quoted(p.value)}.`,
  },
  INVENTORY_KIND_UNKNOWN: { status: 400, field: "kind", en: (p) => `\`kind\` must be one of ${p.kinds}; got ${quoted(p.value)}.` },
});

export const refuse = INVENTORY_REFUSALS.refuse;
