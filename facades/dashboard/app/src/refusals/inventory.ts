// The inventory's refusals (src/inventory/refusals.ts) in the merchant's words.
import { type RefusalWords, typed } from "./types.js";

export const INVENTORY_WORDS: RefusalWords = {
  EXCHANGE_OUT_OF_STOCK: (p) =>
    `No location has ${p.quantity} of ${p.sku} on hand for the exchange, so it cannot be held. Choose another variant, or a refund or store credit for this item.`,
  QUANTITY_OUT_OF_RANGE: (p) =>
    `Moving ${p.delta} units of ${p.item} would go past what inventory can hold (${p.movementMax} units at once, ${p.onHandMax} on hand). Process the item without restocking.`,
  LOCATION_ID_INVALID: (p) => `${typed(p.value)} is not one of your locations.`,
  INVENTORY_KIND_UNKNOWN: (p) => `${typed(p.value)} is not a kind of inventory item.`,
};
