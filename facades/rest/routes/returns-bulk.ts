// Import returns (POST /stores/{storeId}/returns/bulk): 1..100 returns created outside the service,
// no order, products by their `prd_…` ids. One GraphQL mutation; one result per return by index
// (`status` created | error); idempotency is per return, in the body (no Idempotency-Key header).
import { admitted } from "../../door.js";
import { operation } from "../../executor.js";
import { restRoute, type RestRoute } from "../route.js";
import { component, List, Obj, T, Text } from "../../declare.js";
import { LIST_BOUNDS, QUANTITY_BOUNDS } from "../../../src/core/bounds.js";
import type * as gen from "../../codegen/operations.js";

const importReturns = operation<gen.RestImportReturnsMutation>(`mutation RestImportReturns($storeId: ID!, $returns: [ReturnImportInput!]!) {
  importReturns(storeId: $storeId, returns: $returns) { totalCount processedCount errorCount results { status index returnId error } }
}`);

const Opt = T.Optional;

const ImportAddress = Obj({
  line1: Text("short", { minLength: 1 }),
  line2: Opt(Text("short")),
  city: Text("short", { minLength: 1 }),
  state: Opt(Text("short", { description: "State or province code" })),
  postalCode: Opt(Text("short")),
  country: Text("short", { description: "ISO 3166-1 alpha-2", example: "US" }),
  name: Opt(Text("short", { description: "Recipient or location name" })),
  phone: Opt(Text("short")),
});

const ImportReturn = component(
  "BulkReturnsRequestItem",
  Obj({
    products: List(
      Obj({
        productId: Text("id", { minLength: 1, description: "A catalogue product id from the product bulk upload", example: "prd_ABC123" }),
        quantity: T.Integer({ minimum: 1, maximum: QUANTITY_BOUNDS.lineItem }),
        sku: Opt(Text("short", { description: "Overrides the catalogue value" })),
        barcode: Opt(Text("short", { description: "Overrides the catalogue value" })),
        productTitle: Opt(Text("title", { description: "Overrides the catalogue value" })),
        variantTitle: Opt(Text("title", { description: "Overrides the catalogue value" })),
        reason: Opt(Text("note", { description: "Free text" })),
        condition: Opt(Text("short", { description: "Free text" })),
      }),
      "importedReturnProducts",
      { minItems: 1 },
    ),
    customer: Opt(Obj({ firstName: Opt(Text("short")), lastName: Opt(Text("short")), email: Opt(Text("short", { format: "email" })) })),
    externalReferenceId: Opt(Text("id", { description: "The merchant's own return/RMA id, scannable at intake" })),
    trackingNumber: Opt(Text("short", { description: "Inbound carrier tracking number" })),
    carrier: Opt(Text("short", { example: "USPS" })),
    notes: Opt(Text("note", { description: "Internal" })),
    idempotencyKey: Opt(
      Text("short", {
        minLength: 1,
        description:
          "Per-return duplicate guard, unique per store and kept with the return: the same key and return answer the first returnId again; the same key with another return is an error result.",
      }),
    ),
    currency: Opt(Text("short", { pattern: "^[A-Za-z]{3}$", description: "ISO 4217; USD when absent", example: "USD" })),
    shippingAddress: Opt(ImportAddress),
    merchantAddress: Opt(ImportAddress),
  }),
);

const Count = T.Integer({ minimum: 0 });
const ImportResponse = component(
  "BulkReturnsResponse",
  Obj({
    totalCount: Count,
    processedCount: Count,
    errorCount: Count,
    results: T.Array(
      T.Union([
        Obj({ status: T.Literal("created"), index: Count, returnId: T.String() }),
        Obj({ status: T.Literal("error"), index: Count, error: T.String() }),
      ]),
    ),
  }),
);

type Result = { status: string; index: number; returnId: string | null; error: string | null };

export const returnsBulkRoutes: RestRoute[] = [
  restRoute({
    method: "POST",
    path: "/stores/:storeId/returns/bulk",
    operationId: "Import returns",
    summary: "Import Returns",
    description: [
      `Imports 1 to ${LIST_BOUNDS.importedReturns} returns created outside the service (warehouse scan, ERP, point of sale). No order is needed: products are referenced by their \`prd_…\` ids from the product bulk upload. Returns are created open, ready for warehouse intake.`,
      'One result per return, in request order, with its 0-based `index`: `{status: "created", returnId}` or `{status: "error", error}`. Each return is written whole or not at all, and a failing return (an unknown product, an `idempotencyKey` reused with another body) never blocks the others.',
      "A body that does not match the schema is answered 400 with every problem, and nothing is written. An imported return reads back with an empty `order` (`id` and `name` empty strings): it has none.",
    ].join("\n\n"),
    tags: ["Returns"],
    operation: importReturns,
    body: Obj({ returns: List(ImportReturn, "importedReturns", { minItems: 1 }) }),
    responses: { 200: { description: "The batch was processed; returns may succeed and fail independently", schema: ImportResponse } },
    errors: [400, 401, 403, 404],
    variables: ({ params, body }) => ({
      storeId: params.storeId,
      returns: admitted<Pick<gen.RestImportReturnsMutationVariables, "returns">>(body).returns,
    }),
    respond: ({ importReturns: r }) => ({
      status: 200,
      body: {
        ...r,
        results: r.results.map((x: Result) =>
          x.status === "created"
            ? { status: "created", index: x.index, returnId: x.returnId }
            : { status: "error", index: x.index, error: x.error },
        ),
      },
    }),
  }),
];
