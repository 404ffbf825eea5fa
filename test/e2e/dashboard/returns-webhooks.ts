// The merchant dashboard e2e story, chapter: A webhook subscribed, returns acted on from the list and their page, the failed delivery seen, retried and replayed.
// Registered in order by test/e2e/dashboard.test.ts; the story's state: test/support/dashboard-story.ts.
import { expect, it } from "vitest";
import type { DashboardStory } from "../../support/dashboard-story.js";

/** Registers this chapter's tests in the story's describe. */
export function returnsWebhooks(s: DashboardStory): void {
  it("subscribes a webhook (signing secret shown once)", async () => {
    const { page, subscriber, shot } = s;
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
    const { svc, page, storeId, url, shot } = s;
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
    const { page, subscriber, shot } = s;
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
    s.hookStatus = 200;
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
}
