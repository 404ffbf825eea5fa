// The merchant dashboard e2e story, chapter: The shell around the pages: phone width and keyboard, the API reference and explorer, an expired session and logout, nothing loaded from elsewhere.
// Registered in order by test/e2e/dashboard.test.ts; the story's state: test/support/dashboard-story.ts.
import { expect, it } from "vitest";
import type { DashboardStory } from "../../support/dashboard-story.js";
import { HEAVY_PAGE } from "../../support/e2e.js";

/** Registers this chapter's tests in the story's describe. */
export function shell(s: DashboardStory): void {
  it("is usable at phone width and by keyboard", async () => {
    const { page, url, shot } = s;
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

  it("serves the API reference and the GraphQL explorer from this process", { timeout: 120_000 }, async () => {
    const { page, url, shot } = s;
    await page.goto(url("/docs/"), HEAVY_PAGE);
    await page.getByText("Retour merchant API").first().waitFor(HEAVY_PAGE);
    await page.getByText("/stores/{storeId}/checkout-ab-tests").first().waitFor(HEAVY_PAGE);
    await shot("12-docs-rest");

    await page.goto(url("/graphql"), HEAVY_PAGE);
    await page.locator(".graphiql-container").waitFor(HEAVY_PAGE);
    await page.locator(".graphiql-execute-button").click(HEAVY_PAGE);
    // The explorer picked up the dashboard session: the viewer is the staff user.
    await page
      .locator(".graphiql-response")
      .getByText(/merchant@e2e\.test/)
      .waitFor(HEAVY_PAGE);
    await shot("13-graphql-explorer");
  });

  it("sends an expired session back to the login page, and logs out", async () => {
    const { svc, page, url, shot, login } = s;
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
    const { external, pageErrors } = s;
    expect(external).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
}
