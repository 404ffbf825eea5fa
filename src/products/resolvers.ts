import type { RequestContext } from "../core/context.js";
import { money } from "../core/money.js";
import type { PageArgs } from "../core/pagination.js";
import * as products from "./service.js";

type Ctx = RequestContext;
type StoreArgs = { storeId: string };

export const productsResolvers = {
  Query: {
    productFamilies: (_: unknown, a: StoreArgs & PageArgs, ctx: Ctx) => products.listFamilies(ctx, a.storeId, a),
    productFamily: (_: unknown, a: StoreArgs & { id: string }, ctx: Ctx) => products.getFamily(ctx, a.storeId, a.id),
    product: (_: unknown, a: StoreArgs & { id?: string | null; sku?: string | null }, ctx: Ctx) => products.getProduct(ctx, a.storeId, a),
  },
  Mutation: {
    bulkUploadProducts: (_: unknown, a: StoreArgs & { products: products.FamilyInput[] }, ctx: Ctx) => products.bulkUpload(ctx, a.storeId, a.products),
  },
  ProductFamily: {
    tags: (f: { tags: string }) => JSON.parse(f.tags) as string[],
    products: (f: { id: string }, _: unknown, ctx: Ctx) => products.productsOf(ctx, f.id),
  },
  Product: {
    family: (p: { familyId: string }, _: unknown, ctx: Ctx) => products.familyById(ctx, p.familyId),
    price: (p: { priceAmount: number; currency: string }) => money(p.priceAmount, p.currency),
    optionValues: (p: { optionValues: string }) => JSON.parse(p.optionValues) as string[],
  },
};
