// Store credit a real Vendure 3.7 checkout accepts (issue 37, outcomes out): a return of an order placed through
// Vendure's Shop API, its line for store credit, is processed; the gift card's code (the one the shopper reads) becomes
// a single-use Vendure promotion worth the credit, made by the service's pusher; Retour's redemption API refuses the
// card (spent at the shop only); a new shopper applies the code at Vendure's Shop API checkout (applyCouponCode) and
// sees the discount. Processing again makes no second promotion.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { PEER_INSTALL_HOOK_TIMEOUT_MS } from "../../support/peers.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startVendure, type Vendure } from "../../support/vendure.js";

const SET = `mutation($s: ID!, $i: ShopConnectionInput!) { setShopConnection(storeId: $s, input: $i) { platform } }`;
const LEDGER = `query($id: ID!) { return(id: $id) { giftCards { code amount { amount } }
  ledger { kind amount { amount currency } destination state shopReference attemptLog { ok answer } } } }`;
const PROMOTIONS = `query($code: String!) { promotions(options: { filter: { couponCode: { eq: $code } } }) {
  items { id couponCode enabled usageLimit perCustomerUsageLimit actions { code args { name value } } } } }`;

let vendure: Vendure;
let apiKey: string;

beforeAll(async () => {
  vendure = await startVendure();
  apiKey = (await vendure.createApiKey("order-manager")).key;
}, PEER_INSTALL_HOOK_TIMEOUT_MS);
afterAll(async () => {
  await vendure?.close();
});

describe.each(providers)("store credit as a Vendure coupon (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;

  beforeAll(async () => {
    svc = await startTestService(provider, { SHOP_PUSH_RETRY_SCHEDULE: "1s,1s", SHOP_PUSH_POLL_INTERVAL: "1s" });
    storeId = (await svc.createStore("Vendure credit")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    const set = await svc.http.graphql(SET, { s: storeId, i: { platform: "vendure", adminApiUrl: vendure.adminApiUrl, apiKey } }, secret);
    expect(set.errors).toBeUndefined();
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
  });

  it("makes the gift card's code a single-use Vendure promotion that the Shop API's checkout applies", async () => {
    const placed = await vendure.placeOrder({ email: `credit.${provider}@example.test`, lines: [{ sku: "TEE-S", quantity: 1 }] });
    const imported = await svc.http.graphql(
      `mutation($s: ID!) { importShopOrders(storeId: $s, days: 1) { imported } }`,
      { s: storeId },
      secret,
    );
    expect(imported.errors).toBeUndefined();
    const line = await svc.services.db.prisma.orderLineItem.findFirstOrThrow({ where: { order: { storeId, externalId: placed.id } } });
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      {
        data: {
          provider: "vendure",
          externalOrderId: placed.id,
          items: [{ lineItemId: line.externalId, quantity: 1, reason: "Too big", compensation: "store_credit" }],
        },
      },
      { token: secret },
    );
    expect(created.status, created.text).toBe(201);
    const ret = created.body.return;
    const process = () =>
      svc.http.post(`/v2.2/returns/${ret.id}/process`, { products: [{ _id: ret.items[0].id, processInput: {} }] }, { token: secret });
    expect((await process()).status).toBe(200);

    let read: any;
    await expect
      .poll(async () => (read = (await svc.http.graphql(LEDGER, { id: ret.id }, secret)).data.return).ledger[0].state, { timeout: 30_000 })
      .toBe("sent");
    const [card] = read.giftCards;
    // One tee of 28.00 with 10 % tax, credited in full (no policy: no fee, no bonus).
    expect(card.amount.amount).toBe("30.80");
    expect(read.ledger).toEqual([
      {
        kind: "store_credit",
        amount: { amount: "30.80", currency: "USD" },
        destination: "shop",
        state: "sent",
        shopReference: expect.any(String),
        attemptLog: [{ ok: true, answer: expect.stringContaining(`coupon code ${card.code}, 30.80 USD off one order, usable once`) }],
      },
    ]);
    const promotions = (await vendure.admin(PROMOTIONS, { code: card.code })).promotions.items;
    expect(promotions).toEqual([
      {
        id: read.ledger[0].shopReference,
        couponCode: card.code,
        enabled: true,
        usageLimit: 1,
        perCustomerUsageLimit: 1,
        actions: [{ code: "order_fixed_discount", args: [{ name: "discount", value: "3080" }] }],
      },
    ]);

    // Spent at the shop only: Retour's redemption API refuses the card, through both doors, and nothing moves.
    const redeemed = await svc.http.graphql(
      `mutation($s: ID!, $c: String!) { redeemGiftCard(storeId: $s, code: $c, input: { amount: "1.00", currency: "USD" }, idempotencyKey: "twice") { replayed } }`,
      { s: storeId, c: card.code },
      secret,
    );
    expect(redeemed.errors?.[0]?.extensions).toMatchObject({
      status: 409,
      refusal: { code: "GIFT_CARD_IN_SHOP", params: { code: card.code } },
    });
    const rest = await svc.http.post(
      `/v2.2/stores/${storeId}/gift-cards/${card.code}/redemptions`,
      { amount: "1.00", currency: "USD" },
      { token: secret, headers: { "Idempotency-Key": "twice-rest" } },
    );
    expect(rest.status, rest.text).toBe(409);
    expect(rest.body).toMatchObject({ type: expect.stringContaining("gift-card/in-shop") });
    const held = await svc.services.db.prisma.giftCard.findFirstOrThrow({ where: { storeId, code: card.code } });
    expect(held.balance).toBe(held.amount);

    // A shopper spends it at Vendure's own checkout: a jacket (129.00), the code applied, 30.80 off.
    const shop = vendure.shopSession();
    const jacket = (await vendure.admin(`{ productVariants(options: { filter: { sku: { eq: "JKT-M" } } }) { items { id } } }`))
      .productVariants.items[0].id;
    await shop(
      `mutation($v: ID!) { addItemToOrder(productVariantId: $v, quantity: 1) { ... on Order { id } ... on ErrorResult { errorCode message } } }`,
      {
        v: jacket,
      },
    );
    const applied = (
      await shop(
        `mutation($c: String!) { applyCouponCode(couponCode: $c) {
          ... on Order { couponCodes subTotal discounts { amount description } } ... on ErrorResult { errorCode message } } }`,
        { c: card.code },
      )
    ).applyCouponCode;
    expect(applied.couponCodes).toEqual([card.code]);
    expect(applied.discounts.map((d: { amount: number }) => d.amount)).toEqual([-3080]);
    expect(applied.subTotal).toBe(12900 - 3080);

    // Processing again (reopened) makes no second promotion.
    const reopened = await svc.http.graphql(`mutation($id: ID!) { reopenReturn(id: $id) { message } }`, { id: ret.id }, secret);
    expect(reopened.errors).toBeUndefined();
    expect((await process()).status).toBe(200);
    expect((await svc.http.graphql(LEDGER, { id: ret.id }, secret)).data.return.ledger).toHaveLength(1);
    expect((await vendure.admin(PROMOTIONS, { code: card.code })).promotions.items).toHaveLength(1);
  });
});
