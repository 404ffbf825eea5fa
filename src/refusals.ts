// The core's English catalogue of refusals: every domain's list (src/<domain>/refusals.ts) in one place, for
// the catalogue tests and the guide. A domain with a new list adds it here; a code is unique across lists.
import type { RefusalList } from "./core/refusals.js";
import { WAREHOUSE_REFUSALS } from "./warehouse/request-refusals.js";
import { CORE_REFUSALS } from "./core/core-refusals.js";
import { INPUT_REFUSALS } from "./core/input-refusals.js";
import { CHECKOUT_REFUSALS } from "./checkout/refusals.js";
import { INBOUND_REFUSALS } from "./inbound/refusals.js";
import { PORTAL_REFUSALS } from "./portal/refusals.js";
import { POLICY_REFUSALS } from "./policy/refusals.js";
import { RULE_REFUSALS } from "./policy/rule-refusals.js";
import { FULFILLMENT_REFUSALS } from "./fulfillments/refusals.js";
import { SHIPPING_REFUSALS } from "./shipping/refusals.js";
import { PRODUCT_REFUSALS } from "./products/refusals.js";
import { ORDER_REFUSALS } from "./orders/refusals.js";
import { IDENTITY_REFUSALS } from "./identity/refusals.js";
import { WEBHOOK_REFUSALS } from "./webhooks/refusals.js";
import { INVOICE_REFUSALS } from "./invoices/refusals.js";
import { INVENTORY_REFUSALS } from "./inventory/refusals.js";
import { CUSTOMER_REFUSALS } from "./customers/refusals.js";
import { GIFT_CARD_REFUSALS } from "./gift-cards/refusals.js";
import { SHOP_REFUSALS } from "./shops/refusals.js";
import { RETURN_REFUSALS } from "./returns/refusals.js";
import { TAG_REFUSALS } from "./returns/tag-refusals.js";

const LISTS = [
  CORE_REFUSALS,
  INPUT_REFUSALS,
  CUSTOMER_REFUSALS,
  GIFT_CARD_REFUSALS,
  SHOP_REFUSALS,
  INVENTORY_REFUSALS,
  INVOICE_REFUSALS,
  WEBHOOK_REFUSALS,
  IDENTITY_REFUSALS,
  ORDER_REFUSALS,
  PRODUCT_REFUSALS,
  SHIPPING_REFUSALS,
  FULFILLMENT_REFUSALS,
  POLICY_REFUSALS,
  RULE_REFUSALS,
  PORTAL_REFUSALS,
  INBOUND_REFUSALS,
  CHECKOUT_REFUSALS,
  WAREHOUSE_REFUSALS,
  RETURN_REFUSALS,
  TAG_REFUSALS,
];

/** Every domain's list, read as lists of any codes. */
export const REFUSAL_LISTS = LISTS as unknown as readonly RefusalList<never>[];
