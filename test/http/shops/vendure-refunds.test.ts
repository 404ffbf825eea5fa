// Refunds pushed to a real Vendure 3.7 (issue 37, outcomes out): an order placed through Vendure's Shop API is
// imported, returned through the REST door and processed; the return's ledger gets one refund entry in the same
// transaction, and the service's own pusher refunds it to the order's payment with Vendure's refundOrder. Then the
// faults: Vendure answering 500 (before paying, and after paying), a refund larger than Vendure can still refund
// (failed in words; the merchant's retry refused again), and the process killed with SIGKILL right after
// Vendure paid and before Retour wrote it down: after a restart, Vendure's order shows exactly one refund.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChildService, type ChildService } from "../../support/child-service.js";
import { providers } from "../../support/env.js";
import type { HttpClient } from "../../support/http.js";
import { PEER_INSTALL_HOOK_TIMEOUT_MS } from "../../support/peers.js";
import { startTestService, type TestService } from "../../support/server.js";
import { faultProxy, startVendure, type Vendure } from "../../support/vendure.js";

const SET = `mutation($s: ID!, $i: ShopConnectionInput!) { setShopConnection(storeId: $s, input: $i) { platform } }`;
const IMPORT = `mutation($s: ID!, $d: Int!) { importShopOrders(storeId: $s, days: $d) { imported failed } }`;
const LEDGER = `query($id: ID!) { return(id: $id) { ledger {
  id kind amount { amount currency } destination state attempts attemptLog { ok answer } lastError shopReference sentAt } } }`;
const RETRY = `mutation($id: ID!) { retryReturnLedgerEntry(id: $id) { state } }`;
const REFUNDS = `query($id: ID!) { order(id: $id) { code payments { id amount refunds { id total state reason } } } }`;
const PUSH = { SHOP_PUSH_RETRY_SCHEDULE: "1s,1s,1s,1s", SHOP_PUSH_LEASE: "3s", SHOP_PUSH_POLL_INTERVAL: "1s" };

let vendure: Vendure;
let apiKey: string;

/** A proxy in front of Vendure's Admin API that can answer 500 to Retour's refunds: before Vendure sees one, or after it paid. */
let proxy: Awaited<ReturnType<typeof faultProxy>>;
let proxyUrl: string;
let refundFault: { mode: "none" | "before" | "after"; left: number; seen: number } = { mode: "none", left: 0, seen: 0 };

beforeAll(async () => {
  vendure = await startVendure();
  apiKey = (await vendure.createApiKey("order-manager")).key;
  proxy = await faultProxy(vendure.adminApiUrl, (body) => {
    const isRefund = body.includes("RetourRefund");
    if (isRefund) refundFault.seen++;
    const fault = isRefund && refundFault.mode !== "none" && refundFault.left > 0 ? refundFault.mode : null;
    if (fault) refundFault.left--;
    return fault;
  });
  proxyUrl = proxy.url;
}, PEER_INSTALL_HOOK_TIMEOUT_MS);
afterAll(async () => {
  await proxy?.close();
  await vendure?.close();
});

/** Vendure's refunds of an order (every payment's). */
async function refundsOf(orderId: string) {
  const order = (await vendure.admin(REFUNDS, { id: orderId })).order;
  return (order.payments as { refunds: { id: string; total: number; state: string; reason: string }[] }[]).flatMap((p) => p.refunds);
}

interface Door {
  http: HttpClient;
  secret: string;
}

/** A Vendure order placed as a shopper, imported, one tee returned for a refund through REST and processed. */
async function returnedAndProcessed(svc: TestService, door: Door, storeId: string, tag: string) {
  const placed = await vendure.placeOrder({ email: `ada.${tag}@example.test`, lines: [{ sku: "TEE-M", quantity: 1 }] });
  const imported = await svc.http.graphql(IMPORT, { s: storeId, d: 1 }, door.secret);
  expect(imported.errors, JSON.stringify(imported.errors)).toBeUndefined();
  const line = await svc.services.db.prisma.orderLineItem.findFirstOrThrow({ where: { order: { storeId, externalId: placed.id } } });
  const created = await door.http.post(
    `/v2.2/stores/${storeId}/returns`,
    { data: { provider: "vendure", externalOrderId: placed.id, items: [{ lineItemId: line.externalId, quantity: 1, reason: "Too big" }] } },
    { token: door.secret, headers: { "Idempotency-Key": `refund-${tag}` } },
  );
  expect(created.status, created.text).toBe(201);
  const ret = created.body.return;
  const processed = await door.http.post(
    `/v2.2/returns/${ret.id}/process`,
    // Not restocked: a restock in the connected shop is an entry of its own (test/http/shops/vendure-exchange.test.ts).
    { products: [{ _id: ret.items[0].id, processInput: { restock: false } }] },
    { token: door.secret },
  );
  expect(processed.status, processed.text).toBeLessThan(300);
  return { order: placed, returnId: ret.id as string };
}

async function ledgerOf(svc: TestService, secret: string, returnId: string) {
  const res = await svc.http.graphql(LEDGER, { id: returnId }, secret);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.return.ledger as any[];
}

const settled = async (svc: TestService, secret: string, returnId: string) => {
  let entries: any[] = [];
  await expect
    .poll(async () => (entries = await ledgerOf(svc, secret, returnId)).map((e) => e.state), { timeout: 30_000, interval: 200 })
    .not.toContain("pending");
  return entries;
};

describe.each(providers)("refunds pushed to a real Vendure (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  const door = () => ({ http: svc.http, secret });

  beforeAll(async () => {
    svc = await startTestService(provider, PUSH);
    storeId = (await svc.createStore("Vendure refunds")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    const set = await svc.http.graphql(SET, { s: storeId, i: { platform: "vendure", adminApiUrl: proxyUrl, apiKey } }, secret);
    expect(set.errors).toBeUndefined();
  }, 60_000);
  afterAll(async () => {
    refundFault = { mode: "none", left: 0, seen: 0 };
    await svc?.close();
  });

  it("writes one refund entry as the return is processed, and refunds it once to the order's payment", async () => {
    const { order, returnId } = await returnedAndProcessed(svc, door(), storeId, `happy-${provider}`);
    const entries = await settled(svc, secret, returnId);
    // One tee of 28.00 with 10 % tax: 30.80.
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: "refund", amount: { amount: "30.80", currency: "USD" }, destination: "shop", state: "sent" });
    const refunds = await refundsOf(order.id);
    expect(refunds.map((r) => r.total)).toEqual([3080]);
    expect(entries[0].shopReference).toBe(refunds[0].id);
    expect(refunds[0].reason).toContain(entries[0].id);
    expect(entries[0].attemptLog).toEqual([{ ok: true, answer: expect.stringContaining(`refund ${refunds[0].id} of 30.80 USD`) }]);
  });

  it("retries when Vendure answers 500 before paying, and pays once", async () => {
    refundFault = { mode: "before", left: 2, seen: 0 };
    const { order, returnId } = await returnedAndProcessed(svc, door(), storeId, `down-${provider}`);
    const entries = await settled(svc, secret, returnId);
    expect(entries[0]).toMatchObject({ state: "sent", attempts: 3 });
    expect(entries[0].attemptLog.map((a: { ok: boolean }) => a.ok)).toEqual([false, false, true]);
    expect(entries[0].attemptLog[0].answer).toMatch(/HTTP 500/);
    expect((await refundsOf(order.id)).map((r) => r.total)).toEqual([3080]);
  });

  it("recognises a refund Vendure made when its answer was lost (500 after paying), and does not pay again", async () => {
    refundFault = { mode: "after", left: 1, seen: 0 };
    const { order, returnId } = await returnedAndProcessed(svc, door(), storeId, `lost-${provider}`);
    const entries = await settled(svc, secret, returnId);
    const refunds = await refundsOf(order.id);
    expect(refunds.map((r) => r.total)).toEqual([3080]);
    expect(refundFault.seen).toBe(1); // the retry asked for the order's refunds, it did not call refundOrder again
    expect(entries[0]).toMatchObject({ state: "sent", shopReference: refunds[0].id, attempts: 2 });
    expect(entries[0].attemptLog[1].answer).toContain(`already holds refund ${refunds[0].id}`);
  });

  it("fails a refund larger than Vendure can still refund, in words; a retry asks Vendure again and is refused again", async () => {
    refundFault = { mode: "none", left: 0, seen: 0 };
    const placed = await vendure.placeOrder({ email: `big.${provider}@example.test`, lines: [{ sku: "TEE-M", quantity: 1 }] });
    // The merchant refunded most of the payment in Vendure already: 30.80 is more than is left.
    const order = (await vendure.admin(REFUNDS, { id: placed.id })).order;
    const payment = order.payments[0];
    const manual = await vendure.admin(
      `mutation($i: RefundOrderInput!) { refundOrder(input: $i) { ... on Refund { id } ... on ErrorResult { errorCode message } } }`,
      { i: { paymentId: payment.id, amount: payment.amount - 1000, shipping: 0, adjustment: 0, reason: "refunded by hand" } },
    );
    expect(manual.refundOrder.id).toBeTruthy();
    const imported = await svc.http.graphql(IMPORT, { s: storeId, d: 1 }, secret);
    expect(imported.errors).toBeUndefined();
    const line = await svc.services.db.prisma.orderLineItem.findFirstOrThrow({ where: { order: { storeId, externalId: placed.id } } });
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      {
        data: { provider: "vendure", externalOrderId: placed.id, items: [{ lineItemId: line.externalId, quantity: 1, reason: "Too big" }] },
      },
      { token: secret, headers: { "Idempotency-Key": `big-${provider}` } },
    );
    expect(created.status, created.text).toBe(201);
    const ret = created.body.return;
    const processed = await svc.http.post(
      `/v2.2/returns/${ret.id}/process`,
      { products: [{ _id: ret.items[0].id, processInput: {} }] },
      { token: secret },
    );
    expect(processed.status, processed.text).toBeLessThan(300);
    const [entry] = await settled(svc, secret, ret.id);
    expect(entry).toMatchObject({ state: "failed", attempts: 1 });
    expect(entry.lastError).toBe(
      `Vendure can refund at most 10.00 USD on one payment of order ${placed.code}; this refund is 30.80 USD. ` +
        "Refund the rest in Vendure, or lower the return's refund.",
    );
    expect(await refundsOf(placed.id)).toHaveLength(1); // the merchant's own

    // Retried by the merchant: Vendure is asked first (nothing of Retour's there), then refuses again, in words.
    const again = await svc.http.graphql(RETRY, { id: entry.id }, secret);
    expect(again.errors).toBeUndefined();
    const [after] = await settled(svc, secret, ret.id);
    expect(after).toMatchObject({ state: "failed", attempts: 2 });
    // Only a failed entry is retried; only a client that may write returns retries.
    const sent = (await ledgerOf(svc, secret, (await returnedAndProcessed(svc, door(), storeId, `sent-${provider}`)).returnId))[0];
    const refused = await svc.http.graphql(RETRY, { id: sent.id }, secret);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ status: 409, refusal: { code: "LEDGER_ENTRY_NOT_RETRYABLE" } });
    const readOnly = (await svc.createApiClient(storeId, ["returns_read"])).secret;
    const forbidden = await svc.http.graphql(RETRY, { id: entry.id }, readOnly);
    expect(forbidden.errors?.[0]?.extensions).toMatchObject({ status: 403 });
  });
});

describe.each(providers)("a push killed after Vendure paid (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  const children: ChildService[] = [];
  const door = () => ({ http: svc.http, secret });
  const startChild = async (env: Record<string, string> = {}) => {
    const c = await startChildService({ DATABASE_URL: svc.databaseUrl, WEBHOOK_DISPATCHER: "false", SHOP_SYNC: "false", ...PUSH, ...env });
    children.push(c);
    return c;
  };

  beforeAll(async () => {
    // This process does not push: the children do.
    svc = await startTestService(provider, { SHOP_PUSH: "false" });
    storeId = (await svc.createStore("Vendure crash")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    const set = await svc.http.graphql(SET, { s: storeId, i: { platform: "vendure", adminApiUrl: vendure.adminApiUrl, apiKey } }, secret);
    expect(set.errors).toBeUndefined();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(children.map((c) => c.kill().catch(() => {})));
    await svc?.close();
  });

  it("after a restart, Vendure's order shows exactly one refund and the ledger its reference", async () => {
    const doomed = await startChild({ RETOUR_FAULT_KILL_AFTER_SHOP_REFUND: "1" });
    // Processed through this process's door (it does not push): the child's pusher finds the entry on its next look.
    const { order, returnId } = await returnedAndProcessed(svc, door(), storeId, `crash-${provider}`);
    // The child refunds, then dies by SIGKILL before writing the answer down.
    await expect.poll(() => doomed.exited, { timeout: 30_000, interval: 100 }).toBe(true);
    const refunds = await refundsOf(order.id);
    expect(refunds.map((r) => r.total)).toEqual([3080]);
    const [entry] = await ledgerOf(svc, secret, returnId);
    expect(entry).toMatchObject({ state: "pending", attempts: 1, shopReference: null });

    await startChild();
    const [after] = await settled(svc, secret, returnId);
    expect(after).toMatchObject({ state: "sent", attempts: 2, shopReference: refunds[0].id });
    expect(after.attemptLog[0].answer).toContain(`already holds refund ${refunds[0].id}`);
    expect((await refundsOf(order.id)).map((r) => r.total)).toEqual([3080]);
  });
});
