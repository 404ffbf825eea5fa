// End-to-end (issue 37 item 5): a customer's store credit on the dashboard, card by card — what the gift card was
// issued for, each time a storefront spent it at checkout (with the storefront's order reference) and each time a
// spend was put back, with the balance after each, amounts signed by the way they moved, every time in the store's
// zone with the zone named, and no ids or enum spellings; the return that issued the card shows the same history. Headless Chromium on SQLite; the spends go through REST.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { TestService } from "../support/server.js";
import { issueGiftCard } from "../support/gift-cards.js";
import { type DemoDashboard, e2eMissing, openDemoDashboard, timeBesideDate } from "../support/e2e.js";

describe.skipIf(!!e2eMissing)("a customer's store credit history on the dashboard in Chromium (sqlite)", () => {
  let svc: TestService;
  let page: Page;
  let storeId: string;
  let pageErrors: string[] = [];
  let shot: DemoDashboard["shot"];
  let nav: DemoDashboard["nav"];
  let dashboard: DemoDashboard | undefined;
  let code: string;

  beforeAll(async () => {
    dashboard = await openDemoDashboard({
      store: "E2E Credit",
      staff: { email: "credit@e2e.test", password: "e2e-password-123", name: "E2E Credit" },
    });
    ({ svc, page, storeId, pageErrors, shot, nav } = dashboard);
    // The store keeps Paris time (the browser here keeps the machine's): the history shows Paris time, named.
    await svc.services.db.prisma.store.update({ where: { id: storeId }, data: { timeZone: "Europe/Paris" } });
    const secret = (await svc.createApiClient(storeId, "all")).secret;
    ({ code } = await issueGiftCard(svc.http, storeId, secret, {
      name: "#C1001",
      customer: { email: "mary.credit@example.test", firstName: "Mary", lastName: "Creditworth" },
    }));
    const spend = async (amount: string, reference: string) => {
      const res = await svc.http.post(
        `/v2.2/stores/${storeId}/gift-cards/${code}/redemptions`,
        { amount, currency: "USD", reference },
        { token: secret, headers: { "Idempotency-Key": reference } },
      );
      expect(res.status, res.text).toBe(201);
      return res.body.entry.id as string;
    };
    await spend("12.50", "SHOP-5001");
    const cancelled = await spend("5.00", "SHOP-5002");
    const back = await svc.http.post(`/v2.2/stores/${storeId}/gift-cards/${code}/redemptions/${cancelled}/reversal`, {}, { token: secret });
    expect(back.status, back.text).toBe(201);
  }, 90_000);

  afterAll(() => dashboard?.close());

  it("shows each movement of the customer's gift card in the merchant's words, newest first, in the store's zone", async () => {
    await nav().getByRole("link", { name: "Customers" }).click();
    await page.getByRole("heading", { name: "Customers", level: 1 }).waitFor();
    await page.getByLabel("Search").fill("creditworth");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("table", { name: "Customers" }).getByRole("link", { name: "Mary Creditworth" }).click();
    await page.getByRole("heading", { name: "Mary Creditworth", level: 1 }).waitFor();
    const history = page.getByRole("table", { name: `History of gift card ${code}` });
    await expect.poll(() => history.locator("tbody tr").count()).toBe(4);
    const rows = await history
      .locator("tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].slice(1).map((td) => td.textContent)));
    expect(rows).toEqual([
      ["Put back on the card (checkout failed or order cancelled)", "+5.00 USD", "28.50 USD", "SHOP-5002"],
      ["Spent at checkout, then put back", "−5.00 USD", "23.50 USD", "SHOP-5002"],
      ["Spent at checkout", "−12.50 USD", "28.50 USD", "SHOP-5001"],
      ["Issued for a return", "+41.00 USD", "41.00 USD", "—"],
    ]);
    const card = page.locator(".gift-card", { has: history });
    await expect(card.getByRole("heading", { level: 3 }).textContent()).resolves.toBe(`Gift card ${code}: 28.50 USD left of 41.00 USD`);
    // Every time on the page in Paris time, the zone named; the issue at the card's creation, as Paris reads it.
    expect(await card.locator("time").count()).toBe(5);
    const times = await page.locator("main time").allTextContents();
    expect(times.length).toBeGreaterThanOrEqual(7); // the card's five, the order's and the return's
    for (const t of times) expect(t).toMatch(/\d{1,2}:\d\d(\s[AP]M)? CES?T$/);
    const issued = await svc.services.db.prisma.giftCard.findFirstOrThrow({ where: { storeId, code }, select: { createdAt: true } });
    const paris = timeBesideDate(issued.createdAt, "Europe/Paris", "en-US");
    await expect(history.locator("tbody tr").last().locator("time").textContent()).resolves.toMatch(new RegExp(paris));
    // People's words only: no ids, no enum spellings.
    await expect(page.locator("main").textContent()).resolves.not.toMatch(/\b(gce|gc|cus|ret)_[0-9a-z]{6,}|redemption|reversal\b/);
    await shot("90-customer-store-credit");
    await card.getByRole("link", { name: "this return" }).click();
    await page.getByRole("heading", { name: "Return for order #C1001", level: 1 }).waitFor();
    // The return that issued the card shows what is left of it and the same history.
    const issuedBy = page.getByRole("list", { name: /^Gift cards issued by return R\d+$/ });
    await expect.poll(() => issuedBy.textContent()).toBe(`Gift card ${code} of 41.00 USD, 28.50 USD left`);
    const onReturn = page.getByRole("table", { name: `History of gift card ${code}` });
    await expect.poll(() => onReturn.locator("tbody tr").count()).toBe(4);
    await expect(onReturn.locator("tbody tr").first().textContent()).resolves.toContain("Put back on the card");
    await shot("91-return-store-credit");
    expect(pageErrors).toEqual([]);
  });
});
