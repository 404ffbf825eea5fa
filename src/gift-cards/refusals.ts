// What spending store credit refuses, as data: a stable code and its parameters (extensions.refusal), beside the
// GraphQL API's English detail. A door words each code itself (the REST door: facades/rest/routes/gift-cards.ts);
// a reworded sentence never changes a code. Amounts are decimals in `currency`.
import { refusalList, type RefusalEntries } from "../core/refusals.js";

export type GiftCardRefusalParams = {
  /** No card of the store has this `code`. */
  GIFT_CARD_NOT_FOUND: { code: string };
  /** The amount asked is zero or less. */
  AMOUNT_NOT_POSITIVE: { amount: string };
  /** The amount is in `currency`, the card holds `cardCurrency`. */
  CURRENCY_MISMATCH: { currency: string; cardCurrency: string };
  /** `amount` asked, `balance` left on the card (both in `currency`). */
  INSUFFICIENT_BALANCE: { amount: string; balance: string; currency: string };
  /** The idempotency `key` was used for another redemption (`redemptionId`) with a different input. */
  IDEMPOTENCY_KEY_REUSED: { key: string; redemptionId: string };
  /** `redemptionId` is not a redemption of the card `code`. */
  REDEMPTION_NOT_FOUND: { redemptionId: string; code: string };
  /** The idempotency key sent is empty. */
  IDEMPOTENCY_KEY_EMPTY: Record<string, never>;
  /** The card `code` is spent at the connected shop's checkout (a coupon there), so not through this API. */
  GIFT_CARD_IN_SHOP: { code: string };
};

export type GiftCardRefusalCode = keyof GiftCardRefusalParams;

/** Each code's status, problem type, the argument to blame and the core's own English (the GraphQL API's detail). */
const ENTRIES: RefusalEntries<GiftCardRefusalParams> = {
  GIFT_CARD_NOT_FOUND: {
    status: 404,
    type: "gift-card/not-found",
    field: "code",
    en: (p) => `No gift card of this store has the code ${JSON.stringify(p.code)}.`,
  },
  AMOUNT_NOT_POSITIVE: {
    status: 400,
    type: "gift-card/amount-not-positive",
    field: "input.amount",
    en: (p) => `\`input.amount\` must be more than zero; got ${JSON.stringify(p.amount)}.`,
  },
  CURRENCY_MISMATCH: {
    status: 422,
    type: "gift-card/currency-mismatch",
    field: "input.currency",
    en: (p) => `\`input.currency\` is ${p.currency} but the card holds ${p.cardCurrency}; redeem in ${p.cardCurrency}.`,
  },
  INSUFFICIENT_BALANCE: {
    status: 422,
    type: "gift-card/insufficient-balance",
    field: "input.amount",
    en: (p) => `\`input.amount\` ${p.amount} ${p.currency} is more than the card's balance of ${p.balance} ${p.currency}.`,
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    type: "request/idempotency-key-reused",
    field: "idempotencyKey",
    en: (p) =>
      `The idempotency key ${JSON.stringify(p.key)} was already used for redemption ${p.redemptionId} with a different input; use a new key for a new redemption.`,
  },
  REDEMPTION_NOT_FOUND: {
    status: 404,
    type: "gift-card/redemption-not-found",
    field: "redemptionId",
    en: (p) => `${p.redemptionId} is not a redemption of the gift card ${JSON.stringify(p.code)}.`,
  },
  IDEMPOTENCY_KEY_EMPTY: {
    status: 400,
    field: "idempotencyKey",
    en: () => "`idempotencyKey` must not be empty: send a key of your own per redemption.",
  },
  GIFT_CARD_IN_SHOP: {
    status: 409,
    type: "gift-card/in-shop",
    field: "code",
    en: (p) =>
      `The gift card ${JSON.stringify(p.code)} is spent at the connected shop's checkout, where it is a coupon code; it cannot also be redeemed here.`,
  },
};

export const GIFT_CARD_REFUSALS = refusalList("Store credit", ENTRIES);

/** The refusal as an error: its status, type and field, with `extensions.refusal` = { code, params }. */
export const refuse = GIFT_CARD_REFUSALS.refuse;
