// Product bulk upload: one request, one GraphQL mutation; the body's fields are passed as they are
// (the GraphQL input mirrors the merchant file format), so a shape error names the field as sent.
import { operation } from "../../executor.js";
import { RestInputError, type RestRoute, type LegacyRoute } from "../route.js";
import { problemResponses, type OpenApiFragment } from "../openapi-common.js";
import { pathParam } from "../schema-helpers.js";
import { LIST_BOUNDS, TEXT_BOUNDS } from "../../../src/core/bounds.js";

const bulkUpload = operation(`mutation RestProductsBulkUpload($storeId: ID!, $products: [ProductFamilyUpload!]!, $key: String) {
  bulkUploadProducts(storeId: $storeId, products: $products, idempotencyKey: $key) {
    replayed total_count processed_count error_count
    results { status product_family_id products { id sku } error }
  }
}`);

type Result = { status: string; product_family_id: string | null; products: { id: string; sku: string }[] | null; error: string | null };

export const productsRoutes: LegacyRoute[] = [
  {
    method: "POST",
    path: "/stores/:storeId/products/bulk-upload",
    operationId: "Products bulk upload",
    scope: "products_write",
    operation: bulkUpload,
    variables: ({ params, body, header }) => {
      if (!body || typeof body !== "object" || Array.isArray(body) || !Array.isArray(body.products)) {
        throw new RestInputError("The body must be a JSON object `{ \"products\": [ … ] }` with 1 to 1000 product families.", "products");
      }
      return { storeId: params.storeId, products: body.products, key: header("idempotency-key") ?? null };
    },
    respond: (data) => {
      const r = data.bulkUploadProducts;
      return {
        status: 200,
        body: {
          total_count: r.total_count,
          processed_count: r.processed_count,
          error_count: r.error_count,
          results: r.results.map((x: Result) =>
            x.status === "error" ? { status: "error", error: x.error } : { status: x.status, product_family_id: x.product_family_id, products: x.products },
          ),
        },
      };
    },
  },
];

const str = (maxLength?: number, minLength?: number) => ({ type: "string", ...(minLength ? { minLength } : {}), ...(maxLength ? { maxLength } : {}) });
const image = { type: "object", required: ["url", "alt_text"], additionalProperties: false, properties: { url: { type: "string", format: "uri", maxLength: TEXT_BOUNDS.url }, alt_text: str(1000) } };

export const productsOpenApi: OpenApiFragment = {
  paths: {
    "/stores/{storeId}/products/bulk-upload": {
      parameters: [pathParam("storeId")],
      post: {
        operationId: "Products bulk upload",
        parameters: [{ name: "Idempotency-Key", in: "header", required: false, schema: str(TEXT_BOUNDS.short), description: "Same key and body within 24 h → the first response again with `Idempotent-Replayed: true`; other body → 422; still running → 409." }],
        summary: `Create or update up to ${LIST_BOUNDS.productFamilies} product families`,
        description: [
          "Each family is matched by `product_family_id`, then `external_id`, then any variant `sku`; matched → `updated`, otherwise `created`. An unknown `product_family_id` is an error for that family (ids are assigned by the service).",
          "Within a matched family, each variant is matched by `id`, then `external_id`, then `sku`; unmatched variants are created, and variants not in the upload are left as they are.",
          "Results come back one per family in request order. A family that cannot be saved (a SKU repeated in the request, a SKU or variant owned by another family) gets `{status: \"error\", error}`; it never blocks or rolls back the others, and each family is written atomically.",
          "An invalid request (shape, required fields, limits) is answered 400 and nothing is written. Only one upload runs per store at a time: a concurrent one gets 409 `products/bulk-upload-in-progress`.",
        ].join("\n\n"),
        tags: ["Products"],
        security: [{ Bearer: [] }],
        "x-scope": "products_write",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["products"],
                properties: { products: { type: "array", minItems: 1, maxItems: LIST_BOUNDS.productFamilies, items: { $ref: "#/components/schemas/ProductFamilyUpload" } } },
              },
            },
          },
        },
        responses: {
          "200": {
            description: "Upload completed",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["total_count", "processed_count", "error_count", "results"],
                  additionalProperties: false,
                  properties: {
                    total_count: { type: "integer", minimum: 0 },
                    processed_count: { type: "integer", minimum: 0 },
                    error_count: { type: "integer", minimum: 0 },
                    results: {
                      type: "array",
                      items: {
                        oneOf: [
                          {
                            type: "object",
                            required: ["status", "product_family_id", "products"],
                            additionalProperties: false,
                            properties: {
                              status: { type: "string", enum: ["created", "updated"] },
                              product_family_id: { type: "string" },
                              products: { type: "array", items: { type: "object", required: ["id", "sku"], additionalProperties: false, properties: { id: { type: "string" }, sku: { type: "string" } } } },
                            },
                          },
                          { type: "object", required: ["status", "error"], additionalProperties: false, properties: { status: { const: "error" }, error: { type: "string" } } },
                        ],
                      },
                    },
                  },
                },
              },
            },
          },
          ...problemResponses(["400", "401", "403", "409"]),
        },
      },
    },
  },
  schemas: {
    ProductFamilyUpload: {
      type: "object",
      required: ["title", "variants"],
      additionalProperties: false,
      properties: {
        product_family_id: str(255),
        external_id: str(255),
        title: str(500, 1),
        description: str(5000),
        vendor: str(255),
        tags: { type: "array", items: str(255), maxItems: LIST_BOUNDS.productTags, default: [] },
        kind: { type: "string", enum: ["SELLABLE", "NON_SELLABLE"], default: "SELLABLE" },
        options: { type: "array", maxItems: LIST_BOUNDS.productOptions, items: { type: "object", required: ["name", "values"], additionalProperties: false, properties: { name: str(255, 1), values: { type: "array", maxItems: LIST_BOUNDS.optionValues, items: str(255) } } } },
        images: { type: "array", maxItems: LIST_BOUNDS.productImages, items: image },
        variants: { type: "array", minItems: 1, maxItems: LIST_BOUNDS.productVariants, items: { $ref: "#/components/schemas/ProductVariantUpload" } },
      },
    },
    ProductVariantUpload: {
      type: "object",
      required: ["sku", "price", "currency"],
      additionalProperties: false,
      properties: {
        id: { ...str(255), description: "A variant (`prd_…`) of this family: matched first." },
        external_id: { ...str(255), description: "Matched when `id` is absent." },
        title: str(500),
        sku: { ...str(255, 1), description: "Unique per store; matched when neither id is given." },
        upc: str(50),
        barcodes: { type: "array", maxItems: LIST_BOUNDS.variantBarcodes, items: str(TEXT_BOUNDS.short) },
        price: { type: "integer", minimum: 0, maximum: 2147483647, description: "Minor units: 2999 = 29.99." },
        currency: { ...str(TEXT_BOUNDS.short), pattern: "^[A-Za-z]{3}$", description: "ISO 4217" },
        weight: { type: "number", minimum: 0 },
        weight_unit: { type: "string", enum: ["g", "kg", "lb", "oz", "t"] },
        width: { type: "number", minimum: 0 },
        length: { type: "number", minimum: 0 },
        height: { type: "number", minimum: 0 },
        dimension_unit: { type: "string", enum: ["in", "cm"] },
        hs_code: str(50),
        origin_country: { ...str(TEXT_BOUNDS.short), pattern: "^[A-Z]{2}$" },
        option_values: { type: "array", maxItems: LIST_BOUNDS.productOptions, items: str(TEXT_BOUNDS.short), description: "In the family's `options` order." },
        images: { type: "array", maxItems: LIST_BOUNDS.productImages, items: image },
      },
    },
  },
};
