// End-to-end: the customers page (search by e-mail or name, a customer's orders and returns) and the
// "Needs attention" view (flagged and in-review returns, oldest first; failing webhook subscriptions),
// in headless Chromium against the real service on SQLite with the demo data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { TestService } from "../support/server.js";
import { systemContext } from "../../src/core/context.js";
import { createWebhook } from "../../src/webhooks/service.js";
import { emit } from "../support/webhooks.js";
import { type DemoDashboard, e2eMissing, openDemoDashboard } from "../support/e2e.js";

describe.skipIf(!!e2eMissing)("dashboard customers and attention pages in Chromium (sqlite)", () => {
  let svc: TestService;
  let page: Page;
  let storeId: string;
  let pageErrors: string[] = [];
  let shot: DemoDashboard["shot"];
  let nav: DemoDashboard["nav"];
  let dashboard: DemoDashboard | undefined;

  beforeAll(async () => {
    // No retries: a failed delivery is discarded at its first failure, and the subscription is failing.
    dashboard = await openDemoDashboard({
      store: "E2E People",
      staff: { email: "people@e2e.test", password: "e2e-password-123", name: "E2E People" },
      env: { WEBHOOK_RETRY_SCHEDULE: "" },
    });
    ({ svc, page, storeId, pageErrors, shot, nav } = dashboard);
  }, 60_000);

  afterAll(() => dashboard?.close());

  it("finds a customer by name, and shows their orders and returns in people's words", async () => {
    await nav().getByRole("link", { name: "Customers" }).click();
    await page.getByRole("heading", { name: "Customers", level: 1 }).waitFor();
    const table = page.getByRole("table", { name: "Customers" });
    await expect.poll(() => table.locator("tbody tr").count()).toBeGreaterThanOrEqual(7);
    await page.getByLabel("Search").fill("hopper");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => table.locator("tbody tr").count()).toBe(1);
    expect(page.url()).toContain("q=hopper");
    await table.getByRole("link", { name: "Grace Hopper" }).click();
    await page.getByRole("heading", { name: "Grace Hopper", level: 1 }).waitFor();
    const orders = page.getByRole("table", { name: "Orders of Grace Hopper" });
    await expect.poll(() => orders.textContent()).toContain("#1002");
    const returns = page.getByRole("table", { name: "Returns of Grace Hopper" });
    const link = returns.getByRole("link", { name: /^Return R\d+ for order #1002$/ });
    await link.waitFor();
    await expect(returns.textContent()).resolves.toContain("Flagged");
    // People's words only: no internal ids on the page.
    await expect(page.locator("main").textContent()).resolves.not.toMatch(/\b(cus|ret|ord)_[0-9a-z]{6,}/);
    await shot("60-customer");
    await link.click();
    await page.getByRole("heading", { name: "Return for order #1002", level: 1 }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it("lists what needs attention: flagged and in-review returns oldest first, and a failing webhook", async () => {
    const ctx = systemContext(svc.services, storeId);
    // Nothing listens on port 9: the delivery fails and the subscription's health is failing.
    const hook = await createWebhook(ctx, storeId, {
      topic: "return",
      kind: "redo",
      callback: { url: "http://127.0.0.1:9/hook", auth: null },
    });
    const ret = await svc.services.db.prisma.return.findFirstOrThrow({ where: { storeId }, orderBy: { createdAt: "asc" } });
    await emit(svc.services, storeId, ret.id, "updated");
    await expect
      .poll(
        async () => await svc.services.db.prisma.webhookDelivery.count({ where: { webhookId: hook.webhook.id, status: "discarded" } }),
        {
          timeout: 15_000,
        },
      )
      .toBe(1);

    await nav().getByRole("link", { name: "Needs attention" }).click();
    await page.getByRole("heading", { name: "Needs attention", level: 1 }).waitFor();
    await page
      .getByRole("table", { name: "Flagged" })
      .getByRole("link", { name: /for order #1002$/ })
      .waitFor();
    await page
      .getByRole("table", { name: "In review" })
      .getByRole("link", { name: /for order #1003$/ })
      .waitFor();
    await expect(page.getByText("No return waits for a review").count()).resolves.toBe(1);
    const failing = page.getByRole("table", { name: "Webhook subscriptions whose deliveries fail" });
    await failing.getByRole("link", { name: "Retour webhook (return)" }).waitFor();
    await expect(failing.textContent()).resolves.toContain("http://127.0.0.1:9/hook");
    await shot("61-attention");
    await failing.getByRole("link", { name: "Retour webhook (return)" }).click();
    await expect.poll(() => page.url()).toContain(`/dashboard/webhooks/${hook.webhook.id}`);
    expect(pageErrors).toEqual([]);
  });
});
