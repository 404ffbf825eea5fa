// Store credit spent (schema.graphql, "Store credit spent"): a card by its code, redeeming, reversing.
import { PAGE_SIZES } from "../core/bounds.js";
import { money } from "../core/money.js";
import type { Resolvers } from "../core/generated/schema.js";
import { accountOf, historyLoader, reversalLoader, type EntryKind } from "./ledger.js";
import { giftCardByCode, redeemGiftCard, reverseRedemption } from "./service.js";

export const giftCardsResolvers = {
  Query: {
    giftCard: (_, a, ctx) => giftCardByCode(ctx, a.storeId, a.code),
  },
  Mutation: {
    redeemGiftCard: (_, a, ctx) => redeemGiftCard(ctx, a.storeId, a.code, a.input, a.idempotencyKey),
    reverseGiftCardRedemption: (_, a, ctx) => reverseRedemption(ctx, a.storeId, a.code, a.redemptionId, a.reference),
  },
  GiftCard: {
    account: (g, _, ctx) => accountOf(ctx, g.externalId),
  },
  GiftCardAccount: {
    amount: (g) => money(g.amount, g.currency),
    balance: (g) => money(g.balance, g.currency),
    currency: (g) => g.currency.toUpperCase(),
    spendable: (g) => g.balance > 0,
    history: (g, a, ctx) => historyLoader(ctx, Math.min(a.first ?? PAGE_SIZES.standard.default, PAGE_SIZES.standard.max)).load(g.id),
  },
  GiftCardEntry: {
    kind: (e) => e.kind as EntryKind,
    amount: (e) => money(e.amount, e.currency),
    balanceAfter: (e) => money(e.balanceAfter, e.currency),
    reversed: async (e, _, ctx) => e.kind === "redemption" && (await reversalLoader(ctx).load(e.id)).length > 0,
  },
} satisfies Resolvers;
