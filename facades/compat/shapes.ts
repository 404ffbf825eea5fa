// Renders the core's returns as the warehouse platform's objects: ReturnListItem (list), ReturnDetails
// (details), AsnRow (ASN), notes, and its refusal bodies. Pure formatting: every value comes from
// the core (state, compat id, money, timeline); nothing here decides a rule.
import { compatTimestamp, money2 } from "./format.js";

/** The selection every compat read takes of a Return. */
export const COMPAT_RETURN_FIELDS = `
  id compatId compatState type createdAt updatedAt editedAt closedAt warehouseOutcome
  warehouseTotals { product { amount } tax { amount } returnTotal { amount } refund { amount } storeCredit { amount } total { amount } }
  fullOrder {
    id externalId name currency placedAt
    items { id externalId price { amount } product { name externalId } variant { name externalId sku } }
  }
  source { emailAddress mailingAddress { country } }
  items {
    id quantity reason customerComment status restockStatus sku productId variantId
    orderItem { id line_item_id }
    refund { amount { amount } }
    refundBeforeTax { amount }
    refundTax { amount }
    productValueNoTaxNoAdjustment { amount { amount } }
    tax { amount { amount } }
  }
  shipment { carrier status tracker trackingUrl postageLabel }
`;

export interface CoreReturn {
  id: string;
  compatId: number | null;
  compatState: string;
  type: string;
  createdAt: string;
  updatedAt: string;
  editedAt: string | null;
  closedAt: string | null;
  warehouseOutcome: string;
  warehouseTotals: Record<"product" | "tax" | "returnTotal" | "refund" | "storeCredit" | "total", { amount: string }>;
  fullOrder: {
    id: string;
    externalId: string;
    name: string;
    currency: string;
    placedAt: string;
    items: { id: string; externalId: string; price: { amount: string }; product: { name: string; externalId: string | null }; variant: { name: string; externalId: string | null; sku: string | null } }[];
  };
  source: { emailAddress: string | null; mailingAddress: { country: string } | null };
  items: {
    id: string;
    quantity: number;
    reason: string;
    customerComment: string | null;
    status: string;
    restockStatus: string;
    sku: string | null;
    productId: string | null;
    variantId: string | null;
    orderItem: { id: string; line_item_id: string };
    refund: { amount: { amount: string } };
    refundBeforeTax: { amount: string };
    refundTax: { amount: string };
    productValueNoTaxNoAdjustment: { amount: { amount: string } };
    tax: { amount: { amount: string } };
  }[];
  shipment: { carrier: string | null; status: string | null; tracker: string | null; trackingUrl: string | null; postageLabel: string | null } | null;
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
function countryName(code: string | null | undefined): string | null {
  if (!code) return null;
  try {
    return regionNames.of(code.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}

const orderNumber = (name: string) => name.replace(/^#/, "");

function labels(r: CoreReturn) {
  const s = r.shipment;
  return s ? [{ url: s.postageLabel, tracking_number: s.tracker, carrier: s.carrier, status: s.status, rate: null }] : [];
}

function lineItem(r: CoreReturn, item: CoreReturn["items"][number], details: boolean) {
  const orderLine = r.fullOrder.items.find((l) => l.id === item.orderItem.id);
  const base = {
    line_item_id: item.id,
    provider_line_item_id: item.orderItem.line_item_id,
    product_id: item.productId ?? orderLine?.product.externalId ?? null,
    variant_id: item.variantId ?? orderLine?.variant.externalId ?? null,
    sku: item.sku ?? orderLine?.variant.sku ?? null,
    title: orderLine?.product.name ?? "",
    quantity: item.quantity,
    price: money2(item.productValueNoTaxNoAdjustment.amount.amount),
    discount: "0.00",
    tax: money2(item.tax.amount.amount),
    refund: money2(item.refund.amount.amount),
    refund_item: money2(item.refundBeforeTax.amount),
    refund_tax: money2(item.refundTax.amount),
    refund_shipping: "0.00",
    refund_shipping_tax: "0.00",
    returned_at: compatTimestamp(r.createdAt),
    exchange_variant: "",
    return_reason: item.reason,
    parent_return_reason: item.reason,
    return_comment: item.customerComment || "N/A",
    barcode: "",
    outcome: "default",
    provider_restock_location_id: null,
    status: item.status,
  };
  if (!details) return base;
  return { ...base, line_item_title: orderLine?.product.name ?? "", variant_title: orderLine?.variant.name ?? "", image: null };
}

/** ReturnListItem (list: ids as strings) or ReturnDetails (details: `id` a number). */
export function renderReturn(r: CoreReturn, kind: "list" | "details") {
  const t = r.warehouseTotals;
  const country = r.source.mailingAddress?.country ?? null;
  const s = r.shipment;
  const common = {
    service_id: r.id,
    state: r.compatState,
    created_at: compatTimestamp(r.createdAt),
    updated_at: compatTimestamp(r.updatedAt),
    edited_at: compatTimestamp(r.editedAt),
    total: money2(t.total.amount),
    outcome: r.warehouseOutcome,
    order_id: r.fullOrder.id,
    order_name: r.fullOrder.name,
    provider_order_id: r.fullOrder.externalId,
    order_number: orderNumber(r.fullOrder.name),
    provider_order_number: orderNumber(r.fullOrder.name),
    customer: r.source.emailAddress ?? null,
    origin_country: countryName(country),
    origin_country_code: country ? country.toUpperCase() : null,
    multi_currency: false,
    currency: r.fullOrder.currency,
    return_product_total: money2(t.product.amount),
    return_discount_total: "0.00",
    return_tax_total: money2(t.tax.amount),
    return_total: money2(t.returnTotal.amount),
    refund_shipping_total: "0.00",
    refund_shipping_tax_total: "0.00",
    return_credit_total: money2(t.storeCredit.amount),
    exchange_product_total: "0.00",
    exchange_discount_total: "0.00",
    exchange_tax_total: "0.00",
    exchange_total: "0.00",
    exchange_credit_total: "0.00",
    exchange: "0.00",
    gift_card: money2(t.storeCredit.amount),
    gift_card_order_name: null,
    gift_card_order_id: null,
    handling_fee: "0.00",
    refund: money2(t.refund.amount),
    upsell: "0.00",
    line_items: r.items.map((i) => lineItem(r, i, kind === "details")),
    exchanges: [],
    carrier: s?.carrier ?? null,
    tracking_number: s?.tracker ?? null,
    label_status: s?.status ?? null,
    label_url: s?.postageLabel ?? null,
    label_rate: null,
    status_page_url: null,
    label_updated_at: null,
    destination_id: null,
    return_method: null,
    package_reference: null,
    type: r.type === "warranty" ? "warranty" : "standard",
    labels: labels(r),
  };
  if (kind === "list") return { id: String(r.compatId ?? ""), ...common };
  return { id: r.compatId, ...common, exchange_order_name: null, exchange_order_id: null, refunds: [] };
}

/** AsnRow: one per returned line item, with its order and return data. */
export function renderAsnRows(r: CoreReturn) {
  const s = r.shipment;
  return r.items.map((item) => {
    const orderLine = r.fullOrder.items.find((l) => l.id === item.orderItem.id);
    return {
      id: r.compatId,
      service_id: r.id,
      return_line_item_id: item.id,
      order_id: r.fullOrder.id,
      order_name: r.fullOrder.name,
      order_number: orderNumber(r.fullOrder.name),
      provider_order_number: orderNumber(r.fullOrder.name),
      state: r.compatState,
      customer_email: r.source.emailAddress ?? null,
      title: orderLine?.product.name ?? "",
      purchase_price: money2(orderLine?.price.amount),
      sku: item.sku ?? orderLine?.variant.sku ?? null,
      barcode: null,
      carrier: s?.carrier ?? null,
      service: null,
      label_status: s?.status ?? null,
      tracking_number: s?.tracker ?? null,
      integration_tracking_url: s?.trackingUrl ?? null,
      restock_status: item.restockStatus,
      currency: r.fullOrder.currency,
      label_updated_at: null,
      label_url: s?.postageLabel ?? null,
      label_rate: null,
      closed_at: compatTimestamp(r.closedAt),
      updated_at: compatTimestamp(r.updatedAt),
      created_at: compatTimestamp(r.createdAt),
      return_reason: item.reason,
      actioned_by: null,
      return_method: null,
      return_method_rma_code: null,
      return_method_state: null,
      date_delivered: null,
      outcome: r.warehouseOutcome,
      scannable_id: null,
      package_reference: null,
      shipping_box_barcode: null,
      provider_created_at: compatTimestamp(r.fullOrder.placedAt),
      destination_id: null,
      destination_name: null,
      destination_address1: null,
      destination_address2: null,
      destination_city: null,
      destination_state: null,
      destination_zip: null,
      consolidation_tracking: null,
    };
  });
}

// ─── Refusals: the platform's bodies, all with HTTP 200 except remove's and note's 422s ─────────

export const NOT_FOUND_BODY = { errors: { message: "No return found with this ID." } };
export const DETAILS_NOT_FOUND_BODY = { error: { message: "No return found with this ID." } };

export interface CoreRefusal {
  code: string;
  state: string | null;
  message: string;
}

export function refusalResponse(r: CoreRefusal): { status: number; body: unknown } {
  switch (r.code) {
    case "NOT_FOUND":
      return { status: 200, body: NOT_FOUND_BODY };
    case "UNPROCESSABLE_STATE":
      return { status: 200, body: { errors: { message: r.message, code: "UNPROCESSABLE_RETURN" } } };
    case "FLAGGED":
      return { status: 200, body: { errors: { message: r.message, code: "UNPROCESSABLE_FLAGGED_RETURN" } } };
    case "CANCELLED":
    case "IN_REVIEW":
      return { status: 200, body: { message: r.message } };
    case "EXPIRED":
    case "FLAGGED_CANCEL":
      return { status: 200, body: { content: r.message } };
    case "LINE_ITEM_ID_REQUIRED":
      return { status: 422, body: { error: { message: r.message } } };
    case "CANNOT_MODIFY":
    case "NONE_QUALIFY":
    case "NOT_ALL_QUALIFY":
      return { status: 422, body: { message: r.message } };
    case "INVALID_CONTENT":
      return { status: 422, body: { errors: { message: r.message } } };
    default:
      return { status: 500, body: { errors: { message: "An unexpected error occurred.", code: "UNEXPECTED_ERROR" } } };
  }
}
