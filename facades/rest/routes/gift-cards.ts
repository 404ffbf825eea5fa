// Store credit over REST v2.2, for a storefront's checkout: a card's balance by its code, a redemption under an
// Idempotency-Key (part of the balance or all of it), and the reversal of a redemption. Each route is one GraphQL
// operation of src/gift-cards; the core decides every refusal (a code and its parameters), this door words it.
import { admitted } from "../../door.js";
import { operation } from "../../executor.js";
import { notFound, restRoute, type RestRoute } from "../route.js";
import { component, Nullable, Obj, T, Text } from "../../declare.js";
import { Money } from "../shapes.js";
import { PAGE_SIZES } from "../../../src/core/bounds.js";
import type * as gen from "../../codegen/operations.js";

const CARD_FIELDS = "id code amount { amount currency } balance { amount currency } currency spendable createdAt";
const ENTRY_FIELDS = "id kind amount { amount currency } balanceAfter { amount currency } reference reversesId reversed createdAt";

const getCard = operation<gen.RestGetGiftCardQuery>(`query RestGetGiftCard($storeId: ID!, $code: String!, $first: Int) {
  giftCard(storeId: $storeId, code: $code) { ${CARD_FIELDS} history(first: $first) { ${ENTRY_FIELDS} } }
}`);
const redeem =
  operation<gen.RestRedeemGiftCardMutation>(`mutation RestRedeemGiftCard($storeId: ID!, $code: String!, $input: RedeemGiftCardInput!, $key: String!) {
  redeemGiftCard(storeId: $storeId, code: $code, input: $input, idempotencyKey: $key) { replayed entry { ${ENTRY_FIELDS} } card { ${CARD_FIELDS} } }
}`);
const reverse =
  operation<gen.RestReverseGiftCardRedemptionMutation>(`mutation RestReverseGiftCardRedemption($storeId: ID!, $code: String!, $id: ID!, $reference: String) {
  reverseGiftCardRedemption(storeId: $storeId, code: $code, redemptionId: $id, reference: $reference) { replayed entry { ${ENTRY_FIELDS} } card { ${CARD_FIELDS} } }
}`);

const tags = ["Store credit"];
const Entry = component(
  "GiftCardEntry",
  Obj({
    id: T.String({ description: "`gce_…`: a redemption's id is what its reversal names." }),
    kind: T.String({ enum: ["issue", "redemption", "reversal"] }),
    amount: Money,
    balanceAfter: Money,
    reference: Nullable(T.String({ description: "Yours (e.g. the storefront's order id); for an issue, the return's id." })),
    reversesId: Nullable(T.String({ description: "A reversal: the redemption it puts back." })),
    reversed: T.Boolean({ description: "A redemption: whether it was reversed." }),
    createdAt: T.String({ format: "date-time" }),
  }),
);
const Card = component(
  "GiftCardBalance",
  Obj({
    id: T.String(),
    code: T.String(),
    amount: Money,
    balance: Money,
    currency: T.String({ description: "ISO 4217: a redemption must be in it." }),
    spendable: T.Boolean({ description: "The balance is above zero." }),
    createdAt: T.String({ format: "date-time" }),
  }),
);
const Movement = Obj({ giftCard: Card, entry: Entry });
const codeParam = "The card's code as the shopper types it (16 digits).";

/** The refusals of src/gift-cards/refusals.ts in this door's words, from each code's parameters. */
const WORDS: Record<string, (p: Record<string, string | number>) => string> = {
  GIFT_CARD_NOT_FOUND: (p) => `No gift card of this store has the code ${p.code}; check the code the shopper typed.`,
  AMOUNT_NOT_POSITIVE: (p) =>
    `\`amount\` must be more than zero (got "${p.amount}"); send the part of the order the card pays, e.g. "12.50".`,
  CURRENCY_MISMATCH: (p) => `\`currency\` ${p.currency} is not the card's currency (${p.cardCurrency}); redeem in ${p.cardCurrency}.`,
  INSUFFICIENT_BALANCE: (p) =>
    `\`amount\` ${p.amount} ${p.currency} is more than the card's balance of ${p.balance} ${p.currency}; redeem at most ${p.balance} and charge the rest another way.`,
  IDEMPOTENCY_KEY_REUSED: (p) =>
    `The Idempotency-Key "${p.key}" was already used for redemption ${p.redemptionId} with another body; send a new key for a new redemption, or the same body to get ${p.redemptionId} back.`,
  REDEMPTION_NOT_FOUND: (p) => `${p.redemptionId} is not a redemption of the gift card ${p.code}.`,
  GIFT_CARD_IN_SHOP: (p) => `The gift card ${p.code} is a coupon at the connected shop's checkout: the shopper spends it there, not here.`,
};
const FIELDS: Record<string, string> = {
  "input.amount": "amount",
  "input.currency": "currency",
  "input.reference": "reference",
  idempotencyKey: "Idempotency-Key",
  redemptionId: "redemptionId",
};
const words = (r: { code: string; params: Record<string, string | number> }) => WORDS[r.code]?.(r.params);
const fieldPath = (f: string) => FIELDS[f] ?? f;

const movement = (m: gen.RestRedeemGiftCardMutation["redeemGiftCard"]) => ({ giftCard: m.card, entry: m.entry });

export const giftCardsRoutes: RestRoute[] = [
  restRoute({
    method: "GET",
    path: "/stores/:storeId/gift-cards/:code",
    operationId: "Gift card balance",
    summary: "Get Gift Card Balance",
    description: `${codeParam} What the card holds now, its currency, whether it can be spent, and its newest movements (\`history\`, newest first, \`history-size\` of them). An unknown code is a 404 \`gift-card/not-found\`.`,
    tags,
    operation: getCard,
    query: {
      "history-size": {
        schema: T.Integer({ minimum: 1, maximum: PAGE_SIZES.standard.max, default: PAGE_SIZES.standard.default }),
        description: "How many of the newest movements to list.",
      },
    },
    responses: {
      200: {
        description: "The card",
        schema: Obj({ giftCard: Card, history: T.Array(Entry, { maxItems: PAGE_SIZES.standard.max }) }),
      },
    },
    errors: [400, 401, 403, 404],
    pathExamples: { code: "4111222233334444" },
    refusalWords: words,
    fieldPath,
    variables: ({ params, q }) => ({ storeId: params.storeId, code: params.code, first: q["history-size"] ?? null }),
    respond: (data, { params }) => {
      const card = data.giftCard;
      if (!card) throw notFound("gift-card", "Gift card", WORDS.GIFT_CARD_NOT_FOUND({ code: params.code }));
      const { history, ...giftCard } = card;
      return { status: 200, body: { giftCard, history } };
    },
  }),
  restRoute({
    method: "POST",
    path: "/stores/:storeId/gift-cards/:code/redemptions",
    operationId: "Gift card redeem",
    summary: "Redeem Gift Card",
    description: `${codeParam} Takes \`amount\` off the card's balance (part of it or all), atomically: parallel redemptions never take the balance below zero. The \`Idempotency-Key\` is required and kept with the card's ledger (it never expires): the same key and body answer the first redemption again (\`Idempotent-Replayed: true\`) without spending twice; another body is a 422. Refusals: 400 \`gift-card/amount-not-positive\`, 404 \`gift-card/not-found\`, 409 \`gift-card/in-shop\` (a card the connected shop's checkout takes as a coupon is spent there only), 422 \`gift-card/currency-mismatch\` and \`gift-card/insufficient-balance\` (the \`field\` names what to fix).`,
    tags,
    operation: redeem,
    headers: {
      "Idempotency-Key": {
        required: true,
        schema: Text("short", { minLength: 1 }),
        description:
          "Yours, one per redemption (e.g. the checkout's payment attempt id): same key and body → the same redemption, spent once.",
      },
    },
    body: Obj({
      amount: Text("short", { pattern: "^-?\\d+(\\.\\d+)?$", description: 'A decimal in the card\'s currency, e.g. "12.50".' }),
      currency: Text("short", { description: "The card's ISO 4217 currency." }),
      reference: T.Optional(Text("short", { description: "Yours, e.g. the storefront's order id: kept on the ledger row." })),
    }),
    responses: { 201: { description: "Redeemed (or the same redemption again)", schema: Movement } },
    errors: [400, 401, 403, 404, 409, 422],
    pathExamples: { code: "4111222233334444" },
    refusalWords: words,
    fieldPath,
    variables: ({ params, body, q }) => ({
      storeId: params.storeId,
      code: params.code,
      key: q["Idempotency-Key"],
      input: ((b) => ({ amount: b.amount, currency: b.currency, reference: b.reference ?? null }))(
        admitted<gen.RestRedeemGiftCardMutationVariables["input"]>(body),
      ),
    }),
    respond: (data) => ({ status: 201, body: movement(data.redeemGiftCard) }),
  }),
  restRoute({
    method: "POST",
    path: "/stores/:storeId/gift-cards/:code/redemptions/:redemptionId/reversal",
    operationId: "Gift card redemption reverse",
    summary: "Reverse Gift Card Redemption",
    description: `${codeParam} Puts a redemption's amount back on the card (the checkout failed, or the order was cancelled), once: asked again, it answers the same reversal with \`Idempotent-Replayed: true\` and the balance unchanged. 404 \`gift-card/redemption-not-found\` when \`redemptionId\` is not a redemption of this card.`,
    tags,
    operation: reverse,
    body: Obj({ reference: T.Optional(Text("short", { description: "Yours; the redemption's reference when absent." })) }),
    responses: { 201: { description: "Reversed (or the same reversal again)", schema: Movement } },
    errors: [400, 401, 403, 404],
    pathExamples: { code: "4111222233334444", redemptionId: "gce_01kb1c2d3e4f5g6h7j8k9m0n1p" },
    refusalWords: words,
    fieldPath,
    variables: ({ params, body }) => ({
      storeId: params.storeId,
      code: params.code,
      id: params.redemptionId,
      reference: admitted<{ reference?: string }>(body).reference ?? null,
    }),
    respond: (data) => ({ status: 201, body: movement(data.reverseGiftCardRedemption) }),
  }),
];
