// An idle dispatcher does not poll (issue 38): with the poll interval at a minute, a retry is sent at its
// own due time, and on PostgreSQL a delivery queued by another process (a service without a dispatcher,
// on the same database) wakes it through NOTIFY. Against the old fixed poll each would wait the minute
// and time out here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemContext } from "../../../src/core/context.js";
import { Dispatcher } from "../../../src/webhooks/dispatcher.js";
import { createWebhook } from "../../../src/webhooks/service.js";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startSubscriber, type Subscriber } from "../../support/subscriber.js";
import { emit } from "../../support/webhooks.js";

const MINUTE = 60_000;

describe.each(providers)("an idle webhook dispatcher (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let sub: Subscriber;

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false", WEBHOOK_POLL_INTERVAL: "60s" });
    storeId = (await svc.createStore("Idle dispatch")).id;
    sub = await startSubscriber();
  });
  afterAll(async () => {
    await sub?.close();
    await svc?.close();
  });

  async function subscribe(path: string) {
    const out = await createWebhook(systemContext(svc.services, storeId), storeId, {
      topic: "return",
      callback: { url: `${sub.url}${path}`, auth: { bearer: { token: "t" } } },
    });
    return out.webhook.id;
  }
  const attempts = (path: string) => sub.received.filter((r) => r.path === path);

  it("sends a retry at its due time, not at the next poll", { timeout: 30_000 }, async () => {
    await subscribe("/retry");
    let failures = 1;
    sub.respond = (r) => (r.path === "/retry" && failures-- > 0 ? { status: 500 } : { status: 200 });
    const d = new Dispatcher(svc.services, { owner: "idle-retry", config: { pollIntervalMs: MINUTE, retrySchedule: [1_500] } }).start();
    try {
      await emit(svc.services, storeId, "ret_idle_retry", "created");
      await expect.poll(() => attempts("/retry").length, { timeout: 10_000 }).toBe(1);
      const first = Date.now();
      // The retry comes due 1.5 s (±20 %) after the failure: the dispatcher wakes for it on its own.
      await expect.poll(() => attempts("/retry").length, { timeout: 15_000, interval: 50 }).toBe(2);
      expect(Date.now() - first).toBeGreaterThanOrEqual(1_000);
      expect(Date.now() - first).toBeLessThan(10_000);
    } finally {
      await d.stop();
    }
  });

  it.runIf(provider === "postgresql")(
    "is woken by a delivery another process queued (NOTIFY), not by its poll",
    { timeout: 30_000 },
    async () => {
      await subscribe("/other");
      sub.respond = () => ({ status: 200 });
      // The writer: a second service on the same database, without a dispatcher (an API replica).
      const writer = await startTestService(provider, { WEBHOOK_DISPATCHER: "false" }, { databaseUrl: svc.databaseUrl });
      const d = new Dispatcher(svc.services, { owner: "idle-notify", config: { pollIntervalMs: MINUTE } }).start();
      try {
        // Let the dispatcher reach its idle sleep (its first claims find nothing), then write elsewhere.
        await expect.poll(() => d.stats.emptyClaims, { timeout: 5_000 }).toBeGreaterThan(0);
        const t0 = Date.now();
        await emit(writer.services, storeId, "ret_idle_other", "created");
        await expect.poll(() => attempts("/other").length, { timeout: 10_000, interval: 50 }).toBe(1);
        expect(Date.now() - t0).toBeLessThan(10_000);
      } finally {
        await d.stop();
        await writer.close();
      }
    },
  );
});
