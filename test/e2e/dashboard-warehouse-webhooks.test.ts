// End-to-end: the warehouse platform's webhooks (kind `loop`) in the dashboard, in headless Chromium
// against the real service on SQLite (setup shared with the other e2e suites, test/support/e2e.ts).
// A subscription created in the dashboard (inactive, like the platform) is activated there and seen
// through the platform's API (GET /api/v1/webhooks with X-Authorization); one created through that API
// shows in the dashboard; the signing secret is revealed once (a second reveal is refused), rotated
// (a new one shown once); a delivery reaches a real subscriber, verifies with the revealed secret and
// shows in the webhook's delivery log; deactivate and delete round the flow off.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startTestService, type TestService } from "../support/server.js";
import { startSubscriber, type Subscriber } from "../support/subscriber.js";
import { emit } from "../support/webhooks.js";
import { createStaffUser } from "../../src/identity/service.js";
import { seedStore } from "../../src/demo/seed.js";
import { E2E_OUT, e2eMissing, logIn, openBrowser } from "../support/e2e.js";

const REVEAL = `mutation($storeId: ID!) { revealWarehouseSigningSecret(storeId: $storeId) { secret hint createdAt } }`;
const signatureOf = (body: string, secret: string) => crypto.createHmac("sha256", secret).update(Buffer.from(body)).digest("base64");

describe.skipIf(!!e2eMissing)("warehouse platform webhooks in the dashboard, in Chromium (sqlite)", () => {
  let svc: TestService;
  let browser: Browser;
  let page: Page;
  let storeId: string;
  let key: string;
  let external: string[] = [];
  let pageErrors: string[] = [];
  let subscriber: Subscriber;
  /** The secret revealed, then the one rotation showed. */
  let revealed = "";
  let rotated = "";
  const email = "warehouse@e2e.test";
  const password = "e2e-password-123";

  const shot = (name: string) => page.screenshot({ path: `${E2E_OUT}/${name}.png`, fullPage: true });
  const nav = () => page.getByRole("navigation", { name: "Main" });
  const section = () => page.getByRole("region", { name: "Warehouse platform webhooks" });
  const secretSection = () => page.getByRole("region", { name: "Warehouse signing secret" });
  const table = () => page.getByRole("table", { name: "Warehouse platform webhooks" });
  const row = (path: string) =>
    table()
      .locator("tbody tr")
      .filter({ hasText: `${subscriber.url}${path}` });
  /** The platform's API, as a warehouse platform client calls it. */
  const platformWebhooks = async () => {
    const res = await svc.http.get("/api/v1/webhooks", { headers: { "x-authorization": key } });
    expect(res.status).toBe(200);
    return res.body.webhooks as { id: number; topic: string; trigger: string; url: string; status: string }[];
  };

  beforeAll(async () => {
    // No retries: a failed delivery is discarded at its first failure.
    svc = await startTestService("sqlite", { WEBHOOK_RETRY_SCHEDULE: "" });
    subscriber = await startSubscriber(() => ({ status: 200 }));
    storeId = (await svc.createStore("E2E Warehouse")).id;
    await createStaffUser(svc.services, storeId, email, password, "E2E Warehouse");
    await seedStore(svc.services, storeId);
    key = (await svc.createApiClient(storeId, "all")).secret;
    ({ browser, page, external, pageErrors } = await openBrowser(svc));
    await logIn(page, svc, email, password);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await svc?.close();
    await subscriber?.close();
  });

  it("creates a subscription in the dashboard (inactive), activates it, and the platform's API lists it", async () => {
    await nav().getByRole("link", { name: "Webhooks" }).click();
    await section().getByText("No warehouse platform webhooks yet").waitFor();
    await secretSection().getByText("No signing secret yet").waitFor();
    // By keyboard: Enter opens the form, Escape closes it and the focus returns to the button.
    const createButton = section().getByRole("button", { name: "Create warehouse webhook" });
    await createButton.focus();
    await page.keyboard.press("Enter");
    const form = page.getByRole("dialog", { name: "Create warehouse webhook" });
    await expect(form.getByLabel("Topic").evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press("Escape");
    await form.waitFor({ state: "hidden" });
    await expect(createButton.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await createButton.click();
    await form.getByLabel("Topic").waitFor();

    // The pickers offer only what Retour supports; changing the topic changes the triggers.
    await expect.poll(() => form.getByLabel("Topic").locator("option").allTextContents()).toEqual(["return", "return.processing", "label"]);
    await expect
      .poll(() => form.getByLabel("Trigger").locator("option").allTextContents())
      .toEqual(["return.created", "return.updated", "return.closed"]);
    await form.getByLabel("Topic").selectOption("return.processing");
    await expect.poll(() => form.getByLabel("Trigger").locator("option").allTextContents()).toEqual(["return.processing.failed"]);
    await form.getByLabel("Topic").selectOption("label");
    await expect.poll(() => form.getByLabel("Trigger").locator("option").allTextContents()).toEqual(["label.created", "label.updated"]);
    await form.getByLabel("Topic").selectOption("return");
    await form.getByLabel("Trigger").selectOption("return.updated");
    await expect(form.getByLabel("Status").inputValue()).resolves.toBe("inactive");

    // The form's own check, next to the field, before anything is sent; the URL is bounded.
    await expect(form.getByLabel("URL").getAttribute("maxlength")).resolves.toBe("2048");
    await form.getByLabel("URL").fill("example.com/hooks");
    await form.getByRole("button", { name: "Create warehouse webhook" }).click();
    await expect(form.getByRole("alert").textContent()).resolves.toContain("Enter a full URL starting with https://");
    expect(await platformWebhooks()).toEqual([]);

    await form.getByLabel("URL").fill(`${subscriber.url}/loop`);
    await form.getByRole("button", { name: "Create warehouse webhook" }).click();
    await form.waitFor({ state: "hidden" });
    await expect.poll(() => row("/loop").textContent()).toContain("Inactive");
    await expect(row("/loop").textContent()).resolves.toContain("return.updated");
    // Only in its own section: the store's own webhooks list stays empty.
    await page.getByText("No webhooks yet").waitFor();

    const [created] = await platformWebhooks();
    expect(created).toMatchObject({ topic: "return", trigger: "return.updated", url: `${subscriber.url}/loop`, status: "inactive" });
    await expect(row("/loop").locator("td").first().textContent()).resolves.toBe(String(created.id));

    // One click activates it.
    await row("/loop")
      .getByRole("button", { name: `Activate return.updated → ${subscriber.url}/loop` })
      .click();
    await expect.poll(() => row("/loop").textContent()).toContain("Active");
    await section().getByText(`Warehouse webhook ${created.id} is active`).waitFor();
    expect((await platformWebhooks())[0]).toMatchObject({ id: created.id, status: "active" });
    await shot("40-warehouse-webhooks");
  });

  it("shows a subscription created through the platform's API, and edits it with the core's errors next to the field", async () => {
    const res = await svc.http.post(
      "/api/v1/webhooks",
      { topic: "return", trigger: "return.created", url: `${subscriber.url}/api-made` },
      { headers: { "x-authorization": key } },
    );
    expect(res.status).toBe(200);
    await page.reload();
    await expect.poll(() => row("/api-made").textContent()).toContain("Inactive");
    await expect(row("/api-made").locator("td").first().textContent()).resolves.toBe(String(res.body.id));

    await row("/api-made")
      .getByRole("button", { name: `Edit return.created → ${subscriber.url}/api-made` })
      .click();
    const form = page.getByRole("dialog", { name: `Edit warehouse webhook ${res.body.id}` });
    await expect(form.getByLabel("Trigger").inputValue()).resolves.toBe("return.created");
    // A URL the browser cannot judge (no such port): the core's refusal shows under the URL field, its reason
    // (the outbound guard's code) in the dashboard's words.
    await form.getByLabel("URL").fill("https://example.com:99999/hook");
    await form.getByRole("button", { name: "Save warehouse webhook" }).click();
    const urlError = form.locator(".field.invalid").filter({ hasText: "URL" }).getByRole("alert");
    await expect(urlError.textContent()).resolves.toContain("Retour may not call this address: it is not a full web address");
    await form.getByLabel("URL").fill(`${subscriber.url}/api-made-2`);
    await form.getByLabel("Trigger").selectOption("return.closed");
    await form.getByRole("button", { name: "Save warehouse webhook" }).click();
    await form.waitFor({ state: "hidden" });
    await expect.poll(() => row("/api-made-2").textContent()).toContain("return.closed");
    expect((await platformWebhooks()).find((w) => w.id === res.body.id)).toMatchObject({
      trigger: "return.closed",
      url: `${subscriber.url}/api-made-2`,
      status: "inactive",
    });

    // Delete, with confirmation; the platform's API no longer has it.
    await row("/api-made-2")
      .getByRole("button", { name: `Delete return.closed → ${subscriber.url}/api-made-2` })
      .click();
    const confirm = page.getByRole("alertdialog", { name: `Delete warehouse webhook ${res.body.id}?` });
    await expect(confirm.textContent()).resolves.toContain("delivery log are deleted");
    await confirm.getByRole("button", { name: "Delete warehouse webhook" }).click();
    await confirm.waitFor({ state: "hidden" });
    await row("/api-made-2").waitFor({ state: "detached" });
    expect((await platformWebhooks()).map((w) => w.id)).not.toContain(res.body.id);
  });

  it("reveals the signing secret once (a second reveal is refused) and rotating shows a new one once", async () => {
    // The first subscription made the store's secret, not shown yet: its hint, and Reveal.
    await page.reload();
    await secretSection().getByTestId("warehouse-secret-hint").waitFor();
    await expect(secretSection().getByTestId("warehouse-secret-shown").count()).resolves.toBe(0);
    await secretSection().getByRole("button", { name: "Reveal signing secret" }).click();
    let dialog = page.getByRole("alertdialog", { name: "Copy the warehouse signing secret now" });
    await expect(dialog.textContent()).resolves.toContain("This is the only time the signing secret is shown");
    revealed = await dialog.getByTestId("warehouse-signing-secret").inputValue();
    expect(revealed.length).toBeGreaterThanOrEqual(32);
    await dialog.getByRole("button", { name: "Copy the warehouse signing secret" }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(revealed);
    await shot("41-warehouse-secret-once");
    await dialog.getByRole("button", { name: "I have copied it" }).click();
    await dialog.waitFor({ state: "hidden" });

    // Afterwards: the hint and the explanation, no Reveal button, the secret nowhere on the page.
    await expect.poll(() => secretSection().getByTestId("warehouse-secret-hint").textContent()).toBe(revealed.slice(-4));
    await secretSection().getByTestId("warehouse-secret-shown").waitFor();
    await expect(secretSection().getByRole("button", { name: "Reveal signing secret" }).count()).resolves.toBe(0);
    expect(await page.content()).not.toContain(revealed);

    // A second reveal (e.g. from another tab) is refused by the core.
    const staff = await svc.createStaff(storeId);
    const again = await svc.http.graphql(REVEAL, { storeId }, staff.token);
    expect(again.errors?.[0]?.extensions).toMatchObject({ status: 409 });
    expect(String(again.errors?.[0]?.extensions?.type)).toContain("webhooks/secret-already-shown");

    // Rotate: the confirmation says every consumer must switch at once; the new secret is shown once.
    await secretSection().getByRole("button", { name: "Rotate signing secret" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Rotate the warehouse signing secret?" });
    await expect(confirm.textContent()).resolves.toContain("Every consumer must be updated with the new secret at once");
    await confirm.getByRole("button", { name: "Rotate signing secret" }).click();
    dialog = page.getByRole("alertdialog", { name: "Copy the warehouse signing secret now" });
    await expect(dialog.textContent()).resolves.toContain("The secret was rotated.");
    rotated = await dialog.getByTestId("warehouse-signing-secret").inputValue();
    expect(rotated).not.toBe(revealed);
    await dialog.getByRole("button", { name: "I have copied it" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => secretSection().getByTestId("warehouse-secret-hint").textContent()).toBe(rotated.slice(-4));
    expect(await page.content()).not.toContain(rotated);

    // The verification snippet is there to copy.
    await secretSection().getByText("Verify a delivery").click();
    await expect(secretSection().getByTestId("verify-snippet").textContent()).resolves.toContain(
      'crypto.createHmac("sha256", secret).update(rawBody).digest("base64")',
    );
  });

  it("delivers to the active subscription, signed with the rotated secret, and the delivery log shows it", async () => {
    const ret = await svc.services.db.prisma.return.findFirstOrThrow({ where: { storeId }, orderBy: { createdAt: "asc" } });
    await emit(svc.services, storeId, ret.id, "updated");
    const [delivery] = await subscriber.waitFor((r) => r.some((x) => x.path === "/loop")).then((r) => r.filter((x) => x.path === "/loop"));
    expect(delivery.json).toMatchObject({ topic: "return", trigger: "return.updated" });
    const signature = String(delivery.headers["x-loop-signature"]);
    expect(signature).toBe(signatureOf(delivery.body, rotated));
    expect(signature).not.toBe(signatureOf(delivery.body, revealed));

    // The same delivery log as the store's own webhooks, by Webhook.id.
    await table()
      .getByRole("link", { name: `Deliveries of return.updated → ${subscriber.url}/loop` })
      .click();
    await page.getByRole("heading", { name: /^Warehouse platform webhook \d+$/ }).waitFor();
    const rows = page.getByRole("table", { name: "Webhook deliveries" }).locator("tbody tr");
    await expect
      .poll(
        async () => {
          await page.getByRole("button", { name: "Refresh" }).click();
          return rows.first().textContent();
        },
        { timeout: 15_000 },
      )
      .toContain("delivered");
    await expect(page.getByRole("region", { name: "Subscription" }).textContent()).resolves.toMatch(/Active.*return\.updated/s);
    await shot("42-warehouse-webhook-deliveries");

    // Deactivate from its page: the platform's API reports it inactive.
    await page.getByRole("button", { name: `Deactivate return.updated → ${subscriber.url}/loop` }).click();
    await page.getByText(/is inactive: nothing is sent to it/).waitFor();
    expect((await platformWebhooks())[0]).toMatchObject({ status: "inactive" });
    expect(external).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
