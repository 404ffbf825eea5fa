// Issue 13 finding 4: one store's slow subscribers must not delay every other store. Each store and
// each callback origin gets a share of the dispatcher's slots, a store has a bounded number of
// webhooks, and a replay cannot flood the queue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startSubscriber } from "../../support/subscriber.js";
import { emit } from "../../support/webhooks.js";
import { LIST_BOUNDS, REPLAY_BOUNDS } from "../../../src/core/bounds.js";

/** Setting up a hundred webhooks or five hundred events takes a while on a busy machine. */
const SLOW = 120_000;

/** A subscriber that never answers until released (at teardown). */
async function stalledSubscriber() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const sub = await startSubscriber(() => released.then(() => ({ status: 200 })));
  const inFlight = () => [...sub.inFlight.values()].reduce((a, b) => a + b, 0);
  return { sub, release, inFlight };
}

describe.each(providers)("fair shares of the webhook dispatcher (%s)", (provider) => {
  let svc: TestService;
  const stalled: Awaited<ReturnType<typeof stalledSubscriber>>[] = [];

  beforeAll(async () => {
    // The stalled attempts would be held for 30 s: far longer than the test's bound for store A.
    svc = await startTestService(provider, { WEBHOOK_TIMEOUT: "30s", WEBHOOK_POLL_INTERVAL: "200ms", WEBHOOK_RETRY_SCHEDULE: "" });
  });
  afterAll(async () => {
    for (const s of stalled) s.release();
    for (const s of stalled) await s.sub.close();
    await svc?.close();
  });

  async function subscribe(storeId: string, secret: string, url: string) {
    return svc.http.post(
      `/v2.2/stores/${storeId}/webhooks`,
      { webhook: { topic: "return", callback: { url, auth: null } } },
      { token: secret },
    );
  }
  async function storeWithKey() {
    const storeId = (await svc.createStore()).id;
    return { storeId, secret: (await svc.createApiClient(storeId, ["webhooks_write"])).secret };
  }

  it(
    "caps webhooks per store with a 400 naming the bound",
    async () => {
      const b = await storeWithKey();
      const sink = await startSubscriber();
      try {
        for (let i = 0; i < LIST_BOUNDS.storeWebhooks; i++)
          expect((await subscribe(b.storeId, b.secret, `${sink.url}/w${i}`)).status).toBe(201);
        const over = await subscribe(b.storeId, b.secret, `${sink.url}/one-too-many`);
        expect(over.status).toBe(400);
        expect(over.body.detail).toContain(`at most ${LIST_BOUNDS.storeWebhooks} webhooks`);
        expect(await svc.services.db.prisma.webhook.count({ where: { storeId: b.storeId } })).toBe(LIST_BOUNDS.storeWebhooks);
      } finally {
        await sink.close();
      }
    },
    SLOW,
  );

  it(
    "store B's stalled subscribers (one store, then four stores on one endpoint) do not delay store A",
    async () => {
      const fast = await startSubscriber();
      try {
        const a = await storeWithKey();
        expect((await subscribe(a.storeId, a.secret, `${fast.url}/a`)).status).toBe(201);

        // One store: as many webhooks as it may have, all on an endpoint that never answers.
        const one = await stalledSubscriber();
        stalled.push(one);
        const b = await storeWithKey();
        for (let i = 0; i < LIST_BOUNDS.storeWebhooks; i++) await subscribe(b.storeId, b.secret, `${one.sub.url}/b${i}`);
        await emit(svc.services, b.storeId, "ret_fair_b", "created");
        await expect.poll(one.inFlight, { timeout: 10_000 }).toBeGreaterThan(0);
        const timeA1 = await timeDelivery(a.storeId, "ret_fair_a1");

        // Four stores sharing one stalled endpoint: the endpoint's share bounds them together.
        const shared = await stalledSubscriber();
        stalled.push(shared);
        for (let s = 0; s < 4; s++) {
          const c = await storeWithKey();
          for (let i = 0; i < 12; i++) await subscribe(c.storeId, c.secret, `${shared.sub.url}/c${s}-${i}`);
          await emit(svc.services, c.storeId, `ret_fair_c${s}`, "created");
        }
        await expect.poll(shared.inFlight, { timeout: 10_000 }).toBeGreaterThan(0);
        const timeA2 = await timeDelivery(a.storeId, "ret_fair_a2");

        console.log(
          `store A's delivery with store B stalled: ${timeA1} ms; with four more stores stalled on one endpoint: ${timeA2} ms; stalled attempts in flight: ${one.inFlight()} + ${shared.inFlight()}`,
        );
        expect(timeA1).toBeLessThan(3000);
        expect(timeA2).toBeLessThan(3000);
        // Each stalled share is bounded: the process's other slots stayed free.
        const { concurrency, perStoreConcurrency, perOriginConcurrency } = svc.services.config.webhooks;
        expect(one.inFlight()).toBeLessThanOrEqual(perStoreConcurrency);
        expect(shared.inFlight()).toBeLessThanOrEqual(perOriginConcurrency);
        expect(one.inFlight() + shared.inFlight()).toBeLessThan(concurrency);
      } finally {
        await fast.close();
      }

      async function timeDelivery(storeId: string, subjectId: string) {
        const started = performance.now();
        await emit(svc.services, storeId, subjectId, "created");
        await fast.waitFor((r) => r.some((x) => x.json?.return?.id === subjectId), 20_000);
        return Math.round(performance.now() - started);
      }
    },
    SLOW,
  );
});

describe.each(providers)("webhook replay bounds (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;

  beforeAll(async () => {
    // No dispatcher: queued deliveries stay queued, so what a replay adds can be counted.
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false" });
    storeId = (await svc.createStore()).id;
    secret = (await svc.createApiClient(storeId, ["webhooks_read", "webhooks_write"])).secret;
  });
  afterAll(() => svc?.close());

  it(
    "refuses a start beyond the window, skips events already waiting, and queues at most its bound per call",
    async () => {
      const before = new Date(Date.now() - 1000).toISOString();
      const subjects = 6;
      const perSubject = Math.ceil((REPLAY_BOUNDS.deliveries + 20) / subjects);
      // The first round creates the fixture returns one by one; later rounds emit side by side.
      for (let s = 0; s < subjects; s++) await emit(svc.services, storeId, `ret_replay_${s}`, "created");
      for (let n = 1; n < perSubject; n++) {
        await Promise.all(Array.from({ length: subjects }, (_, s) => emit(svc.services, storeId, `ret_replay_${s}`, "updated")));
      }
      const events = subjects * perSubject;
      const created = await svc.http.post(
        `/v2.2/stores/${storeId}/webhooks`,
        { webhook: { topic: "return", callback: { url: "http://127.0.0.1:9/replay", auth: null } } },
        { token: secret },
      );
      expect(created.status).toBe(201);
      const id = created.body.webhook.id;
      const queued = () => svc.services.db.prisma.webhookDelivery.count({ where: { webhookId: id } });

      const ancient = await svc.http.post(`/v2.2/webhooks/${id}/replay`, { start: "2000-01-01T00:00:00Z" }, { token: secret });
      expect(ancient.status).toBe(400);
      expect(ancient.body.field ?? ancient.body.detail).toContain("start");
      expect(ancient.body.detail).toContain(`within the last ${REPLAY_BOUNDS.windowDays} days`);
      expect(await queued()).toBe(0);

      const first = await svc.http.post(`/v2.2/webhooks/${id}/replay`, { start: before }, { token: secret });
      expect(first.status).toBe(202);
      expect(first.body).toEqual({ deliveriesQueued: REPLAY_BOUNDS.deliveries, nextStart: expect.any(String) });
      expect(await queued()).toBe(REPLAY_BOUNDS.deliveries);

      // The same replay again queues only what the first one left out; a third queues nothing.
      const second = await svc.http.post(`/v2.2/webhooks/${id}/replay`, { start: before }, { token: secret });
      expect(second.body).toEqual({ deliveriesQueued: events - REPLAY_BOUNDS.deliveries });
      const third = await svc.http.post(`/v2.2/webhooks/${id}/replay`, { start: before }, { token: secret });
      expect(third.body).toEqual({ deliveriesQueued: 0 });
      expect(await queued()).toBe(events);

      // Each subject's stream holds its events once, in sequence order.
      const rows = await svc.services.db.prisma.webhookDelivery.findMany({
        where: { webhookId: id },
        orderBy: { seq: "asc" },
        include: { event: { select: { sequence: true } } },
      });
      for (let s = 0; s < subjects; s++) {
        const seqs = rows.filter((r) => r.subjectId === `ret_replay_${s}`).map((r) => r.event!.sequence);
        expect(seqs).toEqual(Array.from({ length: perSubject }, (_, i) => i + 1));
      }
    },
    SLOW,
  );
});
