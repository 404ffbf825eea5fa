// End-to-end: the merchant dashboard in headless Chromium (Debian's `chromium`, driven by
// playwright-core) against the real service on SQLite. Screenshots of each main page go to
// test/output/e2e/ — look at them when changing a page. Shared setup: test/support/e2e.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startTestService, type TestService } from "../support/server.js";
import { createStaffUser } from "../../src/identity/service.js";
import { seedStore } from "../../src/demo/seed.js";
import { startSubscriber, type Subscriber } from "../support/subscriber.js";
import { E2E_OUT as OUT, e2eMissing as missing, logIn, openBrowser } from "../support/e2e.js";

describe.skipIf(!!missing)("merchant dashboard in Chromium (sqlite)", () => {
  let svc: TestService;
  let browser: Browser;
  let page: Page;
  let storeId: string;
  let legacy: { id: string; secret: string };
  const email = "merchant@e2e.test";
  const password = "e2e-password-123";
  let external: string[] = [];
  let pageErrors: string[] = [];
  let subscriber: Subscriber;
  let hookStatus = 500;

  const url = (path: string) => `${svc.url}${path}`;
  const shot = (name: string) => page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true });

  beforeAll(async () => {
    // No retries: a failed delivery is discarded at its first failure, so the page can show it at once.
    svc = await startTestService("sqlite", { WEBHOOK_RETRY_SCHEDULE: "" });
    subscriber = await startSubscriber(() => ({ status: hookStatus, body: hookStatus === 200 ? "ok" : "subscriber is down" }));
    storeId = (await svc.createStore("E2E Outfitters")).id;
    await createStaffUser(svc.services, storeId, email, password, "E2E Merchant");
    await seedStore(svc.services, storeId);
    legacy = await svc.createApiClient(storeId, "legacy");
    ({ browser, page, external, pageErrors } = await openBrowser(svc));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await svc?.close();
    await subscriber?.close();
  });

  const login = () => logIn(page, svc, email, password);

  it("logs in (a wrong password shows the core's message)", async () => {
    await page.goto(url("/dashboard/settings/developer"));
    await page.waitForURL(/\/dashboard\/login$/);
    await expect(page.getByRole("heading", { name: "Log in to Retour" }).isVisible()).resolves.toBe(true);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("Wrong email or password.");
    await shot("01-login-error");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    // Back to the page that asked for the login.
    await page.waitForURL(/\/dashboard\/settings\/developer$/);
    await page.getByRole("heading", { name: "Developer settings" }).waitFor();
  });

  it("creates an API client with two scopes, shows its secret once, and the secret works against REST", async () => {
    await page.getByRole("heading", { name: "API clients" }).waitFor();
    await expect(page.locator("#store-id").textContent()).resolves.toBe(storeId);
    await page.getByRole("button", { name: "Copy the Store ID" }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(storeId);
    // The legacy client is marked, and "legacy" is not offered for new clients.
    await page.getByText("All scopes (legacy)").first().waitFor();
    await shot("02-developer");

    await page.getByRole("button", { name: "Add API Client" }).click();
    const add = page.getByRole("dialog", { name: "Add API Client" });
    await add.waitFor();
    await expect(add.getByText(/legacy/i).count()).resolves.toBe(0);
    await add.getByLabel("Name").fill("Warehouse sync");
    await add.getByLabel(/Checkout: read/).check();
    await add.getByLabel(/Checkout: write/).check();
    await shot("03-add-client");
    await add.getByRole("button", { name: "Create API client" }).click();

    const dialog = page.getByRole("alertdialog", { name: "Copy your API secret now" });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain("This is the only time the secret");
    const secret = await dialog.getByTestId("new-secret").inputValue();
    expect(secret).toMatch(/^rtr_sk_[0-9A-Za-z]{12}_[0-9A-Za-z]{40}$/);
    await dialog.getByRole("button", { name: "Copy the API secret" }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(secret);
    await shot("04-secret-once");
    await dialog.getByRole("button", { name: "I have copied it" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await page.content()).not.toContain(secret);

    // The new client is listed with its two scopes; after a reload the secret is nowhere.
    const row = page.getByRole("row").filter({ hasText: "Warehouse sync" });
    await expect(row.getByRole("list", { name: "Scopes of Warehouse sync" }).textContent()).resolves.toBe("checkout_readcheckout_write");
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await page.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage))).not.toContain(secret);

    // A real HTTP call to the REST door with the copied secret.
    const rest = await fetch(url(`/v2.2/stores/${storeId}/checkout-ab-tests`), { headers: { authorization: `Bearer ${secret}` } });
    expect(rest.status).toBe(200);
    expect((await rest.json()).totalCount).toBe(3);

    // Edit scopes without re-issuing: the same secret loses checkout_read.
    await row.getByRole("button", { name: "Edit scopes of Warehouse sync" }).click();
    const edit = page.getByRole("dialog", { name: "Edit scopes of “Warehouse sync”" });
    await edit.getByLabel(/Checkout: read/).uncheck();
    await edit.getByRole("button", { name: "Save scopes" }).click();
    await edit.waitFor({ state: "hidden" });
    // The list refreshes after the dialog closes: wait for it rather than read it once.
    await expect.poll(() => row.getByRole("list", { name: "Scopes of Warehouse sync" }).textContent()).toBe("checkout_write");
    const narrowed = await fetch(url(`/v2.2/stores/${storeId}/checkout-ab-tests`), { headers: { authorization: `Bearer ${secret}` } });
    expect(narrowed.status).toBe(403);
    expect((await narrowed.json()).type).toBe("com.retour.api:auth/missing-scope");

    // Revoke, with confirmation.
    await row.getByRole("button", { name: "Revoke Warehouse sync" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Revoke “Warehouse sync”?" });
    await expect(confirm.textContent()).resolves.toContain("stop working");
    await confirm.getByRole("button", { name: "Revoke API client" }).click();
    await confirm.waitFor({ state: "hidden" });
    await row.waitFor({ state: "detached" });
    const revoked = await fetch(url(`/v2.2/stores/${storeId}/checkout-ab-tests`), { headers: { authorization: `Bearer ${secret}` } });
    expect(revoked.status).toBe(401);
    await page.getByLabel(/Show revoked clients/).check();
    await expect(row.textContent()).resolves.toContain("Revoked");
  });

  it("narrows an old all-scopes client to chosen scopes (the legacy option exists only there)", async () => {
    const row = page.getByRole("row").filter({ hasText: "key " });
    await row.getByText("All scopes (legacy)").waitFor();
    await row.getByRole("button", { name: /^Edit scopes of key/ }).click();
    const edit = page.getByRole("dialog", { name: /^Edit scopes of “key/ });
    await expect(edit.getByLabel("All scopes (legacy)").isChecked()).resolves.toBe(true);
    await expect(edit.getByLabel(/Returns: read/).isDisabled()).resolves.toBe(true);
    await edit.getByLabel("All scopes (legacy)").uncheck();
    await edit.getByText("This cannot be undone").waitFor();
    await edit.getByLabel(/Returns: read/).check();
    await shot("05-narrow-legacy");
    await edit.getByRole("button", { name: "Save scopes" }).click();
    await edit.waitFor({ state: "hidden" });
    await expect(row.getByRole("list", { name: /^Scopes of key/ }).textContent()).resolves.toBe("returns_read");
    await expect(row.getByText("All scopes (legacy)").count()).resolves.toBe(0);
    const res = await fetch(url(`/v2.2/stores/${storeId}/checkout-ab-tests`), { headers: { authorization: `Bearer ${legacy.secret}` } });
    expect(res.status).toBe(403);
  });

  it("repoints checkout routing so an experience is no longer live, then deletes it", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Checkout routing" }).click();
    await page.waitForURL(/\/dashboard\/checkout$/);
    const intl = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "International" }) });
    await intl.waitFor();
    // Live: no delete, and the page says why.
    await expect(intl.getByRole("button", { name: "Delete International" }).count()).resolves.toBe(0);
    await expect(intl.textContent()).resolves.toContain("Can't be deleted while live");
    await shot("06-checkout-routing");

    const rule1 = page.getByRole("listitem", { name: "Rule 1" });
    await expect(rule1.getByLabel("Rule name").inputValue()).resolves.toBe("Outside the US");
    await rule1.getByLabel("Experience").selectOption({ label: "Standard checkout" });
    await expect(page.getByText("Unsaved changes.").isVisible()).resolves.toBe(true);
    await page.getByRole("button", { name: "Save checkout tree" }).click();
    await page.getByText("Checkout tree saved.").waitFor();

    await intl.getByText("Not live").waitFor();
    await intl.getByRole("button", { name: "Delete International" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete “International”?" });
    await confirm.getByRole("button", { name: "Delete experience" }).click();
    await confirm.waitFor({ state: "hidden" });
    await intl.waitFor({ state: "detached" });
    await shot("07-checkout-after-delete");

    const tree = await svc.services.db.prisma.checkoutRoutingRule.findMany({
      where: { storeId },
      orderBy: { position: "asc" },
      include: { experience: true },
    });
    expect(tree.map((r) => [r.name, r.experience.name])).toEqual([
      ["Outside the US", "Standard checkout"],
      ["Everyone else", "Standard checkout"],
    ]);
    expect(await svc.services.db.prisma.checkoutExperience.count({ where: { storeId, name: "International" } })).toBe(0);
  });

  it("shows the core's error when a delete is refused (live experience)", async () => {
    // Make the retired experience live behind the page's back: its Delete button is stale, the core refuses.
    const holiday = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Holiday free shipping (retired)" }) });
    await holiday.getByRole("button", { name: /^Delete/ }).waitFor();
    const exp = await svc.services.db.prisma.checkoutExperience.findFirstOrThrow({
      where: { storeId, name: "Holiday free shipping (retired)" },
    });
    await svc.services.db.prisma.checkoutRoutingRule.create({
      data: { id: "crr_e2e", storeId, position: 9, name: "Sneaky", condition: '{"countries":[]}', experienceId: exp.id },
    });
    await holiday.getByRole("button", { name: /^Delete/ }).click();
    const confirm = page.getByRole("alertdialog", { name: /^Delete “Holiday/ });
    await confirm.getByRole("button", { name: "Delete experience" }).click();
    const alert = confirm.getByRole("alert");
    await expect(alert.textContent()).resolves.toContain("is active in the store's checkout tree and cannot be deleted");
    await expect(alert.textContent()).resolves.toContain("checkout/live-experience");
    await shot("08-delete-refused");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await svc.services.db.prisma.checkoutRoutingRule.delete({ where: { id: "crr_e2e" } });
  });

  it("lists A/B tests, deleted ones on request", async () => {
    await page.getByRole("link", { name: "A/B tests" }).click();
    await page.getByRole("heading", { name: "Checkout A/B tests" }).waitFor();
    const rows = page.getByRole("table", { name: "Checkout A/B tests" }).locator("tbody tr");
    await page.getByText("3 tests").waitFor();
    await expect(rows.count()).resolves.toBe(3);
    await expect(rows.nth(0).textContent()).resolves.toContain("Delivery estimates"); // newest first
    await expect(page.getByRole("row").filter({ hasText: "Delivery estimates" }).textContent()).resolves.toContain("Concluded: dates won");
    await expect(page.getByRole("row").filter({ hasText: "Free shipping threshold" }).textContent()).resolves.toContain("Running");
    await page.getByLabel("Include deleted tests").check();
    await page.getByText("4 tests").waitFor();
    await expect(page.getByRole("row").filter({ hasText: "Abandoned experiment" }).textContent()).resolves.toContain("Deleted");
    await shot("09-ab-tests");
    // The filter lives in the URL: a reload keeps it.
    expect(new URL(page.url()).search).toBe("?includeDeleted=true");
    await page.reload();
    await page.getByText("4 tests").waitFor();
    await expect(page.getByLabel("Include deleted tests").isChecked()).resolves.toBe(true);

    // List → detail, and a detail that does not exist.
    await page.getByRole("link", { name: "Delivery estimates" }).click();
    await page.waitForURL(/\/dashboard\/ab-tests\/abt_/);
    await page.getByRole("heading", { name: "Delivery estimates", level: 1 }).waitFor();
    await expect(
      page.getByRole("table", { name: "Treatments of Delivery estimates" }).getByRole("row").filter({ hasText: "winner" }).textContent(),
    ).resolves.toContain("dates");
    await shot("09b-ab-test-detail");
    await page.goto(url("/dashboard/ab-tests/abt_nope"));
    await page.getByText("No A/B test abt_nope in this store").waitFor();
  });

  it("subscribes a webhook (signing secret shown once)", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).click();
    await page.waitForURL(/\/dashboard\/webhooks$/);
    await page.getByText("No webhooks yet").waitFor();
    await page.getByRole("button", { name: "Add webhook" }).click();
    const add = page.getByRole("dialog", { name: "Add webhook" });
    await add.getByLabel("Callback URL").fill(`${subscriber.url}/hook`);
    await add.getByLabel("Bearer token (optional)").fill("e2e-subscriber-token");
    await add.getByRole("button", { name: "Create webhook" }).click();
    const secretDialog = page.getByRole("alertdialog", { name: "Copy the signing secret now" });
    await secretDialog.waitFor();
    const signing = await secretDialog.getByTestId("new-signing-secret").inputValue();
    expect(signing).toMatch(/^whsec_/);
    await secretDialog.getByRole("button", { name: "I have copied it" }).click();
    await secretDialog.waitFor({ state: "hidden" });
    await page
      .getByRole("row")
      .filter({ hasText: `${subscriber.url}/hook` })
      .waitFor();
    expect(await page.content()).not.toContain(signing);
    expect(await page.content()).not.toContain("e2e-subscriber-token");
    await shot("15-webhooks");
  });

  it("lands on returns, filters them, acts on one and sees the timeline update", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Returns", exact: true }).click();
    await page.waitForURL(/\/dashboard\/returns$/);
    const table = page.getByRole("table", { name: "Returns" });
    await page.getByText("6 returns shown").waitFor();
    // Where each came from, in people's words (the demo's returns are seeded by Retour itself).
    await expect(table.locator("thead").textContent()).resolves.toContain("From");
    await expect(table.textContent()).resolves.toContain("Retour (automatic)");
    await expect(table.textContent()).resolves.not.toContain("system");
    await shot("16-returns");

    // Filters go to the core and into the URL.
    const tabs = page.getByRole("navigation", { name: "Status" });
    await tabs.getByRole("button", { name: /^Open/ }).click();
    await page.getByText("1 return shown").waitFor();
    expect(new URL(page.url()).search).toBe("?status=open");
    await tabs.getByRole("button", { name: /^All/ }).click();
    await page.getByText("6 returns shown").waitFor();
    await page.getByLabel("Order name").fill("#1002");
    await page.getByRole("button", { name: "Apply filters" }).click();
    // The previous result is also "1 return shown": wait for the new one, not for the count.
    await expect.poll(() => table.textContent()).toContain("#1002");
    await expect(table.textContent()).resolves.toContain("Flagged");
    await expect(table.locator("tbody tr").count()).resolves.toBe(1);
    await page.getByLabel("Order name").fill("#nope");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("No returns match these filters").waitFor();
    await page.getByLabel("Updated from").fill("2999-01-02");
    await page.getByLabel("Updated until").fill("2999-01-01");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("The end date is before the start date.").first().waitFor();
    await page.getByRole("button", { name: "Clear" }).click();
    await page.getByText("6 returns shown").waitFor();

    // The open return of #1001: the actions are the core's allowedActions for "open".
    await page.getByRole("link", { name: /for order #1001$/ }).click();
    await page.getByRole("heading", { name: "Return for order #1001", level: 1 }).waitFor();
    await page.getByText("Came from").waitFor();
    const actions = page.getByRole("group", { name: "Return actions" });
    const ret = await svc.services.db.prisma.return.findFirstOrThrow({ where: { storeId, status: "open" } });
    const allowed = await svc.http.graphql(
      `query($id: ID!) { return(id: $id) { allowedActions } }`,
      { id: ret.id },
      (await svc.createStaff(storeId)).token,
    );
    const labels = await actions.getByRole("button").allTextContents();
    expect(labels).toEqual(["Mark as arrived", "Process items", "Complete", "Flag", "Remove items", "Reject", "Cancel", "Reset"]);
    expect(allowed.data.return.allowedActions).toEqual(
      expect.arrayContaining(["deliver", "process", "complete", "flag", "remove_items", "reject", "cancel", "reset"]),
    );
    await expect(actions.getByRole("button", { name: "Reopen" }).count()).resolves.toBe(0);
    const timeline = page.getByRole("list", { name: "Timeline" });
    await expect(timeline.getByRole("listitem").count()).resolves.toBe(1);
    await shot("17-return-detail");

    // Process: reject one item, restock the other with an adjustment → complete.
    await actions.getByRole("button", { name: "Process items" }).click();
    const proc = page.getByRole("dialog", { name: "Process items" });
    const fieldsets = proc.locator("fieldset");
    await expect.poll(() => fieldsets.count()).toBe(2);
    await fieldsets.nth(0).getByLabel("Reject").check();
    await fieldsets
      .nth(1)
      .getByLabel(/^Adjustment for/)
      .fill("abc");
    await proc.getByRole("button", { name: "Process return" }).click();
    // Checked before sending, shown next to the field; nothing changed.
    await fieldsets.nth(1).getByText("Enter an amount such as 5.00 (at most 2 decimals).").waitFor();
    await expect(timeline.getByRole("listitem").count()).resolves.toBe(1);
    await fieldsets
      .nth(1)
      .getByLabel(/^Adjustment for/)
      .fill("5.00");
    await proc.getByRole("button", { name: "Process return" }).click();
    await proc.waitFor({ state: "hidden" });
    await expect.poll(() => timeline.getByRole("listitem").count()).toBe(2);
    await expect(timeline.getByRole("listitem").nth(1).textContent()).resolves.toContain("Process: Open → Complete");
    await expect(timeline.getByRole("listitem").nth(1).textContent()).resolves.toContain("E2E Merchant (staff)");
    await expect(actions.getByRole("button").allTextContents()).resolves.toEqual(["Reopen"]);
    await expect(page.getByRole("table", { name: `Items of return R${ret.compatId}` }).textContent()).resolves.toContain("adjusted −5.00");
    // The timeline says what happened to which item, in words: no ids, no field names.
    const processed = (await timeline.getByRole("listitem").nth(1).textContent()) ?? "";
    expect(processed).toMatch(/: restocked, 5\.00 USD kept back|: not restocked, 5\.00 USD kept back/);
    expect(processed).not.toMatch(/rit_|itemId|merchantAdjustment/);

    // Reopen, then flag with a reason: each adds a timeline entry, and the buttons follow the status.
    await actions.getByRole("button", { name: "Reopen" }).click();
    await page.getByRole("dialog", { name: "Reopen this return?" }).getByRole("button", { name: "Reopen return" }).click();
    await expect.poll(() => timeline.getByRole("listitem").count()).toBe(3);
    await actions.getByRole("button", { name: "Flag" }).click();
    const flag = page.getByRole("dialog", { name: "Flag this return?" });
    await flag.getByLabel("Reason (optional)").fill("Looks worn");
    await flag.getByRole("button", { name: "Flag return" }).click();
    await flag.waitFor({ state: "hidden" });
    await expect.poll(() => timeline.getByRole("listitem").count()).toBe(4);
    await expect(timeline.getByRole("listitem").nth(3).textContent()).resolves.toContain("Flag: Open → Flagged");
    await expect(timeline.getByRole("listitem").nth(3).textContent()).resolves.toContain("Looks worn");
    // Flagged: the store does not allow processing flagged returns, so the core offers no "process".
    const flaggedActions = await actions.getByRole("button").allTextContents();
    expect(flaggedActions).not.toContain("Process items");
    expect(flaggedActions).not.toContain("Flag");
    expect(flaggedActions).toContain("Complete");

    // A comment.
    await page.getByLabel("Add a comment").fill("Refund approved after inspection.");
    await page.getByRole("button", { name: "Add comment" }).click();
    await page.getByRole("list", { name: "Comments" }).getByText("Refund approved after inspection.").waitFor();
    await shot("18-return-after-actions");

    const stored = await svc.services.db.prisma.return.findUniqueOrThrow({ where: { id: ret.id } });
    expect(stored.status).toBe("flagged");

    // Phone width: the list turns into cards and stays usable.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url("/dashboard/returns"));
    await page.getByText("6 returns shown").waitFor();
    await shot("19-phone-returns");
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it("shows the failed webhook delivery, retries it and replays from a time", async () => {
    // Flagging and processing above made events; the subscriber answered 500 and there are no retries.
    await expect.poll(() => subscriber.received.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).click();
    await page.getByRole("link", { name: `Webhook ${subscriber.url}/hook` }).click();
    await page.getByRole("heading", { name: "Recent deliveries" }).waitFor();
    const rows = page.getByRole("table", { name: "Webhook deliveries" }).locator("tbody tr");
    await expect
      .poll(
        async () => {
          await page.getByRole("button", { name: "Refresh" }).click();
          return (await rows.filter({ hasText: "discarded" }).count()) >= 3;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const failed = rows.filter({ hasText: "discarded" }).first();
    await expect(failed.textContent()).resolves.toContain("HTTP 500");
    await failed.getByText(/1 attempt/).click();
    await failed.getByText("subscriber is down").waitFor();
    await shot("20-webhook-failed");

    // The subscriber is back: retry now queues it again and it is delivered.
    hookStatus = 200;
    const before = subscriber.received.length;
    await failed.getByRole("button", { name: /^Retry delivery .* now$/ }).click();
    await page.getByText(/Queued again as delivery/).waitFor();
    await expect.poll(() => subscriber.received.length, { timeout: 15_000 }).toBeGreaterThan(before);
    await expect
      .poll(
        async () => {
          await page.getByRole("button", { name: "Refresh" }).click();
          return rows.filter({ hasText: "delivered" }).count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(1);

    // Replay from ten minutes ago: every event since then again, delivered in order.
    const received = subscriber.received.length;
    const start = new Date(Date.now() - 10 * 60_000);
    const local = new Date(start.getTime() - start.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
    await page.getByLabel("Replay from").fill(local);
    await page.getByRole("button", { name: "Replay events" }).click();
    await page.getByText(/Replay queued [1-9]\d* deliver/).waitFor();
    await expect.poll(() => subscriber.received.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(received + 2);
    // A future start is refused before it reaches the core.
    await page.getByLabel("Replay from").fill("2999-01-01T00:00:00");
    await page.getByRole("button", { name: "Replay events" }).click();
    await page.getByText("The replay start is in the future; choose a past time.").waitFor();
    await page.getByRole("button", { name: "Refresh" }).click();
    await shot("21-webhook-after-retry-replay");
  });

  it("reads inbound shipments, products and invoices; the invoice CSV equals the REST download", async () => {
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Inbound" }).click();
    await page.getByRole("table", { name: "Inbound shipments" }).waitFor();
    await page.getByLabel("Status").selectOption({ label: "Partially received" });
    await expect.poll(() => page.getByRole("table", { name: "Inbound shipments" }).locator("tbody tr").count()).toBe(1);
    await shot("22-inbound");
    await page.getByRole("link", { name: "TO-2026-003" }).click();
    await page.getByRole("heading", { name: "Shipment TO-2026-003", level: 1 }).waitFor();
    await page.getByRole("table", { name: "Items of shipment TO-2026-003" }).waitFor();
    await shot("22b-inbound-detail");

    await nav.getByRole("link", { name: "Products" }).click();
    await page.getByRole("link", { name: "Trail Runner Shoe" }).click();
    await page.getByRole("table", { name: "Variants of Trail Runner Shoe" }).getByText("TRS-42").waitFor();
    await shot("23-products");

    await nav.getByRole("link", { name: "Invoices" }).click();
    const invoices = page.getByRole("table", { name: "Invoices" });
    await invoices.waitFor();
    await shot("24-invoices");
    const pending = await svc.services.db.prisma.invoice.findFirstOrThrow({ where: { storeId, status: "pending" } });
    // An invoice is named by its period, not its id.
    const period = `${pending.periodStart.toISOString().slice(0, 10)} – ${pending.periodEnd.toISOString().slice(0, 10)}`;
    await invoices.getByRole("link", { name: `Invoice ${period}` }).click();
    await page.getByRole("table", { name: `Items of invoice ${period}` }).waitFor();
    await shot("25-invoice-detail");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${pending.id}.csv`);
    const path = await download.path();
    const fromDashboard = (await import("node:fs")).readFileSync(path!);
    const key = await svc.createApiClient(storeId, ["invoices_read"]);
    const rest = await fetch(url(`/v2.2/invoices/${pending.id}/items.csv`), { headers: { authorization: `Bearer ${key.secret}` } });
    expect(rest.status).toBe(200);
    const fromRest = Buffer.from(await rest.arrayBuffer());
    expect(fromDashboard.length).toBeGreaterThan(200);
    expect(fromDashboard.equals(fromRest)).toBe(true);
  });

  let allScopes: string | null = null;
  const staffGql = async (query: string, variables: Record<string, unknown>) => {
    allScopes ??= (await svc.createApiClient(storeId, "all")).secret; // the legacy client was narrowed above
    const res = await svc.http.graphql(query, variables, allScopes);
    if (res.errors?.length) throw new Error(JSON.stringify(res.errors));
    return res.data;
  };
  const newReturn = async (order: string, line: string, reason: string) =>
    (
      await staffGql(`mutation($s: ID!, $i: CreateReturnInput!) { createReturn(storeId: $s, input: $i) { return { id number } } }`, {
        s: storeId,
        i: { provider: "custom", externalOrderId: order, items: [{ lineItemId: `${order}-${line}`, quantity: 1, reason }] },
      })
    ).createReturn.return as { id: string; number: string };

  it("finds a customer's return by email, keeps the search in the URL and exports that list as CSV", async () => {
    await page.goto(url("/dashboard/returns"));
    const table = page.getByRole("table", { name: "Returns" });
    await page.getByText("6 returns shown").waitFor();
    await page.getByLabel("Search").fill("grace@example.test");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect.poll(() => table.locator("tbody tr").count()).toBe(1);
    expect(new URL(page.url()).searchParams.get("q")).toBe("grace@example.test");
    const grace = await svc.services.db.prisma.return.findFirstOrThrow({
      where: { storeId, order: { customerEmail: "grace@example.test" } },
    });
    const row = table.locator("tbody tr").first();
    await expect(row.textContent()).resolves.toContain("Grace Hopper");
    await expect(row.textContent()).resolves.toContain("#1002");
    // The short number and, for engineers, the id.
    await expect(row.getByRole("link", { name: `Return R${grace.compatId} for order #1002` }).textContent()).resolves.toBe(
      `R${grace.compatId}`,
    );
    // People's words: the return number, never the internal id.
    await expect(row.textContent()).resolves.not.toContain(grace.id);
    // The tabs count this search's returns per status.
    await expect(
      page
        .getByRole("navigation", { name: "Status" })
        .getByRole("button", { name: /^Flagged/ })
        .textContent(),
    ).resolves.toBe("Flagged 1");
    await shot("26-returns-search-by-email");

    // A reload keeps the search; a part of a name finds the same return.
    await page.reload();
    await expect.poll(() => table.locator("tbody tr").count()).toBe(1);
    await expect(page.getByLabel("Search").inputValue()).resolves.toBe("grace@example.test");
    await page.getByLabel("Search").fill("hopp");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("hopp");
    await expect.poll(() => table.locator("tbody tr").count()).toBe(1);

    // The CSV of this filtered list is the core's returnsCsv.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    const csv = (await import("node:fs")).readFileSync((await download.path())!, "utf8");
    const core = await staffGql(`query($s: ID!) { returnsCsv(storeId: $s, filter: { search: "hopp" }) { csv } }`, { s: storeId });
    expect(csv).toBe(core.returnsCsv.csv);
    expect(csv.split("\r\n")[1]).toContain(`R${grace.compatId},${grace.id},`);
  });

  it("processes three returns at once and reports each", async () => {
    const made = [
      await newReturn("DEMO-1002", "li-socks", "Too small"),
      await newReturn("DEMO-1004", "li-tee", "Too small"),
      await newReturn("DEMO-1005", "li-socks", "Too small"),
    ];
    await page.goto(url("/dashboard/returns?status=open"));
    const table = page.getByRole("table", { name: "Returns" });
    await expect.poll(() => table.locator("tbody tr").count()).toBe(3);
    for (const [r, order] of made.map((r, i) => [r, ["#1002", "#1004", "#1005"][i]] as const)) {
      await page.getByLabel(`Select return ${r.number} for order ${order}`).check();
    }
    const bar = page.getByRole("group", { name: "Selected returns" });
    await expect(bar.getByText("3 selected").isVisible()).resolves.toBe(true);
    await bar.getByRole("button", { name: "Process" }).click();
    const dialog = page.getByRole("dialog", { name: "Process 3 returns?" });
    await expect(dialog.textContent()).resolves.toContain("accepted at its full value and restocked");
    await shot("27-bulk-process-dialog");
    await dialog.getByRole("button", { name: "Process 3 returns" }).click();
    const results = page.getByRole("status", { name: "Bulk action results" });
    await results.getByText("3 of 3 done.").waitFor();
    for (const r of made) await expect(results.textContent()).resolves.toContain(`${r.number} · `);
    // The open tab is empty now: the list was read again.
    await page.getByText("No returns match these filters").waitFor();
    await shot("28-bulk-processed");
    const stored = await svc.services.db.prisma.return.findMany({ where: { id: { in: made.map((r) => r.id) } } });
    expect(stored.map((r) => r.status)).toEqual(["complete", "complete", "complete"]);
  });

  it("reads this month's returns by reason on the overview", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Overview" }).click();
    await page.waitForURL(/\/dashboard\/overview$/);
    const byReason = page.getByRole("table", { name: "Returns by reason" });
    await byReason.waitFor();
    const core = await staffGql(`query($s: ID!) { returnsOverview(storeId: $s) { returnCount byReason { reason units } } }`, {
      s: storeId,
    });
    const rows = await byReason
      .locator("tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td .cell")].map((c) => c.textContent!.trim())));
    expect(rows.map((r) => r.slice(0, 2))).toEqual(
      core.returnsOverview.byReason.map((r: { reason: string; units: number }) => [r.reason, String(r.units)]),
    );
    expect(core.returnsOverview.byReason).toContainEqual({ reason: "Too small", units: 3 });
    await expect(page.getByText(`${core.returnsOverview.returnCount}`, { exact: true }).first().isVisible()).resolves.toBe(true);
    // The charts are drawn (SVG), and described for screen readers.
    await expect.poll(() => page.locator(".chart svg").count()).toBe(3);
    await page.getByRole("img", { name: /^Returns per day/ }).waitFor();
    await shot("29-overview");
    // A period without returns says so.
    await page.getByLabel(/^From/).fill("2020-01-01");
    await page.getByLabel(/^To/).fill("2020-01-31");
    await page.getByRole("button", { name: "Show period" }).click();
    await page.getByText("No returns in this period").waitFor();
    expect(new URL(page.url()).search).toBe("?from=2020-01-01&to=2020-01-31");
  });

  it("explains each action of a return before it runs, and names the dialog's buttons apart", async () => {
    const ret = await newReturn("DEMO-1006", "li-tee", "Too big");
    await page.goto(url(`/dashboard/returns/${ret.id}`));
    await page.getByRole("heading", { name: "Return for order #1006", level: 1 }).waitFor();
    await expect(page.locator(".page-header").textContent()).resolves.toContain(`Return ${ret.number}`);
    await expect(page.locator(".page-header").textContent()).resolves.not.toContain(ret.id);
    // The id stays one click away, for support.
    await page.getByText("For support").click();
    await page.locator(".support-details").getByText(ret.id).waitFor();
    const actions = page.getByRole("group", { name: "Return actions" });
    const described = await actions.getByRole("button").evaluateAll((bs) =>
      bs.map((b) => ({
        label: b.textContent ?? "",
        text: document.getElementById(b.getAttribute("aria-describedby")!)?.textContent ?? "",
        red: b.className === "danger-outline",
      })),
    );
    const byLabel = Object.fromEntries(described.map((d) => [d.label, d]));
    expect(Object.keys(byLabel)).toEqual([
      "Mark as arrived",
      "Process items",
      "Complete",
      "Flag",
      "Remove items",
      "Reject",
      "Cancel",
      "Reset",
    ]);
    expect(byLabel["Mark as arrived"].text).toContain("The parcel has reached you");
    for (const { text } of Object.values(byLabel)) expect(text.length).toBeGreaterThan(40);
    expect(byLabel.Cancel.text).toContain("as if it had not been made");
    expect(byLabel.Reset.text).toContain("even on processed items");
    expect(byLabel.Reject.text).toContain("You can reopen it later");
    expect(byLabel["Remove items"].text).toContain("at least one stays");
    // Only what cannot be undone is red.
    expect(
      Object.entries(byLabel)
        .filter(([, v]) => v.red)
        .map(([k]) => k),
    ).toEqual(["Remove items", "Cancel", "Reset"]);
    await shot("30-return-actions-explained");

    await actions.getByRole("button", { name: "Cancel" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel this return?" });
    // allTextContents does not wait: wait for the dialog's own button first.
    await dialog.getByRole("button", { name: "Cancel return" }).waitFor();
    await expect(dialog.getByRole("button").allTextContents()).resolves.toEqual(
      expect.arrayContaining(["Keep return as it is", "Cancel return"]),
    );
    await expect(dialog.getByRole("button", { name: "Cancel", exact: true }).count()).resolves.toBe(0);
    await expect(dialog.textContent()).resolves.toContain("This cannot be undone.");
    await shot("31-cancel-dialog");
    await dialog.getByRole("button", { name: "Keep return as it is" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await svc.services.db.prisma.return.findUniqueOrThrow({ where: { id: ret.id } })).status).toBe("open");

    // The page shows the return's addresses, label state, item image slot and refund state.
    await page.getByRole("heading", { name: "Addresses" }).waitFor();
    await expect(page.getByText("500 Market St").count()).resolves.toBeGreaterThan(0);
    await expect(page.getByText(/^Not decided yet/).isVisible()).resolves.toBe(true);
  });

  it("checks an adjustment against the item's value before sending, next to its field", async () => {
    const ret = await newReturn("DEMO-1006", "li-socks", "Too big");
    await page.goto(url(`/dashboard/returns/${ret.id}`));
    await page.getByRole("group", { name: "Return actions" }).getByRole("button", { name: "Process items" }).click();
    const proc = page.getByRole("dialog", { name: "Process items" });
    const field = proc.getByLabel(/^Adjustment for Wool socks/);
    await field.fill("500.00");
    await proc.getByRole("button", { name: "Process return" }).click();
    // Socks: 18.00 plus 1.44 tax.
    const error = proc.locator(".field.invalid").getByText("Cannot exceed the item's value of 19.44 USD (tax included).");
    await error.waitFor();
    await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(proc.getByText("Fix the amounts marked above; nothing was sent.").isVisible()).resolves.toBe(true);
    await shot("32-adjustment-too-large");
    expect((await svc.services.db.prisma.returnItem.findFirstOrThrow({ where: { returnId: ret.id } })).status).toBe("open");
    await field.fill("19.44");
    await proc.getByRole("button", { name: "Process return" }).click();
    await proc.waitFor({ state: "hidden" });
    await expect(page.getByText("Decided: the amounts below are owed to the customer.").isVisible()).resolves.toBe(true);
    const item = await svc.services.db.prisma.returnItem.findFirstOrThrow({ where: { returnId: ret.id } });
    expect([item.status, item.merchantAdjustment]).toEqual(["processed", 1944]);
  });

  it("shows inventory per location with each movement's cause, and a return's links to the customer's other returns", async () => {
    // The demo restocked a returned tee (not in the catalogue) and received inbound units of catalogue products.
    const received = await svc.services.db.prisma.inventoryMovement.findFirstOrThrow({
      where: { storeId, cause: "INBOUND_RECEIPT" },
      include: { level: { include: { item: true, location: true } } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    const level = received.level;
    await page.goto(url("/dashboard/inventory"));
    const levels = page.getByRole("table", { name: "Inventory levels" });
    await levels.getByRole("link", { name: level.item.name! }).first().waitFor();
    await levels.getByText("TEE-M").first().waitFor();
    await shot("27-inventory");
    await levels.getByRole("link", { name: level.item.name! }).first().click();
    const perLocation = page.getByRole("table", { name: `Levels of ${level.item.sku}` });
    await perLocation.getByText(level.location.name).waitFor();
    const movements = page.getByRole("table", { name: `Movements of ${level.item.sku}` });
    await movements.getByRole("link", { name: "Inbound shipment received" }).first().waitFor();
    await shot("27b-inventory-item");
    // A movement links to its cause.
    await movements.getByRole("link", { name: "Inbound shipment received" }).first().click();
    await page.getByRole("table", { name: /^Items of shipment/ }).waitFor();

    // Ken's order has three returns by now (the demo's and two created above): each links to the others.
    const kens = await svc.services.db.prisma.return.findMany({
      where: { storeId, order: { externalId: "DEMO-1006" } },
      orderBy: { createdAt: "desc" },
    });
    expect(kens.length).toBe(3);
    await page.goto(url(`/dashboard/returns/${kens[0].id}`));
    const others = page.getByRole("list", { name: "Other returns of ken@example.test" });
    await expect.poll(() => others.getByRole("link").count()).toBe(2);
    await others.getByRole("link", { name: `R${kens[1].compatId}` }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/dashboard/returns/${kens[1].id}`);
    await expect.poll(() => page.getByRole("list", { name: "Other returns of ken@example.test" }).getByRole("link").count()).toBe(2);
    await shot("27c-customer-returns");
  });

  it("manages return tags: creates one, tags a return on its page, filters the list by it, renames and deletes it", async () => {
    await page.goto(url("/dashboard/returns"));
    const table = page.getByRole("table", { name: "Returns" });
    await table.locator("tbody tr").first().waitFor();
    await page.getByText(/^Manage tags/).click();
    await page.getByLabel("New tag", { exact: true }).fill("Fragile");
    await page.getByLabel("Colour of the new tag").selectOption("DANGER");
    await page.getByRole("button", { name: "Create tag" }).click();
    const catalogue = page.getByRole("list", { name: "The store's tags" });
    await catalogue.getByRole("form", { name: "Tag Fragile" }).waitFor();

    // Tag the newest return on its page: the tag shows there and the core holds it.
    const ret = await svc.services.db.prisma.return.findFirstOrThrow({ where: { storeId }, orderBy: { createdAt: "desc" } });
    await page.goto(url(`/dashboard/returns/${ret.id}`));
    await page.getByLabel("Add a tag").selectOption("Fragile");
    await page.getByRole("button", { name: "Add tag" }).click();
    await page.getByRole("list", { name: "Tags of this return" }).getByText("Fragile").waitFor();
    expect(await svc.services.db.prisma.returnTagLink.count({ where: { returnId: ret.id } })).toBe(1);
    await shot("28-return-tags");

    // The list filtered by the tag shows that return alone, its pill in the Tags column.
    await page.goto(url("/dashboard/returns"));
    await table.locator("tbody tr").first().waitFor();
    await page.getByLabel("Tag", { exact: true }).selectOption("Fragile");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("tag")).toBe("Fragile");
    await expect.poll(() => table.locator("tbody tr").count()).toBe(1);
    await expect(table.textContent()).resolves.toContain("Fragile");

    // Renaming in the manager reaches the return; deleting removes it.
    await page.getByRole("button", { name: "Clear" }).click();
    await page.getByText(/^Manage tags/).click();
    await page.getByLabel("Name of tag Fragile").fill("Breakable");
    await catalogue.getByRole("form", { name: "Tag Fragile" }).getByRole("button", { name: "Save" }).click();
    await catalogue.getByRole("form", { name: "Tag Breakable" }).waitFor();
    await expect.poll(() => table.textContent()).toContain("Breakable");
    const tagged = await svc.services.db.prisma.returnTagLink.findMany({ where: { returnId: ret.id }, include: { tag: true } });
    expect(tagged.map((l) => l.tag.name)).toEqual(["Breakable"]);
    const form = catalogue.getByRole("form", { name: "Tag Breakable" });
    await form.getByRole("button", { name: "Delete" }).click();
    await form.getByRole("button", { name: "Delete from 1 return?" }).click();
    await page.getByText("No tags yet.").waitFor();
    expect(await svc.services.db.prisma.returnTagLink.count({ where: { returnId: ret.id } })).toBe(0);
  });

  it("is usable at phone width and by keyboard", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url("/dashboard/settings/developer"));
    await page.getByRole("heading", { name: "API clients" }).waitFor();
    await shot("10-phone-developer");
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu.getAttribute("aria-expanded")).resolves.toBe("true");
    await page.getByRole("link", { name: "Checkout routing" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/dashboard\/checkout$/);
    await page.getByRole("heading", { name: "Checkout tree" }).waitFor();
    await shot("11-phone-checkout");
    await page.setViewportSize({ width: 1280, height: 860 });

    // Keyboard: open the add dialog with Enter, close it with Escape; focus returns to the button.
    await page.goto(url("/dashboard/settings/developer"));
    const add = page.getByRole("button", { name: "Add API Client" });
    await add.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Add API Client" }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.getAttribute("name"))).resolves.toBe("name");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Add API Client" }).waitFor({ state: "hidden" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Add API Client");

    // Returns by keyboard: a return opens with Enter; a lifecycle dialog opens with Enter, Escape closes it
    // and focus returns to its button.
    await page.goto(url("/dashboard/returns"));
    const link = page.getByRole("link", { name: /for order #1003$/ });
    await link.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Return for order #1003", level: 1 }).waitFor();
    const flagButton = page.getByRole("group", { name: "Return actions" }).getByRole("button", { name: "Flag" });
    await flagButton.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Flag this return?" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Flag this return?" }).waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Flag");
  });

  it("serves the API reference and the GraphQL explorer from this process", async () => {
    await page.goto(url("/docs/"));
    await page.getByText("Retour merchant API").first().waitFor();
    await page.getByText("/stores/{storeId}/checkout-ab-tests").first().waitFor();
    await shot("12-docs-rest");

    await page.goto(url("/graphql"));
    await page.locator(".graphiql-container").waitFor();
    await page.locator(".graphiql-execute-button").click();
    // The explorer picked up the dashboard session: the viewer is the staff user.
    await page
      .locator(".graphiql-response")
      .getByText(/merchant@e2e\.test/)
      .waitFor();
    await shot("13-graphql-explorer");
  });

  it("sends an expired session back to the login page, and logs out", async () => {
    await page.goto(url("/dashboard/ab-tests"));
    await page.getByText("3 tests").waitFor();
    await svc.services.db.prisma.staffSession.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    await page.getByRole("link", { name: "Checkout routing" }).click();
    await page.waitForURL(/\/dashboard\/login$/);
    await expect(page.getByRole("status").textContent()).resolves.toContain("The session has expired; log in again.");
    await shot("14-session-expired");

    await login();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("retour.session")!).token as string);
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/\/dashboard\/login$/);
    await expect(page.getByRole("status").textContent()).resolves.toContain("You have logged out.");
    const after = await svc.http.graphql(`{ viewer { __typename } }`, {}, token);
    expect(after.data.viewer.__typename).toBe("Anonymous");
  });

  it("loaded nothing from other hosts and raised no page errors", () => {
    expect(external).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
