// The Return's computed fields, as pure functions of the rows: the GraphQL resolvers (resolvers.ts)
// and the `return` topic's payload (payload.ts) both call these, so a REST read and an event agree.
import { money } from "../core/money.js";
import type { LineItemRow, OrderRow } from "../orders/service.js";
import type { ReturnItemRow, ReturnRow } from "./rows.js";
import { returnTotals } from "./totals.js";

type R = ReturnRow;
type I = ReturnItemRow;

export const parseJson = <T>(s: string | null): T | null => (s ? (JSON.parse(s) as T) : null);

export const wrap = (minor: number, currency: string) => ({ amount: money(minor, currency) });

/** An imported return's customer (it has no order). */
export interface ImportedCustomer {
  firstName?: string;
  lastName?: string;
  email?: string;
}

/** An item with its order line (null for an imported item) and its values (service.ts itemValues). */
export interface ItemWithValues {
  item: I;
  line: LineItemRow | null;
  productValue: number;
  tax: number;
  refund: number;
  maxAdjustment: number;
  /** An exchange item's variant (src/returns/exchange.ts); absent otherwise. */
  exchangeItem?: unknown;
}

/** The published Return requires `order`: an imported return, which has none, shows empty strings. */
/**
 * The order of an imported return, which has none, where a published shape requires one (the Return's
 * `order`, REST's order-read, webhook payloads, the warehouse platform's return): written once, here.
 * Empty strings and lists, amounts 0 in the return's currency, placed when the return was created.
 */
export function emptyOrderOf(r: R, currency: string): OrderRow {
  return {
    id: "",
    storeId: r.storeId,
    provider: "",
    externalId: "",
    name: "",
    source: "",
    currency,
    customerId: null,
    customerEmail: null,
    customerPhone: null,
    customerFirstName: "",
    customerLastName: "",
    shippingAddress: null,
    billingAddress: null,
    shippingMethod: null,
    shippingCost: 0,
    discountTotal: 0,
    taxTotal: 0,
    totalPrice: null,
    locationId: null,
    tags: "[]",
    covered: false,
    finalSaleCoverage: false,
    packageProtection: false,
    returnsCoverage: false,
    placedAt: r.createdAt,
    version: 0,
    createdAt: r.createdAt,
    updatedAt: r.createdAt,
    customerRecordId: null,
  };
}

export const orderRefOf = (o: OrderRow | null) => (o ? { id: o.id, name: o.name } : { id: "", name: "" });

export function sourceOf(r: R, o: OrderRow | null) {
  if (!o) {
    const c = parseJson<ImportedCustomer>(r.customer) ?? {};
    const address = parseJson<Record<string, string> & { phone?: string }>(r.shippingAddress);
    return {
      emailAddress: c.email ?? null,
      mailingAddress: address ? postal(address) : null,
      name: { given: c.firstName ?? "", surname: c.lastName ?? "" },
      phoneNumber: address?.phone ?? null,
    };
  }
  return {
    emailAddress: o.customerEmail,
    mailingAddress: parseJson<ReturnType<typeof postal>>(r.shippingAddress),
    name: { given: o.customerFirstName, surname: o.customerLastName },
    phoneNumber: o.customerPhone,
  };
}

export function destinationOf(r: R) {
  const address = parseJson<Record<string, string> & { phone?: string }>(r.merchantAddress);
  return { mailingAddress: address ? postal(address) : null, phoneNumber: address?.phone ?? null };
}

export function protectionOf(o: OrderRow | null) {
  return {
    covered: o?.covered ?? false,
    finalSaleCoverage: o?.finalSaleCoverage ?? false,
    packageProtection: o?.packageProtection ?? false,
    returnsCoverage: o?.returnsCoverage ?? false,
    labelPayer: null,
    labelPayerReason: null,
  };
}

export const compensationMethodsOf = (items: I[]) => [...new Set(items.map((i) => i.compensation))].sort();

export const externalIdsOf = (o: { externalId: string } | null) => (o ? [o.externalId] : []);

export const externalReturnIdsOf = (r: R) => (r.externalReferenceId ? [{ provider: "import", value: r.externalReferenceId }] : []);

export const notesOf = (r: R) => (r.notes ? [{ message: r.notes, image: null }] : []);

/** The return's totals (src/returns/totals.ts, the one rule) in minor units, from its items' values and fee. */
export function totalsMinor(values: ItemWithValues[], ret: { returnFee: number | null; returnFeeOn: string | null }) {
  return returnTotals(
    values.map((v) => ({
      compensation: v.item.compensation,
      status: v.item.status,
      refund: v.refund,
      productValue: v.productValue,
      outcomeTotal: v.item.outcomeTotal,
      exchangeValue: (v.line?.unitPrice ?? 0) * v.item.quantity,
    })),
    ret.returnFee != null && ret.returnFeeOn ? { amount: ret.returnFee, on: ret.returnFeeOn } : null,
  );
}

/** The Return's `totals`, each `{amount: Money}` in the return's currency. */
export function totalsOf(values: ItemWithValues[], currency: string, ret: { returnFee: number | null; returnFeeOn: string | null }) {
  const t = totalsMinor(values, ret);
  return {
    charge: wrap(t.charge, currency),
    exchange: wrap(t.exchange, currency),
    refund: wrap(t.refund, currency),
    storeCredit: wrap(t.storeCredit, currency),
    shippingFee: wrap(t.shippingFee, currency),
  };
}

// ─── An item ──────────────────────────────────────────────────────────────────

/** A return item as the ReturnItem resolvers read it: its row, order line and values, and the currency. */
export type ItemWithCurrency = ItemWithValues & { currency: string };
type V = ItemWithCurrency;

/**
 * Every field of the published ReturnItem, by name, from the item with its line and values: the
 * GraphQL ReturnItem resolvers are these functions, and the payload calls each once.
 */
export const ITEM_FIELDS = {
  id: (v: V) => v.item.id,
  // An imported item has no order line: empty strings, as the published shape requires the ref.
  orderItem: (v: V) => ({ id: v.item.lineItemId ?? "", line_item_id: v.line?.externalId ?? "" }),
  quantity: (v: V) => v.item.quantity,
  reason: (v: V) => v.item.reason,
  reasonCode: (v: V) => v.item.reasonCode,
  customerComment: (v: V) => v.item.customerComment,
  reasons: (v: V) => (v.item.reason ? [v.item.reason] : []),
  reasonCodes: (v: V) => (v.item.reasonCode ? [v.item.reasonCode] : []),
  exchangeItem: (v: V) => v.exchangeItem ?? null,
  grade: (v: V) => v.item.condition ?? null,
  outcome: (v: V) =>
    v.item.status === "rejected" ? "reject" : v.item.restock === true ? "restock" : v.item.restock === false ? "dispose" : null,
  productAdjustment: (v: V) => (v.item.merchantAdjustment != null ? money(v.item.merchantAdjustment, v.currency).amount : null),
  greenReturn: () => false,
  processingImages: (): string[] => [],
  // The shopper's photos (links on this service, from the portal's draft), as written at submit.
  customerImages: (v: V) => (v.item.customerImages ? (JSON.parse(v.item.customerImages) as string[]) : []),
  shipmentGroupIds: (): string[] => [],
  externalReturnLineItemId: () => null,
  productId: (v: V) => v.line?.productId ?? v.item.productId ?? null,
  variantId: (v: V) => v.line?.variantId ?? null,
  sku: (v: V) => v.line?.sku ?? v.item.sku ?? null,
  upc: (v: V) => v.item.barcode ?? null,
  status: (v: V) => v.item.status,
  multipleChoiceQuestions: (): never[] => [],
  assessments: (): never[] => [],
  refund: (v: V) => ({
    amount: money(v.refund, v.currency),
    type: v.item.compensation === "store_credit" ? "store_credit" : "original_payment",
  }),
  productValueNoTaxNoAdjustment: (v: V) => wrap(v.productValue, v.currency),
};

/** The ReturnItem's fields beyond the published shape (the dashboard's, the warehouse platform's). */
export const ITEM_EXTRA_FIELDS = {
  maxMerchantAdjustment: (v: V) => money(v.maxAdjustment, v.currency),
  compensation: (v: V) => v.item.compensation,
  imageUrl: (v: V) => v.line?.imageUrl ?? null,
  title: (v: V) => [v.item.productTitle, v.item.variantTitle].filter(Boolean).join(" · ") || null,
};

/** The published ReturnItem of an item (nulls where the shape drops them). */
export function itemJson(v: V): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(ITEM_FIELDS)) out[key] = field(v);
  return out;
}

/** The Return's fields that are always the same (the merchant API's features Retour has not). */
export const RETURN_CONSTANTS = { completeWithNoAction: false, dropoffs: [] as never[] };

/** A stored address as the Return's mailingAddress (the import's `name`/`phone` are not part of it). */
export function postal(a: Record<string, string>) {
  return {
    line1: a.line1,
    line2: a.line2 ?? "",
    city: a.city,
    state: a.state ?? "",
    postalCode: a.postalCode ?? "",
    country: a.country,
  };
}

export function shipmentOf(r: R) {
  const label = parseJson<{
    trackingNumber: string;
    carrier?: string | null;
    trackingUrl?: string | null;
    postageLabelUrl?: string | null;
    formLabelUrl?: string | null;
  }>(r.label);
  if (!label) return null;
  return {
    carrier: label.carrier ?? null,
    status: "unknown",
    tracker: label.trackingNumber,
    trackingUrl: label.trackingUrl ?? null,
    postageLabel: label.postageLabelUrl ?? null,
    formLabel: label.formLabelUrl ?? null,
    shipmentGroupId: null,
    itemIds: [] as string[],
    externalLocationId: null,
    estimatedDeliveryDate: null,
    deliveredAt: null,
  };
}
