// What invoicing refuses, as codes with their parameters (src/core/refusals.ts).
import { refusalList } from "../core/refusals.js";

export const INVOICE_REFUSALS = refusalList<{
  /** The caller reaches several stores and named none. */
  INVOICE_STORE_NEEDED: Record<string, never>;
  /** An item's quantity is not a whole number of at least 1. */
  INVOICE_QUANTITY_INVALID: Record<string, never>;
}>("Invoices", {
  INVOICE_STORE_NEEDED: { status: 400, field: "storeId", en: () => "The caller has access to several stores; pass `storeId`." },
  INVOICE_QUANTITY_INVALID: { status: 400, field: "quantity", en: () => "`quantity` must be a positive integer." },
});

export const refuse = INVOICE_REFUSALS.refuse;
