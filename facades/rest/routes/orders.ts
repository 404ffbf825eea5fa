// Orders in (custom order sync, Orders API) and fulfillments over REST v2.2. The Orders API and
// fulfillment routes answer their documented errors as `{ error }` (errorBody); the rest are problems.
// Every rule (protection, totals, weights, the quantity cap) is the order service's; here is renaming.
import { operation } from "../../executor.js";
import { restRoute, RestInputError, RestProblem, type RestRoute, IDEMPOTENCY_KEY } from "../route.js";
import { component, from, List, Nullable, Obj, selectionOf, T, Text, type TSchema } from "../../declare.js";
import { QUANTITY_BOUNDS } from "../../../src/core/bounds.js";
import { AUTOMATION_EVENTS, FULFILLMENT_STATUSES, UPDATABLE_STATUSES } from "../../../src/fulfillments/shapes.js";

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
const total = (field: string) => from(field, Obj({ amount: S }));
/** The Orders API order as read (selected with the core's names; totals become numbers in `respond`). */
const OrderRead = Obj({
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
  subtotalPrice: total("lineItemsTotal"),
  totalDiscount: total("discounts"),
  totalTax: total("taxes"),
  shippingCost: total("shippingCost"),
  totalPrice: total("total"),
  shippingAddress: Opt(AddressOut),
  billingAddress: Opt(AddressOut),
  tags: T.Array(S),
  locationId: Opt(S),
  fulfillments: T.Array(Fulfillment),
});
const TOTALS = ["subtotalPrice", "totalDiscount", "totalTax", "shippingCost", "totalPrice"] as const;
const { shippingAddress: _selectedOnly, ...readFields } = OrderRead.properties;
const OrdersApiOrder = Obj({
  ...readFields,
  ...Object.fromEntries(TOTALS.map((k) => [k, T.Number()])),
  shipping: Obj({ cost: T.Number(), address: Opt(AddressOut) }),
  billingAddress: Opt(AddressOut),
} as Record<string, TSchema>);

const upsertOrder = operation(`mutation RestUpsertOrder($storeId: ID!, $input: OrderInput!, $mode: OrderWriteMode, $key: String) {
  upsertOrder(storeId: $storeId, input: $input, mode: $mode, idempotencyKey: $key) { created replayed order { id externalId } }
}`);
const getOrder = operation(
  `query RestGetOrder($storeId: ID!, $id: String!) { order(storeId: $storeId, id: $id) { ${selectionOf(OrderRead)} } }`,
);
const deleteOrder = operation(
  `mutation RestDeleteOrder($storeId: ID!, $id: String!) { deleteOrder(storeId: $storeId, id: $id) { success orderId externalOrderId } }`,
);
const createFulfillment =
  operation(`mutation RestCreateFulfillment($storeId: ID!, $orderId: String!, $input: FulfillmentInput!, $key: String) {
  createFulfillment(storeId: $storeId, orderId: $orderId, input: $input, idempotencyKey: $key) { success replayed fulfillment { ${FIELDS} } }
}`);
const updateStatus =
  operation(`mutation RestUpdateShipmentStatus($storeId: ID!, $orderId: String!, $fulfillmentId: String!, $input: ShipmentStatusInput!) {
  updateFulfillmentStatus(storeId: $storeId, orderId: $orderId, fulfillmentId: $fulfillmentId, input: $input) { success fulfillment { ${FIELDS} } }
}`);

// ─── Request bodies (the platforms' order JSON: fields this service does not read are allowed) ───

const Open = (properties: Record<string, TSchema>, options: Record<string, unknown> = {}) => T.Object(properties, options);
const MoneyIn = Obj({ amount: Text("short"), currencyCode: Text("short") });
const MoneySetIn = Open({ shopMoney: MoneyIn, presentmentMoney: Opt(MoneyIn) });
const Anything = T.Object({});
const CustomOrder = Open({
  id: Text("id"),
  type: T.String({ enum: ["order"] }),
  name: Opt(Text("short", { description: "Display name; defaults to `id`." })),
  createdAt: DateTime,
  updatedAt: DateTime,
  presentmentCurrency: Text("short"),
  shopCurrency: Text("short"),
  tags: Opt(List(Text("short"), "orderTags")),
  customer: Open({
    email: Text("short"),
    firstName: Text("short"),
    lastName: Text("short"),
    phone: Opt(Text("short")),
    id: Opt(Text("id")),
  }),
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
      vendor: Opt(Text("short")),
    }),
    "orderLineItems",
  ),
  orderDiscounts: List(Anything, "orderCharges"),
  shippingLines: List(Anything, "orderCharges"),
  fulfillments: List(Anything, "orderFulfillments"),
  shippingAddress: Open({
    address1: Text("short"),
    city: Text("short"),
    provinceCode: Text("short"),
    zip: Text("short"),
    countryCode: Text("short"),
  }),
});
const NullableAmount = Nullable(Amount);
const ApiOrder = Open({
  orderId: Text("id"),
  createdAt: DateTime,
  name: Opt(Text("short")),
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
  tags: Opt(List(Text("short"), "orderTags")),
  locationId: Opt(Text("id")),
  totalPrice: Opt(NullableAmount),
  subtotalPrice: Opt(NullableAmount),
  totalTax: Opt(NullableAmount),
  totalDiscount: Opt(NullableAmount),
});
const LocationIn = Nullable(
  Obj({
    city: Nullable(Text("short")),
    state: Nullable(Text("short")),
    country: Nullable(Text("short")),
    postalCode: Nullable(Text("short")),
  }),
);
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
  tracking: Opt(Nullable(Obj({ carrier: Text("short"), code: Text("short") }))),
  useDummyTracking: Opt(T.Boolean()),
  initialTracking: Opt(Nullable(Obj(trackingUpdate(FULFILLMENT_STATUSES)))),
});
const StatusIn = Obj(trackingUpdate([...UPDATABLE_STATUSES, ...AUTOMATION_EVENTS]));

const isObject = (v: unknown): v is Record<string, any> => typeof v === "object" && v !== null && !Array.isArray(v);
const asText = (v: unknown) => (typeof v === "number" ? String(v) : v);
const ADDRESS = ["address1", "address2", "city", "province", "postalCode", "country"];
/** The named fields of a request object, each `null` when absent; `renamed` gives a field's name in the request. */
const nullFields = (x: Record<string, any>, names: string[], renamed: Record<string, string> = {}) =>
  Object.fromEntries(names.map((n) => [n, x[renamed[n] ?? n] ?? null]));

/** A MoneySet's shop money amount, as text. */
function shopAmount(set: unknown, field: string): string {
  const m = isObject(set) ? (set.shopMoney ?? set.presentmentMoney) : undefined;
  if (!isObject(m) || m.amount === undefined)
    throw new RestInputError(`\`${field}.shopMoney.amount\` is required.`, `${field}.shopMoney.amount`);
  return String(m.amount);
}

/** The custom order sync body (the platform's order JSON) as OrderInput. */
function customSyncInput(b: Record<string, any>) {
  const lineItems = b.lineItems.map((li: any, i: number) => {
    return {
      ...nullFields(li, ["variantId", "sku", "variantTitle", "vendor"]),
      id: String(li.id),
      productId: String(li.productId),
      title: li.title,
      imageUrl: li.image ?? (Array.isArray(li.images) ? (li.images[0]?.url ?? null) : null),
      quantity: li.quantity,
      price: shopAmount(li.priceSet, `lineItems[${i}].priceSet`),
      discounts: (li.discounts ?? []).map((d: any, j: number) => shopAmount(d?.amountSet, `lineItems[${i}].discounts[${j}].amountSet`)),
      taxLines: (li.taxLines ?? []).map((t: any, j: number) => shopAmount(t?.priceSet, `lineItems[${i}].taxLines[${j}].priceSet`)),
      weight: isObject(li.weight) ? { value: Number(li.weight.value), unit: String(li.weight.unit) } : null,
      properties: Array.isArray(li.properties)
        ? li.properties.filter(isObject).map((p: any) => ({ name: String(p.name), value: p.value == null ? null : String(p.value) }))
        : null,
    };
  });
  const platform = { province: "provinceCode", postalCode: "zip", country: "countryCode" };
  const address = (x: any) => (isObject(x) ? nullFields(x, [...ADDRESS, "firstName", "lastName", "phone", "company"], platform) : null);
  return {
    orderId: String(b.id),
    provider: "custom",
    name: b.name ?? null,
    placedAt: b.createdAt,
    currency: b.shopCurrency,
    customer: nullFields(b.customer, ["id", "email", "phoneNumber", "firstName", "lastName"], { phoneNumber: "phone" }),
    lineItems,
    orderDiscounts: b.orderDiscounts.map((d: any, j: number) => shopAmount(d?.amountSet, `orderDiscounts[${j}].amountSet`)),
    shippingLines: b.shippingLines.map((s: any, j: number) => ({
      title: s?.title ?? null,
      price: shopAmount(s?.priceSet, `shippingLines[${j}].priceSet`),
      taxLines: (s?.taxLines ?? []).map((t: any, k: number) => shopAmount(t?.priceSet, `shippingLines[${j}].taxLines[${k}].priceSet`)),
    })),
    shippingAddress: address(b.shippingAddress),
    billingAddress: address(b.billingAddress),
    tags: Array.isArray(b.tags) ? b.tags.map(String) : [],
    fulfillments: b.fulfillments.map((f: any) => {
      const tn = Array.isArray(f.trackingNumbers) ? f.trackingNumbers[0] : null;
      return {
        id: String(f.id),
        lineItems: (f.lineItems as any[]).map((l) => ({ id: String(l?.id), quantity: l?.quantity })),
        trackingNumber: tn?.trackingNumber ?? null,
        carrier: tn?.carrier ?? null,
      };
    }),
  };
}

/** The Orders API create body as OrderInput. */
function ordersApiInput(b: Record<string, any>) {
  const lineItems = b.lineItems.map((li: any) => {
    return {
      ...nullFields(li, ["variantId", "sku", "imageUrl"]),
      id: String(li.id),
      productId: String(li.productId),
      title: li.title,
      quantity: li.quantity,
      price: asText(li.price ?? 0),
      discount: asText(li.discount ?? 0),
    };
  });
  const s = isObject(b.shipping) ? b.shipping : {};
  const addr = (x: any) => (isObject(x) ? nullFields(x, ADDRESS) : null);
  return {
    orderId: String(b.orderId),
    provider: b.provider ?? null,
    name: b.name ?? null,
    placedAt: b.createdAt,
    currency: b.currencyCode ?? "USD",
    customer: nullFields(isObject(b.customer) ? b.customer : {}, ["id", "email", "phoneNumber", "name", "firstName", "lastName"]),
    lineItems,
    shippingCost: asText(s.cost ?? null),
    shippingMethod: s.method ?? null,
    shippingAddress: addr(s.address),
    billingAddress: addr(b.billingAddress),
    totalDiscount: asText(b.totalDiscount ?? null),
    totalTax: asText(b.totalTax ?? null),
    totalPrice: asText(b.totalPrice ?? null),
    tags: Array.isArray(b.tags) ? b.tags.map(String) : [],
    locationId: b.locationId ?? null,
  };
}

const tracking = (t: Record<string, any>) => nullFields(t, ["status", "estimatedDeliveryDate", "message", "datetime", "location"]);
const SECRET = "Missing or invalid API secret";
const tags = ["Orders"];

export const ordersRoutes: RestRoute[] = [
  restRoute({
    method: "POST",
    path: "/stores/:storeId/custom/orders",
    operationId: "Custom Order Sync",
    summary: "Push or refresh an order from a custom commerce platform (upsert by `id`)",
    description:
      "Re-sending the same `id` updates the order. Orders synced here have provider `custom`. Amounts are decimal strings in the shop currency (`shopMoney`).",
    tags,
    operation: upsertOrder,
    headers: IDEMPOTENCY_KEY,
    body: CustomOrder,
    errorBody: { statuses: [400, 401, 500] },
    responses: {
      200: {
        description: "Synced",
        schema: Obj({
          message: S,
          orderId: T.String({ description: "Your order id" }),
          internalId: T.String({ description: "The service's order id (ord_…)" }),
        }),
      },
    },
    errors: { 400: "Invalid body", 401: SECRET, 500: "Internal error", 403: "", 404: "" },
    variables: ({ params, body, q }) => ({
      storeId: params.storeId,
      input: customSyncInput(body),
      mode: "UPSERT",
      key: q["Idempotency-Key"] ?? null,
    }),
    respond: ({ upsertOrder: u }) => ({
      status: 200,
      body: { message: u.created ? "Order created" : "Order updated", orderId: u.order.externalId, internalId: u.order.id },
    }),
  }),
  restRoute({
    method: "POST",
    path: "/stores/:storeId/orders",
    operationId: "Order create",
    summary: "Create an order (Orders API)",
    description: "Prices are numbers in major units (79.99). An existing `orderId` (for the same provider) is a 409.",
    tags,
    operation: upsertOrder,
    headers: IDEMPOTENCY_KEY,
    body: ApiOrder,
    errorBody: { statuses: [400, 401, 409] },
    responses: {
      200: {
        description: "Created",
        schema: Obj({ orderId: T.String({ description: "The internal order id (ord_…)" }), externalOrderId: S }),
      },
    },
    errors: { 400: "Invalid body", 401: SECRET, 409: "An order with this orderId already exists", 403: "" },
    variables: ({ params, body, q }) => ({
      storeId: params.storeId,
      input: ordersApiInput(body),
      mode: "CREATE",
      key: q["Idempotency-Key"] ?? null,
    }),
    respond: ({ upsertOrder: u }) => ({ status: 200, body: { orderId: u.order.id, externalOrderId: u.order.externalId } }),
  }),
  restRoute({
    method: "GET",
    path: "/stores/:storeId/orders/:orderId",
    operationId: "Order get",
    summary: "Read an order with its fulfillments and addresses",
    tags,
    operation: getOrder,
    errorBody: { statuses: [401, 404] },
    responses: { 200: { description: "The order", schema: OrdersApiOrder } },
    errors: { 401: SECRET, 404: "Order not found", 403: "" },
    variables: ({ params }) => ({ storeId: params.storeId, id: params.orderId }),
    respond: ({ order }, { params }) => {
      if (!order)
        throw new RestProblem(
          404,
          "orders/not-found",
          "Order not found",
          `Order ${JSON.stringify(params.orderId)} not found in this store.`,
        );
      const totals = Object.fromEntries(TOTALS.map((k) => [k, Number(order[k].amount)]));
      return { status: 200, body: { ...order, ...totals, shipping: { cost: totals.shippingCost, address: order.shippingAddress } } };
    },
  }),
  restRoute({
    method: "DELETE",
    path: "/stores/:storeId/orders/:orderId",
    operationId: "Order delete",
    summary: "Delete an order (external or internal id) with its fulfillments and returns",
    tags,
    operation: deleteOrder,
    errorBody: { statuses: [401, 404] },
    responses: { 200: { description: "Deleted", schema: Obj({ success: T.Boolean(), orderId: S, externalOrderId: S }) } },
    errors: { 401: SECRET, 404: "Order not found", 403: "" },
    variables: ({ params }) => ({ storeId: params.storeId, id: params.orderId }),
    respond: (data) => ({ status: 200, body: data.deleteOrder }),
  }),
  restRoute({
    method: "POST",
    path: "/stores/:storeId/orders/:orderId/fulfillments",
    operationId: "Fulfillment create",
    summary: "Create a fulfillment of line items, with tracking",
    description:
      "Each line item's quantity must not exceed what is still unfulfilled. `useDummyTracking` creates a test tracker (no outbound call) whose first history entry is `initialTracking` (default status `pre_transit`).",
    tags,
    operation: createFulfillment,
    headers: IDEMPOTENCY_KEY,
    body: FulfillmentIn,
    errorBody: { statuses: [400, 401, 404] },
    responses: { 200: { description: "Created", schema: FulfillmentResult } },
    errors: { 400: "Invalid request", 401: SECRET, 404: "Order not found", 403: "" },
    variables: ({ params, body: b, q }) => ({
      storeId: params.storeId,
      orderId: params.orderId,
      key: q["Idempotency-Key"] ?? null,
      input: {
        fulfillmentId: b.fulfillmentId ?? null,
        lineItems: b.lineItems,
        tracking: b.tracking ?? null,
        useDummyTracking: b.useDummyTracking ?? false,
        initialTracking: b.initialTracking ? tracking(b.initialTracking) : null,
      },
    }),
    respond: (data) => ({ status: 200, body: { success: true, fulfillment: data.createFulfillment.fulfillment } }),
  }),
  restRoute({
    method: "POST",
    path: "/stores/:storeId/orders/:orderId/fulfillments/:fulfillmentId/shipment-status",
    operationId: "Fulfillment status update",
    summary: "Push a carrier status or fire an automation event",
    description:
      "A status moves the fulfillment's status and appends to its history (`delivered` sets `deliveredAt`); the events `stalled_in_transit`, `delayed` and `arriving_early` only append history.",
    tags,
    operation: updateStatus,
    body: StatusIn,
    errorBody: { statuses: [400, 401, 404] },
    responses: { 200: { description: "Updated", schema: FulfillmentResult } },
    errors: { 400: "Invalid request", 401: SECRET, 404: "Order or fulfillment not found", 403: "" },
    variables: ({ params, body }) => ({
      storeId: params.storeId,
      orderId: params.orderId,
      fulfillmentId: params.fulfillmentId,
      input: tracking(body),
    }),
    respond: (data) => ({ status: 200, body: { success: true, fulfillment: data.updateFulfillmentStatus.fulfillment } }),
  }),
];
