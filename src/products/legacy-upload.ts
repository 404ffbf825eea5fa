// The deprecated `bulkUploadProducts`: the product upload in the merchant file format's field names, as the
// GraphQL schema first published it. It maps its input to the domain's (`uploadProducts`, src/products/
// service.ts), and the answer and any refusal's field names back, so its clients read what they sent.
// It goes when `bulkUploadProducts` leaves the schema; nothing else in the core uses these names.
import type { RequestContext } from "../core/context.js";
import { DomainError } from "../core/errors.js";
import type { ProductFamilyUpload } from "../core/generated/schema.js";
import type { FamilyInput } from "./inputs.js";
import { uploadProducts } from "./upload.js";

/** The deprecated input's names of the domain's fields (the rest are spelled alike). */
const LEGACY_NAMES: Record<string, string> = {
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
const legacyWord = (word: string) => (Object.hasOwn(LEGACY_NAMES, word) ? LEGACY_NAMES[word] : word);
/** `families[2].variants[0].weightUnit` as the deprecated input names it: `products[2].variants[0].weight_unit`. */
export const legacyField = (path: string) => path.replace(/[A-Za-z]+/g, legacyWord);
/** A detail's quoted fields (`familyId`, `families[0].title`) as the deprecated input names them. */
const legacyDetail = (detail: string) => detail.replace(/`([\w.[\]]+)`/g, (_, path: string) => `\`${legacyField(path)}\``);

function toDomain(products: ProductFamilyUpload[]): FamilyInput[] {
  const image = (i: { url: string; alt_text: string }) => ({ url: i.url, altText: i.alt_text });
  return products.map((f) => ({
    familyId: f.product_family_id,
    externalId: f.external_id,
    title: f.title,
    description: f.description,
    vendor: f.vendor,
    productType: f.product_type,
    tags: f.tags,
    kind: f.kind,
    options: f.options,
    images: f.images?.map(image),
    variants: f.variants.map((v) => ({
      id: v.id,
      externalId: v.external_id,
      title: v.title,
      sku: v.sku,
      upc: v.upc,
      barcodes: v.barcodes,
      price: v.price,
      currency: v.currency,
      weight: v.weight,
      weightUnit: v.weight_unit,
      width: v.width,
      length: v.length,
      height: v.height,
      dimensionUnit: v.dimension_unit,
      hsCode: v.hs_code,
      originCountry: v.origin_country,
      optionValues: v.option_values,
      images: v.images?.map(image),
    })),
  }));
}

/** A refusal with its fields named as the deprecated input names them. */
function legacyError(err: unknown): unknown {
  if (!(err instanceof DomainError)) return err;
  const { info } = err;
  const problems = info.extra?.problems as { field?: string; detail: string }[] | undefined;
  return new DomainError({
    ...info,
    detail: legacyDetail(info.detail),
    ...(info.field ? { field: legacyField(info.field) } : {}),
    ...(problems
      ? {
          extra: {
            ...info.extra,
            problems: problems.map((p) => ({ ...p, ...(p.field ? { field: legacyField(p.field) } : {}), detail: legacyDetail(p.detail) })),
          },
        }
      : {}),
  });
}

export async function legacyUpload(ctx: RequestContext, storeId: string, products: ProductFamilyUpload[], key?: string | null) {
  const r = await uploadProducts(ctx, storeId, toDomain(products), key).catch((err) => {
    throw legacyError(err);
  });
  return {
    replayed: r.replayed,
    total_count: r.total,
    processed_count: r.processed,
    error_count: r.failed,
    results: r.outcomes.map((o) =>
      o.status === "error"
        ? { status: o.status, error: legacyDetail(o.error) }
        : { status: o.status, product_family_id: o.familyId, products: o.products },
    ),
  };
}
