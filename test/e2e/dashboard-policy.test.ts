// End-to-end: the return policy in the dashboard, for a merchant. Through the forms (no JSON): a 30-day
// policy with a final-sale tag exclusion, a 5.00 fee waived for store credit, a 10% bonus on credit and
// exchanges, a reason and a review rule; a bad value refused next to its field; the draft simulated on the
// demo store's history; published after a confirmation saying what changes; the version in the history;
// and a return's page explaining which rules allowed, charged and refused it. Headless Chromium against
// the real service on SQLite.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startTestService, type TestService } from "../support/server.js";
import { createStaffUser } from "../../src/identity/service.js";
import { seedStore } from "../../src/demo/seed.js";
import { systemContext } from "../../src/core/context.js";
import { bulkUpload } from "../../src/products/service.js";
import { pushOrder, returnBody } from "../support/orders.js";
import { E2E_OUT, e2eMissing, logIn, openBrowser } from "../support/e2e.js";

const INTERNAL = /\b(ret|ord|rit|rpv|st|usr|cli)_[0-9a-z]{6,}|store_credit|keep_item|windowRules|exclusions\.|returnFee|input\./;

describe.skipIf(!!e2eMissing)("dashboard return policy in Chromium (sqlite)", () => {
  let svc: TestService;
  let browser: Browser;
  let page: Page;
  let storeId: string;
  let secret: string;
  let pageErrors: string[] = [];
  const email = "policy@e2e.test";
  const password = "e2e-password-123";
  const shot = (name: string) => page.screenshot({ path: `${E2E_OUT}/${name}.png`, fullPage: true });
  const main = () => page.locator("main");

  beforeAll(async () => {
    svc = await startTestService("sqlite");
    storeId = (await svc.createStore("E2E Policy")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    await createStaffUser(svc.services, storeId, email, password, "Pat Policy");
    await seedStore(svc.services, storeId);
    // The order fixture's second product is tagged final-sale in the catalogue.
    await bulkUpload(systemContext(svc.services, storeId), storeId, [
      { externalId: "prod-2", title: "Sale scarf", tags: ["final-sale"], variants: [{ sku: "SKU-2", price: 2550, currency: "USD" }] },
    ]);
    ({ browser, page, pageErrors } = await openBrowser(svc));
    await logIn(page, svc, email, password);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await svc?.close();
  });

  it("writes the policy through forms, refuses a bad value next to its field, simulates, publishes and lists the version", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Return policy" }).click();
    await page.getByRole("heading", { name: "Return policy", level: 1 }).waitFor();

    await page.getByRole("region", { name: "Store time zone" }).locator("select").selectOption("America/New_York");
    await page.getByRole("button", { name: "Save time zone" }).click();
    await page.getByText("The store's time zone is now America/New_York.").waitFor();

    await page.getByLabel("Days to return").fill("30");
    await page.getByLabel("Counted from").selectOption("order");
    await page.getByLabel("Excluded product tags").fill("final-sale");
    await page.getByLabel("Exchange for another variant of the same product at the same price").check();
    await page.getByLabel("Charge a return fee (once per return)").check();
    await page.getByLabel("Return fee kind").selectOption("amount");
    await page.getByLabel("Return fee amount").fill("5.00");
    await page.getByRole("group", { name: "Waive the fee for" }).getByLabel("Store credit").check();
    await page.getByLabel("Add bonus credit").check();
    await page.getByLabel("Bonus kind").selectOption("percent");
    const bonusOn = page.getByRole("group", { name: "Give the bonus on" });
    await bonusOn.getByLabel("Store credit").check();
    await bonusOn.getByLabel("Exchange for another variant").check();
    await page.getByRole("button", { name: "Add reason" }).click();
    const reason = page.getByRole("group", { name: "Reason 1" });
    await reason.getByLabel("Label the shopper reads").fill("Too big");
    await reason.getByLabel("Code").fill("size_too_large");
    await reason.getByLabel("Follow-up question (optional)").fill("Which size do you usually wear?");
    await page.getByRole("button", { name: "Add review rule" }).click();
    const review = page.getByRole("group", { name: "Review rule 1" });
    await review.getByLabel("Name").fill("Big returns");
    await review.getByLabel("When worth more than").fill("500.00");
    await review.getByLabel("Message to the shopper").fill("We look at large returns before accepting them.");

    // A bad value: a 150% bonus. The core refuses it; the form shows why next to the field, by its label.
    await page.getByLabel("Bonus amount").fill("150");
    await page.getByRole("button", { name: "Save draft" }).click();
    const bonusField = page.locator("label.field", { hasText: "Bonus amount" });
    await expect.poll(() => bonusField.locator(".field-error").textContent()).toContain("at most 100");
    await expect(bonusField.locator(".field-error").textContent()).resolves.toContain("“Bonus amount”");
    await page.getByText("The draft was not saved: one field needs a fix").waitFor();
    await shot("70-policy-field-error");
    await page.getByLabel("Bonus amount").fill("10");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText("Draft saved.").waitFor();
    await expect(bonusField.locator(".field-error").count()).resolves.toBe(0);

    // Simulate on the demo store's history: the 30-day window from the order refuses old returns.
    await page.getByLabel("Returns created from").fill("2000-01-01");
    await page.getByRole("button", { name: "Simulate" }).click();
    await page.getByText(/past returns? checked/).waitFor();
    const money = page.getByRole("table", { name: "Money in USD" });
    await expect(money.textContent()).resolves.toMatch(/Refunds.*\$[\d,]+\.\d\d/);
    const affected = page.getByRole("list", { name: "Returns the draft decides differently" });
    await expect.poll(() => affected.locator(":scope > li").count()).toBeGreaterThan(0);
    const first = await affected.locator(":scope > li").first().textContent();
    expect(first).toMatch(/Return R\d+ · order #\d{4}/);
    // Both sides are what a policy would decide for a past return: no wording reads as if it had been refused.
    expect(first).toMatch(
      /(The current policy \(version \d+\) would accept it|Without a policy it would be accepted); the draft would refuse it\./,
    );
    await expect(money.textContent()).resolves.toMatch(/Returns it would refuse/);
    await expect(money.locator("th").allTextContents()).resolves.toEqual(["USD", "With no policy (as now)", "The draft"]);
    await expect(main().textContent()).resolves.not.toMatch(/Now: |Returns refused/);
    expect(first).toMatch(/Refused by Return window: The window ended at .* E[SD]T/);
    await shot("71-policy-simulation");

    // Publish through the confirmation, which says what changes in words.
    await page.getByRole("button", { name: "Publish draft…" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Publish the first version?" });
    const changes = dialog.getByRole("list", { name: "What changes" });
    await expect(changes.textContent()).resolves.toContain("every remaining unit can be returned for a refund");
    await expect(changes.textContent()).resolves.toContain("Return fee: $5.00 per return, waived for store credit");
    await expect(changes.textContent()).resolves.toContain("Bonus credit: 10% extra on store credit, exchange for another variant");
    await expect(changes.textContent()).resolves.toContain("Exclusions: Tags: final-sale");
    await shot("72-policy-publish");
    await dialog.getByRole("button", { name: "Publish" }).click();
    await page.getByText("Version 1 is published").waitFor();
    const history = page.getByRole("table", { name: "Published versions of the return policy" });
    await expect.poll(() => history.locator("tbody tr").count()).toBe(1);
    const row = await history.locator("tbody tr").first().textContent();
    expect(row).toContain("Version 1");
    expect(row).toContain("Pat Policy");
    expect(row).toMatch(/E[SD]T/);
    // The rules: a summary in the row, the whole on demand under the table, within the section's width (not clipped).
    expect(row).toMatch(/Return window 30 days from the order date; \d+ more rules/);
    const read = history.getByRole("button", { name: "Read version 1 in full" });
    await read.click();
    const rules = page.getByRole("region", { name: "Version 1's rules" });
    await expect(rules.textContent()).resolves.toContain("Exclusions: Tags: final-sale");
    const side = page.locator("section", { has: page.getByRole("heading", { name: "Version history" }) });
    const [box, within] = await Promise.all([rules.boundingBox(), side.boundingBox()]);
    expect(box!.x + box!.width).toBeLessThanOrEqual(within!.x + within!.width);
    await expect(rules.evaluate((e) => e.scrollWidth <= e.clientWidth)).resolves.toBe(true);
    // …and the table itself needs no sideways scrolling: nothing of the Rules column is cut off.
    await expect(history.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).resolves.toBe(true);
    await expect(history.getByRole("button", { name: "Hide version 1's rules" }).getAttribute("aria-expanded")).resolves.toBe("true");
    await expect(main().textContent()).resolves.not.toMatch(INTERNAL);
    await shot("73-policy-history");
    await side.screenshot({ path: `${E2E_OUT}/73-policy-history-section.png` });
    expect(pageErrors).toEqual([]);
  });

  it("shows on a return's page the rules that allowed, charged and refused it", async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const body = returnBody(order, [
      { lineItemId: order.lineItems[0]!.id, quantity: 1 },
      { lineItemId: order.lineItems[1]!.id, quantity: 1 },
    ]);
    // The final-sale line is refused by the policy: the merchant's own API creates it anyway.
    const refused = await svc.http.post(`/v2.2/stores/${storeId}/returns`, body, { token: secret });
    expect(refused.status).toBe(422);
    const made = await svc.http.post(`/v2.2/stores/${storeId}/returns`, { ...body, options: { overridePolicy: true } }, { token: secret });
    expect(made.status).toBe(201);
    await page.goto(`${svc.url}/dashboard/returns/${made.body.return.id}`);
    const why = page.locator("section", { has: page.getByRole("heading", { name: "Why the return policy allowed it" }) });
    await why.getByText("version 1").waitFor();
    const text = (await why.textContent()) ?? "";
    expect(text).toContain("Created outside the policy by the merchant's own system: Exclusions");
    expect(text).toContain("Refused: Exclusions");
    expect(text).toContain('its product is tagged "final-sale"');
    expect(text).toMatch(/Store credit \$44\.00 \(bonus \$4\.00\)/);
    expect(text).toContain("Refund to the original payment $40.00");
    expect(text).toContain("Charged: Return fee");
    await expect(page.getByRole("list", { name: "Timeline" }).textContent()).resolves.toContain("Created outside the return policy");
    await expect(main().textContent()).resolves.not.toMatch(INTERNAL);
    await shot("74-return-policy-why");
    expect(pageErrors).toEqual([]);
  });
});
