// End-to-end: Settings · Returns portal (the demo store's portal, a colour without contrast refused next to
// its field, saved, its preview link), the shopper emails page (the demo returns' confirmations kept
// here without a mail server, read in people's words) and a portal return's page (the shopper's answer
// and photo beside the reason), in headless Chromium on SQLite with the demo data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { TestService } from "../support/server.js";
import { type DemoDashboard, e2eMissing, openDemoDashboard } from "../support/e2e.js";
import { expectNoErrors } from "../support/gql.js";

// A 1×1 PNG, as a phone's photo would be after the portal downsized it.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

describe.skipIf(!!e2eMissing)("dashboard returns portal and shopper emails in Chromium (sqlite)", () => {
  let svc: TestService;
  let page: Page;
  let storeId: string;
  let pageErrors: string[] = [];
  let shot: DemoDashboard["shot"];
  let nav: DemoDashboard["nav"];
  let dashboard: DemoDashboard | undefined;

  beforeAll(async () => {
    dashboard = await openDemoDashboard({
      store: "E2E Portal",
      staff: { email: "portal@e2e.test", password: "e2e-password-123", name: "E2E Portal" },
      env: { MAIL_POLL_INTERVAL: "100ms" },
    });
    ({ svc, page, storeId, pageErrors, shot, nav } = dashboard);
  }, 60_000);

  afterAll(() => dashboard?.close());

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

  it("shows a shopper's answer and photo beside the item's reason on the return page", async () => {
    const prisma = svc.services.db.prisma;
    const gql = async (q: string, v: Record<string, unknown>, token?: string) => expectNoErrors(await svc.http.graphql(q, v, token)) as any;
    // A shopper returns one unit of #1001 through the portal's session, with an answer and a photo.
    const handle = (await prisma.portalSettings.findUniqueOrThrow({ where: { storeId } })).handle;
    const order = await prisma.order.findFirstOrThrow({ where: { storeId, name: "#1001" } });
    const { token } = (
      await gql(`mutation($st: ID!, $i: DraftLookupInput!) { openShopperSession(store: $st, input: $i) { token } }`, {
        st: handle,
        i: { orderName: "#1001", secondaryInput: order.customerEmail },
      })
    ).openShopperSession;
    const lines = (await gql(`query { draftReturn { lines { lineItemId returnableQuantity } } }`, {}, token)).draftReturn.lines;
    const line = lines.find((l: { returnableQuantity: number }) => l.returnableQuantity > 0);
    const added = await gql(
      `mutation($i: DraftItemInput!) { addDraftReturnItem(input: $i) { items { id } } }`,
      { i: { lineItemId: line.lineItemId, quantity: 1 } },
      token,
    );
    const itemId = added.addDraftReturnItem.items[0].id;
    await gql(
      `mutation($item: ID!, $c: String!) { addDraftReturnPhoto(itemId: $item, contentBase64: $c) { id } }`,
      { item: itemId, c: PNG },
      token,
    );
    await gql(
      `mutation($item: ID!) { updateDraftReturnItem(itemId: $item, input: { reasonCode: "damaged", answer: "The seam split on first wear" }) { id } }`,
      { item: itemId },
      token,
    );
    await gql(`mutation { finalizeDraftReturnItems { id } }`, {}, token);
    await gql(`mutation { setDraftReturnCreditType(creditType: refund) { id } }`, {}, token);
    const returnId = (await gql(`mutation { submitDraftReturn { returnId } }`, {}, token)).submitDraftReturn.returnId;

    await page.goto(`${svc.url}/dashboard/returns/${returnId}`);
    await page.getByRole("heading", { name: "Return for order #1001", level: 1 }).waitFor();
    const items = page.getByRole("table", { name: /^Items of return R\d+$/ });
    await expect.poll(() => items.textContent()).toContain("Shopper's answer: “The seam split on first wear”");
    const photos = items.getByRole("list", { name: /^Shopper's photos of / });
    const img = photos.getByRole("img");
    await expect(img.count()).resolves.toBe(1);
    // Served from this origin, and loaded (the browser decoded the PNG).
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
    await expect(img.getAttribute("src")).resolves.toMatch(/^\/portal\/photos\/ph_/);
    await shot("73-return-photos");
    expect(pageErrors).toEqual([]);
  });
});
