// Editing one product family or one variant from the dashboard: a patch (omitted fields keep their
// value), validated whole before anything is written, each edit one update. Bulk upload (service.ts)
// replaces whole families instead, as the merchant file format does.
import { refuse } from "./refusals.js";
import type { RequestContext } from "../core/context.js";
import { LIST_BOUNDS, TEXT_BOUNDS } from "../core/bounds.js";
import { isUniqueViolation } from "../core/db-errors.js";
import { assertCurrency, parseMajor } from "../core/money.js";
import { type ImageInput, storedImages } from "./inputs.js";
import { checkEnum, checkImages, checkLength, checkNumber, productType, WEIGHT_UNITS } from "./validation.js";

export interface FamilyEdit {
  title?: string | null;
  description?: string | null;
  vendor?: string | null;
  productType?: string | null;
  tags?: string[] | null;
  images?: ImageInput[] | null;
}

export interface VariantEdit {
  title?: string | null;
  sku?: string | null;
  upc?: string | null;
  price?: string | null;
  currency?: string | null;
  weight?: number | null;
  weightUnit?: string | null;
  images?: ImageInput[] | null;
}

/** `null` on a required field is refused like a blank one: omit a field to keep it. */
function requiredText(v: string | null | undefined, field: string, max: number): string | undefined {
  if (v === undefined) return undefined;
  if (v === null || !v.trim()) throw refuse("PRODUCT_TEXT_BLANK_EDIT", { field });
  checkLength(v, field, max);
  return v.trim();
}

function images(list: ImageInput[] | null | undefined, field: string): string | undefined {
  if (list === undefined) return undefined;
  const given = list ?? [];
  if (given.length > LIST_BOUNDS.productImages)
    throw refuse("PRODUCT_TOO_MANY_IMAGES", { field, max: LIST_BOUNDS.productImages, count: given.length });
  given.forEach((img, i) => checkLength(img.url, `${field}[${i}].url`, TEXT_BOUNDS.url));
  checkImages(given, field);
  return JSON.stringify(storedImages(given));
}

export async function updateFamily(ctx: RequestContext, storeId: string, id: string, input: FamilyEdit) {
  const tags = input.tags === undefined ? undefined : (input.tags ?? []);
  if (tags && tags.length > 250) throw refuse("PRODUCT_TOO_MANY_TAGS", { max: 250, count: tags.length });
  tags?.forEach((t, i) => checkLength(t, `input.tags[${i}]`, TEXT_BOUNDS.short));
  checkLength(input.description, "input.description", 5000);
  checkLength(input.vendor, "input.vendor", TEXT_BOUNDS.short);
  checkLength(input.productType, "input.productType", TEXT_BOUNDS.name);
  const data = {
    title: requiredText(input.title, "input.title", 500),
    ...(input.description !== undefined ? { description: input.description ?? "" } : {}),
    ...(input.vendor !== undefined ? { vendor: input.vendor ?? "" } : {}),
    ...(input.productType !== undefined ? { productType: productType(input.productType) } : {}),
    ...(tags ? { tags: JSON.stringify(tags.map((t) => t.trim()).filter(Boolean)) } : {}),
    images: images(input.images, "input.images"),
  };
  const updated = await ctx.prisma.productFamily.updateMany({ where: { id, storeId }, data });
  if (!updated.count) throw refuse("PRODUCT_FAMILY_NOT_FOUND", { id });
  return ctx.prisma.productFamily.findFirstOrThrow({ where: { id, storeId } });
}

export async function updateVariant(ctx: RequestContext, storeId: string, id: string, input: VariantEdit) {
  const current = await ctx.prisma.product.findFirst({ where: { id, storeId } });
  if (!current) throw refuse("PRODUCT_NOT_FOUND", { id });
  const currency = input.currency == null ? current.currency : assertCurrency(input.currency, "input.currency");
  if (input.currency !== undefined && input.price == null && currency !== current.currency) {
    throw refuse("PRODUCT_PRICE_NEEDED");
  }
  let priceAmount: number | undefined;
  if (input.price != null) {
    priceAmount = parseMajor(input.price, currency, "input.price");
    if (priceAmount < 0) throw refuse("PRODUCT_PRICE_NEGATIVE");
  }
  checkLength(input.upc, "input.upc", 50);
  checkLength(input.title, "input.title", 500);
  checkNumber(input.weight, "input.weight");
  checkEnum(input.weightUnit, "input.weightUnit", WEIGHT_UNITS);
  const data = {
    ...(input.title !== undefined ? { title: input.title?.trim() ?? "" } : {}),
    sku: requiredText(input.sku, "input.sku", TEXT_BOUNDS.short),
    ...(input.upc !== undefined ? { upc: input.upc?.trim() || null } : {}),
    ...(priceAmount !== undefined ? { priceAmount, currency } : {}),
    ...(input.weight !== undefined ? { weight: input.weight } : {}),
    ...(input.weightUnit !== undefined ? { weightUnit: input.weightUnit } : {}),
    images: images(input.images, "input.images"),
  };
  try {
    await ctx.prisma.product.update({ where: { id: current.id }, data });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw refuse("PRODUCT_SKU_TAKEN", { sku: String(data.sku) });
    }
    throw err;
  }
  return ctx.prisma.product.findUniqueOrThrow({ where: { id: current.id } });
}
