// Shop connections (schema.graphql, "Shop connections"): read without the key, set, removed, tested.
import { paramPairs } from "../core/decisions/codes.js";
import type { Resolvers } from "../core/generated/schema.js";
import { importShopOrders, syncErrorRefusal, syncErrors } from "./import.js";
import { retryLedgerEntry } from "./ledger-retry.js";
import { shopPlatforms } from "./platforms.js";
import { getConnection, removeConnection, setConnection, testConnection } from "./service.js";

export const shopsResolvers = {
  Query: {
    shopConnection: (_, a, ctx) => getConnection(ctx, a.storeId),
    shopPlatforms: () => shopPlatforms(),
  },
  Mutation: {
    setShopConnection: (_, a, ctx) => setConnection(ctx, a.storeId, a.input),
    removeShopConnection: (_, a, ctx) => removeConnection(ctx, a.storeId),
    testShopConnection: async (_, a, ctx) => {
      const test = await testConnection(ctx, a.storeId);
      return { ...test, finding: { code: test.finding.code, params: paramPairs(test.finding.params) } };
    },
    importShopOrders: (_, a, ctx) => importShopOrders(ctx, a.storeId, a.days),
    retryReturnLedgerEntry: (_, a, ctx) => retryLedgerEntry(ctx, a.id),
  },
  ShopConnection: {
    syncErrors: (c, _, ctx) => syncErrors(ctx, c.storeId!),
  },
  ShopOrderSyncError: {
    refusal: (e) => syncErrorRefusal(e as { code?: string | null; params?: string | null }),
  },
} satisfies Resolvers;
