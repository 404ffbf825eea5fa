// Invoicing's refusals (src/invoices/refusals.ts) in the merchant's words.
import type { RefusalWords } from "./types.js";

export const INVOICE_WORDS: RefusalWords = {
  INVOICE_STORE_NEEDED: () => "Choose the store whose invoice you mean: you have access to several.",
  INVOICE_QUANTITY_INVALID: () => "Enter a quantity of 1 or more, in whole units.",
};
