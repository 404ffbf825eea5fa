import { money } from "../core/money.js";
import * as products from "./service.js";
import { updateFamily, updateVariant } from "./edit.js";
import type { Resolvers } from "../core/generated/schema.js";
import { legacyUpload } from "./legacy-upload.js";
import { uploadProducts } from "./upload.js";

/** Images as the rows store them (src/products/inputs.ts `StoredImage`). */
const storedImages = (row: { images: string }) =>
  (JSON.parse(row.images) as products.StoredImage[]).map((i) => ({ url: i.url, altText: i.alt_text ?? "" }));

export const productsResolvers = {
  Query: {
    productFamilies: (_, a, ctx) => products.listFamilies(ctx, a.storeId, a),
    productFamily: (_, a, ctx) => products.getFamily(ctx, a.storeId, a.id),
    product: (_, a, ctx) => products.getProduct(ctx, a.storeId, a),
  },
  Mutation: {
    uploadProducts: (_, a, ctx) => uploadProducts(ctx, a.storeId, a.families, a.idempotencyKey),
    bulkUploadProducts: (_, a, ctx) => legacyUpload(ctx, a.storeId, a.products, a.idempotencyKey),
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
