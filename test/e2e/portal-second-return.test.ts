// End-to-end, issue 36's shopper points, in Chromium at a phone's size, on both databases: every refusal in the
// shopper's language (a wrong lookup in French), an error shown only while it holds (a wrong lookup, no item
// chosen, no reason chosen: each gone once fixed, before Continue), an exchange that never offers the variant
// returned, "Return something else" after submitting, and a link for another order while the tab holds a session;
// the status page with each item's reason in the shopper's language, its times in the store's zone named, and
// the return address by its country's convention (US and French), in French and in English.
import type { Browser, Page } from "playwright-core";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { PORTAL_DIST } from "../../facades/portal/index.js";
import { seedStore } from "../../src/demo/seed.js";
import { DEMO_PORTAL_ORDER, seedPortalDemo } from "../../src/drafts/seed.js";
import { CHROMIUM, E2E_STEP_TIMEOUT, timeBesideDate } from "../support/e2e.js";
import { providers } from "../support/env.js";
import { pushOrder } from "../support/orders.js";
import { startTestService, type TestService } from "../support/server.js";

const missing = !existsSync(CHROMIUM)
  ? `${CHROMIUM} is absent`
  : !existsSync(`${PORTAL_DIST}/index.html`)
    ? "the portal is not built"
    : null;
if (missing) console.warn(`\n*** e2e portal tests SKIPPED: ${missing}. ***\n`);

describe.skipIf(!!missing).each(providers)("the shopper's second return, without rough edges (%s)", (provider) => {
  let svc: TestService;
  let browser: Browser;
  beforeAll(async () => {
    svc = await startTestService(provider);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"], headless: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await svc?.close();
  });

  const heading = (page: Page, name: string) => page.getByRole("heading", { name, level: 1 }).waitFor();
  const alerts = (page: Page) => page.locator("[role=alert]").allTextContents();

  it("words refusals in French, shows an error only while it holds, offers another variant, and starts the next return", async () => {
    const storeId = (await svc.createStore("Demo Outfitters")).id;
    await seedStore(svc.services, storeId);
    await seedPortalDemo(svc.services, storeId);
    const prisma = svc.services.db.prisma;
    const { handle } = await prisma.portalSettings.findUniqueOrThrow({ where: { storeId }, select: { handle: true } });
    // A second order of Mae's, shipped, for the link that comes later.
    const secret = (await svc.createApiClient(storeId, "all")).secret;
    const other = await pushOrder(svc.http, storeId, secret, {
      id: "MAE-2002",
      name: "#2002",
      customer: { email: DEMO_PORTAL_ORDER.email, firstName: "Mae", lastName: "Jemison" },
      lines: [{ id: "MAE-2002-1", quantity: 1, price: "30.00" }],
    });
    const shipped = await svc.http.post(
      `/v2.2/stores/${storeId}/orders/${other.externalId}/fulfillments`,
      { lineItems: [{ id: "MAE-2002-1", quantity: 1 }], useDummyTracking: true },
      { token: secret },
    );
    expect(shipped.status, shipped.text).toBe(200);

    // The store keeps Paris time: the shopper reads every time in it, the zone named.
    await prisma.store.update({ where: { id: storeId }, data: { timeZone: "Europe/Paris" } });

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "fr-FR" });
    const page = await context.newPage();
    page.setDefaultTimeout(E2E_STEP_TIMEOUT);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));

    // A wrong email, refused in French from the core's code; the error goes as soon as the field changes.
    await page.goto(`${svc.url}/portal/${handle}`);
    await heading(page, "Faire un retour");
    await page.getByLabel("Numéro de commande").fill(DEMO_PORTAL_ORDER.name);
    await page.getByLabel("E-mail ou code postal").fill("quelquun@ailleurs.test");
    await page.getByRole("button", { name: "Trouver ma commande" }).click();
    const second = page.getByLabel("E-mail ou code postal");
    await expect.poll(() => second.getAttribute("aria-invalid")).toBe("true");
    await expect(page.locator("#second-error").textContent()).resolves.toBe(
      "Nous ne trouvons aucune commande avec ce numéro et e-mail ou le code postal. Vérifiez les deux et réessayez.",
    );
    await second.fill(DEMO_PORTAL_ORDER.email);
    await expect.poll(() => page.locator("#second-error").count()).toBe(0);
    await expect(second.getAttribute("aria-invalid")).resolves.toBeNull();
    await page.getByRole("button", { name: "Trouver ma commande" }).click();

    // No item chosen: the error, gone once one is ticked.
    await heading(page, "Choisissez ce que vous retournez");
    await page.getByRole("link", { name: "English" }).click();
    await heading(page, "Choose what to return");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => alerts(page)).toContain("Choose at least one item to return.");
    await page.getByRole("checkbox", { name: /^Return this item\W+Organic tee – M$/ }).check();
    await expect.poll(() => alerts(page)).not.toContain("Choose at least one item to return.");
    await page.getByRole("button", { name: "Continue" }).click();

    // No reason chosen: the error under the field, gone once a reason is chosen.
    await heading(page, "Tell us why");
    await page.getByRole("button", { name: "Continue" }).click();
    const reason = page.getByLabel("Reason");
    await expect.poll(() => reason.getAttribute("aria-invalid")).toBe("true");
    await reason.selectOption({ label: "Changed my mind" });
    await expect.poll(() => reason.getAttribute("aria-invalid")).toBeNull();
    await expect(alerts(page)).resolves.toEqual([]);
    await reason.selectOption({ label: "Too small" });
    await page.getByLabel("Which size do you usually wear?").fill("L");
    await page.getByRole("button", { name: "Continue" }).click();

    // An exchange offers the other sizes, never the one returned (M).
    await heading(page, "What would you like?");
    await page.getByRole("radio", { name: /Exchange for another variant/ }).check();
    const sizes = await page.getByLabel("New variant").locator("option").allTextContents();
    expect(sizes.slice(1).map((s) => s.replace(/ \(out of stock\)$/, ""))).not.toContain("M");
    expect(sizes.length).toBeGreaterThan(1);
    await page.getByRole("radio", { name: /Refund to the original payment/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await heading(page, "How it goes back");
    // The store's US return address, by the US convention: town, state, then ZIP code.
    await expect(
      page
        .getByRole("radio", { name: /Send it yourself/ })
        .locator("xpath=..")
        .textContent(),
    ).resolves.toContain("200 Warehouse Way, Columbus, OH 43215, United States");
    await page.getByRole("radio", { name: /Send it yourself/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await heading(page, "Review your return");
    await page.getByRole("button", { name: "Submit the return" }).click();

    // Submitted: the shopper can start the next return from here.
    await heading(page, "Your return is submitted");
    const link = await page.getByRole("link", { name: "See your return's status" }).getAttribute("href");
    await statusPage(link!);
    await page.getByRole("button", { name: "Return something else" }).click();
    await heading(page, "Start a return");

    // Back in the flow for #1007, a link for another order is that order, not the tab's session.
    await page.getByLabel("Order number").fill(DEMO_PORTAL_ORDER.name);
    await page.getByLabel("Email or postal code").fill(DEMO_PORTAL_ORDER.email);
    await page.getByRole("button", { name: "Find my order" }).click();
    await heading(page, "Choose what to return");
    await expect(page.getByText(`Order ${DEMO_PORTAL_ORDER.name}`).count()).resolves.toBe(1);
    await page.goto(`${svc.url}/portal/${handle}?order=%232002&email=${encodeURIComponent(DEMO_PORTAL_ORDER.email)}&lang=en`);
    await heading(page, "Choose what to return");
    await expect(page.getByText("Order #2002").count()).resolves.toBe(1);
    // The same order's link carries on with its session (a reload).
    await page.reload();
    await heading(page, "Choose what to return");
    await expect(page.getByText("Order #2002").count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await context.close();

    /** The status page in French and in English: each item's reason, times in the store's zone named, the address by its country. */
    async function statusPage(href: string) {
      const ret = await prisma.return.findFirstOrThrow({ where: { storeId }, orderBy: { createdAt: "desc" } });
      const status = await context.newPage();
      status.on("pageerror", (e) => errors.push(String(e)));
      const path = href.split("?")[0];
      const section = (name: string) => status.getByRole("region", { name }).textContent();
      await status.goto(`${svc.url}${path}?lang=fr`);
      await heading(status, `Retour R${ret.compatId}`);
      await expect(section("Vos articles")).resolves.toContain("Motif : Trop petit");
      // "29 novembre 2026 à 15:04 CET": the store's zone (Paris), named, whatever the browser's.
      const when = timeBesideDate(ret.createdAt, "Europe/Paris", "fr");
      await expect(section("Étapes")).resolves.toMatch(new RegExp(`Retour demandé.* à ${when} CES?T`));
      await expect(section("Envoyez votre colis à")).resolves.toMatch(/200 Warehouse WayColumbus, OH 43215États-Unis/);
      await status.goto(`${svc.url}${path}?lang=en`);
      await heading(status, `Return R${ret.compatId}`);
      await expect(section("Your items")).resolves.toContain("Reason: Too small");
      const at = timeBesideDate(ret.createdAt, "Europe/Paris", "en");
      await expect(section("What happened")).resolves.toMatch(new RegExp(`Return requested.* at ${at} CES?T`));
      await expect(section("Send your parcel to")).resolves.toContain("Columbus, OH 43215United States");
      // A French return address reads by the French convention: postal code, then town.
      await prisma.portalSettings.update({
        where: { storeId },
        data: {
          returnAddress: JSON.stringify({
            name: "Atelier Retours",
            line1: "10 rue du Sentier",
            city: "Paris",
            postalCode: "75002",
            country: "FR",
          }),
        },
      });
      await status.goto(`${svc.url}${path}?lang=fr`);
      await expect.poll(() => section("Envoyez votre colis à")).toMatch(/10 rue du Sentier75002 ParisFrance/);
      await status.close();
    }
  }, 120_000);
});
