import type { RequestContext } from "../core/context.js";
import { money } from "../core/money.js";
import type { PageArgs } from "../core/pagination.js";
import { idempotent } from "../core/idempotency.js";
import * as products from "./service.js";
import { updateFamily, updateVariant, type FamilyEdit, type VariantEdit } from "./edit.js";

type Ctx = RequestContext;

/** Images are stored as the upload format has them ({url, alt_text}). */
const storedImages = (row: { images: string }) =>
  (JSON.parse(row.images) as products.ImageInput[]).map((i) => ({ url: i.url, altText: i.alt_text ?? "" }));
type StoreArgs = { storeId: string };

export const productsResolvers = {
  Query: {
    productFamilies: (_: unknown, a: StoreArgs & PageArgs, ctx: Ctx) => products.listFamilies(ctx, a.storeId, a),
    productFamily: (_: unknown, a: StoreArgs & { id: string }, ctx: Ctx) => products.getFamily(ctx, a.storeId, a.id),
    product: (_: unknown, a: StoreArgs & { id?: string | null; sku?: string | null }, ctx: Ctx) => products.getProduct(ctx, a.storeId, a),
  },
  Mutation: {
    bulkUploadProducts: async (
      _: unknown,
      a: StoreArgs & { products: products.FamilyInput[]; idempotencyKey?: string | null },
      ctx: Ctx,
    ) => {
      // Upload chunks commit one by one, so the result is stored after the last one; a crash mid-upload
      // leaves the key in flight until it is taken over, and running the upload again is safe (it matches).
      const { result, replayed } = await idempotent(
        ctx,
        { storeId: a.storeId, operation: "bulkUploadProducts", key: a.idempotencyKey, request: a.products },
        () => products.bulkUpload(ctx, a.storeId, a.products),
      );
      return { ...result, replayed };
    },
    updateProductFamily: (_: unknown, a: StoreArgs & { id: string; input: FamilyEdit }, ctx: Ctx) =>
      updateFamily(ctx, a.storeId, a.id, a.input),
    updateProduct: (_: unknown, a: StoreArgs & { id: string; input: VariantEdit }, ctx: Ctx) =>
      updateVariant(ctx, a.storeId, a.id, a.input),
  },
  ProductFamily: {
    tags: (f: { tags: string }) => JSON.parse(f.tags) as string[],
    products: (f: { id: string }, _: unknown, ctx: Ctx) => products.productsOf(ctx, f.id),
    images: storedImages,
  },
  Product: {
    family: (p: { familyId: string }, _: unknown, ctx: Ctx) => products.familyById(ctx, p.familyId),
    price: (p: { priceAmount: number; currency: string }) => money(p.priceAmount, p.currency),
    optionValues: (p: { optionValues: string }) => JSON.parse(p.optionValues) as string[],
    images: storedImages,
  },
};
