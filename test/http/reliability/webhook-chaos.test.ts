// Suite 4 (issue 9): webhook chaos. Events across many returns are delivered by real service
// processes (three replicas on PostgreSQL, one on SQLite) to a subscriber that fails ~30% of the
// requests and sometimes hangs past the delivery timeout, while the dispatcher processes are
// SIGKILLed three times mid-run (and restarted). Expected:
//  - every event is delivered, or discarded after its last retry and logged as such;
//  - zero per-subject order violations (a subject's deliveries never arrive out of sequence);
//  - duplicates (one webhook-id acknowledged twice) only for deliveries in flight at a kill.
// CI size by default; `npm run chaos` runs the full 10 000 events × 500 returns (CHAOS_EVENTS,
// CHAOS_RETURNS). Figures go to stdout and test/output/chaos-<db>-<events>x<returns>.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { flakyResponder, startSubscriber, type Received, type Subscriber } from "../../support/subscriber.js";
import { startChildService, type ChildService } from "../../support/child-service.js";
import { ensureReturn } from "../../support/webhooks.js";
import { recordEvent } from "../../../src/core/events.js";
import { systemContext } from "../../../src/core/context.js";
import { createWebhook } from "../../../src/webhooks/service.js";

const RETRY_SCHEDULE = "50ms,100ms,200ms,400ms"; // 5 attempts in all
const ATTEMPTS = RETRY_SCHEDULE.split(",").length + 1;
const TIMEOUT_MS = 1000;
const LEASE_MS = 8000; // generous: a 2-CPU box running several service processes stalls them for seconds
const KILLS = 3;
/** Exchanges one dispatcher process runs at once (the default store share). */
const CONCURRENCY = 32;

// `npm test` runs a short storm (its three kills land at 20, 45 and 70% of the events either way);
// `npm run chaos` a long one (10 000 events by default).
const sizeOf = (provider: string) => ({
  events: Number(process.env.CHAOS_EVENTS ?? (provider === "sqlite" ? 1000 : 600)),
  returns: Number(process.env.CHAOS_RETURNS ?? (provider === "sqlite" ? 50 : 30)),
});
const budgetMs = (events: number) => 90_000 + events * 150; // generous: only a failing run waits it out

describe.each(providers)("webhook chaos (%s)", (provider) => {
  const { events: EVENTS, returns: RETURNS } = sizeOf(provider);
  const REPLICAS = provider === "postgresql" ? 3 : 1;
  let svc: TestService;
  let sub: Subscriber;
  let storeId: string;
  let webhookId: string;
  /** Every process started (killed ones included: their logs count). */
  const processes: ChildService[] = [];

  const childEnv = () => ({
    DATABASE_URL: svc.databaseUrl,
    WEBHOOK_RETRY_SCHEDULE: RETRY_SCHEDULE,
    WEBHOOK_TIMEOUT: `${TIMEOUT_MS}ms`,
    WEBHOOK_LEASE: `${LEASE_MS}ms`,
    WEBHOOK_POLL_INTERVAL: "50ms",
    // One store and one origin: each process sends up to CONCURRENCY at once, as the default's per-store share.
    WEBHOOK_CONCURRENCY: String(CONCURRENCY),
    WEBHOOK_CONCURRENCY_PER_STORE: String(CONCURRENCY),
    WEBHOOK_CONCURRENCY_PER_ORIGIN: String(CONCURRENCY),
    LOG_LEVEL: "warn",
  });
  const startReplica = async () => {
    const c = await startChildService(childEnv());
    processes.push(c);
    return c;
  };

  beforeAll(async () => {
    // The test process writes the events (as the domains do, in transactions) and never dispatches.
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false" });
    storeId = (await svc.createStore("Chaos store")).id;
    sub = await startSubscriber(flakyResponder({ failRate: 0.27, hangRate: 0.03, hangMs: TIMEOUT_MS * 2 }));
    const created = await createWebhook(systemContext(svc.services, storeId), storeId, {
      topic: "return",
      callback: { url: `${sub.url}/chaos`, auth: null },
    });
    webhookId = created.webhook.id;
    for (let i = 0; i < RETURNS; i++) await ensureReturn(svc.services, storeId, `ret_chaos_${i}`);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill().catch(() => {})));
    await sub?.close();
    await svc?.close();
  });

  it(
    `${EVENTS} events × ${RETURNS} returns, ${REPLICAS} dispatcher process(es), ${KILLS} SIGKILLs: nothing lost, in order, duplicates only at kills`,
    async () => {
      const prisma = svc.services.db.prisma;
      const started = Date.now();
      const replicas = await Promise.all(Array.from({ length: REPLICAS }, () => startReplica()));

      // Emit in the background, as the domains do (each event and its deliveries in the transaction
      // that records it; here ten events of ten different returns per transaction, to keep the writer
      // cheap), paced so events keep coming while processes die.
      const BATCH = 10;
      const perSecond = Math.max(50, Math.round(EVENTS / 30));
      let emitted = 0;
      const emitting = (async () => {
        for (let k = 0; k < EVENTS; k += BATCH) {
          const due = started + (k / perSecond) * 1000;
          if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
          const n = Math.min(BATCH, EVENTS - k);
          await prisma.$transaction(
            async (tx) => {
              for (let j = k; j < k + n; j++)
                await recordEvent(tx, {
                  storeId,
                  topic: "return",
                  subjectId: `ret_chaos_${j % RETURNS}`,
                  type: j < RETURNS ? "created" : "updated",
                });
            },
            { maxWait: 30_000, timeout: 30_000 },
          );
          emitted += n;
          // A pause between write transactions even when behind schedule: SQLite's lock is not fair (a
          // waiter sleeps and retries), so a writer that never pauses starves the dispatcher's writes.
          await new Promise((r) => setTimeout(r, 25));
        }
      })();
      emitting.catch(() => {});

      // Three SIGKILLs mid-run, when about 20%, 45% and 70% of the events have been acknowledged.
      const acked = () => sub.received.reduce((n, r) => n + (r.acknowledged ? 1 : 0), 0);
      const kills: { at: number; pid: number; inFlightAtSubscriber: number; emitted: number; acked: number }[] = [];
      for (let i = 0; i < KILLS; i++) {
        const threshold = Math.floor(EVENTS * (0.2 + 0.25 * i));
        await expect
          .poll(acked, {
            timeout: budgetMs(EVENTS),
            interval: 20,
            message: `stalled; process logs: ${JSON.stringify(processes.flatMap((p) => p.lines).slice(-20))}; subscriber requests: ${sub.received.length}, in flight: ${sub.inFlight.size}`,
          })
          .toBeGreaterThanOrEqual(threshold);
        const victim = i % REPLICAS;
        const inFlightAtSubscriber = [...sub.inFlight.values()].reduce((a, b) => a + b, 0);
        const at = Date.now();
        await replicas[victim].kill();
        kills.push({ at, pid: replicas[victim].pid, inFlightAtSubscriber, emitted, acked: acked() });
        replicas[victim] = await startReplica();
      }
      await emitting;
      const emittedAt = Date.now();

      // Everything settles: each delivery delivered or discarded.
      await expect
        .poll(() => prisma.webhookDelivery.count({ where: { webhookId, status: { notIn: ["delivered", "discarded"] } } }), {
          timeout: budgetMs(EVENTS),
          interval: 250,
        })
        .toBe(0);
      const settledAt = Date.now();
      await Promise.all(replicas.map((r) => r.stop()));

      const deliveries = await prisma.webhookDelivery.findMany({
        where: { webhookId },
        select: { id: true, status: true, attempts: true, subjectId: true, eventId: true, event: { select: { sequence: true } } },
      });
      const eventCount = await prisma.domainEvent.count({ where: { storeId, topic: "return" } });
      expect(eventCount).toBe(EVENTS);
      // One delivery per event, none lost.
      expect(deliveries).toHaveLength(EVENTS);
      expect(new Set(deliveries.map((d) => d.eventId)).size).toBe(EVENTS);

      const requests = sub.received.filter((r) => r.path === "/chaos");
      const ackedById = new Map<string, Received[]>();
      for (const r of requests) {
        if (!r.acknowledged) continue;
        const id = String(r.headers["webhook-id"]);
        ackedById.set(id, [...(ackedById.get(id) ?? []), r]);
      }

      // Delivered: the subscriber acknowledged it. Discarded: after the last attempt, and logged.
      const delivered = deliveries.filter((d) => d.status === "delivered");
      const discarded = deliveries.filter((d) => d.status === "discarded");
      expect(delivered.length + discarded.length).toBe(EVENTS);
      expect(delivered.filter((d) => !ackedById.has(d.id)).map((d) => d.id)).toEqual([]);
      expect(discarded.filter((d) => d.attempts !== ATTEMPTS).map((d) => [d.id, d.attempts])).toEqual([]);
      const discardLogged = new Set(
        processes.flatMap((p) => p.logged("webhook delivery discarded after its last attempt")).map((l) => l.deliveryId),
      );
      expect(discarded.filter((d) => !discardLogged.has(d.id)).map((d) => d.id)).toEqual([]);
      const lastAttempts = await prisma.webhookAttempt.findMany({
        where: { deliveryId: { in: discarded.map((d) => d.id) }, number: ATTEMPTS },
        select: { deliveryId: true, outcome: true },
      });
      expect(lastAttempts.filter((a) => a.outcome !== "failure")).toEqual([]);
      expect(new Set(lastAttempts.map((a) => a.deliveryId)).size).toBe(discarded.length);

      // Per-subject order: by arrival, a subject's sequence numbers never go backwards (a retry or a
      // duplicate repeats the current number; the next number only once the current one is finished).
      const bySubject = new Map<string, Received[]>();
      for (const r of requests)
        bySubject.set(String(r.headers["x-retour-subject-id"]), [...(bySubject.get(String(r.headers["x-retour-subject-id"])) ?? []), r]);
      let orderViolations = 0;
      for (const list of bySubject.values()) {
        list.sort((a, b) => a.arrivedAt - b.arrivedAt);
        let max = 0;
        for (const r of list) {
          const seq = Number(r.headers["x-retour-sequence"]);
          if (seq < max) orderViolations++;
          max = Math.max(max, seq);
        }
      }
      expect(orderViolations).toBe(0);
      expect(bySubject.size).toBe(RETURNS);

      // Duplicates: acknowledged more than once. Each must have been in flight at a kill: its first
      // acknowledgement was answered shortly before (or at) a kill, so the killed process could not
      // record it, and the delivery was sent again after its lease expired.
      // Not a duplicate from the sender's side: the answer came after the sender's timeout (it logged
      // the attempt as timed out and retried), though the subscriber had no way to notice. Counted apart.
      const duplicates = [...ackedById.entries()].filter(([, rs]) => rs.length > 1);
      const timedOutAttempts = new Set(
        (
          await prisma.webhookAttempt.findMany({
            where: { deliveryId: { in: duplicates.map(([id]) => id) }, outcome: "failure", error: { startsWith: "timed out" } },
            select: { deliveryId: true, number: true },
          })
        ).map((a) => `${a.deliveryId}#${a.number}`),
      );
      const answeredTooLate = duplicates.filter(([id, rs]) => {
        const first = rs.reduce((a, b) => (a.answeredAt! <= b.answeredAt! ? a : b));
        return timedOutAttempts.has(`${id}#${first.headers["x-retour-attempt"]}`);
      });
      const unexplained = duplicates.filter((dup) => {
        if (answeredTooLate.includes(dup)) return false;
        const first = Math.min(...dup[1].map((r) => r.answeredAt!));
        return !kills.some((k) => first >= k.at - LEASE_MS && first <= k.at + 1000);
      });
      const explain = async ([id, rs]: [string, Received[]]) => ({
        id,
        requests: requests
          .filter((r) => r.headers["webhook-id"] === id)
          .map((r) => ({ at: r.at, answeredAt: r.answeredAt, status: r.status, attempt: r.headers["x-retour-attempt"] })),
        attempts: (await prisma.webhookAttempt.findMany({ where: { deliveryId: id }, orderBy: { number: "asc" } })).map((a) => ({
          number: a.number,
          at: a.at.getTime(),
          outcome: a.outcome,
          latencyMs: a.latencyMs,
          error: a.error,
        })),
        kills: kills.map((k) => k.at),
        _: rs.length,
      });
      expect(await Promise.all(unexplained.map(explain))).toEqual([]);
      // At most what the killed processes could have had in flight: a process holds up to twice its
      // concurrency of attempts whose outcome is not committed (exchanges, and outcomes awaiting their
      // batch write: src/webhooks/dispatcher.ts), and a kill loses all of them (146 seen at load 11).
      expect(duplicates.length - answeredTooLate.length).toBeLessThanOrEqual(KILLS * 2 * CONCURRENCY);

      const attemptRows = await prisma.webhookAttempt.count({ where: { webhookId } });
      const figures = {
        database: provider,
        events: EVENTS,
        returns: RETURNS,
        dispatcherProcesses: REPLICAS,
        kills: kills.map((k) => ({ afterMs: k.at - started, acknowledgedBefore: k.acked, inFlightAtSubscriber: k.inFlightAtSubscriber })),
        subscriber: {
          requests: requests.length,
          acknowledged: [...ackedById.values()].reduce((n, rs) => n + rs.length, 0),
          failedOrHung: requests.filter((r) => !r.acknowledged).length,
        },
        delivered: delivered.length,
        discardedAfterLastRetry: discarded.length,
        discardedAndLogged: discarded.filter((d) => discardLogged.has(d.id)).length,
        duplicatesAtKills: duplicates.length - answeredTooLate.length,
        resentAfterAnAnswerPastTheTimeout: answeredTooLate.length,
        orderViolations,
        attemptsLogged: attemptRows,
        emitSeconds: (emittedAt - started) / 1000,
        totalSeconds: (settledAt - started) / 1000,
        deliveriesPerSecond: Math.round(EVENTS / ((settledAt - started) / 1000)),
      };
      console.log(`webhook chaos figures: ${JSON.stringify(figures)}`);
      mkdirSync("test/output", { recursive: true });
      writeFileSync(`test/output/chaos-${provider}-${EVENTS}x${RETURNS}.json`, JSON.stringify(figures, null, 2) + "\n");
    },
    budgetMs(EVENTS) * 3,
  );
});
