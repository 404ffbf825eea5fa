// Orders in (custom order sync, Orders API) and fulfillments over REST v2.2. The Orders API and
// fulfillment routes answer their documented errors as `{ error }` (errorBody); the rest are problems.
import { operation } from "../../executor.js";
import { RestInputError, RestProblem, type RestRoute, type LegacyRoute } from "../route.js";
import { problemResponses, type OpenApiFragment } from "../openapi-common.js";
import { arr, bool, dateTime, errorResponses, int, json, list, nullable, num, obj, pathParam, ref, type Schema, str, text } from "../schema-helpers.js";
import { LIST_BOUNDS, pastListBound } from "../../../src/core/bounds.js";

const FULFILLMENT_FIELDS = `id createdAt status trackingCompany trackingNumber estimatedDeliveryDate deliveredAt
  lineItems { id quantity title productId variantId sku }
  trackingHistory { message status datetime location { city state country postalCode } }`;

const upsertOrder = operation(`mutation RestUpsertOrder($storeId: ID!, $input: OrderInput!, $mode: OrderWriteMode, $key: String) {
  upsertOrder(storeId: $storeId, input: $input, mode: $mode, idempotencyKey: $key) { created replayed order { id externalId } }
}`);

const getOrder = operation(`query RestGetOrder($storeId: ID!, $id: String!) {
  order(storeId: $storeId, id: $id) {
    id externalId name provider placedAt currency tags locationId
    customerDetails { id email phoneNumber name firstName lastName }
    lineItems { id productId variantId sku title quantity price discount imageUrl }
    lineItemsTotal { amount } discounts { amount } taxes { amount } shippingCost { amount } total { amount }
    fulfillments { ${FULFILLMENT_FIELDS} }
  }
}`);

const deleteOrder = operation(`mutation RestDeleteOrder($storeId: ID!, $id: String!) { deleteOrder(storeId: $storeId, id: $id) { success orderId externalOrderId } }`);

const createFulfillment = operation(`mutation RestCreateFulfillment($storeId: ID!, $orderId: String!, $input: FulfillmentInput!, $key: String) {
  createFulfillment(storeId: $storeId, orderId: $orderId, input: $input, idempotencyKey: $key) { success replayed fulfillment { ${FULFILLMENT_FIELDS} } }
}`);

const updateStatus = operation(`mutation RestUpdateShipmentStatus($storeId: ID!, $orderId: String!, $fulfillmentId: String!, $input: ShipmentStatusInput!) {
  updateFulfillmentStatus(storeId: $storeId, orderId: $orderId, fulfillmentId: $fulfillmentId, input: $input) { success fulfillment { ${FULFILLMENT_FIELDS} } }
}`);

const isObject = (v: unknown): v is Record<string, any> => typeof v === "object" && v !== null && !Array.isArray(v);
const asText = (v: unknown) => (typeof v === "number" ? String(v) : v);

function requireFields(o: Record<string, unknown>, fields: string[], prefix = "") {
  for (const f of fields) if (o[f] === undefined || o[f] === null) throw new RestInputError(`\`${prefix}${f}\` is required.`, `${prefix}${f}`);
}

/** A MoneySet's shop money amount, as text. */
function shopAmount(set: unknown, field: string): string {
  const m = isObject(set) ? (set.shopMoney ?? set.presentmentMoney) : undefined;
  if (!isObject(m) || m.amount === undefined) throw new RestInputError(`\`${field}.shopMoney.amount\` is required.`, `${field}.shopMoney.amount`);
  return String(m.amount);
}

/** Sums decimal texts exactly (as integers of 1e-6), for adding a line's discounts / tax lines. */
function sumAmounts(amounts: string[]): string | null {
  if (!amounts.length) return null;
  const micro = amounts.reduce((s, a) => {
    const m = /^(-?)(\d+)(?:\.(\d{0,6}))?$/.exec(a.trim());
    if (!m) throw new RestInputError(`Amount ${JSON.stringify(a)} is not a decimal number.`);
    const v = BigInt(m[2] + (m[3] ?? "").padEnd(6, "0"));
    return s + (m[1] ? -v : v);
  }, 0n);
  const neg = micro < 0n;
  const abs = (neg ? -micro : micro).toString().padStart(7, "0");
  return `${neg ? "-" : ""}${abs.slice(0, -6)}.${abs.slice(-6)}`.replace(/\.?0+$/, "") || "0";
}

const PROTECTION_TYPES: Record<string, string[]> = { return: ["returnsCoverage"], returns: ["returnsCoverage"], "package protection": ["packageProtection"], both: ["returnsCoverage", "packageProtection"] };

/** The custom order sync body (the platform's order JSON) as OrderInput. */
function customSyncInput(b: Record<string, any>) {
  requireFields(b, ["id", "type", "createdAt", "presentmentCurrency", "shopCurrency", "customer", "lineItems", "orderDiscounts", "shippingLines", "fulfillments", "shippingAddress", "updatedAt"]);
  if (b.type !== "order") throw new RestInputError("`type` must be \"order\".", "type");
  if (!Array.isArray(b.lineItems)) throw new RestInputError("`lineItems` must be an array.", "lineItems");
  for (const k of ["orderDiscounts", "shippingLines", "fulfillments"]) if (!Array.isArray(b[k])) throw new RestInputError(`\`${k}\` must be an array.`, k);
  // Summed here into the order's totals, so never seen by the core: bounded where they are read.
  for (const k of ["orderDiscounts", "shippingLines"]) if (b[k].length > LIST_BOUNDS.orderCharges) throw new RestInputError(`\`${k}\` ${pastListBound(b[k].length, LIST_BOUNDS.orderCharges)}.`, k);
  requireFields(b.customer, ["email", "firstName", "lastName"], "customer.");
  requireFields(b.shippingAddress, ["address1", "city", "provinceCode", "zip", "countryCode"], "shippingAddress.");
  const protection: Record<string, boolean> = {};
  const lineItems = b.lineItems.map((li: any, i: number) => {
    if (!isObject(li)) throw new RestInputError(`\`lineItems[${i}]\` must be an object.`, `lineItems[${i}]`);
    requireFields(li, ["id", "quantity", "priceSet", "title", "productId", "sku"], `lineItems[${i}].`);
    const props: any[] = Array.isArray(li.properties) ? li.properties : [];
    const redoType = props.find((p) => p?.name === "_redo_type")?.value;
    if (li.vendor === "re:do" || li.sku === "x-redo" || redoType) {
      for (const flag of PROTECTION_TYPES[String(redoType ?? "both")] ?? []) protection[flag] = true;
      protection.covered = true;
    }
    const weight = isObject(li.weight) ? li.weight : null;
    const grams = weight ? Number(weight.value) * ({ g: 1, kg: 1000, lb: 453.59237, oz: 28.349523125 } as Record<string, number>)[String(weight.unit).toLowerCase()] : null;
    return {
      id: String(li.id),
      productId: String(li.productId),
      variantId: li.variantId ?? null,
      sku: li.sku ?? null,
      title: li.title,
      variantTitle: li.variantTitle ?? null,
      vendor: li.vendor ?? null,
      imageUrl: li.image ?? (Array.isArray(li.images) ? (li.images[0]?.url ?? null) : null),
      quantity: li.quantity,
      price: shopAmount(li.priceSet, `lineItems[${i}].priceSet`),
      discount: sumAmounts((li.discounts ?? []).map((d: any, j: number) => shopAmount(d?.amountSet, `lineItems[${i}].discounts[${j}].amountSet`))),
      tax: sumAmounts((li.taxLines ?? []).map((t: any, j: number) => shopAmount(t?.priceSet, `lineItems[${i}].taxLines[${j}].priceSet`))),
      weightGrams: grams != null && Number.isFinite(grams) ? grams : null,
    };
  });
  const lineDiscounts = lineItems.map((l: any) => l.discount).filter(Boolean);
  const orderDiscounts = b.orderDiscounts.map((d: any, j: number) => shopAmount(d?.amountSet, `orderDiscounts[${j}].amountSet`));
  const shipping = b.shippingLines.map((s: any, j: number) => shopAmount(s?.priceSet, `shippingLines[${j}].priceSet`));
  const shippingTax = b.shippingLines.flatMap((s: any, j: number) => (s?.taxLines ?? []).map((t: any, k: number) => shopAmount(t?.priceSet, `shippingLines[${j}].taxLines[${k}].priceSet`)));
  const lineTax = lineItems.map((l: any) => l.tax).filter(Boolean);
  const a = b.shippingAddress;
  const address = (x: any) =>
    isObject(x) ? { address1: x.address1 ?? null, address2: x.address2 ?? null, city: x.city ?? null, province: x.provinceCode ?? null, postalCode: x.zip ?? null, country: x.countryCode ?? null, firstName: x.firstName ?? null, lastName: x.lastName ?? null, phone: x.phone ?? null, company: x.company ?? null } : null;
  return {
    orderId: String(b.id),
    provider: "custom",
    name: b.name ?? null,
    placedAt: b.createdAt,
    currency: b.shopCurrency,
    customer: { id: b.customer.id ?? null, email: b.customer.email, phoneNumber: b.customer.phone ?? null, firstName: b.customer.firstName, lastName: b.customer.lastName },
    lineItems,
    shippingCost: sumAmounts(shipping) ?? "0",
    shippingMethod: b.shippingLines[0]?.title ?? null,
    shippingAddress: address(a),
    billingAddress: address(b.billingAddress),
    totalDiscount: sumAmounts([...lineDiscounts, ...orderDiscounts]) ?? "0",
    totalTax: sumAmounts([...lineTax, ...shippingTax]) ?? "0",
    tags: Array.isArray(b.tags) ? b.tags.map(String) : [],
    protection,
    fulfillments: b.fulfillments.map((f: any, j: number) => {
      requireFields(f, ["id", "lineItems"], `fulfillments[${j}].`);
      const tn = Array.isArray(f.trackingNumbers) ? f.trackingNumbers[0] : null;
      return { id: String(f.id), lineItems: (f.lineItems as any[]).map((l) => ({ id: String(l?.id), quantity: l?.quantity })), trackingNumber: tn?.trackingNumber ?? null, carrier: tn?.carrier ?? null };
    }),
  };
}

/** The Orders API create body as OrderInput. */
function ordersApiInput(b: Record<string, any>) {
  requireFields(b, ["orderId", "createdAt", "lineItems"]);
  if (!Array.isArray(b.lineItems) || !b.lineItems.length) throw new RestInputError("`lineItems` must hold at least one line item.", "lineItems");
  const lineItems = b.lineItems.map((li: any, i: number) => {
    if (!isObject(li)) throw new RestInputError(`\`lineItems[${i}]\` must be an object.`, `lineItems[${i}]`);
    requireFields(li, ["id", "productId", "title", "quantity"], `lineItems[${i}].`);
    if (!Number.isInteger(li.quantity) || li.quantity < 1 || li.quantity > 1000) throw new RestInputError(`\`lineItems[${i}].quantity\` must be an integer from 1 to 1000.`, `lineItems[${i}].quantity`);
    for (const k of ["price", "discount"]) if (li[k] != null && (typeof li[k] !== "number" || li[k] < 0)) throw new RestInputError(`\`lineItems[${i}].${k}\` must be a number ≥ 0.`, `lineItems[${i}].${k}`);
    return { id: String(li.id), productId: String(li.productId), variantId: li.variantId ?? null, sku: li.sku ?? null, title: li.title, quantity: li.quantity, price: asText(li.price ?? 0), discount: asText(li.discount ?? 0), imageUrl: li.imageUrl ?? null };
  });
  for (const k of ["totalPrice", "subtotalPrice", "totalTax", "totalDiscount"]) if (b[k] != null && (typeof b[k] !== "number" || b[k] < 0)) throw new RestInputError(`\`${k}\` must be a number ≥ 0 or null.`, k);
  const c = isObject(b.customer) ? b.customer : {};
  const s = isObject(b.shipping) ? b.shipping : {};
  if (s.cost != null && (typeof s.cost !== "number" || s.cost < 0)) throw new RestInputError("`shipping.cost` must be a number ≥ 0.", "shipping.cost");
  const addr = (x: any) => (isObject(x) ? { address1: x.address1 ?? null, address2: x.address2 ?? null, city: x.city ?? null, province: x.province ?? null, postalCode: x.postalCode ?? null, country: x.country ?? null } : null);
  return {
    orderId: String(b.orderId),
    provider: b.provider ?? null,
    name: b.name ?? null,
    placedAt: b.createdAt,
    currency: b.currencyCode ?? "USD",
    customer: { id: c.id ?? null, email: c.email ?? null, phoneNumber: c.phoneNumber ?? null, name: c.name ?? null, firstName: c.firstName ?? null, lastName: c.lastName ?? null },
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

function bodyObject(body: unknown): Record<string, any> {
  if (!isObject(body)) throw new RestInputError("The body must be a JSON object.");
  return body;
}

function fulfillmentOut(f: Record<string, unknown>) {
  return f;
}

export const ordersRoutes: LegacyRoute[] = [
  {
    method: "POST",
    path: "/stores/:storeId/custom/orders",
    operationId: "Custom Order Sync",
    scope: "orders_write",
    operation: upsertOrder,
    errorBody: { statuses: [400, 401, 500] },
    variables: ({ params, body, header }) => ({ storeId: params.storeId, input: customSyncInput(bodyObject(body)), mode: "UPSERT", key: header("idempotency-key") ?? null }),
    respond: (data) => {
      const u = data.upsertOrder;
      return { status: 200, body: { message: u.created ? "Order created" : "Order updated", orderId: u.order.externalId, internalId: u.order.id } };
    },
  },
  {
    method: "POST",
    path: "/stores/:storeId/orders",
    operationId: "Order create",
    scope: "orders_write",
    operation: upsertOrder,
    errorBody: { statuses: [400, 401, 409] },
    variables: ({ params, body, header }) => ({ storeId: params.storeId, input: ordersApiInput(bodyObject(body)), mode: "CREATE", key: header("idempotency-key") ?? null }),
    respond: (data) => ({ status: 200, body: { orderId: data.upsertOrder.order.id, externalOrderId: data.upsertOrder.order.externalId } }),
  },
  {
    method: "GET",
    path: "/stores/:storeId/orders/:orderId",
    operationId: "Order get",
    scope: "orders_read",
    operation: getOrder,
    errorBody: { statuses: [401, 404] },
    variables: ({ params }) => ({ storeId: params.storeId, id: params.orderId }),
    respond: (data, { params }) => {
      const o = data.order;
      if (!o) throw new RestProblem(404, "orders/not-found", "Order not found", `Order ${JSON.stringify(params.orderId)} not found in this store.`);
      const n = (m: { amount: string }) => Number(m.amount);
      return {
        status: 200,
        body: {
          id: o.id,
          orderId: o.externalId,
          name: o.name,
          provider: o.provider,
          createdAt: o.placedAt,
          currencyCode: o.currency,
          customer: o.customerDetails,
          lineItems: o.lineItems,
          subtotalPrice: n(o.lineItemsTotal),
          totalDiscount: n(o.discounts),
          totalTax: n(o.taxes),
          shippingCost: n(o.shippingCost),
          totalPrice: n(o.total),
          tags: o.tags,
          locationId: o.locationId,
          fulfillments: o.fulfillments.map(fulfillmentOut),
        },
      };
    },
  },
  {
    method: "DELETE",
    path: "/stores/:storeId/orders/:orderId",
    operationId: "Order delete",
    scope: "orders_write",
    operation: deleteOrder,
    errorBody: { statuses: [401, 404] },
    variables: ({ params }) => ({ storeId: params.storeId, id: params.orderId }),
    respond: (data) => ({ status: 200, body: data.deleteOrder }),
  },
  {
    method: "POST",
    path: "/stores/:storeId/orders/:orderId/fulfillments",
    operationId: "Fulfillment create",
    scope: "orders_write",
    operation: createFulfillment,
    errorBody: { statuses: [400, 401, 404] },
    variables: ({ params, body, header }) => {
      const b = bodyObject(body);
      const it = b.initialTracking;
      return {
        storeId: params.storeId,
        orderId: params.orderId,
        key: header("idempotency-key") ?? null,
        input: {
          fulfillmentId: b.fulfillmentId ?? null,
          lineItems: Array.isArray(b.lineItems) ? b.lineItems.map((l: any) => (isObject(l) ? { id: l.id, quantity: l.quantity } : l)) : b.lineItems,
          tracking: b.tracking ?? null,
          useDummyTracking: b.useDummyTracking ?? false,
          initialTracking: it === undefined || it === null ? null : isObject(it) ? { status: it.status, estimatedDeliveryDate: it.estimatedDeliveryDate ?? null, message: it.message ?? null, datetime: it.datetime ?? null, location: it.location ?? null } : it,
        },
      };
    },
    respond: (data) => ({ status: 200, body: { success: true, fulfillment: fulfillmentOut(data.createFulfillment.fulfillment) } }),
  },
  {
    method: "POST",
    path: "/stores/:storeId/orders/:orderId/fulfillments/:fulfillmentId/shipment-status",
    operationId: "Fulfillment status update",
    scope: "orders_write",
    operation: updateStatus,
    errorBody: { statuses: [400, 401, 404] },
    variables: ({ params, body }) => {
      const b = bodyObject(body);
      return {
        storeId: params.storeId,
        orderId: params.orderId,
        fulfillmentId: params.fulfillmentId,
        input: { status: b.status, estimatedDeliveryDate: b.estimatedDeliveryDate ?? null, message: b.message ?? null, datetime: b.datetime ?? null, location: b.location ?? null },
      };
    },
    respond: (data) => ({ status: 200, body: { success: true, fulfillment: fulfillmentOut(data.updateFulfillmentStatus.fulfillment) } }),
  },
];

// ─── OpenAPI ──────────────────────────────────────────────────────────────────

const ns = nullable(str);
const FULFILLMENT_STATUSES = ["pre_transit", "unknown", "in_transit", "out_for_delivery", "available_for_pickup", "delivered", "return_to_sender", "failure", "cancelled", "error"];
const location = obj({ city: ns, state: ns, country: ns, postalCode: ns });
const locationInput = obj({ city: nullable(text("short")), state: nullable(text("short")), country: nullable(text("short")), postalCode: nullable(text("short")) });
const fulfillment: Schema = obj({
  id: str,
  createdAt: dateTime,
  lineItems: arr(obj({ id: str, quantity: int, title: str, productId: str, variantId: ns, sku: ns })),
  status: { type: "string", enum: FULFILLMENT_STATUSES },
  trackingHistory: arr(obj({ message: str, status: str, datetime: dateTime, location: nullable(location) })),
  trackingCompany: ns,
  trackingNumber: ns,
  estimatedDeliveryDate: nullable({ type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" }),
  deliveredAt: nullable(dateTime),
});
const fulfillmentResponse = obj({ success: { type: "boolean", const: true }, fulfillment: ref("Fulfillment") });
const nn = nullable(num);
const ordersApiOrder = obj({
  id: str,
  orderId: str,
  name: str,
  provider: str,
  createdAt: dateTime,
  currencyCode: str,
  customer: obj({ id: ns, email: ns, phoneNumber: ns, name: ns, firstName: ns, lastName: ns }),
  lineItems: arr(obj({ id: str, productId: str, variantId: ns, sku: ns, title: str, quantity: int, price: num, discount: num, imageUrl: ns })),
  subtotalPrice: num,
  totalDiscount: num,
  totalTax: num,
  shippingCost: num,
  totalPrice: num,
  tags: arr(str),
  locationId: ns,
  fulfillments: arr(ref("Fulfillment")),
});
const ordersOp = (operationId: string, scope: string | null, summary: string, extra: Record<string, unknown>) => ({
  operationId, summary, tags: ["Orders"], security: [{ Bearer: [] }], "x-scope": scope, ...extra,
});
const money = obj({ amount: str, currencyCode: str });
const moneySet = obj({ shopMoney: money, presentmentMoney: money });
const moneyInput = obj({ amount: text("short"), currencyCode: text("short") });
const moneySetInput = obj({ shopMoney: moneyInput, presentmentMoney: moneyInput });
const anyObject = { type: "object" };

export const ordersOpenApi: OpenApiFragment = {
  paths: {
    "/stores/{storeId}/custom/orders": {
      parameters: [pathParam("storeId")],
      post: {
        ...ordersOp("Custom Order Sync", "orders_write", "Push or refresh an order from a custom commerce platform (upsert by `id`)", {
          description: "Re-sending the same `id` updates the order. Orders synced here have provider `custom`. Amounts are decimal strings in the shop currency (`shopMoney`).",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["id", "type", "createdAt", "presentmentCurrency", "shopCurrency", "customer", "lineItems", "orderDiscounts", "shippingLines", "fulfillments", "shippingAddress", "updatedAt"],
                  properties: {
                    id: text("id"), type: { type: "string", enum: ["order"] }, name: { ...text("short"), description: "Display name; defaults to `id`." }, createdAt: dateTime, updatedAt: dateTime,
                    presentmentCurrency: text("short"), shopCurrency: text("short"), tags: list(text("short"), "orderTags"),
                    customer: { type: "object", required: ["email", "firstName", "lastName"], properties: { email: text("short"), firstName: text("short"), lastName: text("short"), phone: text("short"), id: text("id") } },
                    lineItems: list({ type: "object", required: ["id", "quantity", "priceSet", "title", "productId", "sku"], properties: { id: text("id"), quantity: num, priceSet: moneySetInput, title: text("title"), productId: text("id"), sku: text("id"), variantId: text("id"), variantTitle: text("title"), vendor: text("short") } }, "orderLineItems"),
                    orderDiscounts: list(anyObject, "orderCharges"), shippingLines: list(anyObject, "orderCharges"), fulfillments: list(anyObject, "orderFulfillments"),
                    shippingAddress: { type: "object", required: ["address1", "city", "provinceCode", "zip", "countryCode"] },
                  },
                },
              },
            },
          },
          responses: {
            "200": json("Synced", obj({ message: str, orderId: { ...str, description: "Your order id" }, internalId: { ...str, description: "The service's order id (ord_…)" } })),
            "400": json("Invalid body", obj({ error: str, errors: arr(str) }, ["errors"])),
            ...errorResponses({ "401": "Missing or invalid API secret", "500": "Internal error" }),
            ...problemResponses(["403", "404"]),
          },
        }),
      },
    },
    "/stores/{storeId}/orders": {
      parameters: [pathParam("storeId")],
      post: ordersOp("Order create", "orders_write", "Create an order (Orders API)", {
        description: "Prices are numbers in major units (79.99). An existing `orderId` (for the same provider) is a 409.",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["orderId", "createdAt", "lineItems"],
                properties: {
                  orderId: text("id"), createdAt: dateTime, name: text("short"), provider: { ...text("short"), default: "custom" }, currencyCode: { ...text("short"), default: "USD" },
                  lineItems: list({ type: "object", required: ["id", "productId", "title", "quantity"], properties: { id: text("id"), productId: text("id"), title: text("title"), quantity: { type: "integer", minimum: 1, maximum: 1000 }, variantId: text("id"), sku: text("id"), price: { type: "number", minimum: 0 }, discount: { type: "number", minimum: 0 }, imageUrl: text("url") } }, "orderLineItems", { minItems: 1 }),
                  customer: anyObject, shipping: anyObject, billingAddress: anyObject, tags: list(text("short"), "orderTags"), locationId: text("id"),
                  totalPrice: nn, subtotalPrice: nn, totalTax: nn, totalDiscount: nn,
                },
              },
            },
          },
        },
        responses: {
          "200": json("Created", obj({ orderId: { ...str, description: "The internal order id (ord_…)" }, externalOrderId: str })),
          ...errorResponses({ "400": "Invalid body", "401": "Missing or invalid API secret", "409": "An order with this orderId already exists" }),
          ...problemResponses(["403"]),
        },
      }),
    },
    "/stores/{storeId}/orders/{orderId}": {
      parameters: [pathParam("storeId"), { ...pathParam("orderId"), description: "External id, internal id (ord_…) or order name (#1001)" }],
      get: ordersOp("Order get", "orders_read", "Read an order with its fulfillments", {
        responses: { "200": json("The order", ordersApiOrder), ...errorResponses({ "401": "Missing or invalid API secret", "404": "Order not found" }), ...problemResponses(["403"]) },
      }),
      delete: ordersOp("Order delete", "orders_write", "Delete an order (external or internal id) with its fulfillments and returns", {
        responses: {
          "200": json("Deleted", obj({ success: bool, orderId: str, externalOrderId: str })),
          ...errorResponses({ "401": "Missing or invalid API secret", "404": "Order not found" }),
          ...problemResponses(["403"]),
        },
      }),
    },
    "/stores/{storeId}/orders/{orderId}/fulfillments": {
      parameters: [pathParam("storeId"), { ...pathParam("orderId"), description: "External or internal order id" }],
      post: ordersOp("Fulfillment create", "orders_write", "Create a fulfillment of line items, with tracking", {
        description: "Each line item's quantity must not exceed what is still unfulfilled. `useDummyTracking` creates a test tracker (no outbound call) whose first history entry is `initialTracking` (default status `pre_transit`).",
        parameters: [{ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", maxLength: 255 } }],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: obj(
                {
                  fulfillmentId: text("id"),
                  lineItems: list(obj({ id: text("id"), quantity: { type: "integer", minimum: 1, maximum: 1000 } }), "fulfillmentLineItems", { minItems: 1 }),
                  tracking: nullable(obj({ carrier: text("short"), code: text("short") })),
                  useDummyTracking: bool,
                  initialTracking: obj(
                    { status: { type: "string", enum: FULFILLMENT_STATUSES }, estimatedDeliveryDate: nullable(dateTime), message: nullable(text("note")), datetime: nullable(dateTime), location: nullable(locationInput) },
                    ["estimatedDeliveryDate", "message", "datetime", "location"],
                  ),
                },
                ["fulfillmentId", "tracking", "useDummyTracking", "initialTracking"],
              ),
            },
          },
        },
        responses: {
          "200": json("Created", fulfillmentResponse),
          ...errorResponses({ "400": "Invalid request", "401": "Missing or invalid API secret", "404": "Order not found" }),
          ...problemResponses(["403"]),
        },
      }),
    },
    "/stores/{storeId}/orders/{orderId}/fulfillments/{fulfillmentId}/shipment-status": {
      parameters: [pathParam("storeId"), pathParam("orderId"), pathParam("fulfillmentId")],
      post: ordersOp("Fulfillment status update", "orders_write", "Push a carrier status or fire an automation event", {
        description: "A status moves the fulfillment's status and appends to its history (`delivered` sets `deliveredAt`); the events `stalled_in_transit`, `delayed` and `arriving_early` only append history.",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: obj(
                {
                  status: { type: "string", enum: [...FULFILLMENT_STATUSES.filter((s) => s !== "unknown"), "stalled_in_transit", "delayed", "arriving_early"] },
                  estimatedDeliveryDate: nullable(dateTime),
                  message: nullable(text("note")),
                  datetime: nullable(dateTime),
                  location: nullable(locationInput),
                },
                ["estimatedDeliveryDate", "message", "datetime", "location"],
              ),
            },
          },
        },
        responses: {
          "200": json("Updated", fulfillmentResponse),
          ...errorResponses({ "400": "Invalid request", "401": "Missing or invalid API secret", "404": "Order or fulfillment not found" }),
          ...problemResponses(["403"]),
        },
      }),
    },
  },
  schemas: { Fulfillment: fulfillment },
};
