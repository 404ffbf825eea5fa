// Issue 25, emails to the shopper: written to the outbox with the return's events and sent over SMTP to a
// real server run in-process (smtp-server), read back as a mail client would (mailparser). Confirmation with
// the status link (a signed token: no return reachable by guessing) and the label attached; received;
// processed with the refund; store credit with its gift-card code. A server that refuses is retried and
// never undoes the return; retries end in "failed". Without SMTP the mails are kept in the outbox.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startInbox, type Inbox } from "../../support/inbox.js";

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const PORTAL = `mutation($s: ID!, $i: PortalSettingsInput!) { updatePortalSettings(storeId: $s, input: $i) { handle } }`;
const SHIP = `mutation($r: ID!) { createReturnShipping(returnId: $r, method: prepaid_label) { trackingNumber } }`;
const OUTBOX = `query($s: ID!) { emailOutbox(storeId: $s) { kind status recipient returnNumber subject text attempts lastError sentAt } }`;
const ADDRESS = { name: "Returns dept", line1: "200 Warehouse Way", city: "Columbus", state: "OH", postalCode: "43215", country: "US" };

describe.each(providers)("shopper emails over SMTP (%s)", (provider) => {
  let svc: TestService;
  let inbox: Inbox;
  let storeId: string;
  let secret: string;
  const handle = `mail-${provider}`;
  const gql = (q: string, v: Record<string, unknown>) => svc.http.graphql(q, v, secret);
  const numberOf = async (id: string) => (await gql(`query($id: ID!) { return(id: $id) { number } }`, { id })).data.return.number as string;
  const mailsTo = (to: string) => inbox.mails.filter((m) => m.to && "text" in m.to && m.to.text.includes(to));

  beforeAll(async () => {
    inbox = await startInbox();
    svc = await startTestService(provider, {
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      MAIL_FROM: "Mail Store <returns@example.test>",
      // Never polled within a test: every send here is woken by its commit, and every retry by its own due
      // time (the sender sleeps until the next mail it knows is due, issue 38), or the retries time out.
      MAIL_POLL_INTERVAL: "60s",
      // The first retry comes well after the test has issued the label (so the retried mail attaches it).
      MAIL_RETRY_SCHEDULE: "1500ms,150ms,150ms,150ms,150ms,150ms",
      PUBLIC_URL: "https://returns.example.test",
    });
    storeId = (await svc.createStore("Mail store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    await svc.services.db.prisma.store.update({ where: { id: storeId }, data: { timeZone: "Pacific/Auckland" } });
    const p = await gql(PORTAL, { s: storeId, i: { handle, displayName: "Mail Store", returnAddress: ADDRESS } });
    expect(p.errors).toBeUndefined();
    const draft = { window: { days: 3650, from: "order" }, bonus: { percent: "10", on: ["store_credit"] } };
    expect((await svc.http.put(`/v2.2/stores/${storeId}/return-policy/draft`, { draft }, { token: secret })).status).toBe(200);
    expect((await svc.http.post(`/v2.2/stores/${storeId}/return-policy/publish`, {}, { token: secret })).status).toBe(201);
  });
  afterAll(async () => {
    await svc?.close();
    await inbox?.close();
  });

  it("confirms, with the status link and the label; a refused first attempt is retried and undoes nothing", async () => {
    const email = `ada-${provider}@example.test`;
    inbox.refuse.add(email);
    const order = await pushOrder(svc.http, storeId, secret, {
      name: `#M${provider}1`,
      customer: { email, firstName: "Ada", lastName: "Lovelace" },
    });
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [
        { lineItemId: order.lineItems[0]!.id, quantity: 1, compensation: "store_credit" } as never,
        { lineItemId: order.lineItems[1]!.id, quantity: 1 },
      ]),
      { token: secret },
    );
    expect(created.status).toBe(201);
    const ret = { ...created.body.return, number: await numberOf(created.body.return.id) };
    // The server refuses: the return stands, the mail waits with the reason.
    await until("a refused attempt", () => (inbox.attempts.get(email) ?? 0) >= 1);
    const waiting = await until("the outbox to record the refusal", async () => {
      const rows = (await gql(OUTBOX, { s: storeId })).data.emailOutbox.filter((m: { recipient: string }) => m.recipient === email);
      return rows.find((m: { attempts: number }) => m.attempts >= 1);
    });
    expect(waiting).toMatchObject({ kind: "confirmation", status: "pending" });
    expect(waiting.lastError).toContain("Mailbox busy");
    expect((await svc.http.get(`/v2.2/returns/${ret.id}`, { token: secret })).body.return.status).toBe("open");
    const label = await gql(SHIP, { r: ret.id });
    expect(label.errors).toBeUndefined();
    // Each attempt renders the mail anew; on a busy box one may have rendered before the label existed and
    // still be talking to the server. Two more refused attempts guarantee the next renders with the label.
    const afterLabel = inbox.attempts.get(email) ?? 0;
    await until("two attempts after the label", () => (inbox.attempts.get(email) ?? 0) >= afterLabel + 2);
    inbox.refuse.delete(email);

    const [mail] = await until("the confirmation", () => (mailsTo(email).length ? mailsTo(email) : undefined));
    expect(mail!.from?.text).toBe('"Mail Store" <returns@example.test>');
    expect(mail!.subject).toBe(`Return ${ret.number} for order #M${provider}1 is confirmed`);
    expect(mail!.text).toContain("Hello Ada,");
    expect(mail!.text).toContain("1 × Product 1 (Variant 1): store credit");
    expect(mail!.text).toContain(label.data.createReturnShipping.trackingNumber);
    expect(mail!.html).toContain('<a href="https://returns.example.test/portal/');
    const link = /https:\/\/returns\.example\.test\/portal\/([a-z0-9-]+)\/returns\/(\S+)/.exec(mail!.text!)!;
    expect(link[1]).toBe(handle);
    // The token names the return and carries a signature nobody can compute without the service's secret.
    expect(link[2]).toMatch(new RegExp(`^${ret.id}\\.[A-Za-z0-9_-]{24}$`));
    const pdf = mail!.attachments.find((a) => a.contentType === "application/pdf");
    expect(pdf?.content.subarray(0, 5).toString()).toBe("%PDF-");
    // Sent once, though it was retried.
    expect(mailsTo(email)).toHaveLength(1);
    const sent = (await gql(OUTBOX, { s: storeId })).data.emailOutbox.find((m: { recipient: string }) => m.recipient === email);
    // Every refused attempt and the one that went through, each counted once.
    expect(sent).toMatchObject({ status: "sent", returnNumber: ret.number, attempts: inbox.attempts.get(email), lastError: null });
    expect(sent.attempts).toBeGreaterThanOrEqual(4);
    expect(sent.subject).toBe(mail!.subject);

    // Received (first item processed), then processed with the refund, and the store credit with its code.
    const [credit, refund] = ret.items.map((i: { id: string }) => i.id);
    expect((await svc.http.post(`/v2.2/returns/${ret.id}/process`, { products: [{ _id: credit }] }, { token: secret })).status).toBe(200);
    await until("the received mail", () => mailsTo(email).find((m) => m.subject === `We received your return ${ret.number}`));
    expect((await svc.http.post(`/v2.2/returns/${ret.id}/process`, { products: [{ _id: refund }] }, { token: secret })).status).toBe(200);
    const done = (await svc.http.get(`/v2.2/returns/${ret.id}`, { token: secret })).body.return;
    const card = done.giftCards[0];
    expect(card).toBeDefined();
    const processed = await until("the processed mail", () =>
      mailsTo(email).find((m) => m.subject === `Your return ${ret.number} has been processed`),
    );
    // The refund the return's totals show (line 2: 25.50 and its 2.00 tax).
    const totals = (await gql(`query($id: ID!) { return(id: $id) { totals { refund { amount { amount } } } } }`, { id: ret.id })).data
      .return.totals;
    expect(totals.refund.amount.amount).toBe("27.50");
    expect(processed.text).toContain("Refund: 27.50 USD to your original payment method.");
    const creditMail = await until("the credit mail", () => mailsTo(email).find((m) => m.subject === "Your store credit from Mail Store"));
    expect(creditMail.text).toContain(`Gift card code: ${card.code}`);
    expect(creditMail.text).toContain(`Store credit of ${card.amount.amount} USD`);
    // Dates read in the store's time zone.
    const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Pacific/Auckland" }).format(new Date(ret.createdAt));
    expect(mail!.text).toContain(`made on ${day}`);
  });

  it("gives up after its retries (failed), never touching the return", async () => {
    const email = `bounce-${provider}@example.test`;
    inbox.refuse.add(email);
    const order = await pushOrder(svc.http, storeId, secret, { customer: { email, firstName: "Bo", lastName: "Bounce" } });
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0]!.id, quantity: 1 }]),
      {
        token: secret,
      },
    );
    expect(created.status).toBe(201);
    const failed = await until("the mail to fail", async () =>
      (await gql(OUTBOX, { s: storeId })).data.emailOutbox.find(
        (m: { recipient: string; status: string }) => m.recipient === email && m.status === "failed",
      ),
    );
    expect(failed.attempts).toBe(7);
    expect(inbox.attempts.get(email)).toBe(7);
    expect((await svc.http.get(`/v2.2/returns/${created.body.return.id}`, { token: secret })).body.return.status).toBe("open");
  });

  it("sends each mail once with two replicas sending, and shows the outbox to its own store only", async () => {
    const replica = await svc.startReplica();
    const emails = [0, 1, 2, 3, 4].map((i) => `twice-${i}-${provider}@example.test`);
    const confirm = async (email: string) => {
      const order = await pushOrder(svc.http, storeId, secret, { customer: { email, firstName: "Rep", lastName: "Lica" } });
      const res = await svc.http.post(
        `/v2.2/stores/${storeId}/returns`,
        returnBody(order, [{ lineItemId: order.lineItems[0]!.id, quantity: 1 }]),
        {
          token: secret,
        },
      );
      expect(res.status).toBe(201);
    };
    for (const email of emails) await confirm(email);
    await until("every confirmation", () => emails.every((e) => mailsTo(e).length >= 1));
    // No sleep before counting: stop the replica (its close awaits the send it was in), then have the
    // service send one more mail. Its sender works one batch after another, so once that mail arrives any
    // send it had claimed before has arrived too: a duplicate of either process is in the inbox by now.
    await replica.close();
    const sentinel = `sentinel-${provider}@example.test`;
    await confirm(sentinel);
    await until("the sentinel", () => mailsTo(sentinel).length >= 1);
    for (const e of emails) expect(mailsTo(e)).toHaveLength(1);
    const other = (await svc.createStore("Nosy")).id;
    const nosy = (await svc.createApiClient(other, "all")).secret;
    expect((await svc.http.graphql(OUTBOX, { s: storeId }, nosy)).errors?.[0]?.extensions.code).toBe("NOT_FOUND");
    const unscoped = (await svc.createApiClient(storeId, ["returns_read"])).secret;
    expect((await svc.http.graphql(OUTBOX, { s: storeId }, unscoped)).errors?.[0]?.extensions.code).toBe("FORBIDDEN");
  });

  it("writes no mail for a return that is not created (a refused request)", async () => {
    const email = `nobody-${provider}@example.test`;
    const order = await pushOrder(svc.http, storeId, secret, { customer: { email, firstName: "Bo", lastName: "Bounce" } });
    const bad = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0]!.id, quantity: 99 }]),
      {
        token: secret,
      },
    );
    expect(bad.status).toBeGreaterThanOrEqual(400);
    const rows = await svc.services.db.prisma.emailMessage.count({ where: { recipient: email } });
    expect(rows).toBe(0);
  });
});

describe.each(providers)("shopper emails without SMTP (%s)", (provider) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(provider, { MAIL_POLL_INTERVAL: "50ms" });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("keeps them in the outbox, rendered, for the dashboard", async () => {
    const storeId = (await svc.createStore("Local store")).id;
    const secret = (await svc.createApiClient(storeId, "all")).secret;
    const order = await pushOrder(svc.http, storeId, secret, {
      customer: { email: "kept@example.test", firstName: "Kim", lastName: "Keep" },
    });
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0]!.id, quantity: 1 }]),
      {
        token: secret,
      },
    );
    expect(created.status).toBe(201);
    const kept = await until("the kept mail", async () =>
      (await svc.http.graphql(OUTBOX, { s: storeId }, secret)).data.emailOutbox.find((m: { status: string }) => m.status === "kept"),
    );
    expect(kept).toMatchObject({ kind: "confirmation", recipient: "kept@example.test", attempts: 0, sentAt: null });
    const number = (await svc.http.graphql(`query($id: ID!) { return(id: $id) { number } }`, { id: created.body.return.id }, secret)).data
      .return.number;
    expect(kept.subject).toBe(`Return ${number} for order ${order.name} is confirmed`);
    expect(kept.text).toContain("Hello Kim,");
  });
});
