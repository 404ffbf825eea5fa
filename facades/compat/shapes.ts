// The warehouse platform's objects on its door (warehouse-compat-api.md §4): the selection the door reads, the
// schema that documents and serialises each object, and the refusal bodies. The renaming of the core's Return
// into them is the integration's (src/warehouse/platform-return.ts, re-exported here), shared with the webhook
// the core sends. Fields the reference types as `x | null` are null without a value; the others are absent.
// Every value, total and date comes from the core (src/warehouse/rules.ts).
import { T, Obj, component, Nullable, type TSchema } from "../declare.js";
import { MONEY_KEYS } from "../../src/warehouse/platform-return.js";

export { type CoreReturn, renderAsnRows, renderReturn } from "../../src/warehouse/platform-return.js";

/** The selection every compat read takes of a Return. */
export const COMPAT_RETURN_FIELDS = `
  id compatId compatState type createdAt updatedAt editedAt closedAt warehouseOutcome statusPageUrl
  warehouseTotals { product { amount } tax { amount } returnTotal { amount } refund { amount } storeCredit { amount } total { amount } }
  publishedOrder {
    id externalId name currency placedAt
    items { id price { amount } product { name externalId } variant { name externalId sku } }
  }
  source { emailAddress mailingAddress { country } }
  totals { refund { amount { currency } } exchange { amount { amount } } charge { amount { amount } } }
  exchange { order { externalId } items { id quantity variant { externalId sku } product { name externalId } price { amount } } }
  items {
    id quantity reason customerComment status restockStatus sku productId variantId imageUrl
    orderItem { id externalId }
    refund { amount { amount } }
    refundBeforeTax { amount }
    refundTax { amount }
    productValueNoTaxNoAdjustment { amount { amount } }
    tax { amount { amount } }
  }
  shipment { carrier status tracker trackingUrl postageLabel }
`;

// ─── Schemas ──────────────────────────────────────────────────────────────────

const S = T.String();
const OptS = T.Optional(S);
const NS = Nullable(S);
const Money = T.String({ pattern: "^-?\\d+\\.\\d{2}$" });
const Ts = T.String({ pattern: "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$" });
const NTs = Nullable(Ts);
export const STATES = ["open", "closed", "cancelled", "expired", "review"];
const State = T.String({ enum: STATES });
const Outcome = T.String({ enum: ["exchange", "upsell", "refund", "credit", "exchange+refund", "exchange+credit", "credit+refund"] });

const lineItemFields = {
  line_item_id: S,
  provider_line_item_id: S,
  product_id: OptS,
  variant_id: OptS,
  sku: OptS,
  title: S,
  quantity: T.Integer(),
  price: Money,
  discount: Money,
  tax: Money,
  refund: Money,
  refund_item: Money,
  refund_tax: Money,
  refund_shipping: Money,
  refund_shipping_tax: Money,
  returned_at: Ts,
  exchange_variant: S,
  return_reason: S,
  parent_return_reason: S,
  return_comment: S,
  barcode: S,
  outcome: S,
  provider_restock_location_id: T.String({ description: "The shop's restock location: Retour knows none, so it is empty." }),
  status: T.String({ description: "Our item status: open, processed, rejected or complete." }),
};
const LineItem = component("LineItem", Obj(lineItemFields));
const DetailsLineItem = component("DetailsLineItem", Obj({ ...lineItemFields, line_item_title: S, variant_title: S, image: OptS }));

const returnFields = (lineItem: TSchema) => ({
  service_id: T.String({ description: "Our return id." }),
  state: State,
  created_at: Ts,
  updated_at: Ts,
  edited_at: NTs,
  total: Money,
  outcome: Outcome,
  order_id: S,
  order_name: S,
  provider_order_id: S,
  order_number: S,
  provider_order_number: S,
  customer: OptS,
  origin_country: OptS,
  origin_country_code: OptS,
  multi_currency: T.Boolean(),
  currency: S,
  ...Object.fromEntries(MONEY_KEYS.map((k) => [k, Money])),
  gift_card_order_name: NS,
  gift_card_order_id: NS,
  line_items: T.Array(lineItem),
  exchanges: T.Array(
    Obj({
      exchange_id: S,
      exchange_order_id: NS,
      exchange_order_name: NS,
      product_id: S,
      variant_id: S,
      sku: S,
      type: S,
      title: S,
      price: Money,
      discount: Money,
      tax: Money,
      total: Money,
      out_of_stock: T.Boolean(),
      out_of_stock_resolution: NS,
    }),
  ),
  carrier: NS,
  tracking_number: NS,
  label_status: NS,
  label_url: NS,
  label_rate: NS,
  status_page_url: NS,
  label_updated_at: NTs,
  destination_id: T.Integer({ description: "Always 0: a store has one destination, its return address, with no platform id." }),
  return_method: Nullable(T.Object({})),
  package_reference: NS,
  type: T.String({ enum: ["standard", "warranty"] }),
  labels: T.Array(Obj({ url: NS, tracking_number: NS, carrier: NS, status: NS, rate: NS })),
});

export const ReturnListItem = component(
  "ReturnListItem",
  Obj({ id: T.String({ description: "The compat id, as a string." }), ...returnFields(LineItem) }),
);
export const ReturnDetails = component(
  "ReturnDetails",
  Obj({
    id: Nullable(T.Integer({ description: "The compat id." })),
    ...returnFields(DetailsLineItem),
    exchange_order_name: NS,
    exchange_order_id: NS,
    refunds: T.Array(T.Object({})),
  }),
);
export const ReturnList = T.Array(ReturnListItem);
export const ReturnListPage = component(
  "ReturnListPage",
  Obj({ returns: ReturnList, nextPageUrl: Nullable(T.String({ format: "uri" })), previousPageUrl: Nullable(T.String({ format: "uri" })) }),
);

const ASN_TEXTS = [
  "customer_email",
  "sku",
  "barcode",
  "carrier",
  "service",
  "label_status",
  "tracking_number",
  "integration_tracking_url",
  "label_url",
  "label_rate",
  "actioned_by",
  "return_method",
  "return_method_rma_code",
  "return_method_state",
  "date_delivered",
  "scannable_id",
  "package_reference",
  "shipping_box_barcode",
  "destination_id",
  "destination_name",
  "destination_address1",
  "destination_address2",
  "destination_city",
  "destination_state",
  "destination_zip",
  "consolidation_tracking",
] as const;
export const AsnRows = T.Array(
  component(
    "AsnRow",
    Obj({
      id: Nullable(T.Integer({ description: "The return's compat id (one row per line item: not unique)." })),
      service_id: S,
      return_line_item_id: S,
      order_id: S,
      order_name: S,
      order_number: S,
      provider_order_number: S,
      state: State,
      title: S,
      purchase_price: Money,
      restock_status: S,
      currency: S,
      return_reason: S,
      outcome: Outcome,
      closed_at: T.Optional(Ts),
      label_updated_at: T.Optional(Ts),
      updated_at: Ts,
      created_at: Ts,
      provider_created_at: Ts,
      ...Object.fromEntries(ASN_TEXTS.map((k) => [k, OptS])),
    }),
  ),
);
export const Notes = T.Array(component("Note", Obj({ id: T.Integer(), content: S, created_at: Ts })), { minItems: 1 });

// ─── Refusals: the platform's bodies, all with HTTP 200 except remove's and note's 422s ─────────

export const NOT_FOUND_BODY = { errors: { message: "No return found with this ID." } };
export const DETAILS_NOT_FOUND_BODY = { error: { message: "No return found with this ID." } };
export const UNEXPECTED_BODY = { errors: { message: "An unexpected error occurred.", code: "UNEXPECTED_ERROR" } };

const Message = (m: TSchema = S) => Obj({ message: m });
export const REFUSALS = {
  Success: component("Success", T.Literal(true, { description: "The JSON boolean true." })),
  NotFound: component("NotFound", Obj({ errors: Message(T.Literal("No return found with this ID.")) })),
  DetailsNotFound: component("DetailsNotFound", Obj({ error: Message(T.Literal("No return found with this ID.")) })),
  UnprocessableState: component(
    "UnprocessableStateReturn",
    Obj({ errors: Obj({ message: S, code: T.String({ enum: ["UNPROCESSABLE_RETURN", "UNPROCESSABLE_FLAGGED_RETURN"] }) }) }),
  ),
  Message: component("MessageRefusal", Message()),
  Content: component("ContentRefusal", Obj({ content: S })),
  ErrorMessage: component("ErrorMessage", Obj({ error: Message() })),
  ErrorsMessage: component("ErrorsMessage", Obj({ errors: Message() })),
  Validation: component(
    "Validation",
    Obj({ message: S, errors: T.Record(T.String(), T.Array(S)) }, { description: "Laravel's validation envelope: errors by field." }),
  ),
  Gateway: component(
    "GatewayError",
    Obj({ error: Obj({ code: S, http_code: S, message: S }) }, { description: "401 `GEN-UNAUTHORIZED` / 403 `GEN-FORBIDDEN`." }),
  ),
  TooMany: component("TooMany", Message()),
  Unexpected: component("Unexpected", Obj({ errors: Obj({ message: S, code: OptS }) })),
};

export interface CoreRefusal {
  code: string;
  state: string | null;
  message: string;
}

/** The platform's status and body for each refusal of the core (src/warehouse/rules.ts). */
const REFUSAL_BODIES: Record<string, [number, (message: string) => unknown]> = {
  NOT_FOUND: [200, () => NOT_FOUND_BODY],
  UNPROCESSABLE_STATE: [200, (message) => ({ errors: { message, code: "UNPROCESSABLE_RETURN" } })],
  FLAGGED: [200, (message) => ({ errors: { message, code: "UNPROCESSABLE_FLAGGED_RETURN" } })],
  CANCELLED: [200, (message) => ({ message })],
  IN_REVIEW: [200, (message) => ({ message })],
  EXPIRED: [200, (content) => ({ content })],
  FLAGGED_CANCEL: [200, (content) => ({ content })],
  LINE_ITEM_ID_REQUIRED: [422, (message) => ({ error: { message } })],
  CANNOT_MODIFY: [422, (message) => ({ message })],
  NONE_QUALIFY: [422, (message) => ({ message })],
  NOT_ALL_QUALIFY: [422, (message) => ({ message })],
  INVALID_CONTENT: [422, (message) => ({ errors: { message } })],
};

export function refusalResponse(r: CoreRefusal): { status: number; body: unknown } {
  const [status, body] = REFUSAL_BODIES[r.code] ?? [500, () => UNEXPECTED_BODY];
  return { status, body: body(r.message) };
}
