// The warehouse platform's return objects, written once for the whole integration: the list and details
// objects its door answers (facades/compat reads them through GraphQL, COMPAT_RETURN_FIELDS, and renders
// them here), the ASN rows, and the `return` topic's webhook object, which the webhooks domain sends with
// no door in the way (webhook-format.ts renders it from the rows: return-object.ts). Every value, total and
// date comes from the core (rules.ts, values.ts); here are only the platform's names and formats.
import { compatTimestamp, money2 } from "./platform-format.js";
import { labelStatusOf } from "./states.js";

/** An amount as the core writes it: exact decimal text. */
interface Amount {
  amount: string;
}

/** A returned item as the door's selection (COMPAT_RETURN_FIELDS) and return-object.ts read it. */
export interface CoreItem {
  id: string;
  quantity: number;
  reason: string;
  customerComment: string | null;
  status: string;
  restockStatus: string;
  sku: string | null;
  productId: string | null;
  variantId: string | null;
  imageUrl: string | null;
  orderItem: { id: string; externalId: string };
  refund: { amount: Amount };
  refundBeforeTax: Amount;
  refundTax: Amount;
  productValueNoTaxNoAdjustment: { amount: Amount };
  tax: { amount: Amount };
}

/** A line of the return's order. */
interface CoreOrderLine {
  id: string;
  price: Amount;
  product: { name: string; externalId: string | null };
  variant: { name: string; externalId: string | null; sku: string | null };
}

/**
 * The core's Return as the door's selection (COMPAT_RETURN_FIELDS, typed by its generated operations) and
 * return-object.ts (from the rows, for the webhook topics) give it: both are checked against this type by the
 * compiler. The webhook's selection adds the customer's name, address and phone and the return's status.
 */
export interface CoreReturn {
  id: string;
  compatId: number | null;
  compatState: string;
  status?: string;
  type: string;
  createdAt: string;
  updatedAt: string;
  editedAt: string | null;
  closedAt: string | null;
  warehouseOutcome: string;
  statusPageUrl: string | null;
  warehouseTotals: { product: Amount; tax: Amount; returnTotal: Amount; refund: Amount; storeCredit: Amount; total: Amount };
  publishedOrder: { id: string; externalId: string; name: string; currency: string; placedAt: string; items: CoreOrderLine[] };
  source: {
    emailAddress: string | null;
    mailingAddress: {
      country: string;
      line1?: string | null;
      line2?: string | null;
      city?: string | null;
      state?: string | null;
      postalCode?: string | null;
    } | null;
    name?: { given: string; surname: string } | null;
    phoneNumber?: string | null;
  };
  totals: { exchange: { amount: Amount }; charge: { amount: Amount } };
  exchange: {
    order: { externalId: string | null } | null;
    items: {
      id: string;
      quantity: number;
      variant: { externalId: string | null; sku: string | null };
      product: { name: string; externalId: string | null } | null;
      price: Amount | null;
    }[];
  } | null;
  items: CoreItem[];
  shipment: {
    carrier: string | null;
    status: string | null;
    tracker: string | null;
    trackingUrl: string | null;
    postageLabel: string | null;
  } | null;
}

/** The platform's money keys of a return (zero unless a value says otherwise); its door's schema lists them too. */
export const MONEY_KEYS = [
  "return_product_total",
  "return_discount_total",
  "return_tax_total",
  "return_total",
  "refund_shipping_total",
  "refund_shipping_tax_total",
  "return_credit_total",
  "exchange_product_total",
  "exchange_discount_total",
  "exchange_tax_total",
  "exchange_total",
  "exchange_credit_total",
  "exchange",
  "gift_card",
  "handling_fee",
  "refund",
  "upsell",
] as const;

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
function countryName(code: string | null | undefined): string | null {
  try {
    return code ? (regionNames.of(code.toUpperCase()) ?? null) : null;
  } catch {
    return null;
  }
}

const orderNumber = (name: string) => name.replace(/^#/, "");
/** The return's order; the core's empty one for an imported return (which has none). */
const orderOf = (r: CoreReturn) => r.publishedOrder;
const orderLine = (r: CoreReturn, item: CoreItem) => orderOf(r).items.find((l) => l.id === item.orderItem.id);

function lineItem(r: CoreReturn, item: CoreItem, details: boolean) {
  const line = orderLine(r, item);
  const base = {
    line_item_id: item.id,
    provider_line_item_id: item.orderItem.externalId,
    product_id: item.productId ?? line?.product.externalId,
    variant_id: item.variantId ?? line?.variant.externalId,
    sku: item.sku ?? line?.variant.sku,
    title: line?.product.name ?? "",
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
    provider_restock_location_id: "",
    status: item.status,
  };
  return details
    ? { ...base, line_item_title: line?.product.name ?? "", variant_title: line?.variant.name ?? "", image: item.imageUrl }
    : base;
}

/** ReturnListItem (list: ids as strings) or ReturnDetails (details: `id` a number). */
export function renderReturn(r: CoreReturn, kind: "list"): ReturnType<typeof commonOf> & { id: string };
export function renderReturn(r: CoreReturn, kind: "details"): ReturnType<typeof detailsOf>;
export function renderReturn(r: CoreReturn, kind: "list" | "details") {
  return kind === "list" ? { id: String(r.compatId ?? ""), ...commonOf(r, false) } : detailsOf(r);
}

function detailsOf(r: CoreReturn) {
  return {
    id: r.compatId,
    ...commonOf(r, true),
    exchange_order_name: null,
    exchange_order_id: r.exchange?.order?.externalId ?? null,
    refunds: [],
  };
}

/** What the list and details objects share (the details' line items carry their titles and image). */
function commonOf(r: CoreReturn, details: boolean) {
  const t = r.warehouseTotals;
  const country = r.source.mailingAddress?.country;
  const s = r.shipment;
  const zero = Object.fromEntries(MONEY_KEYS.map((k) => [k, "0.00"])) as Record<(typeof MONEY_KEYS)[number], string>;
  const common = {
    service_id: r.id,
    state: r.compatState,
    created_at: compatTimestamp(r.createdAt),
    updated_at: compatTimestamp(r.updatedAt),
    edited_at: compatTimestamp(r.editedAt),
    total: money2(t.total.amount),
    outcome: r.warehouseOutcome,
    order_id: orderOf(r).id,
    order_name: orderOf(r).name,
    provider_order_id: orderOf(r).externalId,
    order_number: orderNumber(orderOf(r).name),
    provider_order_number: orderNumber(orderOf(r).name),
    customer: r.source.emailAddress,
    origin_country: countryName(country),
    origin_country_code: country?.toUpperCase(),
    multi_currency: false,
    currency: orderOf(r).currency,
    ...zero,
    return_product_total: money2(t.product.amount),
    return_tax_total: money2(t.tax.amount),
    return_total: money2(t.returnTotal.amount),
    return_credit_total: money2(t.storeCredit.amount),
    gift_card: money2(t.storeCredit.amount),
    refund: money2(t.refund.amount),
    // The exchanged goods and the fee the shopper pays beyond the payouts: the Return's own totals.
    exchange: money2(r.totals.exchange.amount.amount),
    exchange_product_total: money2(r.totals.exchange.amount.amount),
    exchange_total: money2(r.totals.exchange.amount.amount),
    handling_fee: money2(r.totals.charge.amount.amount),
    gift_card_order_name: null,
    gift_card_order_id: null,
    line_items: r.items.map((i) => lineItem(r, i, details)),
    exchanges: exchangesOf(r),
    carrier: s?.carrier ?? null,
    tracking_number: s?.tracker ?? null,
    label_status: s?.status ?? null,
    label_url: s?.postageLabel ?? null,
    label_rate: null,
    // The shopper's status page (the core's signed link from PUBLIC_URL; null without it or a portal).
    status_page_url: r.statusPageUrl ?? null,
    label_updated_at: null,
    destination_id: 0,
    return_method: null,
    package_reference: null,
    type: r.type === "warranty" ? "warranty" : "standard",
    labels: s ? [{ url: s.postageLabel, tracking_number: s.tracker, carrier: s.carrier, status: s.status, rate: null }] : [],
  };
  return common;
}

/** The platform's `exchanges`: one per exchanged unit (its price, the held variant; held, so never out of stock). */
function exchangesOf(r: CoreReturn) {
  const order = r.exchange?.order?.externalId ?? null;
  return (r.exchange?.items ?? []).flatMap((i) =>
    Array.from({ length: i.quantity }, (_, k) => ({
      exchange_id: i.quantity > 1 ? `${i.id}-${k + 1}` : i.id,
      exchange_order_id: order,
      exchange_order_name: null,
      product_id: i.product?.externalId ?? "",
      variant_id: i.variant.externalId ?? "",
      sku: i.variant.sku ?? "",
      type: "exchange",
      title: i.product?.name ?? "",
      price: money2(i.price?.amount ?? "0.00"),
      discount: "0.00",
      tax: "0.00",
      total: money2(i.price?.amount ?? "0.00"),
      out_of_stock: false,
      out_of_stock_resolution: null,
    })),
  );
}

/** AsnRow: one per returned line item, with its order and return data. */
export function renderAsnRows(r: CoreReturn) {
  const s = r.shipment;
  return r.items.map((item) => ({
    id: r.compatId,
    service_id: r.id,
    return_line_item_id: item.id,
    order_id: orderOf(r).id,
    order_name: orderOf(r).name,
    order_number: orderNumber(orderOf(r).name),
    provider_order_number: orderNumber(orderOf(r).name),
    state: r.compatState,
    customer_email: r.source.emailAddress,
    title: orderLine(r, item)?.product.name ?? "",
    purchase_price: money2(orderLine(r, item)?.price.amount),
    sku: item.sku ?? orderLine(r, item)?.variant.sku,
    carrier: s?.carrier,
    label_status: s?.status,
    tracking_number: s?.tracker,
    integration_tracking_url: s?.trackingUrl,
    label_url: s?.postageLabel,
    restock_status: item.restockStatus,
    currency: orderOf(r).currency,
    closed_at: compatTimestamp(r.closedAt),
    updated_at: compatTimestamp(r.updatedAt),
    created_at: compatTimestamp(r.createdAt),
    return_reason: item.reason,
    outcome: r.warehouseOutcome,
    provider_created_at: compatTimestamp(orderOf(r).placedAt),
  }));
}

// ─── The `return` topic's webhook object (§3.1) ──────────────────────────────

/** The platform's webhook timestamp: `YYYY-MM-DDTHH:MM:SS+00:00` (its real deliveries), from the door's UTC text. */
const webhookTime = (t: string | null | undefined) => (t ? `${t.replace(" ", "T")}+00:00` : null);

/**
 * The `return` topic's object: the compat list object (ids as strings, money as strings, line items
 * with `returned_at` `YYYY-MM-DD HH:MM:SS`), its keys in the reference's order, its timestamps in the
 * webhook format, plus `shop_id`, `customer_detail`, `address`, `is_gift_return`, `refunds` and the
 * label fields' "N/A"; the list object's other keys follow (extra keys are harmless to consumers).
 */
export function renderWebhookReturn(r: CoreReturn, shopId: number): Record<string, unknown> {
  const list = renderReturn(r, "list");
  const name = r.source?.name ?? { given: "", surname: "" };
  const a = r.source?.mailingAddress;
  const providerNumber = /^\d{1,15}$/.test(list.provider_order_number) ? Number(list.provider_order_number) : null;
  const head = {
    shop_id: shopId,
    id: list.id,
    state: list.state,
    created_at: webhookTime(list.created_at),
    edited_at: webhookTime(list.edited_at),
    total: list.total,
    order_id: list.order_id,
    order_name: list.order_name,
    provider_order_id: list.provider_order_id,
    order_number: list.order_number,
    provider_order_number: providerNumber,
    customer: list.customer ?? "",
    customer_detail: { email: list.customer ?? "", first_name: name.given, middle_name: "", last_name: name.surname },
    address: {
      name: `${name.given} ${name.surname}`.trim(),
      company: "",
      address1: a?.line1 ?? "",
      address2: a?.line2 ?? "",
      city: a?.city ?? "",
      state: a?.state ?? "",
      zip: a?.postalCode ?? "",
      country: list.origin_country ?? "",
      country_code: list.origin_country_code ?? "",
      phone: r.source?.phoneNumber ?? "",
    },
    currency: list.currency,
    return_product_total: list.return_product_total,
    return_discount_total: list.return_discount_total,
    return_tax_total: list.return_tax_total,
    return_total: list.return_total,
    return_credit_total: list.return_credit_total,
    status_page_url: list.status_page_url,
    exchange_product_total: list.exchange_product_total,
    exchange_discount_total: list.exchange_discount_total,
    exchange_tax_total: list.exchange_tax_total,
    exchange_total: list.exchange_total,
    exchange_credit_total: list.exchange_credit_total,
    gift_card: list.gift_card,
    handling_fee: list.handling_fee,
    refund: list.refund,
    upsell: list.upsell,
    is_gift_return: false,
    // Retour records no gateway refunds (refunds are paid outside it): always empty.
    refunds: [],
    labels: list.labels,
    line_items: list.line_items,
    exchanges: list.exchanges,
    carrier: list.carrier ?? "N/A",
    tracking_number: list.tracking_number ?? "N/A",
    label_status: list.label_status ?? "N/A",
    label_updated_at: webhookTime(list.label_updated_at),
    updated_at: webhookTime(list.updated_at),
  };
  const rest = Object.fromEntries(Object.entries(list).filter(([k]) => !(k in head)));
  return { ...head, ...rest };
}

// ─── The `label` topic's webhook object (§3.3) ───────────────────────────────

/**
 * The `label` topic's object: the return's id (as the `return` topic writes it), its order's ids, the label's
 * carrier and tracking number, `label_status` from the return's status (states.ts), `label_updated_at` the
 * moment of the event, `shipment_id` Retour's shipping record (null for a label given with the return);
 * `updated_at` too, which a known consumer reads to tell deliveries apart (reference §4).
 */
export function renderWebhookLabel(r: CoreReturn & { status: string }, shopId: number, label: { at: Date; shipmentId: string | null }) {
  const s = r.shipment;
  const at = webhookTime(compatTimestamp(label.at));
  return {
    shop_id: shopId,
    id: String(r.compatId ?? ""),
    order_id: orderOf(r).id,
    provider_order_id: orderOf(r).externalId,
    carrier: s?.carrier ?? "N/A",
    tracking_number: s?.tracker ?? "N/A",
    label_status: s ? labelStatusOf(r.status) : "N/A",
    label_updated_at: at,
    shipment_id: label.shipmentId,
    updated_at: at,
  };
}
