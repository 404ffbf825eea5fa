// End-to-end (issue 37 item 1): Settings · Shop in headless Chromium against a real Vendure 3.7 (test/support/vendure.ts).
// The merchant connects the store with a key whose role may only read the catalogue and the test button says, in
// words, that the key may not read orders; a new key fixes it and the button says the connection works; the key is
// write-only (never shown again, only its last four characters); moving the shop without a key is refused beside the
// key's field; the shop's orders are imported from the page and the one Retour cannot take is listed with its reason;
// the connection is removed. The browser only ever talks to Retour.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { type DemoDashboard, e2eMissing, openDemoDashboard } from "../support/e2e.js";
import { PEER_INSTALL_HOOK_TIMEOUT_MS } from "../support/peers.js";
import { startVendure, type Vendure } from "../support/vendure.js";

describe.skipIf(!!e2eMissing)("the shop connection on the dashboard in Chromium, against a real Vendure (sqlite)", () => {
  let vendure: Vendure | undefined;
  let dashboard: DemoDashboard | undefined;
  let page: Page;

  beforeAll(async () => {
    vendure = await startVendure();
    dashboard = await openDemoDashboard({
      store: "E2E Shop",
      staff: { email: "shop@e2e.test", password: "e2e-password-123", name: "E2E Shop" },
    });
    page = dashboard.page;
  }, PEER_INSTALL_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await dashboard?.close();
    await vendure?.close();
  });

  const status = () => page.locator("[role=status]").filter({ hasText: /connection|Saved/ });
  const save = async () => {
    await page.getByRole("button", { name: "Save the connection" }).click();
    await page.getByText("Saved. Test the connection to check it.").waitFor();
  };
  const testResult = async () => {
    await page.getByRole("button", { name: "Test the connection" }).click();
    const result = page.getByRole("status", { name: "Connection test" });
    await result.waitFor();
    return ((await result.textContent()) ?? "").replace(/\s+/g, " ");
  };

  it("connects Vendure, says in words what is wrong with the key, then that it works, and never shows the key", async () => {
    const { nav, shot, external, pageErrors } = dashboard!;
    const catalogue = await vendure!.createApiKey("catalog-reader");
    const orders = await vendure!.createApiKey("order-reader");

    await nav().getByRole("link", { name: "Settings · Shop" }).click();
    await page.getByRole("heading", { name: "Shop", level: 1 }).waitFor();
    await page.getByText("No shop is connected yet").waitFor();
    await expect.poll(() => page.getByLabel("Platform").inputValue()).toBe("vendure");
    await page.getByLabel("Admin API address").fill(vendure!.adminApiUrl);
    await page.getByLabel("API key").fill(catalogue.key);
    await save();
    await page.getByText(`Connected to Vendure at ${vendure!.adminApiUrl} with the API key ending in ${catalogue.key.slice(-4)}`).waitFor();
    expect(await page.getByLabel("API key").inputValue()).toBe("");

    const refused = await testResult();
    expect(refused).toContain("The API key works, but it may not read orders.");
    expect(refused).toContain("give its role the ReadOrder permission in Vendure (Settings → Roles), then test again.");
    await shot("shop-missing-permission");

    await page.getByLabel("API key").fill(orders.key);
    await save();
    const works = await testResult();
    expect(works).toContain("The connection works.");
    // Worded from the test's finding (the dashboard's catalogue), not the core's English.
    expect(works).toContain(`Retour reaches Vendure at ${vendure!.adminApiUrl} and the key reads orders (0 orders in the shop).`);
    await shot("shop-connected");

    // Write-only: no key text anywhere on the page, only its last four characters.
    const html = await page.content();
    for (const key of [catalogue.key, orders.key]) expect(html).not.toContain(key.slice(0, -4));
    expect(await status().count()).toBeGreaterThan(0);
    expect(external).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("imports the shop's orders and lists, in words, the one it could not bring in", async () => {
    const placed = await vendure!.placeOrder({ email: "ada.lovelace@example.test", lines: [{ sku: "TEE-M", quantity: 2 }] });
    const wholesale = await vendure!.placeOrder({ email: "mary.somerville@example.test", lines: [{ sku: "STK-1", quantity: 1001 }] });
    await page.getByLabel("Orders placed in the last (days)").fill("7");
    await page.getByRole("button", { name: "Import orders" }).click();
    const words = page.locator("[role=status].notice").filter({ hasText: "placed in your shop" });
    await words.waitFor();
    expect(((await words.textContent()) ?? "").trim()).toBe(
      "2 orders were placed in your shop in the last 7 days. 1 order is now in Retour (1 new). 1 order could not be imported: see below.",
    );
    const failed = page.getByRole("table", { name: "Orders that could not be brought in" });
    await expect.poll(() => failed.locator("tbody tr").count()).toBe(1);
    const row = ((await failed.locator("tbody tr").textContent()) ?? "").replace(/\s+/g, " ");
    expect(row).toContain(wholesale.code);
    // Worded from the refusal's code, after the part of the order it concerns (the core's English is the API's).
    expect(row).toContain("An order line's quantity, price or product: An order line holds 1 to 1000 units, in whole units.");
    expect(row).not.toContain(placed.code);
    await dashboard!.shot("shop-orders-imported");
  });

  it("says the shop does not accept a key Vendure no longer knows", async () => {
    const gone = await vendure!.createApiKey("order-reader");
    await vendure!.deleteApiKey(gone.id);
    await page.getByLabel("API key").fill(gone.key);
    await save();
    const refused = await testResult();
    expect(refused).toContain("Your shop does not accept the API key.");
    expect(refused).toContain("make a new API key in Vendure and save it here.");
  });

  it("asks for the key again beside its field when the shop moves, and removes the connection", async () => {
    await page.getByLabel("Admin API address").fill("http://127.0.0.1:9/admin-api");
    await page.getByRole("button", { name: "Save the connection" }).click();
    const keyField = page.locator("label.field.invalid").filter({ hasText: "API key" });
    await keyField.getByText("paste the API key again").waitFor();

    await page.getByRole("button", { name: "Remove the connection" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Remove the shop connection?" });
    await dialog.getByRole("button", { name: "Remove the connection" }).click();
    await page.getByText("No shop is connected yet").waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Test the connection" }).count()).toBe(0);
    expect(dashboard!.pageErrors).toEqual([]);
  });
});
