// Product bulk upload: one request, one GraphQL mutation (`uploadProducts`). The merchant file format
// spells its fields in snake_case; this door renames them to the core's (`product_family_id` → `familyId`)
// and back in the answer, and names a refused field as the request sent it.
import { admitted } from "../../door.js";
import { operation } from "../../executor.js";
import { declareRoutes, IDEMPOTENCY_KEY } from "../route.js";
import { component, List, Obj, T, Text } from "../../declare.js";
import { LIST_BOUNDS, NUMBER_BOUNDS } from "../../../src/core/bounds.js";
import type * as gen from "../../codegen/operations.js";

const upload =
  operation<gen.RestProductsUploadMutation>(`mutation RestProductsUpload($storeId: ID!, $families: [ProductFamilyInput!]!, $key: String) {
  uploadProducts(storeId: $storeId, families: $families, idempotencyKey: $key) {
    replayed total processed failed
    outcomes { status familyId products { id sku } error }
  }
}`);

/** The file format's name of each core field spelled otherwise (the rest are spelled alike). */
const FILE_NAMES: Record<string, string> = {
  families: "products",
  familyId: "product_family_id",
  externalId: "external_id",
  productType: "product_type",
  altText: "alt_text",
  weightUnit: "weight_unit",
  dimensionUnit: "dimension_unit",
  hsCode: "hs_code",
  originCountry: "origin_country",
  optionValues: "option_values",
};
const CORE_NAMES = Object.fromEntries(Object.entries(FILE_NAMES).map(([core, file]) => [file, core]));
/** `families[2].variants[0].weightUnit` as the request names it: `products[2].variants[0].weight_unit`. */
const fileField = (path: string) => path.replace(/[A-Za-z]+/g, (w) => (Object.hasOwn(FILE_NAMES, w) ? FILE_NAMES[w] : w));
/** A family's refusal, its quoted core fields named as the file format names them. */
const fileDetail = (detail: string) => detail.replace(/`([\w.[\]]+)`/g, (_, path: string) => fileField(path));

/** A request object with the file format's keys renamed to the core's, all the way down. */
function coreShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(coreShape);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [Object.hasOwn(CORE_NAMES, k) ? CORE_NAMES[k] : k, coreShape(v)]));
}

const Opt = T.Optional;
const Str = (maxLength: number, options: Record<string, unknown> = {}) => T.String({ maxLength, ...options });
const Size = T.Number({ minimum: 0, maximum: NUMBER_BOUNDS.measure.max });
const Image = Obj({ url: Text("url", { format: "uri" }), alt_text: Str(1000) });

const ProductVariantUpload = component(
  "ProductVariantUpload",
  Obj({
    id: Opt(Str(255, { description: "A variant (`prd_…`) of this family: matched first." })),
    external_id: Opt(Str(255, { description: "Matched when `id` is absent." })),
    title: Opt(Str(500)),
    sku: Str(255, { minLength: 1, description: "Unique per store; matched when neither id is given." }),
    upc: Opt(Str(50)),
    barcodes: Opt(List(Text("short"), "variantBarcodes")),
    price: T.Integer({ minimum: 0, maximum: NUMBER_BOUNDS.priceMinor.max, description: "Minor units: 2999 = 29.99." }),
    currency: Text("short", { pattern: "^[A-Za-z]{3}$", description: "ISO 4217" }),
    weight: Opt(Size),
    weight_unit: Opt(T.String({ enum: ["g", "kg", "lb", "oz", "t"] })),
    width: Opt(Size),
    length: Opt(Size),
    height: Opt(Size),
    dimension_unit: Opt(T.String({ enum: ["in", "cm"] })),
    hs_code: Opt(Str(50)),
    origin_country: Opt(Text("short", { pattern: "^[A-Z]{2}$" })),
    option_values: Opt(List(Text("short"), "productOptions", { description: "In the family's `options` order." })),
    images: Opt(List(Image, "productImages")),
  }),
);

const ProductFamilyUpload = component(
  "ProductFamilyUpload",
  Obj({
    product_family_id: Opt(Str(255)),
    external_id: Opt(Str(255)),
    title: Str(500, { minLength: 1 }),
    description: Opt(Str(5000)),
    vendor: Opt(Str(255)),
    product_type: Opt(
      Text("name", {
        description: "The product's type, which return policy rules match (Retour's addition to the file format); blank is none.",
      }),
    ),
    tags: Opt(List(Str(255), "productTags", { default: [] })),
    kind: Opt(T.String({ enum: ["SELLABLE", "NON_SELLABLE"], default: "SELLABLE" })),
    options: Opt(List(Obj({ name: Str(255, { minLength: 1 }), values: List(Str(255), "optionValues") }), "productOptions")),
    images: Opt(List(Image, "productImages")),
    variants: List(ProductVariantUpload, "productVariants", { minItems: 1 }),
  }),
);

const Count = T.Integer({ minimum: 0 });
const UploadResult = Obj({
  total_count: Count,
  processed_count: Count,
  error_count: Count,
  results: T.Array(
    T.Union([
      Obj({
        status: T.String({ enum: ["created", "updated"] }),
        product_family_id: T.String(),
        products: T.Array(Obj({ id: T.String(), sku: T.String() })),
      }),
      Obj({ status: T.Literal("error"), error: T.String() }),
    ]),
  ),
});

export const productsRoutes = declareRoutes("Products", [
  {
    method: "POST",
    path: "/stores/:storeId/products/bulk-upload",
    operationId: "Products bulk upload",
    summary: `Create or update up to ${LIST_BOUNDS.productFamilies} product families`,
    description: [
      "Each family is matched by `product_family_id`, then `external_id`, then any variant `sku`; matched → `updated`, otherwise `created`. An unknown `product_family_id` is an error for that family (ids are assigned by the service).",
      "Within a matched family, each variant is matched by `id`, then `external_id`, then `sku`; unmatched variants are created, and variants not in the upload are left as they are.",
      'Results come back one per family in request order. A family that cannot be saved (a SKU repeated in the request, a SKU or variant owned by another family) gets `{status: "error", error}`; it never blocks or rolls back the others, and each family is written atomically.',
      "An invalid request (shape, required fields, limits) is answered 400 and nothing is written. Only one upload runs per store at a time: a concurrent one gets 409 `products/bulk-upload-in-progress`.",
    ].join("\n\n"),
    operation: upload,
    headers: IDEMPOTENCY_KEY,
    body: T.Object({ products: List(ProductFamilyUpload, "productFamilies", { minItems: 1 }) }),
    responses: { 200: { description: "Upload completed", schema: UploadResult } },
    errors: [400, 409],
    variables: ({ params, body, q }) => ({
      storeId: params.storeId,
      families: coreShape(admitted<{ products: unknown[] }>(body).products) as gen.ProductFamilyInput[],
      key: q["Idempotency-Key"] ?? null,
    }),
    fieldPath: fileField,
    respond: (data) => {
      const r = data.uploadProducts;
      return {
        status: 200,
        body: {
          total_count: r.total,
          processed_count: r.processed,
          error_count: r.failed,
          results: r.outcomes.map((o) =>
            o.status === "error"
              ? { status: o.status, error: fileDetail(o.error ?? "") }
              : { status: o.status, product_family_id: o.familyId, products: o.products },
          ),
        },
      };
    },
  },
]);
