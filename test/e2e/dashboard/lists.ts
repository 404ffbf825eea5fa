// The merchant dashboard e2e story, chapter: The read pages and the returns list: inbound shipments, products and invoices (CSV), searching returns by customer, bulk processing, the overview by reason and its measures (revenue kept, return rates, times, outcomes, CSV).
// Registered in order by test/e2e/dashboard.test.ts; the story's state: test/support/dashboard-story.ts.
import { expect, it } from "vitest";
import type { DashboardStory } from "../../support/dashboard-story.js";

/** Registers this chapter's tests in the story's describe. */
export function lists(s: DashboardStory): void {
  it("reads inbound shipments, products and invoices; the invoice CSV equals the REST download", async () => {
    const { svc, page, storeId, url, shot } = s;
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

  it("finds a customer's return by email, keeps the search in the URL and exports that list as CSV", async () => {
    const { svc, page, storeId, url, shot, staffGql } = s;
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
    const { svc, page, url, shot, newReturn } = s;
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
    const { page, storeId, shot, staffGql } = s;
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
    await expect.poll(() => page.locator(".chart svg").count()).toBe(4);
    await page.getByRole("img", { name: /^Returns per day/ }).waitFor();
    await page.getByRole("img", { name: /^Items per outcome/ }).waitFor();
    await shot("29-overview");

    // What a returns team measures (issue 36): each table says what the core says, in the merchant's words.
    const m = (
      await staffGql(
        `query($s: ID!) { returnsOverview(storeId: $s) { from to values { currency returned { amount } kept { amount } keptShare }
          returnRates { unitsSold byProduct { title unitsReturned unitsSold } } times { stage count } outcomes { points { outcome items } } csv } }`,
        { s: storeId },
      )
    ).returnsOverview;
    const cells = (name: string) =>
      page
        .getByRole("table", { name })
        .locator("tbody tr")
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td .cell")].map((c) => c.textContent!.trim())));
    const money = (await cells("Value returned, kept and fees per currency")).map((r) => r.slice(0, 2));
    expect(money).toEqual(m.values.map((v: any) => [v.currency, `${v.returned.amount} ${v.currency}`]));
    const products = await cells("Return rate by product");
    expect(products.map((r) => r.slice(0, 3))).toEqual(
      m.returnRates.byProduct.map((p: any) => [p.title, String(p.unitsReturned), String(p.unitsSold)]),
    );
    const times = await cells("Time from request to arrival and to refund");
    expect(times.map((r) => r.slice(0, 2))).toEqual([
      ["From request to arrival at the warehouse", String(m.times[0].count)],
      ["From request to refund", String(m.times[1].count)],
    ]);
    // The bulk processing above refunded returns this month: outcomes are drawn and named in words.
    expect(m.outcomes.points.length).toBeGreaterThan(0);
    const outcomes = await cells("Outcomes over time");
    expect(outcomes.length).toBe(m.outcomes.points.length);
    const text = (await page.locator("main").textContent()) ?? "";
    for (const spelling of ["store_credit", "keep_item", "in_review", "in_transit"]) expect(text).not.toMatch(new RegExp(spelling));
    await shot("29b-overview-measures");
    // The CSV download is the core's ReturnsOverview.csv of the same period.
    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
    const lastDay = new Date(new Date(m.to).getTime() - 86_400_000).toISOString().slice(0, 10);
    expect(csv.suggestedFilename()).toBe(`returns-overview-${m.from.slice(0, 10)}-to-${lastDay}.csv`);
    const saved = (await import("node:fs")).readFileSync((await csv.path())!, "utf8");
    expect(saved).toBe(m.csv);
    expect(saved.split("\r\n")[0]).toBe("section,key,label,currency,measure,value");
    // A period without returns says so.
    await page.getByLabel(/^From/).fill("2020-01-01");
    await page.getByLabel(/^To/).fill("2020-01-31");
    await page.getByRole("button", { name: "Show period" }).click();
    await page.getByText("No returns in this period").waitFor();
    expect(new URL(page.url()).search).toBe("?from=2020-01-01&to=2020-01-31");
  });
}
