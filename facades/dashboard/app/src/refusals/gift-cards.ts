// Store credit's refusals (src/gift-cards/refusals.ts) in the merchant's words.
import { type RefusalWords, typed } from "./types.js";

export const GIFT_CARD_WORDS: RefusalWords = {
  GIFT_CARD_NOT_FOUND: (p) => `No gift card of this store has the code ${typed(p.code)}.`,
  AMOUNT_NOT_POSITIVE: (p) => `Enter an amount of more than zero (not ${typed(p.amount)}).`,
  CURRENCY_MISMATCH: (p) => `This card holds ${p.cardCurrency}, not ${p.currency}: spend it in ${p.cardCurrency}.`,
  INSUFFICIENT_BALANCE: (p) => `${p.amount} ${p.currency} is more than the ${p.balance} ${p.currency} left on the card.`,
  IDEMPOTENCY_KEY_REUSED: () => "This request was already used for another payment with this card; start a new one.",
  REDEMPTION_NOT_FOUND: (p) => `This payment was not made with the gift card ${typed(p.code)}.`,
  IDEMPOTENCY_KEY_EMPTY: () => "The payment could not be told apart from others; try again.",
  GIFT_CARD_IN_SHOP: (p) => `The gift card ${typed(p.code)} is spent at your shop's checkout, where it is a coupon code.`,
};
