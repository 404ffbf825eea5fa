// Product bulk upload and edit: the whole request is validated first (any failure → 400 naming the field,
// nothing written). Split from service.ts, which keeps the writing and the reads.
import { refuse } from "./refusals.js";
import { LIST_BOUNDS, TEXT_BOUNDS } from "../core/bounds.js";
import type { FamilyInput, ImageInput } from "./inputs.js";

export const MAX_FAMILIES = LIST_BOUNDS.productFamilies;
export const MAX_VARIANTS = LIST_BOUNDS.productVariants;
const KINDS = ["SELLABLE", "NON_SELLABLE"];
export const WEIGHT_UNITS = ["g", "kg", "lb", "oz", "t"];
const DIMENSION_UNITS = ["in", "cm"];

/** A product type as stored: trimmed, blank is none (null), so a rule never matches an empty type. */
export const productType = (v: string | null | undefined): string | null => v?.trim() || null;

// ─── Validation (whole request; any failure → 400, nothing written) ───────────

export function checkLength(v: string | null | undefined, field: string, max: number, min = 0) {
  if (v == null) {
    if (min > 0) throw refuse("PRODUCT_TEXT_REQUIRED", { field });
    return;
  }
  if (typeof v !== "string" || v.length < min || v.length > max) {
    throw refuse("PRODUCT_TEXT_LENGTH", { field, min, max });
  }
}

export function checkEnum(v: string | null | undefined, field: string, values: string[]) {
  if (v != null && !values.includes(v)) throw refuse("PRODUCT_VALUE_UNKNOWN", { field, value: String(v), values: values.join(", ") });
}

export function checkNumber(v: number | null | undefined, field: string) {
  if (v != null && (!Number.isFinite(v) || v < 0)) throw refuse("PRODUCT_NUMBER_NEGATIVE", { field });
}

export function checkImages(images: ImageInput[] | null | undefined, field: string) {
  (images ?? []).forEach((img, i) => {
    let ok = false;
    try {
      ok = /^https?:$/.test(new URL(img.url).protocol);
    } catch {
      ok = false;
    }
    if (!ok) throw refuse("PRODUCT_IMAGE_URL", { field: `${field}[${i}].url` });
    checkLength(img.altText, `${field}[${i}].altText`, 1000);
  });
}

export function validateUpload(families: FamilyInput[]) {
  if (!Array.isArray(families) || families.length < 1 || families.length > MAX_FAMILIES) {
    throw refuse("PRODUCT_UPLOAD_FAMILIES", { max: MAX_FAMILIES, count: Array.isArray(families) ? String(families.length) : "none" });
  }
  families.forEach((f, i) => {
    const p = `families[${i}]`;
    checkLength(f.familyId, `${p}.familyId`, 255);
    checkLength(f.externalId, `${p}.externalId`, 255);
    checkLength(f.title, `${p}.title`, 500, 1);
    if (!f.title.trim()) throw refuse("PRODUCT_TEXT_BLANK", { field: `${p}.title` });
    checkLength(f.description, `${p}.description`, 5000);
    checkLength(f.vendor, `${p}.vendor`, 255);
    checkLength(f.productType, `${p}.productType`, TEXT_BOUNDS.name);
    (f.tags ?? []).forEach((t, j) => checkLength(t, `${p}.tags[${j}]`, 255));
    checkEnum(f.kind, `${p}.kind`, KINDS);
    (f.options ?? []).forEach((o, j) => {
      checkLength(o.name, `${p}.options[${j}].name`, 255, 1);
      o.values.forEach((v, k) => checkLength(v, `${p}.options[${j}].values[${k}]`, 255));
    });
    checkImages(f.images, `${p}.images`);
    if (!f.variants.length || f.variants.length > MAX_VARIANTS) {
      throw refuse("PRODUCT_UPLOAD_VARIANTS", { field: `${p}.variants`, max: MAX_VARIANTS, count: f.variants.length });
    }
    f.variants.forEach((v, j) => {
      const q = `${p}.variants[${j}]`;
      checkLength(v.id, `${q}.id`, 255);
      checkLength(v.externalId, `${q}.externalId`, 255);
      checkLength(v.title, `${q}.title`, 500);
      checkLength(v.sku, `${q}.sku`, 255, 1);
      if (!v.sku.trim()) throw refuse("PRODUCT_TEXT_BLANK", { field: `${q}.sku` });
      checkLength(v.upc, `${q}.upc`, 50);
      if (!Number.isInteger(v.price) || v.price < 0) throw refuse("PRODUCT_PRICE_MINOR", { field: `${q}.price` });
      if (typeof v.currency !== "string" || !/^[A-Za-z]{3}$/.test(v.currency))
        throw refuse("PRODUCT_CURRENCY_INVALID", { field: `${q}.currency`, value: String(JSON.stringify(v.currency)) });
      for (const k of ["weight", "width", "length", "height"] as const) checkNumber(v[k], `${q}.${k}`);
      checkEnum(v.weightUnit, `${q}.weightUnit`, WEIGHT_UNITS);
      checkEnum(v.dimensionUnit, `${q}.dimensionUnit`, DIMENSION_UNITS);
      checkLength(v.hsCode, `${q}.hsCode`, 50);
      if (v.originCountry != null && !/^[A-Z]{2}$/.test(v.originCountry))
        throw refuse("PRODUCT_COUNTRY_INVALID", { field: `${q}.originCountry` });
      checkImages(v.images, `${q}.images`);
    });
  });
}
