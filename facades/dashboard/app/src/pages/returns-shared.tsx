// What the returns list, a return's page and its action dialogs share: the shapes the core answers
// and how a return is named and its status shown.
import type { GiftCardEntry } from "./customer-credit";
import { Badge } from "../ui";
import { statusLabel, statusTone } from "../logic";

export type Money = { amount: string; currency: string };
export type Wrapped = { amount: Money };

export interface ReturnRow {
  id: string;
  tags: { name: string }[];
  number: string | null;
  type: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  /** Where it came from (Return.origin): shown through originText. */
  origin: string;
  order: { id: string; name: string };
  source: { emailAddress: string | null; name: { given: string; surname: string } };
  items: { id: string; quantity: number }[];
  totals: { refund: Wrapped; storeCredit: Wrapped };
}

export interface ReturnItem {
  id: string;
  /** The product's title (an imported item's; an order item's comes from the order). */
  title: string | null;
  quantity: number;
  reason: string;
  reasonCode: string | null;
  customerComment: string | null;
  /** Links to the shopper's photos (same origin: /portal/photos/…). */
  customerImages: string[];
  status: string;
  compensation: string;
  outcome: string | null;
  productAdjustment: string | null;
  sku: string | null;
  imageUrl: string | null;
  orderItem: { id: string; externalId: string };
  /** The variant given in exchange (exchange lines only). */
  exchangeItem: { quantity: number; product: { name: string } | null; variant: { name: string; sku: string | null } | null } | null;
  refund: { amount: Money; type: string };
  productValueNoTaxNoAdjustment: Wrapped;
  /** The core's cap on an adjustment (the item's value with tax). */
  maxMerchantAdjustment: Money;
  tax: Wrapped;
}

export interface Actor {
  type: string;
  id: string | null;
  name: string | null;
}

export type ReturnAddress = Record<string, string | null>;

export interface ReturnDetail {
  id: string;
  storeId: string;
  /** The core's rule: the order's currency, else the one the return was imported with. */
  currency: string;
  tags: { name: string; source: string }[];
  number: string | null;
  type: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  reopened: boolean;
  allowedActions: string[];
  order: { id: string; name: string };
  source: {
    emailAddress: string | null;
    phoneNumber: string | null;
    name: { given: string; surname: string };
    mailingAddress: ReturnAddress | null;
  };
  items: ReturnItem[];
  totals: { charge: Wrapped; exchange: Wrapped; refund: Wrapped; storeCredit: Wrapped; shippingFee: Wrapped };
  shipment: {
    carrier: string | null;
    status: string | null;
    tracker: string | null;
    trackingUrl: string | null;
    postageLabel: string | null;
    formLabel: string | null;
  } | null;
  /** How it goes back (prepaid label, drop-off code or shipping it yourself); null until one is issued. */
  shipping: { method: string; carrier: string | null; trackingNumber: string | null; dropOffCode: string | null } | null;
  /** The store credit issued as gift cards (the code in full: the dashboard is the staff's). */
  giftCards: { code: string; amount: Money; account: { balance: Money; history: GiftCardEntry[] } }[];
  /** Every money movement the return decided (src/returns/ledger.ts). */
  ledger: LedgerEntry[];
  createdBy: Actor;
  origin: string;
  timeline: { id: string; action: string; fromStatus: string | null; toStatus: string; actor: Actor; detail: string | null; at: string }[];
  comments: { id: string; message: string | null; image: string | null; author: Actor; createdAt: string }[];
  /** Null for an imported return: it has no order. */
  fullOrder: {
    id: string;
    name: string;
    currency: string;
    shippingAddress: ReturnAddress | null;
    billingAddress: ReturnAddress | null;
    items: {
      id: string;
      externalId: string;
      quantity: number;
      price: Money;
      product: { name: string };
      variant: { name: string; sku: string | null };
    }[];
    customerRecord: CustomerReturns | null;
  } | null;
}

export interface LedgerEntry {
  id: string;
  kind: "refund" | "store_credit" | "bonus" | "fee" | "exchange_difference" | "exchange_order" | "restock";
  amount: Money;
  destination: "shop" | "store_credit" | "merchant";
  state: "pending" | "sent" | "failed" | "recorded";
  returnItemId: string | null;
  attempts: number;
  attemptLog: { at: string; ok: boolean; answer: string }[];
  lastError: string | null;
  shopReference: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface CustomerReturns {
  id: string;
  email: string;
  returns: { nodes: { id: string; number: string | null; status: string; createdAt: string }[]; pageInfo: { hasNextPage: boolean } };
}

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{statusLabel(status)}</Badge>;
}

/** "R12" where the core gives a number, else the id (rows written outside the service). */
export const returnLabel = (r: { id: string; number: string | null }) => r.number ?? r.id;
