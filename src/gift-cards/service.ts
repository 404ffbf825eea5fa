// Spending store credit (issue 37): a storefront's checkout looks a card up by its code, redeems part or all of
// its balance, and reverses a redemption when the checkout fails or the order is cancelled.
//  - no double spend: the balance moves by one conditional update (`balance >= amount`) in the transaction that
//    writes the ledger row, so whatever parallel requests do, on SQLite and PostgreSQL, it never goes below zero;
//  - a redemption's idempotency key is the store's and kept with its ledger row (never expires, like the money
//    history it guards): the same key and input answer the first redemption again; another input is refused.
//    Two concurrent sends of one key spend once (the unique dedupeKey decides; the loser reads the winner's);
//  - a reversal puts a redemption back once (its dedupeKey is the redemption's id); asked again it answers the
//    same reversal.
import type { RequestContext } from "../core/context.js";
import { isUniqueViolation } from "../core/db-errors.js";
import { requestHash } from "../core/idempotency.js";
import { newId } from "../core/ids.js";
import { eventsCommitted, recordEvent } from "../core/events.js";
import { assertCurrency, formatMinor, parseMajor } from "../core/money.js";
import type { GiftCard, GiftCardEntry } from "../db/generated/sqlite/client.js";
import { refuse } from "./refusals.js";

export interface RedeemInput {
  amount: string;
  currency: string;
  reference?: string | null;
}

export interface Movement {
  entry: GiftCardEntry;
  card: GiftCard;
  replayed: boolean;
}

const clean = (code: string) => code.trim();

/** The store's card with this code, or null. */
export function giftCardByCode(ctx: RequestContext, storeId: string, code: string) {
  return ctx.prisma.giftCard.findUnique({ where: { storeId_code: { storeId, code: clean(code) } } });
}

async function cardOrRefuse(ctx: RequestContext, storeId: string, code: string): Promise<GiftCard> {
  const card = await giftCardByCode(ctx, storeId, code);
  if (!card) throw refuse("GIFT_CARD_NOT_FOUND", { code: clean(code) });
  return card;
}

/** The amount in minor units of the card's currency, or the refusal naming `input.amount` / `input.currency`. */
function amountOf(card: GiftCard, input: RedeemInput): number {
  const currency = assertCurrency(input.currency.trim(), "input.currency");
  if (currency !== card.currency.toUpperCase()) throw refuse("CURRENCY_MISMATCH", { currency, cardCurrency: card.currency });
  const minor = parseMajor(input.amount, currency, "input.amount");
  if (minor <= 0) throw refuse("AMOUNT_NOT_POSITIVE", { amount: input.amount });
  return minor;
}

/** The earlier redemption under this key: replayed when its input was the same, else refused. */
async function replay(ctx: RequestContext, storeId: string, key: string, hash: string): Promise<Movement | null> {
  const prior = await ctx.prisma.giftCardEntry.findUnique({ where: { storeId_dedupeKey: { storeId, dedupeKey: `redeem:${key}` } } });
  if (!prior) return null;
  if (prior.requestHash !== hash) throw refuse("IDEMPOTENCY_KEY_REUSED", { key, redemptionId: prior.id });
  const card = await ctx.prisma.giftCard.findUniqueOrThrow({ where: { id: prior.giftCardId } });
  return { entry: prior, card, replayed: true };
}

export async function redeemGiftCard(
  ctx: RequestContext,
  storeId: string,
  code: string,
  input: RedeemInput,
  idempotencyKey: string,
): Promise<Movement> {
  const key = idempotencyKey;
  if (!key.trim()) throw refuse("IDEMPOTENCY_KEY_EMPTY");
  const reference = input.reference?.trim() || null;
  const hash = requestHash({ code: clean(code), amount: input.amount.trim(), currency: input.currency.trim().toUpperCase(), reference });
  const earlier = await replay(ctx, storeId, key, hash);
  if (earlier) return earlier;
  const card = await cardOrRefuse(ctx, storeId, code);
  // A card the connected shop's checkout takes as a coupon (src/shops/outcomes.ts) is spent there only: never both.
  const inShop = await ctx.prisma.returnLedgerEntry.findUnique({
    where: { dedupeKey: `credit:${card.id}` },
    select: { destination: true },
  });
  if (inShop?.destination === "shop") throw refuse("GIFT_CARD_IN_SHOP", { code: card.code });
  const amount = amountOf(card, input);
  try {
    const done = await ctx.prisma.$transaction(async (tx) => {
      // The one statement that spends: it takes the amount only while the balance covers it (and on PostgreSQL
      // waits for any other spender of the card, then checks again), so the balance never goes below zero.
      // One UPDATE, written out: the condition must be the statement's own, never a read before it.
      const spent =
        await tx.$executeRaw`UPDATE "GiftCard" SET "balance" = "balance" - ${amount} WHERE "id" = ${card.id} AND "balance" >= ${amount}`;
      const now = await tx.giftCard.findUniqueOrThrow({ where: { id: card.id } });
      if (spent !== 1)
        throw refuse("INSUFFICIENT_BALANCE", {
          amount: formatMinor(amount, now.currency),
          balance: formatMinor(now.balance, now.currency),
          currency: now.currency,
        });
      const entry = await tx.giftCardEntry.create({
        data: {
          id: newId("gce"),
          storeId,
          giftCardId: card.id,
          kind: "redemption",
          amount,
          currency: now.currency,
          balanceAfter: now.balance,
          reference,
          dedupeKey: `redeem:${key}`,
          requestHash: hash,
        },
      });
      await recordEvent(tx, { storeId, topic: "gift_card", subjectId: entry.id, type: "redeemed" });
      return { entry, card: now, replayed: false };
    });
    eventsCommitted(ctx.services, "gift_card");
    return done;
  } catch (err) {
    // The same key sent concurrently: the other request spent; this one rolled back and answers it.
    if (!isUniqueViolation(err)) throw err;
    const winner = await replay(ctx, storeId, key, hash);
    if (!winner) throw err;
    return winner;
  }
}

async function priorReversal(ctx: RequestContext, storeId: string, redemptionId: string): Promise<Movement | null> {
  const prior = await ctx.prisma.giftCardEntry.findUnique({
    where: { storeId_dedupeKey: { storeId, dedupeKey: `reverse:${redemptionId}` } },
  });
  if (!prior) return null;
  const card = await ctx.prisma.giftCard.findUniqueOrThrow({ where: { id: prior.giftCardId } });
  return { entry: prior, card, replayed: true };
}

export async function reverseRedemption(
  ctx: RequestContext,
  storeId: string,
  code: string,
  redemptionId: string,
  reference?: string | null,
): Promise<Movement> {
  const card = await cardOrRefuse(ctx, storeId, code);
  const redemption = await ctx.prisma.giftCardEntry.findFirst({
    where: { id: redemptionId, storeId, giftCardId: card.id, kind: "redemption" },
  });
  if (!redemption) throw refuse("REDEMPTION_NOT_FOUND", { redemptionId, code: card.code });
  const earlier = await priorReversal(ctx, storeId, redemption.id);
  if (earlier) return earlier;
  try {
    const done = await ctx.prisma.$transaction(async (tx) => {
      await tx.giftCard.update({ where: { id: card.id }, data: { balance: { increment: redemption.amount } } });
      const now = await tx.giftCard.findUniqueOrThrow({ where: { id: card.id } });
      const entry = await tx.giftCardEntry.create({
        data: {
          id: newId("gce"),
          storeId,
          giftCardId: card.id,
          kind: "reversal",
          amount: redemption.amount,
          currency: redemption.currency,
          balanceAfter: now.balance,
          reference: reference?.trim() || redemption.reference,
          dedupeKey: `reverse:${redemption.id}`,
          reversesId: redemption.id,
        },
      });
      await recordEvent(tx, { storeId, topic: "gift_card", subjectId: entry.id, type: "reversed" });
      return { entry, card: now, replayed: false };
    });
    eventsCommitted(ctx.services, "gift_card");
    return done;
  } catch (err) {
    // Reversed concurrently: the other request put it back; this one rolled back and answers it.
    if (!isUniqueViolation(err)) throw err;
    const winner = await priorReversal(ctx, storeId, redemption.id);
    if (!winner) throw err;
    return winner;
  }
}
