// The dispatcher under failure: crash mid-delivery, several dispatchers on one database, and the
// production URL policy (SSRF) at save time and at connect time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startSubscriber, type Subscriber } from "../../support/subscriber.js";
import { emit } from "../../support/webhooks.js";
import { systemContext, type Services } from "../../../src/core/context.js";
import { createWebhook } from "../../../src/webhooks/service.js";
import { Dispatcher } from "../../../src/webhooks/dispatcher.js";
import { recordOutcomes } from "../../../src/webhooks/delivery-sql.js";

describe.each(providers)("webhook dispatcher (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let sub: Subscriber;

  beforeAll(async () => {
    svc = await startTestService(provider, {
      WEBHOOK_DISPATCHER: "false",
      WEBHOOK_RETRY_SCHEDULE: "30ms,60ms,90ms",
      WEBHOOK_POLL_INTERVAL: "30ms",
    });
    storeId = (await svc.createStore("Dispatch store")).id;
    sub = await startSubscriber();
  });
  afterAll(async () => {
    await sub?.close();
    await svc?.close();
  });

  async function subscribe(path: string, services: Services = svc.services) {
    const out = await createWebhook(systemContext(services, storeId), storeId, {
      topic: "return",
      callback: { url: `${sub.url}${path}`, auth: { bearer: { token: "t" } } },
    });
    return out.webhook.id;
  }
  const forPath = (path: string) => sub.received.filter((r) => r.path === path);

  it("loses nothing when a dispatcher crashes mid-delivery: the lease expires and another takes over", async () => {
    const webhookId = await subscribe("/crash");
    let first = true;
    let hanging = false;
    sub.respond = (r) => {
      if (r.path === "/crash" && first) {
        first = false;
        hanging = true;
        return { status: 200, delayMs: 1000 }; // still answering when the dispatcher dies
      }
      return { status: 200 };
    };
    const a = new Dispatcher(svc.services, { owner: "A", config: { leaseMs: 1600, timeoutMs: 1500 } }).start();
    await emit(svc.services, storeId, "ret_crash", "created");
    await emit(svc.services, storeId, "ret_crash", "updated");
    // A claimed the first delivery and is waiting for the subscriber's answer: crash it.
    await expect.poll(() => hanging, { timeout: 5000 }).toBe(true);
    await a.crash();
    const leased = await svc.services.db.prisma.webhookDelivery.findMany({ where: { webhookId }, orderBy: { seq: "asc" } });
    expect(leased.map((d) => [d.status, d.leaseOwner])).toEqual([
      ["pending", "A"],
      ["waiting", null],
    ]);
    // Events committed while no dispatcher runs are not lost either (and are rendered lazily).
    await emit(svc.services, storeId, "ret_crash", "updated");

    const b = new Dispatcher(svc.services, { owner: "B", config: { leaseMs: 400, timeoutMs: 300 } }).start();
    try {
      await expect
        .poll(async () => (await svc.services.db.prisma.webhookDelivery.findMany({ where: { webhookId } })).map((d) => d.status).join(), {
          timeout: 10_000,
        })
        .toBe("delivered,delivered,delivered");
    } finally {
      await b.stop();
    }
    const delivered = forPath("/crash").filter((r) => r.headers["x-retour-attempt"] !== undefined);
    // At-least-once: sequence 1 may arrive twice (same webhook-id), then 2 and 3 in order.
    const seqs = delivered.map((r) => r.headers["x-retour-sequence"]);
    expect(seqs.filter((s) => s !== "1")).toEqual(["2", "3"]);
    const ones = delivered.filter((r) => r.headers["x-retour-sequence"] === "1");
    expect(new Set(ones.map((r) => r.headers["webhook-id"])).size).toBe(1);
    const attempts = await svc.services.db.prisma.webhookAttempt.findMany({ where: { webhookId }, orderBy: { at: "asc" } });
    expect(attempts.map((x) => [x.outcome, x.error])).toEqual([
      ["success", null],
      ["success", null],
      ["success", null],
    ]);
    expect(attempts).toHaveLength(3); // the crashed attempt left no log row; the takeover's did
  });

  it("three dispatchers on one database never send one attempt twice nor one delivery concurrently, and keep per-subject order", async () => {
    const webhookId = await subscribe("/pair");
    sub.respond = (r) =>
      r.path === "/pair" && Math.random() < 0.15 ? { status: 500, delayMs: 5 } : { status: 200, delayMs: Math.floor(Math.random() * 8) };
    sub.maxConcurrentSameId = 0;
    // A store's share of 8 each: claims and batch writes gather 4 and 16 (see the dispatcher's gather).
    const config = { concurrency: 16, perStoreConcurrency: 8 };
    const dispatchers = ["one", "two", "three"].map((owner) => new Dispatcher(svc.services, { owner, config }).start());
    const subjects = Array.from({ length: 8 }, (_, i) => `ret_pair_${i}`);
    const perSubject = 5;
    try {
      for (let n = 0; n < perSubject; n++) {
        await Promise.all(subjects.map((s) => emit(svc.services, storeId, s, n === 0 ? "created" : "updated")));
      }
      await expect
        .poll(async () => svc.services.db.prisma.webhookDelivery.count({ where: { webhookId, status: { in: ["pending", "waiting"] } } }), {
          timeout: 20_000,
          interval: 100,
        })
        .toBe(0);
    } finally {
      await Promise.all(dispatchers.map((d) => d.stop()));
    }
    expect(sub.maxConcurrentSameId).toBe(1);
    // Each attempt of each delivery reached the subscriber once: no delivery was claimed by two dispatchers.
    const sent = forPath("/pair").map((r) => `${r.headers["webhook-id"]}#${r.headers["x-retour-attempt"]}`);
    expect(sent.length).toBe(new Set(sent).size);
    const deliveries = await svc.services.db.prisma.webhookDelivery.findMany({ where: { webhookId } });
    expect(deliveries).toHaveLength(subjects.length * perSubject);
    const attempts = await svc.services.db.prisma.webhookAttempt.findMany({ where: { webhookId } });
    // Every attempt is one request the subscriber saw (none lost, none doubled).
    expect(attempts.length).toBe(forPath("/pair").length);
    for (const s of subjects) {
      const seqs = forPath("/pair")
        .filter((r) => r.json.return.id === s)
        .map((r) => Number(r.headers["x-retour-sequence"]));
      // Arrival order never goes backwards (retries repeat the same number).
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(new Set(seqs)).toEqual(new Set([1, 2, 3, 4, 5]));
    }
    const owners = new Set(
      attempts.map((a) => a.id).length
        ? (await svc.services.db.prisma.webhookDelivery.findMany({ where: { webhookId }, select: { leaseOwner: true } })).map(
            (d) => d.leaseOwner,
          )
        : [],
    );
    expect(owners).toEqual(new Set([null])); // every lease released
  });

  it("a batch write changes only deliveries this dispatcher still holds, logs every attempt, and hands each finished stream on", async () => {
    const webhookId = await subscribe("/batch");
    for (const s of ["ret_batch_a", "ret_batch_b"]) {
      await emit(svc.services, storeId, s, "created");
      await emit(svc.services, storeId, s, "updated");
    }
    const prisma = svc.services.db.prisma;
    const rows = await prisma.webhookDelivery.findMany({ where: { webhookId }, orderBy: { seq: "asc" } });
    const head = (s: string) => rows.find((r) => r.subjectId === s && r.status === "pending")!;
    const [a, b] = [head("ret_batch_a"), head("ret_batch_b")];
    await prisma.webhookDelivery.updateMany({
      where: { seq: { in: [a.seq, b.seq] } },
      data: { leaseOwner: "me", leaseExpiresAt: new Date(Date.now() + 60_000) },
    });
    await prisma.webhookDelivery.update({ where: { seq: b.seq }, data: { leaseOwner: "other" } }); // b was taken over
    const outcome = (d: typeof a, n: number) => ({
      seq: d.seq,
      deliveryId: d.id,
      webhookId,
      subjectId: d.subjectId,
      number: 1,
      status: "delivered" as const,
      nextAttemptAt: null,
      attemptId: `wha_batch_${n}`,
      ok: true,
      statusCode: 200,
      error: null,
      responseBody: "ok",
      latencyMs: 3,
    });
    await recordOutcomes(svc.services.db, "me", new Date(), [outcome(a, 1), outcome(b, 2)]);
    const after = await prisma.webhookDelivery.findMany({ where: { webhookId }, orderBy: { seq: "asc" } });
    expect(after.map((d) => [d.subjectId, d.status, d.leaseOwner, d.attempts])).toEqual([
      ["ret_batch_a", "delivered", null, 1],
      ["ret_batch_a", "pending", null, 0], // promoted: a's head finished
      ["ret_batch_b", "pending", "other", 0], // not changed: taken over
      ["ret_batch_b", "waiting", null, 0], // not promoted: b's head is still someone else's
    ]);
    const attempts = await prisma.webhookAttempt.findMany({ where: { webhookId }, orderBy: { id: "asc" } });
    expect(attempts.map((x) => [x.id, x.deliveryId, x.outcome, x.statusCode])).toEqual([
      ["wha_batch_1", a.id, "success", 200],
      ["wha_batch_2", b.id, "success", 200],
    ]);
    await prisma.webhook.delete({ where: { id: webhookId } });
  });

  it("default policy (no WEBHOOK_ALLOW_PRIVATE_URLS): refuses http, private and loopback callbacks at save time and at connect time", async () => {
    const prodServices: Services = {
      ...svc.services,
      config: { ...svc.services.config, webhooks: { ...svc.services.config.webhooks, allowPrivateUrls: false } },
    };
    const ctx = systemContext(prodServices, storeId);
    const refuse = async (url: string, message: RegExp) => {
      await expect(createWebhook(ctx, storeId, { topic: "return", callback: { url, auth: null } })).rejects.toMatchObject({
        extensions: { status: 400, field: "webhook.callback.url" },
        message: expect.stringMatching(message),
      });
    };
    await refuse("http://example.com/hook", /must use https/);
    await refuse("https://127.0.0.1/hook", /private, loopback or link-local/);
    await refuse("https://10.1.2.3/hook", /private/);
    await refuse("https://[::1]/hook", /private/);
    await refuse("https://169.254.169.254/latest/meta-data", /private/);
    await refuse("https://localhost/hook", /private/);
    // A public https URL is accepted.
    const ok = await createWebhook(ctx, storeId, { topic: "return", callback: { url: "https://hooks.example.com/retour", auth: null } });
    expect(ok.created).toBe(true);
    await svc.services.db.prisma.webhook.delete({ where: { id: ok.webhook.id } });

    // A name that resolves to loopback passes the save-time check but is refused at connect time.
    const viaName = await subscribe("/ssrf");
    await svc.services.db.prisma.webhook.update({ where: { id: viaName }, data: { callbackUrl: `https://localhost:${sub.port}/ssrf` } });
    const viaLiteral = await subscribe("/ssrf2");
    await svc.services.db.prisma.webhook.update({
      where: { id: viaLiteral },
      data: { callbackUrl: `https://127.0.0.1:${sub.port}/ssrf2` },
    });
    const viaHttp = await subscribe("/ssrf3");
    await emit(svc.services, storeId, "ret_ssrf", "created");
    const prod = new Dispatcher(svc.services, { owner: "prod", config: { allowPrivateUrls: false, retrySchedule: [] } }).start();
    try {
      await expect
        .poll(
          async () =>
            svc.services.db.prisma.webhookDelivery.count({
              where: { webhookId: { in: [viaName, viaLiteral, viaHttp] }, status: "discarded" },
            }),
          { timeout: 10_000 },
        )
        .toBe(3);
    } finally {
      await prod.stop();
    }
    const errors = async (id: string) =>
      (await svc.services.db.prisma.webhookAttempt.findMany({ where: { webhookId: id } })).map((a) => a.error);
    expect((await errors(viaName))[0]).toMatch(/resolves to non-public address 127\.0\.0\.1/);
    expect((await errors(viaLiteral))[0]).toMatch(/127\.0\.0\.1 is a non-public address/);
    expect((await errors(viaHttp))[0]).toMatch(/must use https/);
    expect(forPath("/ssrf").length + forPath("/ssrf2").length + forPath("/ssrf3").length).toBe(0);
  });
});
