// End-to-end: Settings · Returns portal (the demo store's portal, a colour without contrast refused next to
// its field, saved, its preview link) and the shopper emails page (the demo returns' confirmations kept
// here without a mail server, read in people's words), in headless Chromium on SQLite with the demo data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startTestService, type TestService } from "../support/server.js";
import { createStaffUser } from "../../src/identity/service.js";
import { seedStore } from "../../src/demo/seed.js";
import { E2E_OUT, e2eMissing, logIn, openBrowser } from "../support/e2e.js";

describe.skipIf(!!e2eMissing)("dashboard returns portal and shopper emails in Chromium (sqlite)", () => {
  let svc: TestService;
  let browser: Browser;
  let page: Page;
  let storeId: string;
  let pageErrors: string[] = [];
  const email = "portal@e2e.test";
  const password = "e2e-password-123";
  const shot = (name: string) => page.screenshot({ path: `${E2E_OUT}/${name}.png`, fullPage: true });
  const nav = () => page.getByRole("navigation", { name: "Main" });

  beforeAll(async () => {
    svc = await startTestService("sqlite", { MAIL_POLL_INTERVAL: "100ms" });
    storeId = (await svc.createStore("E2E Portal")).id;
    await createStaffUser(svc.services, storeId, email, password, "E2E Portal");
    await seedStore(svc.services, storeId);
    ({ browser, page, pageErrors } = await openBrowser(svc));
    await logIn(page, svc, email, password);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await svc?.close();
  });

  it("edits the portal: a colour too light is refused next to its field, a good one is saved", async () => {
    const handle = (await svc.services.db.prisma.portalSettings.findUniqueOrThrow({ where: { storeId } })).handle;
    await nav().getByRole("link", { name: "Settings · Returns portal" }).click();
    await page.getByRole("heading", { name: "Returns portal", level: 1 }).waitFor();
    await expect(page.getByLabel("Portal address").inputValue()).resolves.toBe(handle);
    await expect(page.getByRole("link", { name: new RegExp(`/portal/${handle}$`) }).getAttribute("href")).resolves.toBe(
      `/portal/${handle}`,
    );
    await page.getByLabel("Accent colour").fill("#ffd700");
    await page.getByRole("button", { name: "Save portal settings" }).click();
    const colour = page.locator("label.field.invalid", { hasText: "Accent colour" });
    await expect.poll(() => colour.textContent()).toContain("contrast");
    await shot("70-portal-refused");
    await page.getByLabel("Accent colour").fill("#14532d");
    await page.getByLabel("Shop name shown").fill("Demo Outfitters Returns");
    await page.getByRole("button", { name: "Save portal settings" }).click();
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    const row = await svc.services.db.prisma.portalSettings.findUniqueOrThrow({ where: { storeId } });
    expect(row).toMatchObject({ accentColor: "#14532D", displayName: "Demo Outfitters Returns" });
    // Merchant words: no enum spellings on the page.
    await expect(page.locator("main").textContent()).resolves.not.toMatch(/prepaid_label|drop_off_qr|ship_yourself|postal_code/);
    await shot("71-portal");
    expect(pageErrors).toEqual([]);
  });

  it("shows the shopper emails kept without a mail server, readable, linked by return number", async () => {
    await expect
      .poll(() => svc.services.db.prisma.emailMessage.count({ where: { storeId, status: "kept" } }), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await nav().getByRole("link", { name: "Shopper emails" }).click();
    await page.getByRole("heading", { name: "Shopper emails", level: 1 }).waitFor();
    const table = page.getByRole("table", { name: "Shopper emails" });
    await expect.poll(() => table.locator("tbody tr").count()).toBeGreaterThan(0);
    const first = table.locator("tbody tr").filter({ hasText: "Return confirmed" }).first();
    await expect(first.textContent()).resolves.toContain("Kept here (no mail server)");
    await first.locator("summary").click();
    await expect(first.locator("pre").textContent()).resolves.toMatch(/We have your return R\d+ for order #\d+/);
    await expect(first.getByRole("link", { name: /^R\d+$/ }).count()).resolves.toBe(1);
    // People's words outside the mail itself (whose status link carries its token).
    const cells = (await table.locator("td:not(:last-child)").allTextContents()).join(" ");
    expect(cells).not.toMatch(/\b(credit_issued|confirmation|kept|pending|ret_[0-9a-z]{6,})\b/);
    await shot("72-shopper-emails");
    expect(pageErrors).toEqual([]);
  });
});
