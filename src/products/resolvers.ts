import { money } from "../core/money.js";
import { idempotent } from "../core/idempotency.js";
import * as products from "./service.js";
import { updateFamily, updateVariant } from "./edit.js";
import type { Resolvers } from "../core/generated/schema.js";

/** Images are stored as the upload format has them ({url, alt_text}). */
const storedImages = (row: { images: string }) =>
  (JSON.parse(row.images) as products.ImageInput[]).map((i) => ({ url: i.url, altText: i.alt_text ?? "" }));

export const productsResolvers = {
  Query: {
    productFamilies: (_, a, ctx) => products.listFamilies(ctx, a.storeId, a),
    productFamily: (_, a, ctx) => products.getFamily(ctx, a.storeId, a.id),
    product: (_, a, ctx) => products.getProduct(ctx, a.storeId, a),
  },
  Mutation: {
    bulkUploadProducts: async (_, a, ctx) => {
      // Upload chunks commit one by one, so the result is stored after the last one; a crash mid-upload
      // leaves the key in flight until it is taken over, and running the upload again is safe (it matches).
      const { result, replayed } = await idempotent(
        ctx,
        { storeId: a.storeId, operation: "bulkUploadProducts", key: a.idempotencyKey, request: a.products },
        () => products.bulkUpload(ctx, a.storeId, a.products),
      );
      return { ...result, replayed };
    },
    updateProductFamily: (_, a, ctx) => updateFamily(ctx, a.storeId, a.id, a.input),
    updateProduct: (_, a, ctx) => updateVariant(ctx, a.storeId, a.id, a.input),
  },
  ProductFamily: {
    tags: (f) => JSON.parse(f.tags) as string[],
    products: (f, _, ctx) => products.productsOf(ctx, f.id),
    images: storedImages,
  },
  Product: {
    // The variant's family is its foreign key: never missing.
    family: async (p, _, ctx) => (await products.familyById(ctx, p.familyId))!,
    price: (p) => money(p.priceAmount, p.currency),
    optionValues: (p) => JSON.parse(p.optionValues) as string[],
    images: storedImages,
  },
} satisfies Resolvers;
