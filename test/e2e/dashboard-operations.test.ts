// End-to-end: the dashboard's operations pages in headless Chromium against the real service on SQLite
// (setup shared with dashboard.test.ts in test/support/e2e.ts): an API client without a scope is refused
// by the form, a failing webhook is seen and sent a test event, an inbound shipment is received, a
// product variant is edited, /docs switches between both APIs, and the favicon is served.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startTestService, type TestService } from "../support/server.js";
import { startSubscriber, type Subscriber } from "../support/subscriber.js";
import { emit } from "../support/webhooks.js";
import { createStaffUser } from "../../src/identity/service.js";
import { seedStore } from "../../src/demo/seed.js";
import { systemContext } from "../../src/core/context.js";
import { createWebhook } from "../../src/webhooks/service.js";
import { E2E_OUT, HEAVY_PAGE, e2eMissing, logIn, openBrowser } from "../support/e2e.js";

describe.skipIf(!!e2eMissing)("dashboard operations pages in Chromium (sqlite)", () => {
  let svc: TestService;
  let browser: Browser;
  let page: Page;
  let storeId: string;
  let external: string[] = [];
  let pageErrors: string[] = [];
  let subscriber: Subscriber;
  /** What the subscriber answers, per path. */
  const answers: Record<string, number> = { "/ok": 200, "/down": 500 };
  const email = "ops@e2e.test";
  const password = "e2e-password-123";

  const url = (path: string) => `${svc.url}${path}`;
  const shot = (name: string) => page.screenshot({ path: `${E2E_OUT}/${name}.png`, fullPage: true });
  const nav = () => page.getByRole("navigation", { name: "Main" });

  beforeAll(async () => {
    // No retries: a failed delivery is discarded at its first failure.
    svc = await startTestService("sqlite", { WEBHOOK_RETRY_SCHEDULE: "" });
    subscriber = await startSubscriber((r) => ({ status: answers[r.path] ?? 404, body: "from the subscriber" }));
    storeId = (await svc.createStore("E2E Operations")).id;
    await createStaffUser(svc.services, storeId, email, password, "E2E Operator");
    await seedStore(svc.services, storeId);
    ({ browser, page, external, pageErrors } = await openBrowser(svc));
    await logIn(page, svc, email, password);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await svc?.close();
    await subscriber?.close();
  });

  it("refuses an API client without a scope in the form, next to the Scopes field", async () => {
    await nav().getByRole("link", { name: "Settings · Developer" }).click();
    await page.getByRole("button", { name: "Add API Client" }).click();
    const add = page.getByRole("dialog", { name: "Add API Client" });
    await add.getByLabel("Name").fill("No scopes");
    const before = await svc.services.db.prisma.apiClient.count({ where: { storeId } });
    await add.getByRole("button", { name: "Create API client" }).click();
    const scopes = add.getByRole("group", { name: "Scopes" });
    await expect(scopes.getByRole("alert").textContent()).resolves.toBe(
      "Choose at least one scope: a client without scopes could not call anything.",
    );
    await shot("30-api-client-no-scope");
    expect(await svc.services.db.prisma.apiClient.count({ where: { storeId } })).toBe(before);
    await expect(page.getByRole("alertdialog", { name: "Copy your API secret now" }).count()).resolves.toBe(0);

    // One scope and it is created; the error is gone.
    await add.getByLabel(/Returns: read/).check();
    await add.getByRole("button", { name: "Create API client" }).click();
    const secret = page.getByRole("alertdialog", { name: "Copy your API secret now" });
    await secret.waitFor();
    await secret.getByRole("button", { name: "I have copied it" }).click();
    expect(await svc.services.db.prisma.apiClient.count({ where: { storeId } })).toBe(before + 1);
  });

  it("shows which webhook is failing, explains the kind and sends the failing one a test event", async () => {
    const ctx = systemContext(svc.services, storeId);
    for (const path of ["/ok", "/down"])
      await createWebhook(ctx, storeId, {
        topic: "return",
        // Both of Retour's own kind: `loop` subscriptions are the warehouse platform's (createWarehouseWebhook).
        kind: "redo",
        callback: { url: `${subscriber.url}${path}`, auth: null },
      });
    const ret = await svc.services.db.prisma.return.findFirstOrThrow({ where: { storeId }, orderBy: { createdAt: "asc" } });
    await emit(svc.services, storeId, ret.id, "updated");
    await expect.poll(() => subscriber.received.filter((r) => r.path === "/down").length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => svc.services.db.prisma.webhookAttempt.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);

    await nav().getByRole("link", { name: "Webhooks" }).click();
    const table = page.getByRole("table", { name: "Webhook subscriptions" });
    const down = table.locator("tbody tr").filter({ hasText: "/down" });
    const ok = table.locator("tbody tr").filter({ hasText: "/ok" });
    await expect.poll(() => down.textContent()).toMatch(/Failing since .*1 failed attempt in a row · never succeeded/);
    await expect(ok.textContent()).resolves.toMatch(/Healthy\s*last success/);
    await shot("31-webhooks-health");

    await page.getByRole("link", { name: `Webhook ${subscriber.url}/down` }).click();
    await page.getByRole("heading", { name: "Recent deliveries" }).waitFor();
    await page.getByText("Retour's own payload").waitFor();
    const rows = page.getByRole("table", { name: "Webhook deliveries" }).locator("tbody tr");
    await expect.poll(() => rows.first().textContent()).toContain("Return updated");
    // The endpoint is fixed: a test event goes through the outbox and shows in the log, delivered.
    answers["/down"] = 200;
    await page.getByRole("button", { name: "Send test event" }).click();
    await page.getByText("Test event queued; its outcome appears in the deliveries below.").waitFor();
    await expect.poll(() => subscriber.received.filter((r) => r.path === "/down").length, { timeout: 15_000 }).toBe(2);
    const test = subscriber.received.filter((r) => r.path === "/down")[1];
    expect(test.json).toMatchObject({ type: "test", test: true });
    const testRow = rows.filter({ hasText: "Test event" });
    await expect
      .poll(
        async () => {
          await page.getByRole("button", { name: "Refresh" }).click();
          return testRow.textContent();
        },
        { timeout: 15_000 },
      )
      .toContain("delivered");
    await expect(testRow.textContent()).resolves.toContain("no real subject (test)");
    await page.reload();
    await page.getByRole("heading", { name: "Recent deliveries" }).waitFor();
    await page
      .getByText(/^Healthy/)
      .first()
      .waitFor();
    await shot("32-webhook-test-event");

    // The event's subject links to the return's page.
    await rows
      .filter({ hasText: "Return updated" })
      .getByRole("link", { name: `Return R${ret.compatId} for order #1001` })
      .click();
    await page.waitForURL(new RegExp(`/dashboard/returns/${ret.id}$`));
  });

  it("adds a location and a shipment, marks it in transit and receives it (received, damaged, missing)", async () => {
    await nav().getByRole("link", { name: "Inbound" }).click();
    await page.getByRole("button", { name: "Add location" }).click();
    const loc = page.getByRole("dialog", { name: "Add location" });
    await loc.getByLabel("Name").fill("Dock 9");
    await loc.getByRole("button", { name: "Add location" }).click();
    await page.getByText("Location “Dock 9” added.").waitFor();

    await page.getByRole("button", { name: "New shipment" }).click();
    const form = page.getByRole("dialog", { name: "New inbound shipment" });
    await form.getByLabel("Location").selectOption({ label: "Dock 9" });
    await form.getByLabel("Your reference").fill("PO-E2E-1");
    await form.getByRole("button", { name: "Create shipment" }).click();
    await form.getByText("Choose at least one product.").waitFor();
    await form.getByLabel("Product 1").selectOption({ label: "TRS-42 · EU 42" });
    await form.getByLabel("Quantity 1").fill("10");
    await shot("33-inbound-new-shipment");
    await form.getByRole("button", { name: "Create shipment" }).click();
    await page.getByRole("heading", { name: "Shipment PO-E2E-1", level: 1 }).waitFor();
    await page.getByText("Pending", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Mark in transit" }).click();
    await page.getByText("Marked in transit.").waitFor();
    await page.getByText("In transit", { exact: true }).waitFor();

    // First count: 5 received → partially received.
    await page.getByLabel("Received of TRS-42").fill("5");
    await page.getByRole("button", { name: "Record receipt" }).click();
    await page.getByText("Recorded 5 units.").waitFor();
    await page.getByText("Partially received", { exact: true }).waitFor();
    // More than shipped is refused by the core, and nothing is written.
    await page.getByLabel("Received of TRS-42").fill("6");
    await page.getByRole("button", { name: "Record receipt" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /more units than shipped|over/i })
      .first()
      .waitFor();
    // The rest: 2 received, 2 damaged, 1 missing → received.
    await page.getByLabel("Received of TRS-42").fill("2");
    await page.getByLabel("Damaged of TRS-42").fill("2");
    await page.getByLabel("Missing of TRS-42").fill("1");
    await shot("34-inbound-receipt");
    await page.getByRole("button", { name: "Record receipt" }).click();
    await page.getByText("Recorded 5 units.").waitFor();
    await page.getByText("Received", { exact: true }).first().waitFor();
    // count() does not wait for the refetched shipment: wait for its totals, then check the form is gone.
    await page.getByText("10 shipped · 7 received · 2 damaged · 1 missing").waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Record receipt" }).count()).toBe(0);
    await shot("35-inbound-received");
    const stored = await svc.services.db.prisma.inboundShipment.findFirstOrThrow({
      where: { storeId, shipmentId: "PO-E2E-1" },
      include: { items: true },
    });
    expect(stored.status).toBe("RECEIVED");
    expect(stored.items.map((i) => [i.quantity, i.receivedQuantity, i.damagedQuantity, i.missingQuantity])).toEqual([[10, 7, 2, 1]]);
  });

  it("edits a product variant; a bad price is refused next to the Price field, by its label", async () => {
    await nav().getByRole("link", { name: "Products" }).click();
    await page.getByRole("link", { name: "Trail Runner Shoe" }).click();
    await page.getByRole("button", { name: "Edit variant TRS-42" }).click();
    const form = page.getByRole("dialog", { name: "Edit variant TRS-42" });
    await form.getByLabel("Price (USD)").fill("119.999");
    await form.getByRole("button", { name: "Save variant" }).click();
    const priceError = form.locator("label.field.invalid").filter({ hasText: "Price (USD)" }).getByRole("alert");
    await expect(priceError.textContent()).resolves.toBe("“Price” has more decimals than USD allows (2).");
    await shot("36-product-variant-error");
    await form.getByLabel("Price (USD)").fill("119.00");
    await form.getByLabel("SKU").fill("TRS-42-W");
    await form.getByLabel("Images").fill("https://images.example.com/trs-42.jpg Trail Runner, side");
    await form.getByRole("button", { name: "Save variant" }).click();
    await page.getByText("Variant TRS-42-W saved.").waitFor();
    const row = page.getByRole("table", { name: "Variants of Trail Runner Shoe" }).locator("tbody tr").filter({ hasText: "TRS-42-W" });
    await expect(row.textContent()).resolves.toContain("119.00 USD");
    await expect(row.getByRole("link", { name: "Trail Runner, side" }).getAttribute("href")).resolves.toBe(
      "https://images.example.com/trs-42.jpg",
    );

    await page.getByRole("button", { name: "Edit product" }).click();
    const family = page.getByRole("dialog", { name: "Edit product" });
    await family.getByLabel("Title").fill("Trail Runner Shoe II");
    await family.getByLabel("Product type").fill("Running shoes");
    await family.getByRole("button", { name: "Save product" }).click();
    await page.getByRole("heading", { name: "Trail Runner Shoe II", level: 1 }).waitFor();
    await page.getByText("Running shoes").waitFor();
    await shot("37-product-edited");
    const stored = await svc.services.db.prisma.product.findFirstOrThrow({
      where: { storeId, sku: "TRS-42-W" },
      include: { family: true },
    });
    expect(stored.priceAmount).toBe(11900);
    expect(stored.family.productType).toBe("Running shoes");
  });

  it("shows both APIs in /docs and serves the favicon", { timeout: 120_000 }, async () => {
    const render = HEAVY_PAGE;
    await page.goto(url("/docs/"), render);
    await page.getByText("/stores/{storeId}/checkout-ab-tests").first().waitFor(render);
    await page.getByLabel("Show API").selectOption({ label: "Warehouse compat API" }, render);
    await page.getByText("/return/{return_id}/process").first().waitFor(render);
    expect(new URL(page.url()).search).toBe("?api=1");
    await shot("38-docs-compat");
    await page.reload(render);
    await page.getByText("/return/{return_id}/process").first().waitFor(render);

    for (const path of ["/docs/", "/dashboard/"]) {
      await page.goto(url(path), render);
      await expect(page.locator('link[rel="icon"]').getAttribute("href", render)).resolves.toBe("/favicon.svg");
    }
    for (const path of ["/favicon.svg", "/favicon.ico"]) {
      const res = await fetch(url(path));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      expect(await res.text()).toContain("<svg");
    }
  });

  it("loaded nothing from other hosts and raised no page errors", () => {
    expect(external).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
