// What spending store credit refuses, as data: a stable code and its parameters (extensions.refusal), beside the
// GraphQL API's English detail. A door words each code itself (the REST door: facades/rest/routes/gift-cards.ts);
// a reworded sentence never changes a code. Amounts are decimals in `currency`.
import { DomainError, type Refusal } from "../core/errors.js";

export interface GiftCardRefusalParams {
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
}

export type GiftCardRefusalCode = keyof GiftCardRefusalParams;

/** Each code's status, problem type, the argument to blame and the core's own English (the GraphQL API's detail). */
const REFUSALS: {
  [C in GiftCardRefusalCode]: { status: number; type: string; field: string; detail(p: GiftCardRefusalParams[C]): string };
} = {
  GIFT_CARD_NOT_FOUND: {
    status: 404,
    type: "gift-card/not-found",
    field: "code",
    detail: (p) => `No gift card of this store has the code ${JSON.stringify(p.code)}.`,
  },
  AMOUNT_NOT_POSITIVE: {
    status: 400,
    type: "gift-card/amount-not-positive",
    field: "input.amount",
    detail: (p) => `\`input.amount\` must be more than zero; got ${JSON.stringify(p.amount)}.`,
  },
  CURRENCY_MISMATCH: {
    status: 422,
    type: "gift-card/currency-mismatch",
    field: "input.currency",
    detail: (p) => `\`input.currency\` is ${p.currency} but the card holds ${p.cardCurrency}; redeem in ${p.cardCurrency}.`,
  },
  INSUFFICIENT_BALANCE: {
    status: 422,
    type: "gift-card/insufficient-balance",
    field: "input.amount",
    detail: (p) => `\`input.amount\` ${p.amount} ${p.currency} is more than the card's balance of ${p.balance} ${p.currency}.`,
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    type: "request/idempotency-key-reused",
    field: "idempotencyKey",
    detail: (p) =>
      `The idempotency key ${JSON.stringify(p.key)} was already used for redemption ${p.redemptionId} with a different input; use a new key for a new redemption.`,
  },
  REDEMPTION_NOT_FOUND: {
    status: 404,
    type: "gift-card/redemption-not-found",
    field: "redemptionId",
    detail: (p) => `${p.redemptionId} is not a redemption of the gift card ${JSON.stringify(p.code)}.`,
  },
};

const TITLES: Record<number, [string, string]> = {
  400: ["BAD_USER_INPUT", "Invalid request"],
  404: ["NOT_FOUND", "Not found"],
  422: ["UNPROCESSABLE", "Unprocessable request"],
};

/** The refusal as an error: its status, type and field, with `extensions.refusal` = { code, params }. */
export function refuse<C extends GiftCardRefusalCode>(code: C, params: GiftCardRefusalParams[C]): DomainError {
  const r = REFUSALS[code];
  const refusal: Refusal = { code, params };
  const [errCode, title] = TITLES[r.status];
  return new DomainError({
    code: errCode,
    status: r.status,
    type: r.type,
    title,
    detail: r.detail(params),
    field: r.field,
    extra: { refusal },
  });
}
