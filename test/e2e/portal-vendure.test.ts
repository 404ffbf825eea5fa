// End to end through the portal with a real Vendure 3.7 (issue 37), in Chromium, on both databases: an order placed
// through Vendure's Shop API and shipped is imported; the shopper returns two items in the portal, the jacket for a
// refund and the tee for another size picked from Vendure's own stock (Retour holds no inventory here: the small size
// Vendure cannot sell is offered as out of stock, the large one it can as in stock); the merchant processes the
// return with restock; Vendure then shows the refund on the order's payment, the exchange order for the large tee,
// and both returned units back in its stock.
import type { Browser, Page } from "playwright-core";
import { chromium } from "playwright-core";
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PORTAL_DIST } from "../../facades/portal/index.js";
import { CHROMIUM, E2E_STEP_TIMEOUT, logIn } from "../support/e2e.js";
import { providers } from "../support/env.js";
import { expectNoErrors } from "../support/gql.js";
import { PEER_INSTALL_HOOK_TIMEOUT_MS } from "../support/peers.js";
import { startTestService, type TestService } from "../support/server.js";
import { startVendure, type Vendure } from "../support/vendure.js";
import { connectedVendureStore } from "../support/vendure-store.js";

const missing = !existsSync(CHROMIUM)
  ? `${CHROMIUM} is absent`
  : !existsSync(`${PORTAL_DIST}/index.html`)
    ? "the portal is not built"
    : null;
if (missing) console.warn(`\n*** e2e portal tests with Vendure SKIPPED: ${missing}. ***\n`);

const IMPORT = `mutation($s: ID!, $d: Int!) { importShopOrders(storeId: $s, days: $d) { imported failed } }`;
const LEDGER = `query($id: ID!) { return(id: $id) { exchange { order { externalId } } ledger {
  id kind amount { amount currency } state shopReference lastError } } }`;
const VARIANT = `query($sku: String!) { productVariants(options: { filter: { sku: { eq: $sku } } }) { items { id stockOnHand stockAllocated } } }`;
const SET_STOCK = `mutation($i: [UpdateProductVariantInput!]!) { updateProductVariants(input: $i) { id } }`;
const REFUNDS = `query($id: ID!) { order(id: $id) { payments { refunds { total state } } } }`;
const PLACED = `query($m: String!) { orders(options: { filter: { transactionId: { eq: $m } } }) { items {
  code state customer { emailAddress } lines { quantity productVariant { sku } } payments { method state } } } }`;
const PUSH = { SHOP_PUSH_RETRY_SCHEDULE: "1s,1s,1s,1s", SHOP_PUSH_LEASE: "5s", SHOP_PUSH_POLL_INTERVAL: "1s" };

let vendure: Vendure;
let apiKey: string;
const productIds: Record<string, string> = {};

beforeAll(async () => {
  if (missing) return;
  vendure = await startVendure();
  apiKey = (await vendure.createApiKey("order-manager")).key;
  for (const slug of ["organic-tee", "rain-jacket"])
    productIds[slug] = (
      await vendure.admin(`query($s: String!) { products(options: { filter: { slug: { eq: $s } } }) { items { id } } }`, { s: slug })
    ).products.items[0].id;
  // Vendure can sell no small tee at all.
  const small = (await vendure.admin(VARIANT, { sku: "TEE-S" })).productVariants.items[0];
  await vendure.admin(SET_STOCK, { i: [{ id: small.id, stockOnHand: small.stockAllocated }] });
}, PEER_INSTALL_HOOK_TIMEOUT_MS);
afterAll(async () => {
  await vendure?.close();
});

const stock = async (sku: string) =>
  (await vendure.admin(VARIANT, { sku })).productVariants.items[0] as { stockOnHand: number; stockAllocated: number };

describe.skipIf(!!missing).each(providers)("a return through the portal, outcomes in a real Vendure (%s)", (provider) => {
  let svc: TestService;
  let browser: Browser;
  let storeId: string;
  let secret: string;
  let handle: string;

  beforeAll(async () => {
    svc = await startTestService(provider, PUSH);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"], headless: true });
    ({ storeId, secret, handle } = await connectedVendureStore(svc, {
      name: "Vendure outfitters",
      adminApiUrl: vendure.adminApiUrl,
      apiKey,
      products: [
        {
          title: "Organic tee",
          external_id: productIds["organic-tee"],
          variants: ["S", "M", "L"].map((size) => ({ sku: `TEE-${size}`, title: size, price: 2800, currency: "USD" })),
        },
      ],
    }));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await svc?.close();
  });

  const heading = (page: Page, name: string) => page.getByRole("heading", { name, level: 1 }).waitFor();

  it("the shopper returns the jacket for a refund and the tee for Vendure's large one; Vendure shows all three outcomes", async () => {
    const email = `grace.${provider}@example.test`;
    const order = await vendure.placeOrder({
      email,
      lines: [
        { sku: "TEE-M", quantity: 1 },
        { sku: "JKT-M", quantity: 1 },
      ],
      fulfil: { carrier: "UPS", trackingCode: `1ZE2E${provider}` },
    });
    expect((expectNoErrors(await svc.http.graphql(IMPORT, { s: storeId, d: 1 }, secret)) as any).importShopOrders).toMatchObject({
      failed: 0,
    });
    const before = { teeM: await stock("TEE-M"), jacket: await stock("JKT-M"), teeL: await stock("TEE-L") };

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-US" });
    const page = await context.newPage();
    page.setDefaultTimeout(E2E_STEP_TIMEOUT);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));

    await page.goto(`${svc.url}/portal/${handle}?lang=en`);
    await heading(page, "Start a return");
    await page.getByLabel("Order number").fill(order.code);
    await page.getByLabel("Email or postal code").fill(email);
    await page.getByRole("button", { name: "Find my order" }).click();
    await heading(page, "Choose what to return");
    await page.getByRole("checkbox", { name: /^Return this item\W+Organic tee/ }).check();
    await page.getByRole("checkbox", { name: /^Return this item\W+Rain jacket/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();

    await heading(page, "What would you like?");
    const tee = page.getByRole("group", { name: /^For Organic tee/ });
    await tee.getByRole("radio", { name: /Exchange for another variant/ }).check();
    // Vendure's stock, not Retour's (it holds none): the small size it cannot sell is out of stock, the large one is not.
    const picker = tee.getByLabel("New variant");
    await expect(picker.locator("option").allTextContents()).resolves.toEqual(["Choose a variant", "S (out of stock)", "L"]);
    await expect(picker.locator("option", { hasText: "S (out of stock)" }).isDisabled()).resolves.toBe(true);
    await picker.selectOption({ label: "L" });
    await page
      .getByRole("group", { name: /^For Rain jacket/ })
      .getByRole("radio", { name: /Refund to the original payment/ })
      .check();
    await page.getByRole("button", { name: "Continue" }).click();
    await heading(page, "How it goes back");
    await page.getByRole("radio", { name: /Send it yourself/ }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await heading(page, "Review your return");
    await page.getByRole("button", { name: "Submit the return" }).click();
    await heading(page, "Your return is submitted");
    expect(errors).toEqual([]);
    await context.close();

    // The merchant processes the return, restocking both items.
    const prisma = svc.services.db.prisma;
    const ret = await prisma.return.findFirstOrThrow({ where: { storeId, order: { externalId: order.id } }, include: { items: true } });
    expect(ret.items.map((i) => i.compensation).sort()).toEqual(["exchange", "refund"]);
    const processed = await svc.http.post(
      `/v2.2/returns/${ret.id}/process`,
      { products: ret.items.map((i) => ({ _id: i.id, processInput: { restock: true } })) },
      { token: secret },
    );
    expect(processed.status, processed.text).toBeLessThan(300);

    const read = async () => (expectNoErrors(await svc.http.graphql(LEDGER, { id: ret.id }, secret)) as any).return;
    await expect
      .poll(async () => (await read()).ledger.map((e: { state: string }) => e.state), { timeout: 120_000, interval: 250 })
      .not.toContain("pending");
    const r = await read();
    expect(r.ledger.map((e: { state: string; lastError: string | null }) => [e.state, e.lastError])).toEqual(
      r.ledger.map(() => ["sent", null]),
    );
    const byKind = (k: string) => r.ledger.filter((e: { kind: string }) => e.kind === k);
    const [refund] = byKind("refund");
    const [exchange] = byKind("exchange_order");
    expect(byKind("restock")).toHaveLength(2);

    // Vendure: the refund on the order's payment, the exchange order for the large tee, both units back in stock.
    const refunds = (await vendure.admin(REFUNDS, { id: order.id })).order.payments.flatMap((p: any) => p.refunds);
    expect(refunds.map((x: { total: number }) => x.total)).toEqual([Math.round(Number(refund.amount.amount) * 100)]);
    const placed = (await vendure.admin(PLACED, { m: exchange.id })).orders.items;
    expect(placed).toEqual([
      {
        code: exchange.shopReference,
        state: "PaymentSettled",
        customer: { emailAddress: email },
        lines: [{ quantity: 1, productVariant: { sku: "TEE-L" } }],
        payments: [{ method: "retour-exchange", state: "Settled" }],
      },
    ]);
    expect(r.exchange.order.externalId).toBe(exchange.shopReference);
    expect((await stock("TEE-M")).stockOnHand).toBe(before.teeM.stockOnHand + 1);
    expect((await stock("JKT-M")).stockOnHand).toBe(before.jacket.stockOnHand + 1);
    expect((await stock("TEE-L")).stockAllocated).toBe(before.teeL.stockAllocated + 1);

    // The merchant's return page words the goods the shop moved: the exchange order and each restock, done, with the
    // shop's references, no enum spellings.
    const staff = await svc.createStaff(storeId);
    const desk = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const dash = await desk.newPage();
    dash.setDefaultTimeout(E2E_STEP_TIMEOUT);
    dash.on("pageerror", (e) => errors.push(String(e)));
    await logIn(dash, svc, staff.email, staff.password);
    await dash.goto(`${svc.url}/dashboard/returns/${ret.id}`);
    await dash.getByRole("heading", { name: `Return for order ${order.code}`, level: 1 }).waitFor();
    const ledger = dash.getByRole("list", { name: /^Money movements of return R\d+$/ });
    const row = (name: RegExp) => ledger.locator(":scope > li").filter({ hasText: name });
    await expect
      .poll(async () => (await row(/^Exchange order/).textContent())?.replace(/\s+/g, " "))
      .toMatch(
        new RegExp(
          `^Exchange order of 28\\.00 USD for Organic tee.* · As a new order in your shop, at no charge to the shopper.*Done .* · your shop's order ${exchange.shopReference}`,
        ),
      );
    const restocks = (await row(/^Restock/).allTextContents()).map((t) => t.replace(/\s+/g, " "));
    expect(restocks).toHaveLength(2);
    for (const t of restocks)
      expect(t).toMatch(/^Restock for (Organic tee|Rain jacket).* · Back in your shop's stock.*Done .* · your shop's variant \S+/);
    expect(await ledger.textContent()).not.toMatch(/exchange_order|rle_|ret_|pending/);
    expect(errors).toEqual([]);
    await desk.close();
  }, 240_000);
});
