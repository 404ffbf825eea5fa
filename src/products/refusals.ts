// What the products domain refuses, as codes with their parameters (src/core/refusals.ts); each code's
// English is the detail every door has always answered. Lists are comma-separated.
import { quoted, refusalList } from "../core/refusals.js";

export const PRODUCT_REFUSALS = refusalList<{
  /** A field to change was sent blank (or null). */
  PRODUCT_TEXT_BLANK_EDIT: { field: string };
  /** More than `max` images (`count` sent). */
  PRODUCT_TOO_MANY_IMAGES: { field: string; max: number; count: number };
  /** No product family `id` in the store. */
  PRODUCT_FAMILY_NOT_FOUND: { id: string };
  /** No product `id` in the store. */
  PRODUCT_NOT_FOUND: { id: string };
  /** More than `max` tags (`count` sent). */
  PRODUCT_TOO_MANY_TAGS: { max: number; count: number };
  /** The currency changes without a price. */
  PRODUCT_PRICE_NEEDED: Record<string, never>;
  /** The price is negative. */
  PRODUCT_PRICE_NEGATIVE: Record<string, never>;
  /** Another product of the store has SKU `sku`. */
  PRODUCT_SKU_TAKEN: { sku: string };
  /** Neither an id nor a SKU names the product. */
  PRODUCT_ID_OR_SKU: Record<string, never>;
  /** A bulk upload of the store is running. */
  PRODUCT_UPLOAD_RUNNING: Record<string, never>;
  /** A required text is missing. */
  PRODUCT_TEXT_REQUIRED: { field: string };
  /** A text is not `min` to `max` characters long (`min` 0: at most `max`). */
  PRODUCT_TEXT_LENGTH: { field: string; min: number; max: number };
  /** `value` is not one of `values`. */
  PRODUCT_VALUE_UNKNOWN: { field: string; value: string; values: string };
  /** A number is negative or not finite. */
  PRODUCT_NUMBER_NEGATIVE: { field: string };
  /** An image's URL is not an absolute http(s) URL. */
  PRODUCT_IMAGE_URL: { field: string };
  /** An upload holds none or more than `max` families (`count`: how many, or "none"). */
  PRODUCT_UPLOAD_FAMILIES: { max: number; count: string };
  /** A title or SKU is blank. */
  PRODUCT_TEXT_BLANK: { field: string };
  /** A family holds none or more than `max` variants (`count`). */
  PRODUCT_UPLOAD_VARIANTS: { field: string; max: number; count: number };
  /** A price is not a whole number of minor units ≥ 0. */
  PRODUCT_PRICE_MINOR: { field: string };
  /** A currency is not a 3-letter code. */
  PRODUCT_CURRENCY_INVALID: { field: string; value: string };
  /** A country of origin is not a 2-letter code in capitals. */
  PRODUCT_COUNTRY_INVALID: { field: string };
}>("Products", {
  PRODUCT_TEXT_BLANK_EDIT: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must not be blank; omit it to keep the current value.`,
  },
  PRODUCT_TOO_MANY_IMAGES: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` holds at most ${p.max} images; got ${p.count}.`,
  },
  PRODUCT_FAMILY_NOT_FOUND: {
    status: 404,
    type: "products/not-found",
    title: "Product not found",
    en: (p) => `No product family ${p.id} in this store.`,
  },
  PRODUCT_NOT_FOUND: {
    status: 404,
    type: "products/not-found",
    title: "Product not found",
    en: (p) => `No product ${p.id} in this store.`,
  },
  PRODUCT_TOO_MANY_TAGS: {
    status: 400,
    field: "input.tags",
    en: (p) => `\`input.tags\` holds at most ${p.max} tags; got ${p.count}.`,
  },
  PRODUCT_PRICE_NEEDED: {
    status: 400,
    field: "input.price",
    en: () => "`input.price` is required when `input.currency` changes, so the amount is not misread.",
  },
  PRODUCT_PRICE_NEGATIVE: { status: 400, field: "input.price", en: () => "`input.price` must not be negative." },
  PRODUCT_SKU_TAKEN: {
    status: 409,
    type: "products/sku-taken",
    title: "SKU in use",
    en: (p) => `Another product of this store already has SKU ${quoted(p.sku)}; choose another.`,
    extra: () => ({ field: "input.sku" }),
  },
  PRODUCT_ID_OR_SKU: { status: 400, field: "id", en: () => "Pass `id` or `sku`." },
  PRODUCT_UPLOAD_RUNNING: {
    status: 409,
    type: "products/bulk-upload-in-progress",
    title: "Bulk upload already running",
    en: () => "Another product bulk upload is running for this store; only one runs at a time. Retry when it has finished.",
  },
  PRODUCT_TEXT_REQUIRED: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` is required.` },
  PRODUCT_TEXT_LENGTH: {
    status: 400,
    field: (p) => p.field,
    en: (p) =>
      Number(p.min) > 0
        ? `\`${p.field}\` must be ${p.min} to ${p.max} characters.`
        : `\`${p.field}\` must have at most ${p.max} characters.`,
  },
  PRODUCT_VALUE_UNKNOWN: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be one of ${p.values}; got ${quoted(p.value)}.`,
  },
  PRODUCT_NUMBER_NEGATIVE: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must be a non-negative number.` },
  PRODUCT_IMAGE_URL: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must be an absolute http(s) URL.` },
  PRODUCT_UPLOAD_FAMILIES: {
    status: 400,
    field: "families",
    en: (p) => `\`families\` must hold 1 to ${p.max} product families; got ${p.count}.`,
  },
  PRODUCT_TEXT_BLANK: { status: 400, field: (p) => p.field, en: (p) => `\`${p.field}\` must not be blank.` },
  PRODUCT_UPLOAD_VARIANTS: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must hold 1 to ${p.max} variants; got ${p.count}.`,
  },
  PRODUCT_PRICE_MINOR: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be a non-negative integer in minor units (2999 = 29.99).`,
  },
  PRODUCT_CURRENCY_INVALID: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be a 3-letter ISO 4217 code; got ${p.value}.`,
  },
  PRODUCT_COUNTRY_INVALID: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must be an ISO 3166-1 alpha-2 code in capitals.`,
  },
});

export const refuse = PRODUCT_REFUSALS.refuse;
