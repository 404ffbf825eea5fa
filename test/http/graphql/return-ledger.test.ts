// A return's money ledger through the real doors, for a store without a shop connection: processing a return with a
// refund line and a store-credit line under a policy with a return fee (waived for store credit) and a 10 % bonus
// writes, in the processing transaction, one refund (recorded for the merchant to pay, the fee taken off it), the
// fee, the credit and its bonus (sent: the gift card, its code as the reference). The entries add up to what the
// return's totals and gift card say; reopening and processing again, or two processings at once, write none twice.
// A retry is refused for an entry that did not fail, and for a client that may not write returns.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";

const POLICY = `mutation($s: ID!, $i: PolicyRulesInput!) { updateReturnPolicyDraft(storeId: $s, input: $i) { draft { window { days } } } }`;
const PUBLISH = `mutation($s: ID!) { publishReturnPolicy(storeId: $s) { number } }`;
const READ = `query($id: ID!) { return(id: $id) {
  totals { refund { amount { amount } } storeCredit { amount { amount } } charge { amount { amount } } }
  giftCards { code amount { amount } }
  ledger { id kind amount { amount currency } destination state returnItemId attempts attemptLog { ok } lastError shopReference sentAt }
} }`;
const RETRY = `mutation($id: ID!) { retryReturnLedgerEntry(id: $id) { state } }`;
const REOPEN = `mutation($id: ID!) { reopenReturn(id: $id) { return { status } } }`;

describe.each(providers)("a return's money ledger (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  const gql = (query: string, variables: Record<string, unknown>, token = secret) => svc.http.graphql(query, variables, token);

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Ledger store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    const saved = await gql(POLICY, {
      s: storeId,
      i: {
        window: { days: 3650, from: "order" },
        outcomes: { refund: true, storeCredit: true, exchange: true },
        returnFee: { amount: "5.00", waivedFor: ["store_credit"] },
        bonus: { percent: "10", on: ["store_credit"] },
      },
    });
    expect(saved.errors, JSON.stringify(saved.errors)).toBeUndefined();
    expect((await gql(PUBLISH, { s: storeId })).errors).toBeUndefined();
  });
  afterAll(() => svc?.close());

  async function processedReturn(tag: string) {
    const order = await pushOrder(svc.http, storeId, secret);
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [
        { lineItemId: order.lineItems[0]!.id, quantity: 1, compensation: "refund" } as never,
        { lineItemId: order.lineItems[1]!.id, quantity: 1, compensation: "store_credit" } as never,
      ]),
      { token: secret, headers: { "Idempotency-Key": `ledger-${tag}-${provider}` } },
    );
    expect(created.status, created.text).toBe(201);
    const ret = created.body.return;
    const products = ret.items.map((i: { id: string }) => ({ _id: i.id, processInput: { restock: true } }));
    return { ret, products };
  }

  it("writes every movement once as the return is processed, adding up to its totals and gift card", async () => {
    const { ret, products } = await processedReturn("one");
    const processed = await svc.http.post(`/v2.2/returns/${ret.id}/process`, { products }, { token: secret });
    expect(processed.status, processed.text).toBe(200);
    const read = (await gql(READ, { id: ret.id })).data.return;
    const byKind = Object.fromEntries(read.ledger.map((e: { kind: string }) => [e.kind, e]));
    expect(read.ledger.map((e: { kind: string }) => e.kind).sort()).toEqual(["bonus", "fee", "refund", "store_credit"]);
    expect(byKind.refund).toMatchObject({
      destination: "merchant",
      state: "recorded",
      returnItemId: ret.items[0].id,
      attempts: 0,
      attemptLog: [],
      lastError: null,
      shopReference: null,
      sentAt: null,
      amount: { amount: read.totals.refund.amount.amount, currency: "USD" },
    });
    expect(byKind.fee).toMatchObject({
      kind: "fee",
      amount: { amount: "5.00" },
      destination: "merchant",
      state: "recorded",
      returnItemId: null,
    });
    const [card] = read.giftCards;
    expect(byKind.store_credit).toMatchObject({
      destination: "store_credit",
      state: "sent",
      shopReference: card.code,
      returnItemId: ret.items[1].id,
    });
    expect(byKind.store_credit.sentAt).toBeTruthy();
    expect(byKind.bonus).toMatchObject({ destination: "store_credit", state: "sent", shopReference: card.code });
    // Exact decimals: the credit and its bonus make the card; the bonus is 10 % of the credit's value.
    const cents = (a: string) => Math.round(Number(a) * 100);
    expect(cents(byKind.store_credit.amount.amount) + cents(byKind.bonus.amount.amount)).toBe(cents(card.amount.amount));
    expect(cents(byKind.bonus.amount.amount)).toBeGreaterThan(0);
  });

  it("writes nothing twice: reopened and processed again, or processed twice at once", async () => {
    const { ret, products } = await processedReturn("twice");
    const both = await Promise.all([
      svc.http.post(`/v2.2/returns/${ret.id}/process`, { products: [products[0]] }, { token: secret }),
      svc.http.post(`/v2.2/returns/${ret.id}/process`, { products: [products[0]] }, { token: secret }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]); // the second finds the item processed
    await svc.http.post(`/v2.2/returns/${ret.id}/process`, { products: [products[1]] }, { token: secret });
    const before = (await gql(READ, { id: ret.id })).data.return.ledger;
    expect(before).toHaveLength(4);
    const reopened = await gql(REOPEN, { id: ret.id });
    expect(reopened.errors, JSON.stringify(reopened.errors)).toBeUndefined();
    const again = await svc.http.post(`/v2.2/returns/${ret.id}/process`, { products }, { token: secret });
    expect(again.status, again.text).toBe(200);
    expect((await gql(READ, { id: ret.id })).data.return.ledger).toEqual(before);
    expect(await svc.services.db.prisma.returnLedgerEntry.count({ where: { returnId: ret.id } })).toBe(4);
  });

  it("refuses a retry of an entry that did not fail, of another store's entry, and from a client that may not write returns", async () => {
    const { ret, products } = await processedReturn("retry");
    await svc.http.post(`/v2.2/returns/${ret.id}/process`, { products }, { token: secret });
    // The refund recorded for the merchant (entries written in one transaction share their time: by kind, not place).
    const entry = (await gql(READ, { id: ret.id })).data.return.ledger.find((e: { kind: string }) => e.kind === "refund");
    const refused = await gql(RETRY, { id: entry.id });
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      status: 409,
      refusal: { code: "LEDGER_ENTRY_NOT_RETRYABLE", params: { id: entry.id, state: "recorded" } },
    });
    const other = (await svc.createStore("Other ledger store")).id;
    const otherKey = (await svc.createApiClient(other, "all")).secret;
    expect((await gql(RETRY, { id: entry.id }, otherKey)).errors?.[0]?.extensions).toMatchObject({
      status: 404,
      refusal: { code: "LEDGER_ENTRY_NOT_FOUND" },
    });
    const readOnly = (await svc.createApiClient(storeId, ["returns_read"])).secret;
    expect((await gql(RETRY, { id: entry.id }, readOnly)).errors?.[0]?.extensions).toMatchObject({ code: "FORBIDDEN" });
    // Reading the ledger needs returns_read, like the return.
    expect((await gql(READ, { id: ret.id }, readOnly)).data.return.ledger).toHaveLength(4);
  });
});
