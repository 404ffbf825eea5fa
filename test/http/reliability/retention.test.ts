// Issue 34, part 5: nothing grows without a bound. The retention sweep (src/retention) deletes what is past
// its retention and keeps what is not; the replay window is how long events are kept. Time is moved by the
// sweep's `now` (the moment retention is counted from): "+15 days" sweeps as the service would 15 days on.
// What it did is read back through the doors (the delivery log, replay, a staff session) and counted.
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startSubscriber, type Subscriber } from "../../support/subscriber.js";
import { DELIVERIES } from "../../support/webhooks.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { sweep } from "../../../src/retention/sweeper.js";
import { takeLease } from "../../../src/retention/lease.js";
import { IDEMPOTENCY_TTL_MS } from "../../../src/core/idempotency.js";
import { startService } from "../../../facades/server.js";
import { loadConfig } from "../../../src/config.js";
import { createLogger } from "../../../src/core/log.js";

const DAY = 86_400_000;
const later = (days: number) => new Date(Date.now() + days * DAY);
const RETURNS = 3;

describe.each(providers)("retention sweep (%s)", (provider) => {
  let svc: TestService;
  let sub: Subscriber;
  let storeId: string;
  let secret: string;
  let webhookId: string;
  const returnIds: string[] = [];
  const prisma = () => svc.services.db.prisma;
  const run = (days: number) => sweep(svc.services, { force: true, now: later(days) });
  const deliveries = async () => {
    const out = await svc.http.graphql(DELIVERIES, { id: webhookId }, secret);
    expect(out.errors).toBeUndefined();
    return out.data.webhookDeliveries.nodes as { id: string; status: string; eventId: string; attempts: unknown[] }[];
  };
  /** Waits until every delivery of the webhook is delivered (the dispatcher's outcome is recorded after the answer). */
  const allDelivered = async (count: number) => {
    for (const deadline = Date.now() + 30_000; ; ) {
      const list = await deliveries();
      if (list.length === count && list.every((d) => d.status === "delivered")) return list;
      if (Date.now() > deadline) throw new Error(`deliveries not all delivered: ${JSON.stringify(list.map((d) => d.status))}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  beforeAll(async () => {
    // A small batch, so every rule and walk goes through several batches.
    svc = await startTestService(provider, { RETENTION_BATCH: "10" });
    sub = await startSubscriber();
    storeId = (await svc.createStore()).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/webhooks`,
      { webhook: { topic: "return", callback: { url: `${sub.url}/hook`, auth: null } } },
      { token: secret, headers: { "Idempotency-Key": "retention-webhook" } },
    );
    expect(created.status).toBe(201);
    webhookId = created.body.webhook.id;
    // Returns through the REST door: events, their deliveries, and the shopper's confirmation mails.
    for (let i = 0; i < RETURNS; i++) {
      const order = await pushOrder(svc.http, storeId, secret, { lines: [{ id: `ret-line-${i}`, quantity: 2 }] });
      const ret = await svc.http.post(
        `/v2.2/stores/${storeId}/returns`,
        returnBody(order, [{ lineItemId: order.lineItems[0]!.id, quantity: 1 }]),
        {
          token: secret,
        },
      );
      expect(ret.status).toBe(201);
      returnIds.push(ret.body.return.id);
    }
    await sub.waitFor((r) => r.length >= RETURNS);
    await allDelivered(RETURNS);
  });
  afterAll(async () => {
    await svc?.close();
    await sub?.close();
  });

  it("keeps everything still inside its retention", async () => {
    const events = await prisma().domainEvent.count({ where: { storeId } });
    const result = await run(0);
    expect(result).toMatchObject({ ran: true, finished: true });
    expect(await deliveries()).toHaveLength(RETURNS);
    expect(await prisma().domainEvent.count({ where: { storeId } })).toBe(events);
    expect(await prisma().emailMessage.count({ where: { storeId } })).toBeGreaterThan(0);
  });

  it("deletes finished deliveries and their attempts past RETENTION_DELIVERIES_DAYS; the events stay, and replay inside the window works", async () => {
    const before = await deliveries();
    expect(before.every((d) => d.attempts.length === 1)).toBe(true);
    const result = await run(15);
    expect(result).toMatchObject({ ran: true, deleted: { webhookDeliveries: RETURNS, webhookAttempts: RETURNS } });
    expect(await deliveries()).toHaveLength(0);
    expect(await prisma().webhookAttempt.count({ where: { webhookId } })).toBe(0);
    const events = await prisma().domainEvent.count({ where: { storeId } });
    expect(events).toBeGreaterThanOrEqual(RETURNS);

    const replay = await svc.http.post(
      `/v2.2/webhooks/${webhookId}/replay`,
      { start: new Date(Date.now() - DAY).toISOString() },
      { token: secret },
    );
    expect(replay.status).toBe(202);
    expect(replay.body.deliveriesQueued).toBe(events);
    await allDelivered(events);
  });

  it("refuses a replay from before the window, naming `start` and the window", async () => {
    const old = await svc.http.post(
      `/v2.2/webhooks/${webhookId}/replay`,
      { start: new Date(Date.now() - 31 * DAY).toISOString() },
      { token: secret },
    );
    expect(old.status).toBe(400);
    expect(old.body.detail).toContain("`start` must be within the last 30 days, the replay window");
  });

  it("deletes events past the window but each subject's latest (its payload cleared), so its sequence goes on", async () => {
    const subjects = returnIds.length;
    const result = await run(31);
    expect(result).toMatchObject({ ran: true, finished: true });
    const left = await prisma().domainEvent.findMany({ where: { storeId }, select: { subjectId: true, sequence: true, payload: true } });
    expect(left).toHaveLength(subjects);
    expect(new Set(left.map((e) => e.subjectId)).size).toBe(subjects);
    expect(left.every((e) => e.payload === null)).toBe(true);
    expect(await deliveries()).toHaveLength(0); // the replayed ones, finished, went too

    // A change to the first return: its next event follows the kept one; the next sweep deletes the kept one.
    const first = left.find((e) => e.subjectId === returnIds[0])!;
    const tagged = await svc.http.graphql(
      `mutation($id: ID!) { cancelReturn(id: $id, reason: "retention") { message } }`,
      { id: returnIds[0] },
      secret,
    );
    expect(tagged.errors).toBeUndefined();
    const next = await prisma().domainEvent.findMany({ where: { subjectId: returnIds[0] }, orderBy: { sequence: "asc" } });
    expect(next.map((e) => e.sequence)).toEqual([first.sequence, first.sequence + 1]);
    // Swept as of a month on again: the kept event, superseded, goes (found by the walk of recent events, since
    // the walk of expired ones is past it); the new one is now the latest and stays.
    const again = await run(31);
    expect(again).toMatchObject({ ran: true, finished: true });
    const now = await prisma().domainEvent.findMany({ where: { subjectId: returnIds[0] } });
    expect(now.map((e) => e.sequence)).toEqual([first.sequence + 1]);
  });

  it("deletes sessions, idempotency keys, rate-limit counters, sent emails and a shop's old sync errors past theirs", async () => {
    const staff = await svc.createStaff(storeId);
    const me = `query { viewer { __typename } }`;
    const isStaff = async () => (await svc.http.graphql(me, {}, staff.token)).data?.viewer?.__typename === "StaffViewer";
    expect(await isStaff()).toBe(true);
    // An idempotent creation leaves its key (24 hours).
    const extra = await svc.http.post(
      `/v2.2/stores/${storeId}/webhooks`,
      { webhook: { topic: "return", callback: { url: `${sub.url}/other`, auth: null } } },
      { token: secret, headers: { "Idempotency-Key": "retention-second" } },
    );
    expect(extra.status).toBe(201);
    expect((await svc.http.delete(`/v2.2/webhooks/${extra.body.webhook.id}`, { token: secret })).status).toBe(204);
    expect(await prisma().idempotencyKey.count({ where: { storeId } })).toBe(1);
    // A new return: its confirmation mail (kept in the outbox: no SMTP here).
    const order = await pushOrder(svc.http, storeId, secret, { lines: [{ id: "mail-line", quantity: 1 }] });
    const ret = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0]!.id, quantity: 1 }]),
      {
        token: secret,
      },
    );
    expect(ret.status).toBe(201);
    const mails = async () => prisma().emailMessage.count({ where: { storeId } });
    for (const deadline = Date.now() + 15_000; (await prisma().emailMessage.count({ where: { storeId, status: "pending" } })) > 0; ) {
      if (Date.now() > deadline) throw new Error("mails still pending");
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await mails()).toBeGreaterThan(0);

    // The staff session lasts 12 hours and is kept 14 days past: a day on, it is still there.
    const dayOn = await run(1);
    expect(await isStaff()).toBe(true);
    // Rate-limit windows are a minute long; a day on, every counter goes (kept in the database on PostgreSQL
    // only: SQLite's limiter counts in memory).
    if (provider === "postgresql") expect(dayOn).toMatchObject({ deleted: { rateLimitCounters: expect.any(Number) } });
    const past = await run(Math.max(15, IDEMPOTENCY_TTL_MS / DAY + 1));
    expect(past).toMatchObject({ ran: true, finished: true });
    expect(past).toMatchObject({ deleted: { staffSessions: 1 } });
    expect(await isStaff()).toBe(false);
    expect(await prisma().idempotencyKey.count({ where: { storeId } })).toBe(0);
    expect(await mails()).toBeGreaterThan(0); // 30 days for mails
    // An order the shop sync could not bring in (src/shops/import.ts keeps its reason; written here as it does).
    await prisma().shopOrderSyncError.create({
      data: { storeId, externalOrderId: "vendure-7", orderName: "AB-7", message: "A line has 1001 units.", occurredAt: new Date() },
    });
    await run(29);
    expect(await prisma().shopOrderSyncError.count({ where: { storeId } })).toBe(1);
    const month = await run(31);
    expect(await mails()).toBe(0);
    expect(month).toMatchObject({ deleted: { shopOrderSyncErrors: 1 } });
    expect(await prisma().shopOrderSyncError.count({ where: { storeId } })).toBe(0);
  });

  it("runs in one process at a time: a sweep finds the lease held and says so; two at once, one runs", async () => {
    const held = await takeLease(prisma(), "retention", "another-replica");
    expect(held).not.toBeNull();
    expect(await sweep(svc.services, { force: true })).toEqual({ ran: false, reason: expect.stringContaining("another process") });
    await prisma().maintenanceLease.update({ where: { name: "retention" }, data: { owner: null, leaseExpiresAt: null } });
    const both = await Promise.all([sweep(svc.services, { force: true }), sweep(svc.services, { force: true })]);
    expect(both.filter((r) => r.ran)).toHaveLength(1);
    // Without force, a sweep that finished moments ago is not run again (replicas each ticking).
    expect((await sweep(svc.services)).ran).toBe(false);
  });

  it("runs with the service (RETENTION_SWEEP), which stops it at close and waits for it", async () => {
    const env = { ...process.env, NODE_ENV: "test", DATABASE_URL: svc.databaseUrl, PORT: "0", CURSOR_SECRET: "test-cursor-secret" };
    const log = createLogger("silent");
    const off = await startService({ config: loadConfig({ ...env, RETENTION_SWEEP: "false" }), log, skipMigrate: true });
    expect(off.retention).toBeNull();
    await off.close();
    const on = await startService({ config: loadConfig({ ...env, WEBHOOK_DISPATCHER: "false" }), log, skipMigrate: true });
    expect(on.retention).not.toBeNull();
    let settled = false;
    const sweeping = on.retention!.runOnce({ force: true, now: later(31) }).finally(() => (settled = true));
    await on.close();
    expect(settled).toBe(true); // close waited for the sweep (stopped at its next batch)
    expect((await sweeping).ran).toBe(true);
    // It gave the job back: the next sweep takes it at once.
    expect(await sweep(svc.services, { force: true })).toMatchObject({ ran: true });
  });

  it("is an operator command: npm run cli -- maintenance sweep", () => {
    const res = spawnSync("node_modules/.bin/tsx", ["src/cli/main.ts", "maintenance", "sweep"], {
      env: { ...process.env, DATABASE_URL: svc.databaseUrl, RETENTION_EVENTS_DAYS: "30" },
      encoding: "utf8",
    });
    expect(res.stderr).toBe("");
    expect(res.status).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ ran: true, finished: true, deleted: expect.any(Object) });
  });
});
