// The merchant dashboard e2e story, chapter: A return's page: each action explained before it runs, adjustments checked, inventory per location, return tags.
// Registered in order by test/e2e/dashboard.test.ts; the story's state: test/support/dashboard-story.ts.
import { expect, it } from "vitest";
import type { DashboardStory } from "../../support/dashboard-story.js";

/** Registers this chapter's tests in the story's describe. */
export function returnPage(s: DashboardStory): void {
  it("explains each action of a return before it runs, and names the dialog's buttons apart", async () => {
    const { svc, page, url, shot, newReturn } = s;
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
    const { svc, page, url, shot, newReturn } = s;
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
    const { svc, page, storeId, url, shot } = s;
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
    const { svc, page, storeId, url, shot } = s;
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
}
