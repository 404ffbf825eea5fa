// A refusal travels as a stable code with its parameters through the doors, beside the English detail they
// always answered (produced from the core's catalogue, src/core/refusals.ts): GraphQL's `extensions.refusal`,
// and REST's problem member `refusal` (its `field` parameter named as the request names it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { issueGiftCard } from "../../support/gift-cards.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";

const UPSERT = `mutation($s: ID!, $i: CustomerInput!) { upsertCustomer(storeId: $s, input: $i) { created } }`;

describe.each(providers)("refusals as codes and parameters through the doors (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let staff: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Refusals store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    staff = (await svc.createStaff(storeId)).token;
  });
  afterAll(() => svc?.close());

  it("GraphQL: extensions.refusal carries the code and its parameters, the message is the English it always was", async () => {
    const res = await svc.http.graphql(UPSERT, { s: storeId, i: { email: "x@example.com", phoneNumber: "555-1234" } }, staff);
    expect(res.errors?.[0]).toMatchObject({
      message: '`phoneNumber` must be an E.164 number such as +12345678900; got "555-1234".',
      extensions: {
        code: "BAD_USER_INPUT",
        status: 400,
        type: "request/invalid",
        field: "phoneNumber",
        refusal: { code: "PHONE_INVALID", params: { value: "555-1234" } },
      },
    });
    const both = await svc.http.graphql(
      `query($s: ID!) { customer(storeId: $s, email: "a@example.com", id: "cus_x") { id } }`,
      { s: storeId },
      staff,
    );
    expect(both.errors?.[0]).toMatchObject({
      message: "Give either `email` or `id`.",
      extensions: { field: "email", refusal: { code: "CUSTOMER_EMAIL_OR_ID", params: {} } },
    });
  });

  it("REST: the problem keeps its detail and field and adds the refusal, its field as the request names it", async () => {
    const put = (body: unknown) => svc.http.put(`/v2.2/stores/${storeId}/customers`, body, { token: secret });
    const phone = await put({ email: "x@example.com", phoneNumber: "555-1234" });
    expect(phone.status).toBe(400);
    expect(phone.body).toMatchObject({
      type: "com.retour.api:request/invalid",
      detail: '`phoneNumber` must be an E.164 number such as +12345678900; got "555-1234".',
      field: "phoneNumber",
      refusal: { code: "PHONE_INVALID", params: { value: "555-1234" } },
    });
    // Amounts as exact decimals with their currency; the route words the detail itself, as it always did.
    const card = await issueGiftCard(svc.http, storeId, secret);
    const over = await svc.http.post(
      `/v2.2/stores/${storeId}/gift-cards/${card.code}/redemptions`,
      { amount: "41.01", currency: "USD" },
      { token: secret, headers: { "Idempotency-Key": `over-${provider}` } },
    );
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({
      type: "com.retour.api:gift-card/insufficient-balance",
      field: "amount",
      detail: "`amount` 41.01 USD is more than the card's balance of 41.00 USD; redeem at most 41.00 and charge the rest another way.",
      refusal: { code: "INSUFFICIENT_BALANCE", params: { amount: "41.01", balance: "41.00", currency: "USD" } },
    });
    // A refusal the door decides itself (an unknown field) has no code of the core.
    const unknown = await put({ email: "x@example.com", nickname: "X" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.refusal).toBeUndefined();
  });

  it("returns: the code through both doors; REST words a refusal naming a core operation from its code, as it always did", async () => {
    const order = await pushOrder(svc.http, storeId, secret, { name: "#R-1" });
    const missing = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }], { externalOrderId: "missing" }),
      { token: secret },
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      type: "com.retour.api:returns/order-not-found",
      detail:
        'No order with externalOrderId "missing" from provider "custom" in this store; push the order first (POST /stores/{storeId}/custom/orders).',
      refusal: { code: "RETURN_ORDER_NOT_FOUND", params: { externalOrderId: "missing", provider: "custom" } },
    });
    // A field in the parameters is named as the request names it; the detail is the core's English, renamed likewise.
    const zero = await svc.http.post(`/v2.2/stores/${storeId}/returns`, returnBody(order, [{ lineItemId: "nope", quantity: 1 }]), {
      token: secret,
    });
    expect(zero.body).toMatchObject({
      field: "data.items[0].lineItemId",
      detail: '`data.items[0].lineItemId` "nope" is not a line item of order #R-1.',
      refusal: { code: "RETURN_NOT_A_LINE", params: { field: "data.items[0].lineItemId", lineItemId: "nope", order: "#R-1" } },
    });
    const tag = await svc.http.graphql(`mutation($r: ID!) { tagReturn(id: $r, names: ["nope"]) { id } }`, { r: "ret_missing" }, staff);
    expect(tag.errors?.[0]).toMatchObject({
      message: 'No return "ret_missing" in this store.',
      extensions: { status: 404, type: "returns/not-found", refusal: { code: "RETURN_NOT_FOUND", params: { id: "ret_missing" } } },
    });
  });
});
