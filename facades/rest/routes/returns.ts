// Returns over REST v2.2: create, read, list, process, status, comments. Each route is one GraphQL
// operation; the Return / Order JSON is exactly the selection in src/returns/documents.ts.
import { operation } from "../../executor.js";
import { pageArgs, pageHeaders, RestInputError, RestProblem, type RestInput, type RestRoute } from "../route.js";
import { problemResponses, type OpenApiFragment } from "../openapi-common.js";
import { ORDER_FIELDS, RETURN_FIELDS, splitReturn } from "../../../src/returns/documents.js";
import { arr, bool, dateTime, int, json, list, nullable, obj, pathParam, ref, str, text, type Schema } from "../schema-helpers.js";
import { LIST_BOUNDS } from "../../../src/core/bounds.js";

const createReturn = operation(`mutation RestCreateReturn($storeId: ID!, $input: CreateReturnInput!, $options: CreateReturnOptions, $key: String) {
  createReturn(storeId: $storeId, input: $input, options: $options, idempotencyKey: $key) {
    return { ${RETURN_FIELDS} }
    externalRMAResponses { integrationProvider success errorCode errorMessage }
    replayed
  }
}`);

const getReturn = operation(`query RestGetReturn($id: ID!) { return(id: $id) { ${RETURN_FIELDS} fullOrder { ${ORDER_FIELDS} } } }`);

const listReturns = operation(`query RestListReturns($storeId: ID!, $first: Int, $after: String, $status: ReturnStatus, $min: DateTime, $max: DateTime, $name: String) {
  returns(storeId: $storeId, first: $first, after: $after, status: $status, updatedAtMin: $min, updatedAtMax: $max, orderName: $name) {
    nodes { ${RETURN_FIELDS} }
    orders { ${ORDER_FIELDS} }
    pageInfo { hasNextPage endCursor }
  }
}`);

const processReturn = operation(`mutation RestProcessReturn($id: ID!, $items: [ProcessReturnItemInput!]!, $notes: String) {
  processReturn(id: $id, items: $items, customerNotes: $notes) { message }
}`);

const getStatus = operation(`query RestGetReturnStatus($id: ID!) { return(id: $id) { status } }`);
const setStatus = operation(`mutation RestSetReturnStatus($id: ID!, $status: ReturnStatus!) { setReturnStatus(id: $id, status: $status) { return { status } } }`);
const getComments = operation(`query RestGetReturnComments($id: ID!) { return(id: $id) { comments { message image } } }`);
const addComment = operation(`mutation RestAddReturnComment($id: ID!, $message: String, $image: String) { addReturnComment(id: $id, message: $message, image: $image) { message image } }`);

function notFound(id: string): never {
  throw new RestProblem(404, "returns/not-found", "Return not found", `No return ${JSON.stringify(id)} in this store.`);
}

const isObject = (v: unknown): v is Record<string, any> => typeof v === "object" && v !== null && !Array.isArray(v);

function pick(o: unknown, keys: string[]): unknown {
  if (!isObject(o)) return o;
  const out: Record<string, unknown> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

function dateQuery(input: RestInput, name: string): string | undefined {
  const v = input.query(name);
  if (v === undefined || v === "") return undefined;
  if (Number.isNaN(Date.parse(v)) || !/^\d{4}-\d{2}-\d{2}T/.test(v)) throw new RestInputError(`\`${name}\` must be an ISO 8601 date-time such as 2026-01-31T00:00:00Z; got ${JSON.stringify(v)}.`, name);
  return v;
}

function commentOut(c: { message: string | null; image: string | null }) {
  return c.image != null ? { image: c.image } : { message: c.message };
}

export const returnsRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/stores/:storeId/returns",
    operationId: "Return create",
    scope: "returns_write",
    operation: createReturn,
    variables: ({ params, body, header }) => {
      if (!isObject(body) || !isObject(body.data)) throw new RestInputError("The body must be a JSON object with a `data` object.", "data");
      const d = body.data;
      const input = {
        ...(pick(d, ["provider", "externalOrderId", "type", "notes"]) as object),
        items: Array.isArray(d.items) ? d.items.map((i: unknown) => pick(i, ["lineItemId", "quantity", "reason", "reasonCode", "compensation", "notes"])) : d.items,
        shippingAddress: d.shippingAddress === undefined ? undefined : pick(d.shippingAddress, ["line1", "line2", "city", "state", "postalCode", "country"]),
        label: d.label === undefined ? undefined : pick(d.label, ["trackingNumber", "carrier", "trackingUrl", "postageLabelUrl", "formLabelUrl", "originalShipmentId"]),
      };
      if (body.options !== undefined && !isObject(body.options)) throw new RestInputError("`options` must be an object.", "options");
      return { storeId: params.storeId, input, options: pick(body.options ?? {}, ["createExternalRMAs"]), key: header("idempotency-key") ?? null };
    },
    respond: (data) => {
      const c = data.createReturn;
      return { status: c.replayed ? 200 : 201, body: { return: c.return, externalRMAResponses: c.externalRMAResponses } };
    },
  },
  {
    method: "GET",
    path: "/returns/:returnId",
    operationId: "Return get",
    scope: "returns_read",
    operation: getReturn,
    variables: ({ params }) => ({ id: params.returnId }),
    respond: (data, { params }) => {
      if (!data.return) notFound(params.returnId);
      const { return: ret, order } = splitReturn(data.return);
      return { status: 200, body: { order, return: ret } };
    },
  },
  {
    method: "GET",
    path: "/stores/:storeId/returns",
    operationId: "Returns list",
    scope: "returns_read",
    operation: listReturns,
    variables: (input) => {
      const status = input.query("status");
      return {
        storeId: input.params.storeId,
        ...pageArgs(input),
        status: status === undefined || status === "" ? undefined : status,
        min: dateQuery(input, "updated_at_min"),
        max: dateQuery(input, "updated_at_max"),
        name: input.query("provider_order_name") ?? input.query("shopify_order_name"),
      };
    },
    respond: (data) => ({ status: 200, headers: pageHeaders(data.returns.pageInfo), body: { orders: data.returns.orders, returns: data.returns.nodes } }),
  },
  {
    method: "POST",
    path: "/returns/:returnId/process",
    operationId: "Return process",
    scope: "returns_write",
    operation: processReturn,
    variables: ({ params, body }) => {
      if (!isObject(body) || !Array.isArray(body.products)) throw new RestInputError("`products` is required: an array of { _id, processInput | reject }.", "products");
      const items = body.products.map((p: unknown, i: number) => {
        if (!isObject(p) || typeof p._id !== "string") throw new RestInputError(`\`products[${i}]._id\` must be a return item id.`, `products[${i}]._id`);
        const pi = p.processInput;
        if (pi != null && !isObject(pi)) throw new RestInputError(`\`products[${i}].processInput\` must be an object or null.`, `products[${i}].processInput`);
        const adj = pi?.newMerchantAdjustment;
        if (adj != null && typeof adj !== "number") throw new RestInputError(`\`products[${i}].processInput.newMerchantAdjustment\` must be a number or null.`, `products[${i}].processInput.newMerchantAdjustment`);
        return { itemId: p._id, restock: pi ? (pi.restock ?? false) : null, merchantAdjustment: adj == null ? null : String(adj), reject: p.reject ?? false };
      });
      return { id: params.returnId, items, notes: body.customerNotes ?? null };
    },
    respond: (data) => ({ status: 200, body: { message: data.processReturn.message } }),
  },
  {
    method: "GET",
    path: "/returns/:returnId/status",
    operationId: "Return status get",
    scope: "returns_read",
    operation: getStatus,
    variables: ({ params }) => ({ id: params.returnId }),
    respond: (data, { params }) => {
      if (!data.return) notFound(params.returnId);
      return { status: 200, body: { status: data.return.status } };
    },
  },
  {
    method: "PUT",
    path: "/returns/:returnId/status",
    operationId: "Return status update",
    scope: "returns_write",
    operation: setStatus,
    variables: ({ params, body }) => {
      if (!isObject(body) || typeof body.status !== "string") throw new RestInputError("`status` is required: one of complete, open, flagged, rejected, deleted.", "status");
      return { id: params.returnId, status: body.status };
    },
    respond: () => ({ status: 204 }),
  },
  {
    method: "GET",
    path: "/returns/:returnId/comments",
    operationId: "Return comments get",
    scope: "returns_read",
    operation: getComments,
    variables: ({ params }) => ({ id: params.returnId }),
    respond: (data, { params }) => {
      if (!data.return) notFound(params.returnId);
      return { status: 200, body: { comments: data.return.comments.map(commentOut) } };
    },
  },
  {
    method: "POST",
    path: "/returns/:returnId/comments",
    operationId: "Return comment create",
    scope: "returns_write",
    operation: addComment,
    variables: ({ params, body }) => {
      const c = isObject(body) ? body.comment : undefined;
      if (!isObject(c)) throw new RestInputError("`comment` is required: { message } or { image }.", "comment");
      const extra = Object.keys(c).filter((k) => k !== "message" && k !== "image");
      if (extra.length) throw new RestInputError(`\`comment\` has unknown field(s) ${extra.join(", ")}; send exactly one of message or image.`, "comment");
      return { id: params.returnId, message: c.message ?? null, image: c.image ?? null };
    },
    respond: (data) => ({ status: 201, body: { comment: commentOut(data.addReturnComment) } }),
  },
];

// ─── OpenAPI ──────────────────────────────────────────────────────────────────

const money = ref("Money");
const wrapped = obj({ amount: money });
const address = obj({ line1: str, line2: str, city: str, state: str, postalCode: str, country: str });
const personName = obj({ given: str, surname: str });
const variant = obj({ name: str, externalId: nullable(str), sku: nullable(str), weight: nullable(obj({ kg: { type: "number" } })) });
const product = obj({ name: str, externalId: nullable(str) });
const ns = nullable(str);
const shipment = obj({
  carrier: ns, status: ns, tracker: ns, trackingUrl: ns, postageLabel: ns, formLabel: ns, shipmentGroupId: ns,
  itemIds: arr(str), externalLocationId: ns, estimatedDeliveryDate: ns, deliveredAt: ns,
});
const STATUSES = ["open", "in_transit", "delivered", "needs_review", "in_review", "complete", "rejected", "flagged", "pre_shipment", "deleted"];

const returnItem = obj({
  id: str,
  orderItem: obj({ id: str, line_item_id: str }),
  quantity: int,
  reason: str,
  reasonCode: ns,
  customerComment: ns,
  reasons: arr(str),
  reasonCodes: arr(str),
  exchangeItem: nullable(obj({ product: nullable(obj({ externalId: ns, name: str })), quantity: int, variant: nullable(obj({ externalId: ns, name: str })) })),
  grade: ns,
  outcome: ns,
  productAdjustment: ns,
  greenReturn: bool,
  processingImages: arr(str),
  customerImages: arr(str),
  shipmentGroupIds: arr(str),
  externalReturnLineItemId: ns,
  productId: ns,
  variantId: ns,
  sku: ns,
  upc: ns,
  status: str,
  multipleChoiceQuestions: arr(obj({ question: str, answer: str })),
  assessments: arr(obj({ assignedUser: obj({ id: str, name: str, firstName: str, lastName: str, email: str }), responses: arr(obj({ type: str, value: str })) })),
  refund: obj({ amount: money, type: str }),
  productValueNoTaxNoAdjustment: wrapped,
});

const returnSchema: Schema = obj({
  id: str,
  type: { type: "string", enum: ["return", "claim", "warranty"] },
  status: { type: "string", enum: STATUSES },
  createdAt: dateTime,
  updatedAt: dateTime,
  order: obj({ id: str, name: str }),
  items: arr(returnItem),
  source: obj({ emailAddress: ns, mailingAddress: nullable(address), name: personName, phoneNumber: ns }),
  destination: obj({ mailingAddress: nullable(address), phoneNumber: ns }),
  protection: obj({ covered: bool, finalSaleCoverage: bool, packageProtection: bool, returnsCoverage: bool, labelPayer: ns, labelPayerReason: ns }),
  compensationMethods: arr(str),
  completeWithNoAction: bool,
  giftCards: arr(obj({ amount: money, code: str, externalId: str })),
  exchange: nullable(
    obj({
      items: arr(obj({ id: str, quantity: int, variant, originalPrice: nullable(money), price: nullable(obj({ amount: str, currency: str, tax: ns })), product: nullable(product) })),
      provision: str,
      itemCount: int,
      order: nullable(obj({ externalId: ns })),
      totalTax: nullable(money),
    }),
  ),
  externalOrderIds: arr(str),
  externalReturnIds: arr(obj({ provider: str, value: str })),
  platformOrderIds: arr(str),
  internalCreatedByName: ns,
  notes: arr(obj({ message: str, image: ns })),
  shipment: nullable(shipment),
  shipments: arr(shipment),
  dropoffs: arr(obj({ shipmentGroupId: str, provider: str, qrCode: ns, qrCodeUrl: ns })),
  tags: arr(obj({ name: str, source: str })),
  totals: obj({ charge: wrapped, exchange: wrapped, refund: wrapped, storeCredit: wrapped, shippingFee: wrapped }),
});

const orderSchema: Schema = obj({
  id: str,
  name: str,
  externalId: str,
  customer: obj({ name: personName, emailAddress: ns, phoneNumber: ns }),
  items: arr(obj({ id: str, externalId: str, fulfillmentLocationId: ns, price: money, product, quantity: int, variant })),
  discounts: money,
  lineItemsTotal: money,
  shippingCost: money,
  taxes: money,
  total: money,
  protection: obj({ covered: bool, finalSaleCoverage: bool, packageProtection: bool, returnsCoverage: bool }),
});

const comment: Schema = { oneOf: [obj({ message: str }), obj({ image: str })] };
const commentInput: Schema = { oneOf: [obj({ message: text("comment") }), obj({ image: text("imageBase64", { description: "A base64 image." }) })] };
const returnIdParam = pathParam("returnId");
const op = (operationId: string, scope: string, summary: string, extra: Record<string, unknown>) => ({
  operationId, summary, tags: ["Returns"], security: [{ Bearer: [] }], "x-scope": scope, ...extra,
});

const createBody = obj(
  {
    data: obj(
      {
        provider: { ...text("short"), description: "The order's commerce platform (`custom` for orders pushed through the custom order sync); compared case-insensitively." },
        externalOrderId: text("id"),
        items: {
          type: "array",
          minItems: 1,
          maxItems: LIST_BOUNDS.returnItems,
          items: obj(
            {
              lineItemId: { ...text("id"), description: "The order's external line-item id." },
              quantity: { type: "integer", minimum: 1 },
              reason: text("note"),
              reasonCode: text("short"),
              compensation: { type: "string", enum: ["refund", "store_credit"], default: "refund" },
              notes: text("note"),
            },
            ["reason", "reasonCode", "compensation", "notes"],
          ),
        },
        shippingAddress: obj({ line1: text("short"), line2: text("short"), city: text("short"), state: text("short"), postalCode: text("short"), country: text("short") }, ["line2", "state", "postalCode"]),
        type: { type: "string", enum: ["return", "claim", "warranty"], default: "return" },
        notes: text("note"),
        label: obj({ trackingNumber: text("short"), carrier: text("short"), trackingUrl: text("url"), postageLabelUrl: text("url"), formLabelUrl: text("url"), originalShipmentId: text("id") }, ["carrier", "trackingUrl", "postageLabelUrl", "formLabelUrl", "originalShipmentId"]),
      },
      ["shippingAddress", "type", "notes", "label"],
    ),
    options: obj({ createExternalRMAs: { type: "boolean", default: false } }, ["createExternalRMAs"]),
  },
  ["options"],
);

const createResponse = obj({
  return: ref("Return"),
  externalRMAResponses: arr(obj({ integrationProvider: str, success: bool, errorCode: ns, errorMessage: ns })),
});

export const returnsOpenApi: OpenApiFragment = {
  paths: {
    "/stores/{storeId}/returns": {
      parameters: [pathParam("storeId")],
      post: op("Return create", "returns_write", "Create a return for line items of an order", {
        description:
          "`data.provider` and `data.externalOrderId` find the order. The quantity returned per line item across the order's returns (except deleted/reset ones) never exceeds the quantity ordered (409 `returns/quantity-exceeded`). `Idempotency-Key`: the same key and body answer the first result with 200; the same key with another body is a 422.",
        parameters: [{ name: "Idempotency-Key", in: "header", required: false, schema: text("short") }],
        requestBody: { required: true, content: { "application/json": { schema: createBody } } },
        responses: { "201": json("Created", createResponse), "200": json("Idempotent replay: the return created by the first request", createResponse), ...problemResponses(["400", "401", "403", "404", "409", "422"]) },
      }),
      get: op("Returns list", "returns_read", "List returns, newest first", {
        parameters: [
          { name: "page-size", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 500, default: 20 } },
          { name: "page-continue", in: "query", required: false, schema: text("cursor") },
          { name: "X-Page-Size", in: "header", required: false, schema: { type: "integer", minimum: 1, maximum: 500 } },
          { name: "X-Page-Continue", in: "header", required: false, schema: text("cursor") },
          { name: "status", in: "query", required: false, schema: { type: "string", enum: STATUSES } },
          { name: "updated_at_min", in: "query", required: false, description: "Inclusive.", schema: dateTime },
          { name: "updated_at_max", in: "query", required: false, description: "Exclusive.", schema: dateTime },
          { name: "provider_order_name", in: "query", required: false, description: "The order's display name, e.g. `#1001`.", schema: text("short") },
          { name: "shopify_order_name", in: "query", required: false, description: "Alias of `provider_order_name`.", schema: text("short") },
        ],
        responses: {
          "200": {
            description: "A page of returns and the orders behind them",
            headers: { "X-Page-Next": { description: "Cursor of the next page; absent on the last page", schema: str } },
            content: { "application/json": { schema: obj({ orders: arr(ref("Order")), returns: arr(ref("Return")) }) } },
          },
          ...problemResponses(["400", "401", "403"]),
        },
      }),
    },
    "/returns/{returnId}": {
      parameters: [returnIdParam],
      get: op("Return get", "returns_read", "Read a return with its order", {
        responses: { "200": json("The return and its order", obj({ order: ref("Order"), return: ref("Return") })), ...problemResponses(["401", "403", "404"]) },
      }),
    },
    "/returns/{returnId}/process": {
      parameters: [returnIdParam],
      post: op("Return process", "returns_write", "Process or reject items of a return", {
        description: "Each product is a return item (`_id`) with either `processInput` (restock, merchant adjustment in major units) or `reject: true`. When every item is done the return becomes `complete` (or `rejected` if every item was rejected); otherwise `in_review`.",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: obj(
                {
                  products: list(obj({ _id: text("id"), processInput: nullable(obj({ newMerchantAdjustment: nullable(num0()), restock: bool }, ["newMerchantAdjustment", "restock"])), reject: { type: "boolean", default: false } }, ["processInput", "reject"]), "returnItems"),
                  customerNotes: text("note"),
                },
                ["customerNotes"],
              ),
            },
          },
        },
        responses: { "200": json("Processing recorded", obj({ message: str })), ...problemResponses(["400", "401", "403", "404", "409"]) },
      }),
    },
    "/returns/{returnId}/status": {
      parameters: [returnIdParam],
      get: op("Return status get", "returns_read", "Read a return's status", {
        responses: { "200": json("The status", obj({ status: { type: "string", enum: STATUSES } })), ...problemResponses(["401", "403", "404"]) },
      }),
      put: op("Return status update", "returns_write", "Set a return's status", {
        description: "`complete` completes every open item; `open` reopens a complete or rejected return (items back to open, refunds not reversed); `flagged` flags it for review; `rejected` rejects it; `deleted` resets it (its items become returnable again). Illegal transitions are 409 `returns/invalid-transition`.",
        requestBody: { required: true, content: { "application/json": { schema: obj({ status: { type: "string", enum: ["complete", "open", "flagged", "rejected", "deleted"] } }) } } },
        responses: { "204": { description: "Updated" }, ...problemResponses(["400", "401", "403", "404", "409"]) },
      }),
    },
    "/returns/{returnId}/comments": {
      parameters: [returnIdParam],
      get: op("Return comments get", "returns_read", "List a return's comments, oldest first", {
        responses: { "200": json("The comments", obj({ comments: arr(comment) })), ...problemResponses(["401", "403", "404"]) },
      }),
      post: op("Return comment create", "returns_write", "Add a comment (a message or a base64 image)", {
        requestBody: { required: true, content: { "application/json": { schema: obj({ comment: commentInput }) } } },
        responses: { "201": json("Created", obj({ comment })), ...problemResponses(["400", "401", "403", "404"]) },
      }),
    },
  },
  schemas: { Return: returnSchema, Order: orderSchema },
};

function num0(): Schema {
  return { type: "number", minimum: 0 };
}
