// The core's refusals in the merchant's words: the core sends `extensions.refusal` = { code, params } beside its
// English detail (src/core/refusals.ts, one list per domain); the dashboard words each code it knows from its own
// catalogue (one file per domain here) and shows the core's detail for a code it does not know yet.
// test/unit/refusal-catalogues.test.ts checks that every code of the core has its sentence here.
import { CUSTOMER_WORDS } from "./customers.js";
import { GIFT_CARD_WORDS } from "./gift-cards.js";
import { SHOP_WORDS } from "./shops.js";
import type { RefusalWords } from "./types.js";
import { WAREHOUSE_WORDS } from "./warehouse.js";
import { CORE_WORDS } from "./core.js";
import { CHECKOUT_WORDS } from "./checkout.js";
import { INBOUND_WORDS } from "./inbound.js";
import { POLICY_WORDS } from "./policy.js";
import { POLICY_RULE_WORDS } from "./policy-rules.js";
import { FULFILLMENT_WORDS } from "./fulfillments.js";
import { SHIPPING_WORDS } from "./shipping.js";
import { PRODUCT_WORDS } from "./products.js";
import { ORDER_WORDS } from "./orders.js";
import { IDENTITY_WORDS } from "./identity.js";
import { WEBHOOK_WORDS } from "./webhooks.js";
import { INVOICE_WORDS } from "./invoices.js";
import { INVENTORY_WORDS } from "./inventory.js";
import { RETURN_WORDS } from "./returns.js";
import { INPUT_WORDS } from "./input.js";

export type { RefusalWords } from "./types.js";

/** Every code the dashboard words, by code. */
export const REFUSAL_WORDS: RefusalWords = {
  ...CUSTOMER_WORDS,
  ...GIFT_CARD_WORDS,
  ...SHOP_WORDS,
  ...INVENTORY_WORDS,
  ...INVOICE_WORDS,
  ...WEBHOOK_WORDS,
  ...IDENTITY_WORDS,
  ...ORDER_WORDS,
  ...PRODUCT_WORDS,
  ...SHIPPING_WORDS,
  ...FULFILLMENT_WORDS,
  ...POLICY_WORDS,
  ...POLICY_RULE_WORDS,
  ...INBOUND_WORDS,
  ...CHECKOUT_WORDS,
  ...CORE_WORDS,
  ...WAREHOUSE_WORDS,
  ...RETURN_WORDS,
  ...INPUT_WORDS,
};

/** A refusal as the core sends it. */
export interface RefusalIn {
  code: string;
  params: Record<string, string | number>;
}

/** A well-formed refusal of an error's extensions, else null. */
export function refusalOf(raw: unknown): RefusalIn | null {
  const r = raw as RefusalIn | null | undefined;
  return typeof r?.code === "string" && r.params && typeof r.params === "object" ? r : null;
}

/** The refusal in the merchant's words, or `detail` (the core's English) for a code the catalogue lacks. */
export function refusalText(refusal: RefusalIn | null, detail: string): string {
  const words = refusal && Object.hasOwn(REFUSAL_WORDS, refusal.code) ? REFUSAL_WORDS[refusal.code] : null;
  return words ? words(refusal!.params) : detail;
}
