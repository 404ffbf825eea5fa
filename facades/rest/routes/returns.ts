// Returns over REST v2.2: create, read, list, process, status, comments. Each route is one GraphQL
// operation; the Return / Order JSON is exactly the shapes of facades/rest/shapes.ts.
import { admitted } from "../../door.js";
import { operation } from "../../executor.js";
import { PAGE_NEXT, PAGING, pageArgs, pageHeaders, restRoute, RestProblem, type RestRoute, IDEMPOTENCY_KEY } from "../route.js";
import { List, Nullable, Obj, T, Text } from "../../declare.js";
import { ORDER_FIELDS, RETURN_FIELDS } from "../documents.js";
import { Order, Return, ReturnStatus } from "../shapes.js";
import { LIST_BOUNDS, QUANTITY_BOUNDS } from "../../../src/core/bounds.js";
import type * as gen from "../../codegen/operations.js";

const createReturn =
  operation<gen.RestCreateReturnMutation>(`mutation RestCreateReturn($storeId: ID!, $input: CreateReturnInput!, $options: CreateReturnOptions, $key: String) {
  createReturn(storeId: $storeId, input: $input, options: $options, idempotencyKey: $key) {
    return { ${RETURN_FIELDS} }
    externalRMAResponses { integrationProvider success errorCode errorMessage }
    replayed
  }
}`);
const getReturn = operation<gen.RestGetReturnQuery>(
  `query RestGetReturn($id: ID!) { return(id: $id) { ${RETURN_FIELDS} publishedOrder { ${ORDER_FIELDS} } } }`,
);
const listReturns =
  operation<gen.RestListReturnsQuery>(`query RestListReturns($storeId: ID!, $first: Int, $after: String, $filter: ReturnFilter) {
  returns(storeId: $storeId, first: $first, after: $after, filter: $filter) {
    nodes { ${RETURN_FIELDS} }
    orders { ${ORDER_FIELDS} }
    pageInfo { hasNextPage endCursor }
  }
}`);
const processReturn =
  operation<gen.RestProcessReturnMutation>(`mutation RestProcessReturn($id: ID!, $items: [ProcessReturnItemInput!]!, $notes: String) {
  processReturn(id: $id, items: $items, customerNotes: $notes) { message }
}`);
const getStatus = operation<gen.RestGetReturnStatusQuery>(`query RestGetReturnStatus($id: ID!) { return(id: $id) { status } }`);
const setStatus = operation<gen.RestSetReturnStatusMutation>(
  `mutation RestSetReturnStatus($id: ID!, $status: ReturnStatus!) { setReturnStatus(id: $id, status: $status) { return { status } } }`,
);
const reportExchangeOrder = operation<gen.RestReportExchangeOrderMutation>(
  `mutation RestReportExchangeOrder($id: ID!, $externalId: String!) { reportExchangeOrder(id: $id, externalId: $externalId) { message } }`,
);
const getComments = operation<gen.RestGetReturnCommentsQuery>(
  `query RestGetReturnComments($id: ID!) { return(id: $id) { comments { message image } } }`,
);
const addComment = operation<gen.RestAddReturnCommentMutation>(
  `mutation RestAddReturnComment($id: ID!, $message: String, $image: String) { addReturnComment(id: $id, message: $message, image: $image) { message image } }`,
);

function notFound(id: string): never {
  throw new RestProblem(404, "returns/not-found", "Return not found", `No return ${JSON.stringify(id)} in this store.`);
}

const Opt = T.Optional;

/** A product of the process body as the route's body schema admits it (validated before `variables` reads it). */
interface ProcessProduct {
  _id: string;
  processInput?: { newMerchantAdjustment?: number | null; restock?: boolean } | null;
  reject?: boolean;
}
const tags = ["Returns"];
const CreateResult = Obj({
  return: Return,
  externalRMAResponses: T.Array(
    Obj({ integrationProvider: T.String(), success: T.Boolean(), errorCode: Opt(T.String()), errorMessage: Opt(T.String()) }),
  ),
});
const Comment = T.Union([Obj({ message: T.String() }), Obj({ image: T.String() })]);
const date = (description: string) => ({ description, schema: T.String({ format: "date-time" }) });

export const returnsRoutes: RestRoute[] = [
  restRoute({
    method: "POST",
    path: "/stores/:storeId/returns",
    operationId: "Return create",
    summary: "Create a return for line items of an order",
    description:
      "`data.provider` and `data.externalOrderId` find the order. The quantity returned per line item across the order's returns (except deleted/reset ones) never exceeds the quantity ordered (409 `returns/quantity-exceeded`). `Idempotency-Key`: the same key and body answer the first result with 200; the same key with another body is a 422.",
    tags,
    operation: createReturn,
    headers: IDEMPOTENCY_KEY,
    body: Obj({
      data: Obj({
        provider: Text("short", {
          description:
            "The order's commerce platform (`custom` for orders pushed through the custom order sync); compared case-insensitively.",
        }),
        externalOrderId: Text("id"),
        items: T.Array(
          Obj({
            lineItemId: Text("id", { description: "The order's external line-item id." }),
            quantity: T.Integer({ minimum: 1, maximum: QUANTITY_BOUNDS.lineItem }),
            reason: Opt(Text("note")),
            reasonCode: Opt(Text("short")),
            compensation: Opt(
              T.String({
                enum: ["refund", "store_credit", "exchange", "keep_item"],
                default: "refund",
                description:
                  "`exchange` only where the store's published return policy offers it, with `exchangeSku`. `keep_item` (the customer keeps the item and is refunded its value, nothing ships back) only where the policy offers it (`outcomes.keepItemBelow`); it settles on the policy's `settleOn`, and a return made only of kept items takes no `label`.",
              }),
            ),
            exchangeSku: Opt(
              Text("short", {
                description:
                  "With `compensation: exchange`: the SKU of the catalogue variant given instead (same product, same unit price). One unit per returned unit is held from inventory; 409 `returns/exchange-out-of-stock` when not in stock.",
              }),
            ),
            notes: Opt(Text("note")),
          }),
          { minItems: 1, maxItems: LIST_BOUNDS.returnItems },
        ),
        shippingAddress: Opt(
          Obj({
            line1: Text("short"),
            line2: Opt(Text("short")),
            city: Text("short"),
            state: Opt(Text("short")),
            postalCode: Opt(Text("short")),
            country: Text("short"),
          }),
        ),
        type: Opt(T.String({ enum: ["return", "claim", "warranty"], default: "return" })),
        notes: Opt(Text("note")),
        label: Opt(
          Obj({
            trackingNumber: Text("short"),
            carrier: Opt(Text("short")),
            trackingUrl: Opt(Text("url")),
            postageLabelUrl: Opt(Text("url")),
            formLabelUrl: Opt(Text("url")),
            originalShipmentId: Opt(Text("id")),
          }),
        ),
      }),
      options: Opt(
        Obj({
          createExternalRMAs: Opt(T.Boolean({ default: false })),
          overridePolicy: Opt(
            T.Boolean({
              default: false,
              description:
                "Create the return even where the store's published return policy refuses a line (422 `returns/policy-refused` otherwise); each overridden rule is written on the return's timeline with who did it.",
            }),
          ),
        }),
      ),
    }),
    responses: {
      201: { description: "Created", schema: CreateResult },
      200: { description: "Idempotent replay: the return created by the first request", schema: CreateResult },
    },
    errors: [400, 404, 409, 422],
    variables: ({ params, body, q }) => {
      type V = gen.RestCreateReturnMutationVariables;
      const b = admitted<{ data: V["input"]; options?: V["options"] }>(body);
      return { storeId: params.storeId, input: b.data, options: b.options ?? {}, key: q["Idempotency-Key"] ?? null };
    },
    fieldPath: (f) => (f.startsWith("data.") || f.startsWith("options.") ? f : `data.${f.replace(/^input\./, "")}`),
    respond: ({ createReturn: c }) => ({ status: c.replayed ? 200 : 201, body: c }),
  }),
  restRoute({
    method: "GET",
    path: "/stores/:storeId/returns",
    operationId: "Returns list",
    summary: "List returns, newest first",
    tags,
    operation: listReturns,
    query: {
      ...PAGING.query,
      status: { schema: ReturnStatus },
      updated_at_min: date("Inclusive."),
      updated_at_max: date("Exclusive."),
      provider_order_name: { description: "The order's display name, e.g. `#1001`.", schema: Text("short") },
      shopify_order_name: { description: "Alias of `provider_order_name`.", schema: Text("short") },
      tag: { description: "Only returns carrying the tag of this name (case-sensitive).", schema: Text("short") },
    },
    headers: PAGING.headers,
    responses: {
      200: {
        description: "A page of returns and the orders behind them",
        headers: PAGE_NEXT,
        schema: Obj({ orders: T.Array(Order), returns: T.Array(Return) }),
      },
    },
    errors: [400],
    variables: (input) => {
      const { status, updated_at_min: updatedAtMin, updated_at_max: updatedAtMax, provider_order_name, shopify_order_name, tag } = input.q;
      const filter = { status, updatedAtMin, updatedAtMax, orderName: provider_order_name ?? shopify_order_name, tag };
      return { storeId: input.params.storeId, ...pageArgs(input), filter };
    },
    respond: ({ returns }) => ({
      status: 200,
      headers: pageHeaders(returns.pageInfo),
      body: { orders: returns.orders, returns: returns.nodes },
    }),
  }),
  restRoute({
    method: "GET",
    path: "/returns/:returnId",
    operationId: "Return get",
    summary: "Read a return with its order",
    tags,
    operation: getReturn,
    responses: { 200: { description: "The return and its order", schema: Obj({ order: Order, return: Return }) } },
    errors: [404],
    variables: ({ params }) => ({ id: params.returnId }),
    respond: (data, { params }) => {
      if (!data.return) notFound(params.returnId);
      // The serialiser writes only the Return shape's keys: `publishedOrder` need not be split off by a copy.
      return { status: 200, body: { return: data.return, order: data.return.publishedOrder } };
    },
  }),
  restRoute({
    method: "POST",
    path: "/returns/:returnId/process",
    operationId: "Return process",
    summary: "Process or reject items of a return",
    description:
      "Each product is a return item (`_id`) with either `processInput` (restock, merchant adjustment in major units) or `reject: true`. When every item is done the return becomes `complete` (or `rejected` if every item was rejected); otherwise `in_review`.",
    tags,
    operation: processReturn,
    body: Obj({
      products: List(
        Obj({
          _id: Text("id"),
          processInput: Opt(Nullable(Obj({ newMerchantAdjustment: Opt(Nullable(T.Number({ minimum: 0 }))), restock: Opt(T.Boolean()) }))),
          reject: Opt(T.Boolean({ default: false })),
        }),
        "returnItems",
      ),
      customerNotes: Opt(Text("note")),
    }),
    responses: { 200: { description: "Processing recorded", schema: Obj({ message: T.String() }) } },
    errors: [400, 404, 409],
    variables: ({ params, body }): gen.RestProcessReturnMutationVariables => ({
      id: params.returnId,
      items: admitted<{ products: ProcessProduct[] }>(body).products.map((p) => ({
        itemId: p._id,
        restock: p.processInput ? (p.processInput.restock ?? false) : null,
        merchantAdjustment: p.processInput?.newMerchantAdjustment == null ? null : String(p.processInput.newMerchantAdjustment),
        reject: p.reject ?? false,
      })),
      notes: admitted<{ customerNotes?: string }>(body).customerNotes ?? null,
    }),
    // The core names its input (`items[0].merchantAdjustment`); the client sent `products[0].processInput.newMerchantAdjustment`.
    fieldPath: (f) =>
      f
        .replace(/^items(?=\[|$)/, "products")
        .replace(/\.itemId$/, "._id")
        .replace(/\.merchantAdjustment$/, ".processInput.newMerchantAdjustment")
        .replace(/\.restock$/, ".processInput.restock"),
    respond: (data) => ({ status: 200, body: data.processReturn }),
  }),
  restRoute({
    method: "GET",
    path: "/returns/:returnId/status",
    operationId: "Return status get",
    summary: "Read a return's status",
    tags,
    operation: getStatus,
    responses: { 200: { description: "The status", schema: Obj({ status: ReturnStatus }) } },
    errors: [404],
    variables: ({ params }) => ({ id: params.returnId }),
    respond: (data, { params }) => (data.return ? { status: 200, body: data.return } : notFound(params.returnId)),
  }),
  restRoute({
    method: "PUT",
    path: "/returns/:returnId/status",
    operationId: "Return status update",
    summary: "Set a return's status",
    description:
      "`complete` completes every open item; `open` reopens a complete or rejected return (items back to open, refunds not reversed); `flagged` flags it for review; `rejected` rejects it; `deleted` resets it (its items become returnable again). Illegal transitions are 409 `returns/invalid-transition`.",
    tags,
    operation: setStatus,
    body: Obj({
      status: T.String({
        enum: ["complete", "open", "flagged", "rejected", "deleted", "delivered"],
        description:
          "`delivered` (Retour's addition, from `open` or `in_transit`): the parcel arrived; store credit and kept items settle then where the return policy's `settleOn` is `delivered`.",
      }),
    }),
    responses: { 204: { description: "Updated" } },
    errors: [400, 404, 409],
    variables: ({ params, body }) => ({
      id: params.returnId,
      status: admitted<Pick<gen.RestSetReturnStatusMutationVariables, "status">>(body).status,
    }),
    respond: () => ({ status: 204 }),
  }),
  restRoute({
    method: "PUT",
    path: "/returns/:returnId/exchange/order",
    operationId: "Return exchange order report",
    summary: "Report the exchange's order",
    description:
      "Retour's addition (the reference has no route for it). The shop, having heard of an exchange by the `return` webhook (`exchange.provision: deferred`), reports the order it created for it; the body is the Return's `exchange.order` as it will read. A fulfillment later recorded on that order (`POST /stores/{storeId}/orders/{orderId}/fulfillments`) ships the held units. Reporting the same id again changes nothing; 409 `returns/no-exchange` when the return has no live exchange item, 409 `returns/exchange-shipped` when it already shipped with another order.",
    tags,
    operation: reportExchangeOrder,
    body: Obj({ order: Obj({ externalId: Text("id", { description: "The shop's id of the exchange order." }) }) }),
    responses: { 204: { description: "Recorded" } },
    errors: [400, 404, 409],
    variables: ({ params, body }) => ({
      id: params.returnId,
      externalId: admitted<{ order: { externalId: string } }>(body).order.externalId,
    }),
    respond: () => ({ status: 204 }),
  }),
  restRoute({
    method: "GET",
    path: "/returns/:returnId/comments",
    operationId: "Return comments get",
    summary: "List a return's comments, oldest first",
    tags,
    operation: getComments,
    responses: { 200: { description: "The comments", schema: Obj({ comments: T.Array(Comment) }) } },
    errors: [404],
    variables: ({ params }) => ({ id: params.returnId }),
    respond: (data, { params }) => (data.return ? { status: 200, body: data.return } : notFound(params.returnId)),
  }),
  restRoute({
    method: "POST",
    path: "/returns/:returnId/comments",
    operationId: "Return comment create",
    summary: "Add a comment (a message or a base64 image)",
    tags,
    operation: addComment,
    body: Obj({
      comment: Obj(
        { message: Opt(Text("comment")), image: Opt(Text("imageBase64", { description: "A base64 image." })) },
        { minProperties: 1, maxProperties: 1, description: "Exactly one of `message` and `image`." },
      ),
    }),
    responses: { 201: { description: "Created", schema: Obj({ comment: Comment }) } },
    errors: [400, 404],
    variables: ({ params, body }) => {
      const { comment } = admitted<{ comment: { message?: string | null; image?: string | null } }>(body);
      return { id: params.returnId, message: comment.message ?? null, image: comment.image ?? null };
    },
    respond: (data) => ({ status: 201, body: { comment: data.addReturnComment } }),
  }),
];
