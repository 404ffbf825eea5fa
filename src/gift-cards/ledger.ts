// A gift card's ledger: every movement of its balance is one GiftCardEntry row, written in the transaction that
// moves the balance and never twice (unique store + dedupeKey: "issue:<gc_>", "redeem:<key>", "reverse:<gce_>").
// The ledger is money history: no retention rule deletes it (facades/dashboard/guides/store-credit.md).
import type { RequestContext } from "../core/context.js";
import { newId } from "../core/ids.js";
import type { TransactionClient } from "../db/client.js";
import { type GiftCardEntry, Prisma } from "../db/generated/sqlite/client.js";

export const ENTRY_KINDS = ["issue", "redemption", "reversal"] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** The issue entry of a card just created (src/returns/gift-cards.ts), in its creating transaction. */
export function recordIssue(
  tx: TransactionClient,
  card: { id: string; storeId: string; amount: number; currency: string; returnId: string },
): Promise<GiftCardEntry> {
  return tx.giftCardEntry.create({
    data: {
      id: newId("gce"),
      storeId: card.storeId,
      giftCardId: card.id,
      kind: "issue",
      amount: card.amount,
      currency: card.currency,
      balanceAfter: card.amount,
      reference: card.returnId,
      dedupeKey: `issue:${card.id}`,
    },
  });
}

/**
 * The newest `first` entries of each card asked, newest first: two queries for every card a response names (the
 * ids by a window over each card's entries, then their rows), however long a card's history.
 */
export function historyLoader(ctx: RequestContext, first: number) {
  return ctx.loaders.hasMany(
    `giftCards.history:${first}`,
    async (ids) => {
      const newest = await ctx.prisma.$queryRaw<{ id: string }[]>(
        Prisma.sql`SELECT t."id" FROM (SELECT e."id", ROW_NUMBER() OVER (PARTITION BY e."giftCardId" ORDER BY e."createdAt" DESC, e."id" DESC) AS "n" FROM "GiftCardEntry" e WHERE e."giftCardId" IN (${Prisma.join(ids)})) t WHERE t."n" <= ${first}`,
      );
      if (!newest.length) return [];
      return ctx.prisma.giftCardEntry.findMany({
        where: { id: { in: newest.map((r) => r.id) } },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      });
    },
    (e) => e.giftCardId,
  );
}

/** The reversal of each redemption named, by the redemption's id: one query per response. */
export function reversalLoader(ctx: RequestContext) {
  return ctx.loaders.hasMany(
    "giftCards.reversals",
    (ids) => ctx.prisma.giftCardEntry.findMany({ where: { kind: "reversal", reversesId: { in: ids } } }),
    (e) => e.reversesId,
  );
}

/** Cards by id: one query for every card a response names. */
export function cardLoader(ctx: RequestContext) {
  return ctx.loaders.byId("giftCards.card", (ids) => ctx.prisma.giftCard.findMany({ where: { id: { in: ids } } }));
}

/** A card by its id, for a field that names an issued card (`GiftCard.account`, `CustomerGiftCard.account`). */
export async function accountOf(ctx: RequestContext, id: string | undefined) {
  const card = id ? await cardLoader(ctx).load(id) : null;
  if (!card) throw new Error(`gift card ${id} has no row`); // named by a row read a moment ago
  return card;
}
