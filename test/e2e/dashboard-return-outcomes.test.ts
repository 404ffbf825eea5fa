// End-to-end (issue 36, the merchant's return page): what a return gives and how it goes back, in people's words —
// the exchange line names the variant it is exchanged for and shows no refund amount, a drop-off return shows its
// drop-off code (not "No label yet"), a return shipped by the shopper says so, the gift card a return issued shows
// its code in full, and the customer page shows the store-credit balance; a store-credit line's amount is under
// Store credit (not Refund), every time is in the store's zone with the zone named, the address by its country. Headless Chromium on SQLite, the demo
// store with the portal's demo order #1007 (a tee whose size L is in stock, a jacket for store credit).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { TestService } from "../support/server.js";
import { systemContext } from "../../src/core/context.js";
import { seedPortalDemo } from "../../src/drafts/seed.js";
import { createReturnShipping } from "../../src/shipping/service.js";
import { type DemoDashboard, e2eMissing, openDemoDashboard, timeBesideDate } from "../support/e2e.js";

describe.skipIf(!!e2eMissing)("a return's exchange, drop-off code and store credit on the dashboard in Chromium (sqlite)", () => {
  let svc: TestService;
  let page: Page;
  let storeId: string;
  let pageErrors: string[] = [];
  let shot: DemoDashboard["shot"];
  let dashboard: DemoDashboard | undefined;
  let secret: string;
  let ret: { id: string };
  let dropOff: string;
  let giftCard: string;

  beforeAll(async () => {
    dashboard = await openDemoDashboard({
      store: "E2E Outcomes",
      staff: { email: "outcomes@e2e.test", password: "e2e-password-123", name: "E2E Outcomes" },
    });
    ({ svc, page, storeId, pageErrors, shot } = dashboard);
    await seedPortalDemo(svc.services, storeId);
    // The store keeps Paris time (the browser here keeps the machine's): the return page shows every time in Paris time.
    await svc.services.db.prisma.store.update({ where: { id: storeId }, data: { timeZone: "Europe/Paris" } });
    secret = (await svc.createApiClient(storeId, "all")).secret;
    const why = { reason: "Too small", reasonCode: "too_small" };
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      {
        data: {
          provider: "custom",
          externalOrderId: "DEMO-1007",
          items: [
            { lineItemId: "DEMO-1007-tee", quantity: 1, compensation: "exchange", exchangeSku: "TEE-L", ...why },
            { lineItemId: "DEMO-1007-jacket", quantity: 1, compensation: "store_credit", ...why },
          ],
          shippingAddress: { line1: "500 Market St", city: "San Francisco", state: "CA", postalCode: "94105", country: "US" },
        },
      },
      { token: secret },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    ret = created.body.return;
    const ctx = systemContext(svc.services, storeId);
    dropOff = (await createReturnShipping(ctx, ret.id, "drop_off_qr")).dropOffCode!;
    const jacket =
      created.body.return.items.find((i: { compensation?: string; id: string }) => i.compensation === "store_credit") ??
      created.body.return.items[1];
    const processed = await svc.http.post(`/v2.2/returns/${ret.id}/process`, { products: [{ _id: jacket.id }] }, { token: secret });
    expect(processed.status, JSON.stringify(processed.body)).toBe(200);
    giftCard = (await svc.http.get(`/v2.2/returns/${ret.id}`, { token: secret })).body.return.giftCards[0].code;
  }, 90_000);

  afterAll(() => dashboard?.close());

  it("names the exchange's variant on its line, with no refund amount there, and shows the drop-off code", async () => {
    await page.goto(`${svc.url}/dashboard/returns/${ret.id}`);
    await page.getByRole("heading", { name: "Return for order #1007", level: 1 }).waitFor();
    const items = page.getByRole("table", { name: /^Items of return R\d+$/ });
    const tee = items.locator("tbody tr", { hasText: "Organic tee" });
    await expect.poll(() => tee.textContent()).toContain("Exchange for Organic tee – L");
    // The Refund column: no amount on an exchanged line, as the refund box's 0.00 says.
    await expect(tee.locator('td[data-label="Refund"]').textContent()).resolves.toBe("None: exchanged");
    await expect(tee.locator('td[data-label="Store credit"]').textContent()).resolves.toBe("—");
    const shipping = page.locator("section", { has: page.getByRole("heading", { name: "Shipping label and tracking" }) });
    await expect(shipping.textContent()).resolves.toContain(`Drop-off code${dropOff}`);
    await expect(shipping.textContent()).resolves.not.toContain("No label yet");
    // People's words: no enum spellings.
    await expect(page.locator("main").textContent()).resolves.not.toMatch(/drop_off_qr|store_credit|ship_yourself/);
    await shot("80-return-exchange-drop-off");
  });

  it("shows a store-credit line's amount under Store credit, every time in the store's zone named, the address by its country", async () => {
    const items = page.getByRole("table", { name: /^Items of return R\d+$/ });
    const jacket = items.locator("tbody tr", { hasText: "Rain jacket" });
    await expect.poll(() => jacket.locator('td[data-label="Refund"]').textContent()).toBe("None: store credit");
    await expect(jacket.locator('td[data-label="Store credit"]').textContent()).resolves.toMatch(/^\d+\.\d\d USD$/);
    // Every time on the page (details, timeline, the customer's other returns): Paris time, named.
    const times = await page.locator("main time").allTextContents();
    expect(times.length).toBeGreaterThan(2);
    for (const t of times) expect(t).toMatch(/\d{1,2}:\d\d(\s[AP]M)? CES?T$/);
    const created = await svc.services.db.prisma.return.findUniqueOrThrow({ where: { id: ret.id }, select: { createdAt: true } });
    const paris = timeBesideDate(created.createdAt, "Europe/Paris", "en-US");
    const details = page.locator("section", { has: page.getByRole("heading", { name: "Details", exact: true }) });
    await expect(details.locator("dd time").first().textContent()).resolves.toMatch(new RegExp(paris));
    // The shopper's US address: town, state and ZIP code on one line, as the US writes it.
    const addresses = page.locator("section", { has: page.getByRole("heading", { name: "Addresses", exact: true }) });
    await expect(addresses.textContent()).resolves.toContain("500 Market StSan Francisco, CA 94105United States");
    await shot("82-return-store-credit-times");
    expect(pageErrors).toEqual([]);
  });

  it("shows the gift card the return issued, its code in full, and the customer's store-credit balance", async () => {
    const cards = page.getByRole("list", { name: /^Gift cards issued by return R\d+$/ });
    await expect.poll(() => cards.textContent()).toContain(giftCard);
    await expect(cards.textContent()).resolves.toMatch(/141\.90 USD/);
    const customer = await svc.services.db.prisma.customer.findFirstOrThrow({ where: { storeId, email: "mae@example.test" } });
    await page.goto(`${svc.url}/dashboard/customers/${customer.id}`);
    await page.getByRole("heading", { name: "Mae Jemison", level: 1 }).waitFor();
    await expect.poll(() => page.getByRole("list", { name: "Store credit balance" }).textContent()).toContain("141.90 USD");
    // Another page's times are the store's too, the zone named.
    const times = await page.locator("main time").allTextContents();
    expect(times.length).toBeGreaterThan(0);
    for (const t of times) expect(t).toMatch(/\d{1,2}:\d\d(\s[AP]M)? CES?T$/);
    await shot("81-customer-store-credit");
    expect(pageErrors).toEqual([]);
  });

  it("says a return the shopper ships themselves goes to the store's return address, not that a label is missing", async () => {
    const prisma = svc.services.db.prisma;
    const issued = (await prisma.returnShipping.findMany({ where: { storeId }, select: { returnId: true } })).map((s) => s.returnId);
    const other = await prisma.return.findFirstOrThrow({ where: { storeId, id: { notIn: issued } }, select: { id: true } });
    await createReturnShipping(systemContext(svc.services, storeId), other.id, "ship_yourself");
    await page.goto(`${svc.url}/dashboard/returns/${other.id}`);
    const shipping = page.locator("section", { has: page.getByRole("heading", { name: "Shipping label and tracking" }) });
    await expect.poll(() => shipping.textContent()).toContain("ships it themselves to the store's return address");
    await expect(shipping.textContent()).resolves.not.toContain("No label yet");
    expect(pageErrors).toEqual([]);
  });
});
