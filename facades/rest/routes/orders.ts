// Orders in (custom order sync, Orders API) and fulfillments over REST v2.2. The Orders API and
// fulfillment routes answer their documented errors as `{ error }` (errorBody); the rest are problems.
// Every rule (protection, totals, weights, the quantity cap) is the order service's; here is renaming.
import { admitted } from "../../door.js";
import { operation } from "../../executor.js";
import { declareRoutes, IDEMPOTENCY_KEY, notFound, RestInputError } from "../route.js";
import { component, from, List, Nullable, Obj, selectionOf, T, Text, type TSchema } from "../../declare.js";
import { QUANTITY_BOUNDS } from "../../../src/core/bounds.js";
import { AUTOMATION_EVENTS, FULFILLMENT_STATUSES, UPDATABLE_STATUSES } from "../../../src/fulfillments/shapes.js";
import type * as gen from "../../codegen/operations.js";

const Opt = T.Optional;
const S = T.String();
const NS = Nullable(T.String());
const DateTime = T.String({ format: "date-time" });
const Amount = T.Number({ minimum: 0 });
const LineQuantity = T.Integer({ minimum: 1, maximum: QUANTITY_BOUNDS.lineItem });

const Fulfillment = component(
  "Fulfillment",
  Obj({
    id: S,
    createdAt: DateTime,
    lineItems: T.Array(Obj({ id: S, quantity: T.Integer(), title: S, productId: S, variantId: NS, sku: NS })),
    status: T.String({ enum: FULFILLMENT_STATUSES }),
    trackingHistory: T.Array(
      Obj({ message: S, status: S, datetime: DateTime, location: Opt(Obj({ city: NS, state: NS, country: NS, postalCode: NS })) }),
    ),
    trackingCompany: NS,
    trackingNumber: NS,
    estimatedDeliveryDate: Nullable(T.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" })),
    deliveredAt: Nullable(DateTime),
  }),
);
const FulfillmentResult = Obj({ success: T.Boolean({ const: true }), fulfillment: Fulfillment });
const FIELDS = selectionOf(Fulfillment);

const AddressOut = Obj({ address1: Opt(S), address2: Opt(S), city: Opt(S), province: Opt(S), postalCode: Opt(S), country: Opt(S) });
/** The Orders API's totals (numbers) and the core's Money fields they are read from. */
const TOTALS = {
  subtotalPrice: "lineItemsTotal",
  totalDiscount: "discounts",
  totalTax: "taxes",
  shippingCost: "shippingCost",
  totalPrice: "total",
};
const totals = (schema: (coreField: string) => TSchema) => Object.fromEntries(Object.entries(TOTALS).map(([k, f]) => [k, schema(f)]));
/** The Orders API order, as its read selects it with the core's names (`respond` turns totals into numbers, groups shipping). */
const orderFields = {
  id: S,
  orderId: from("externalId", S),
  name: S,
  provider: S,
  createdAt: from("placedAt", DateTime),
  currencyCode: from("currency", S),
  customer: from("customerDetails", Obj({ id: NS, email: NS, phoneNumber: NS, name: NS, firstName: NS, lastName: NS })),
  lineItems: T.Array(
    Obj({
      id: S,
      productId: S,
      variantId: Opt(S),
      sku: Opt(S),
      title: S,
      quantity: T.Integer(),
      price: T.Number(),
      discount: T.Number(),
      imageUrl: Opt(S),
    }),
  ),
  ...totals(() => T.Number()),
  billingAddress: Opt(AddressOut),
  tags: T.Array(S),
  locationId: Opt(S),
  fulfillments: T.Array(Fulfillment),
};
const OrderRead = Obj({ ...orderFields, ...totals((f) => from(f, Obj({ amount: S }))), shippingAddress: Opt(AddressOut) });
const OrdersApiOrder = Obj({ ...orderFields, shipping: Obj({ cost: T.Number(), address: Opt(AddressOut) }) });

const upsertOrder =
  operation<gen.RestUpsertOrderMutation>(`mutation RestUpsertOrder($storeId: ID!, $input: OrderInput!, $mode: OrderWriteMode, $key: String) {
  upsertOrder(storeId: $storeId, input: $input, mode: $mode, idempotencyKey: $key) { created replayed order { id externalId } }
}`);
const getOrder = operation<gen.RestGetOrderQuery>(
  `query RestGetOrder($storeId: ID!, $id: String!) { order(storeId: $storeId, id: $id) { ${selectionOf(OrderRead)} } }`,
);
const deleteOrder = operation<gen.RestDeleteOrderMutation>(
  `mutation RestDeleteOrder($storeId: ID!, $id: String!) { deleteOrder(storeId: $storeId, id: $id) { success orderId externalOrderId } }`,
);
const createFulfillment =
  operation<gen.RestCreateFulfillmentMutation>(`mutation RestCreateFulfillment($storeId: ID!, $orderId: String!, $input: FulfillmentInput!, $key: String) {
  createFulfillment(storeId: $storeId, orderId: $orderId, input: $input, idempotencyKey: $key) { success replayed fulfillment { ${FIELDS} } }
}`);
const updateStatus =
  operation<gen.RestUpdateShipmentStatusMutation>(`mutation RestUpdateShipmentStatus($storeId: ID!, $orderId: String!, $fulfillmentId: String!, $input: ShipmentStatusInput!) {
  updateFulfillmentStatus(storeId: $storeId, orderId: $orderId, fulfillmentId: $fulfillmentId, input: $input) { success fulfillment { ${FIELDS} } }
}`);

// ─── Request bodies (the platforms' order JSON: fields this service does not read are allowed) ───

const Open = (properties: Record<string, TSchema>, options: Record<string, unknown> = {}) => T.Object(properties, options);
const Short = Text("short");
const MoneyIn = Obj({ amount: Short, currencyCode: Short });
const MoneySetIn = Open({ shopMoney: MoneyIn, presentmentMoney: Opt(MoneyIn) });
const Anything = T.Object({});
const CustomOrder = Open({
  id: Text("id"),
  type: T.String({ enum: ["order"] }),
  name: Opt(Text("short", { description: "Display name; defaults to `id`." })),
  createdAt: DateTime,
  updatedAt: DateTime,
  presentmentCurrency: Short,
  shopCurrency: Short,
  tags: Opt(List(Short, "orderTags")),
  customer: Open({ email: Short, firstName: Short, lastName: Short, phone: Opt(Short), id: Opt(Text("id")) }),
  lineItems: List(
    Open({
      id: Text("id"),
      quantity: LineQuantity,
      priceSet: MoneySetIn,
      title: Text("title"),
      productId: Text("id"),
      sku: Text("id"),
      variantId: Opt(Text("id")),
      variantTitle: Opt(Text("title")),
      vendor: Opt(Short),
    }),
    "orderLineItems",
  ),
  orderDiscounts: List(Anything, "orderCharges"),
  shippingLines: List(Anything, "orderCharges"),
  fulfillments: List(Anything, "orderFulfillments"),
  shippingAddress: Open({ address1: Short, city: Short, provinceCode: Short, zip: Short, countryCode: Short }),
});
const NullableAmount = Nullable(Amount);
const ApiOrder = Open({
  orderId: Text("id"),
  createdAt: DateTime,
  name: Opt(Short),
  provider: Opt(Text("short", { default: "custom" })),
  currencyCode: Opt(Text("short", { default: "USD" })),
  lineItems: List(
    Open({
      id: Text("id"),
      productId: Text("id"),
      title: Text("title"),
      quantity: LineQuantity,
      variantId: Opt(Text("id")),
      sku: Opt(Text("id")),
      price: Opt(Amount),
      discount: Opt(Amount),
      imageUrl: Opt(Text("url")),
    }),
    "orderLineItems",
    { minItems: 1 },
  ),
  customer: Opt(Anything),
  shipping: Opt(Open({ cost: Opt(NullableAmount) })),
  billingAddress: Opt(Anything),
  tags: Opt(List(Short, "orderTags")),
  locationId: Opt(Text("id")),
  totalPrice: Opt(NullableAmount),
  subtotalPrice: Opt(NullableAmount),
  totalTax: Opt(NullableAmount),
  totalDiscount: Opt(NullableAmount),
});
const NShort = Nullable(Short);
const LocationIn = Nullable(Obj({ city: NShort, state: NShort, country: NShort, postalCode: NShort }));
const trackingUpdate = (statuses: readonly string[]) => ({
  status: T.String({ enum: statuses }),
  estimatedDeliveryDate: Opt(Nullable(DateTime)),
  message: Opt(Nullable(Text("note"))),
  datetime: Opt(Nullable(DateTime)),
  location: Opt(LocationIn),
});
const FulfillmentIn = Obj({
  fulfillmentId: Opt(Text("id")),
  lineItems: List(Obj({ id: Text("id"), quantity: LineQuantity }), "fulfillmentLineItems", { minItems: 1 }),
  tracking: Opt(Nullable(Obj({ carrier: Short, code: Short }))),
  useDummyTracking: Opt(T.Boolean()),
  initialTracking: Opt(Nullable(Obj(trackingUpdate(FULFILLMENT_STATUSES)))),
});
const StatusIn = Obj(trackingUpdate([...UPDATABLE_STATUSES, ...AUTOMATION_EVENTS]));

/** A request object as parsed JSON (validated against the route's schema before it is renamed here). */
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
/** An object field, or an empty object; a list field, or an empty list. */
const objectOf = (v: unknown): Json => (isObject(v) ? v : {});
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asText = (v: unknown) => (typeof v === "number" ? String(v) : v);
const ADDRESS = ["address1", "address2", "city", "province", "postalCode", "country"];
/** The named fields of a request object, each `null` when absent; `renamed` gives a field's name in the request. */
const nullFields = (x: unknown, names: string[], renamed: Record<string, string> = {}) =>
  Object.fromEntries(names.map((n) => [n, objectOf(x)[renamed[n] ?? n] ?? null]));

/** A MoneySet's shop money amount, as text. */
function shopAmount(set: unknown, field: string): string {
  const m = isObject(set) ? (set.shopMoney ?? set.presentmentMoney) : undefined;
  if (!isObject(m) || m.amount === undefined)
    throw new RestInputError(`\`${field}.shopMoney.amount\` is required.`, `${field}.shopMoney.amount`);
  return String(m.amount);
}
/** The amounts of a list of charges the platform may leave out (`key` names each one's MoneySet). */
const shopAmounts = (list: unknown, key: string, field: string) =>
  listOf(list).map((x, j) => shopAmount(objectOf(x)[key], `${field}[${j}].${key}`));

/** The custom order sync body (the platform's order JSON) as OrderInput. */
function customSyncInput(b: Json) {
  const platform = { province: "provinceCode", postalCode: "zip", country: "countryCode" };
  const address = (x: unknown) => (isObject(x) ? nullFields(x, [...ADDRESS, "firstName", "lastName", "phone", "company"], platform) : null);
  return {
    ...nullFields(b, ["orderId", "name", "placedAt", "currency", "tags"], {
      orderId: "id",
      placedAt: "createdAt",
      currency: "shopCurrency",
    }),
    provider: "custom",
    customer: nullFields(b.customer, ["id", "email", "phoneNumber", "firstName", "lastName"], { phoneNumber: "phone" }),
    lineItems: listOf(b.lineItems)
      .map(objectOf)
      .map((li, i) => {
        const weight = isObject(li.weight) ? li.weight : null;
        return {
          ...nullFields(li, ["id", "productId", "title", "quantity", "variantId", "sku", "variantTitle", "vendor"]),
          imageUrl: li.image ?? (Array.isArray(li.images) ? (objectOf(li.images[0]).url ?? null) : null),
          price: shopAmount(li.priceSet, `lineItems[${i}].priceSet`),
          discounts: shopAmounts(li.discounts, "amountSet", `lineItems[${i}].discounts`),
          taxLines: shopAmounts(li.taxLines, "priceSet", `lineItems[${i}].taxLines`),
          weight: weight ? { value: Number(weight.value), unit: String(weight.unit) } : null,
          properties: Array.isArray(li.properties)
            ? li.properties.filter(isObject).map((p) => ({ name: String(p.name), value: p.value == null ? null : String(p.value) }))
            : null,
        };
      }),
    orderDiscounts: shopAmounts(b.orderDiscounts, "amountSet", "orderDiscounts"),
    shippingLines: listOf(b.shippingLines)
      .map(objectOf)
      .map((s, j) => ({
        title: s.title ?? null,
        price: shopAmount(s.priceSet, `shippingLines[${j}].priceSet`),
        taxLines: shopAmounts(s.taxLines, "priceSet", `shippingLines[${j}].taxLines`),
      })),
    shippingAddress: address(b.shippingAddress),
    billingAddress: address(b.billingAddress),
    fulfillments: listOf(b.fulfillments)
      .map(objectOf)
      .map((f) => {
        const tn = objectOf(listOf(f.trackingNumbers)[0]);
        const lineItems = listOf(f.lineItems)
          .map(objectOf)
          .map((l) => ({ id: String(l.id), quantity: l.quantity }));
        return { id: String(f.id), lineItems, trackingNumber: tn.trackingNumber ?? null, carrier: tn.carrier ?? null };
      }),
  };
}

/** The Orders API create body as OrderInput. */
function ordersApiInput(b: Json) {
  const s = objectOf(b.shipping);
  const address = (x: unknown) => (isObject(x) ? nullFields(x, ADDRESS) : null);
  return {
    ...nullFields(b, ["orderId", "provider", "name", "placedAt", "tags", "locationId"], { placedAt: "createdAt" }),
    currency: b.currencyCode ?? "USD",
    customer: nullFields(b.customer, ["id", "email", "phoneNumber", "name", "firstName", "lastName"]),
    lineItems: listOf(b.lineItems)
      .map(objectOf)
      .map((li) => ({
        ...nullFields(li, ["id", "productId", "title", "quantity", "variantId", "sku", "imageUrl"]),
        price: asText(li.price ?? 0),
        discount: asText(li.discount ?? 0),
      })),
    shippingCost: asText(s.cost ?? null),
    shippingMethod: s.method ?? null,
    shippingAddress: address(s.address),
    billingAddress: address(b.billingAddress),
    totalDiscount: asText(b.totalDiscount ?? null),
    totalTax: asText(b.totalTax ?? null),
    totalPrice: asText(b.totalPrice ?? null),
  };
}

const SECRET = "Missing or invalid API secret";

export const ordersRoutes = declareRoutes("Orders", [
  {
    method: "POST",
    path: "/stores/:storeId/custom/orders",
    operationId: "Custom Order Sync",
    summary: "Push or refresh an order from a custom commerce platform (upsert by `id`)",
    description:
      "Re-sending the same `id` updates the order. Orders synced here have provider `custom`. Amounts are decimal strings in the shop currency (`shopMoney`).",
    operation: upsertOrder,
    headers: IDEMPOTENCY_KEY,
    body: CustomOrder,
    errorBody: { 400: "Invalid body", 401: SECRET, 500: "Internal error" },
    responses: {
      200: {
        description: "Synced",
        schema: Obj({
          message: S,
          orderId: T.String({ description: "Your order id" }),
          redoId: T.String({ description: "The service's order id (ord_…), under the reference's key" }),
        }),
      },
    },
    variables: ({ params, body, q }) => ({
      storeId: params.storeId,
      input: customSyncInput(admitted<Json>(body)),
      mode: "UPSERT",
      key: q["Idempotency-Key"] ?? null,
    }),
    respond: ({ upsertOrder: u }) => ({
      status: 200,
      body: { message: u.created ? "Order created" : "Order updated", orderId: u.order.externalId, redoId: u.order.id },
    }),
  },
  {
    method: "POST",
    path: "/stores/:storeId/orders",
    operationId: "Order create",
    summary: "Create an order (Orders API)",
    description: "Prices are numbers in major units (79.99). An existing `orderId` (for the same provider) is a 409.",
    operation: upsertOrder,
    headers: IDEMPOTENCY_KEY,
    body: ApiOrder,
    errorBody: { 400: "Invalid body", 401: SECRET, 409: "An order with this orderId already exists" },
    responses: {
      200: {
        description: "Created",
        schema: Obj({ orderId: T.String({ description: "The internal order id (ord_…)" }), externalOrderId: S }),
      },
    },
    variables: ({ params, body, q }) => ({
      storeId: params.storeId,
      input: ordersApiInput(admitted<Json>(body)),
      mode: "CREATE",
      key: q["Idempotency-Key"] ?? null,
    }),
    respond: ({ upsertOrder: u }) => ({ status: 200, body: { orderId: u.order.id, externalOrderId: u.order.externalId } }),
  },
  {
    method: "GET",
    path: "/stores/:storeId/orders/:orderId",
    operationId: "Order get",
    summary: "Read an order with its fulfillments and addresses",
    operation: getOrder,
    errorBody: { 401: SECRET, 404: "Order not found" },
    responses: { 200: { description: "The order", schema: OrdersApiOrder } },
    variables: ({ params }) => ({ storeId: params.storeId, id: params.orderId }),
    respond: ({ order }, { params }) => {
      if (!order) throw notFound("orders", "Order", `Order ${JSON.stringify(params.orderId)} not found in this store.`);
      const numbers = Object.fromEntries((Object.keys(TOTALS) as (keyof typeof TOTALS)[]).map((k) => [k, Number(order[k].amount)]));
      return { status: 200, body: { ...order, ...numbers, shipping: { cost: numbers.shippingCost, address: order.shippingAddress } } };
    },
  },
  {
    method: "DELETE",
    path: "/stores/:storeId/orders/:orderId",
    operationId: "Order delete",
    summary: "Delete an order (external or internal id) with its fulfillments and returns",
    operation: deleteOrder,
    errorBody: { 401: SECRET, 404: "Order not found" },
    responses: { 200: { description: "Deleted", schema: Obj({ success: T.Boolean(), orderId: S, externalOrderId: S }) } },
    variables: ({ params }) => ({ storeId: params.storeId, id: params.orderId }),
    respond: (data) => ({ status: 200, body: data.deleteOrder }),
  },
  {
    method: "POST",
    path: "/stores/:storeId/orders/:orderId/fulfillments",
    operationId: "Fulfillment create",
    summary: "Create a fulfillment of line items, with tracking",
    description:
      "Each line item's quantity must not exceed what is still unfulfilled. `useDummyTracking` creates a test tracker (no outbound call) whose first history entry is `initialTracking` (default status `pre_transit`).",
    operation: createFulfillment,
    headers: IDEMPOTENCY_KEY,
    body: FulfillmentIn,
    errorBody: { 400: "Invalid request", 401: SECRET, 404: "Order not found" },
    responses: { 200: { description: "Created", schema: FulfillmentResult } },
    variables: ({ params, body, q }) => ({
      storeId: params.storeId,
      orderId: params.orderId,
      key: q["Idempotency-Key"] ?? null,
      input: body, // FulfillmentInput, field for field
    }),
    respond: (data) => ({ status: 200, body: { success: true, fulfillment: data.createFulfillment.fulfillment } }),
  },
  {
    method: "POST",
    path: "/stores/:storeId/orders/:orderId/fulfillments/:fulfillmentId/shipment-status",
    operationId: "Fulfillment status update",
    summary: "Push a carrier status or fire an automation event",
    description:
      "A status moves the fulfillment's status and appends to its history (`delivered` sets `deliveredAt`); the events `stalled_in_transit`, `delayed` and `arriving_early` only append history.",
    operation: updateStatus,
    body: StatusIn,
    errorBody: { 400: "Invalid request", 401: SECRET, 404: "Order or fulfillment not found" },
    responses: { 200: { description: "Updated", schema: FulfillmentResult } },
    variables: ({ params, body }) => ({
      storeId: params.storeId,
      orderId: params.orderId,
      fulfillmentId: params.fulfillmentId,
      // Absent is null: an update that leaves out `estimatedDeliveryDate` clears it.
      input: nullFields(body, ["status", "estimatedDeliveryDate", "message", "datetime", "location"]),
    }),
    respond: (data) => ({ status: 200, body: { success: true, fulfillment: data.updateFulfillmentStatus.fulfillment } }),
  },
]);
