// The merchant dashboard e2e story, chapter: The developer settings and checkout: logging in, API clients and their scopes, checkout experiences and A/B tests.
// Registered in order by test/e2e/dashboard.test.ts; the story's state: test/support/dashboard-story.ts.
import { expect, it } from "vitest";
import type { DashboardStory } from "../../support/dashboard-story.js";

/** Registers this chapter's tests in the story's describe. */
export function settings(s: DashboardStory): void {
  it("logs in (a wrong password shows the core's message)", async () => {
    const { page, email, password, url, shot } = s;
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
    const { page, storeId, url, shot } = s;
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
    const { page, storeId, legacy, url, shot } = s;
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
    const { svc, page, storeId, shot } = s;
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
    const { svc, page, storeId, shot } = s;
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
    const { page, url, shot } = s;
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
}
