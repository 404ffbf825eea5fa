// End-to-end (issue 37, a return's money ledger): a return's page shows what was paid, where and when. The store is
// connected to a real Vendure 3.7 with a key that may read orders but not refund them; a return of a Vendure order is
// processed; the page says, in words, that the refund was not paid and Vendure's answer (the permission to give),
// with a Retry button. The merchant saves a key that may refund and presses Retry: the page then says the refund
// was paid to the original payment, and Vendure's order shows that one refund. No ids or enum spellings on the page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { type DemoDashboard, e2eMissing, openDemoDashboard } from "../support/e2e.js";
import { PEER_INSTALL_HOOK_TIMEOUT_MS } from "../support/peers.js";
import type { TestService } from "../support/server.js";
import { startVendure, type Vendure } from "../support/vendure.js";

const SET = `mutation($s: ID!, $i: ShopConnectionInput!) { setShopConnection(storeId: $s, input: $i) { platform } }`;
const LEDGER = `query($id: ID!) { return(id: $id) { ledger { state } } }`;

describe.skipIf(!!e2eMissing)("a return's money ledger on the dashboard in Chromium, against a real Vendure (sqlite)", () => {
  let vendure: Vendure | undefined;
  let dashboard: DemoDashboard | undefined;
  let page: Page;
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let order: { id: string; code: string };
  let returnId: string;

  beforeAll(async () => {
    vendure = await startVendure();
    dashboard = await openDemoDashboard({
      store: "E2E Ledger",
      staff: { email: "ledger@e2e.test", password: "e2e-password-123", name: "E2E Ledger" },
    });
    ({ page, svc, storeId } = dashboard);
    secret = (await svc.createApiClient(storeId, "all")).secret;
    const reader = await vendure.createApiKey("order-reader");
    const set = await svc.http.graphql(
      SET,
      { s: storeId, i: { platform: "vendure", adminApiUrl: vendure.adminApiUrl, apiKey: reader.key } },
      secret,
    );
    expect(set.errors).toBeUndefined();
    order = await vendure.placeOrder({ email: "ada.ledger@example.test", lines: [{ sku: "TEE-S", quantity: 1 }] });
    const imported = await svc.http.graphql(
      `mutation($s: ID!) { importShopOrders(storeId: $s, days: 1) { imported } }`,
      { s: storeId },
      secret,
    );
    expect(imported.errors).toBeUndefined();
    const line = await svc.services.db.prisma.orderLineItem.findFirstOrThrow({ where: { order: { storeId, externalId: order.id } } });
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      {
        data: { provider: "vendure", externalOrderId: order.id, items: [{ lineItemId: line.externalId, quantity: 1, reason: "Too big" }] },
      },
      { token: secret },
    );
    expect(created.status, created.text).toBe(201);
    returnId = created.body.return.id;
    const processed = await svc.http.post(
      `/v2.2/returns/${returnId}/process`,
      { products: [{ _id: created.body.return.items[0].id, processInput: {} }] },
      { token: secret },
    );
    expect(processed.status, processed.text).toBe(200);
  }, PEER_INSTALL_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await dashboard?.close();
    await vendure?.close();
  });

  const ledger = () => page.getByRole("list", { name: /^Money movements of return R\d+$/ });

  it("shows a refund the shop refused, with the shop's answer in words and a Retry button", async () => {
    // The service's pusher tried it as the processing committed.
    await expect
      .poll(async () => (await svc.http.graphql(LEDGER, { id: returnId }, secret)).data.return.ledger[0]?.state, { timeout: 30_000 })
      .toBe("failed");
    await page.goto(`${svc.url}/dashboard/returns/${returnId}`);
    await page.getByRole("heading", { name: `Return for order ${order.code}`, level: 1 }).waitFor();
    await expect.poll(() => ledger().textContent()).toContain("Refund of 30.80 USD for Organic tee");
    const text = ((await ledger().textContent()) ?? "").replace(/\s+/g, " ");
    expect(text).toContain("To the original payment, in your shop");
    expect(text).toContain("Not paid");
    expect(text).toContain("give the API key's role the UpdateOrder permission");
    expect(text).toContain("1 attempt with your shop");
    expect(text).not.toMatch(/rle_|ret_|pending|failed|store_credit|\/admin-api/);
    await dashboard!.shot("85-return-ledger-refused");
  });

  it("pays it on Retry once the key may refund, and says so", async () => {
    const manager = await vendure!.createApiKey("order-manager");
    const set = await svc.http.graphql(
      SET,
      { s: storeId, i: { platform: "vendure", adminApiUrl: vendure!.adminApiUrl, apiKey: manager.key } },
      secret,
    );
    expect(set.errors).toBeUndefined();
    await ledger().getByRole("button", { name: "Retry" }).click();
    await expect.poll(() => ledger().textContent()).toContain("Being sent to your shop");
    await expect
      .poll(async () => (await svc.http.graphql(LEDGER, { id: returnId }, secret)).data.return.ledger[0].state, { timeout: 30_000 })
      .toBe("sent");
    await page.reload();
    await expect.poll(() => ledger().textContent()).toContain("Paid");
    const refunds = (
      await vendure!.admin(`query($id: ID!) { order(id: $id) { payments { refunds { id total } } } }`, { id: order.id })
    ).order.payments.flatMap((p: { refunds: { id: string; total: number }[] }) => p.refunds);
    expect(refunds.map((r: { total: number }) => r.total)).toEqual([3080]);
    const text = ((await ledger().textContent()) ?? "").replace(/\s+/g, " ");
    expect(text).toContain(`your shop's refund ${refunds[0].id}`);
    expect(text).toContain("2 attempts with your shop");
    expect(dashboard!.pageErrors).toEqual([]);
    expect(dashboard!.external).toEqual([]);
    await dashboard!.shot("86-return-ledger-paid");
  });
});
