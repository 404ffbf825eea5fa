// Suite 5 (issue 9): crash safety of writes. The real service runs in a child process and is
// SIGKILLed during a product bulk upload and during return creation. After a restart: no
// half-written product family or return, no stale bulk-upload lock (the dead holder's lock is taken
// over at once, not after its lease), and the retried request succeeds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startChildService, type ChildService } from "../../support/child-service.js";
import { HttpClient } from "../../support/http.js";
import { pushOrder, returnBody, type OrderFixture } from "../../support/orders.js";

const IN_FLIGHT_MS = 1000;

describe.each(providers)("crash safety of writes (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  const children: ChildService[] = [];

  const startChild = async () => {
    const c = await startChildService({
      DATABASE_URL: svc.databaseUrl,
      WEBHOOK_DISPATCHER: "false",
      IDEMPOTENCY_IN_FLIGHT_MS: String(IN_FLIGHT_MS),
      RATE_LIMIT_REST_PER_MINUTE: "0",
      BULK_UPLOAD_LEASE_MS: "60000",
    });
    children.push(c);
    return { child: c, http: new HttpClient(c.url) };
  };

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false" });
    storeId = (await svc.createStore("Crash store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(children.map((c) => c.kill().catch(() => {})));
    await svc?.close();
  });

  it("bulk upload: killed mid-upload, no half-written family; after restart the dead holder's lock is taken over at once and the retry completes", async () => {
    const prisma = svc.services.db.prisma;
    const FAMILIES = 300;
    const VARIANTS = 10;
    const products = Array.from({ length: FAMILIES }, (_, i) => ({
      external_id: `crash-${i}`,
      title: `Crash family ${i}`,
      variants: Array.from({ length: VARIANTS }, (_, j) => ({ sku: `CRASH-${i}-${j}`, price: 1000 + j, currency: "USD" })),
    }));
    const families = () =>
      prisma.productFamily.findMany({
        where: { storeId, externalId: { startsWith: "crash-" } },
        select: { id: true, externalId: true, _count: { select: { products: true } } },
      });

    const { child, http } = await startChild();
    const upload = http.post(`/v2.2/stores/${storeId}/products/bulk-upload`, { products }, { token: secret }).then(
      (res) => ({ res, err: null }),
      (err: unknown) => ({ res: null, err }),
    );
    // Kill it as soon as the first families are committed: the upload is under way.
    await expect
      .poll(async () => (await prisma.productFamily.count({ where: { storeId, externalId: { startsWith: "crash-" } } })) > 0, {
        timeout: 60_000,
        interval: 5,
      })
      .toBe(true);
    await child.kill();
    const outcome = await upload;
    expect(outcome.res, "the upload must have been cut off by the kill").toBeNull();

    // No half-written family: every family that exists has all its variants.
    const afterKill = await families();
    expect(afterKill.length).toBeGreaterThan(0);
    expect(afterKill.length).toBeLessThan(FAMILIES);
    expect(afterKill.filter((f) => f._count.products !== VARIANTS)).toEqual([]);
    expect(await prisma.product.count({ where: { storeId, sku: { startsWith: "CRASH-" } } })).toBe(afterKill.length * VARIANTS);
    // The dead process's lock is still there (its lease runs for another minute)…
    const stale = await prisma.bulkUploadLock.findUnique({ where: { storeId } });
    expect(stale).toMatchObject({ holderPid: child.pid });
    expect(stale!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 10_000);

    // …and is taken over at once after a restart: the retry runs instead of answering 409.
    const restarted = await startChild();
    const retry = await restarted.http.post(`/v2.2/stores/${storeId}/products/bulk-upload`, { products }, { token: secret });
    expect(retry.status, retry.text.slice(0, 500)).toBe(200);
    expect(retry.body).toMatchObject({ total_count: FAMILIES, processed_count: FAMILIES, error_count: 0 });
    const statuses = retry.body.results.map((r: { status: string }) => r.status);
    expect(statuses.filter((s: string) => s === "updated")).toHaveLength(afterKill.length); // the ones written before the kill
    expect(statuses.filter((s: string) => s === "created")).toHaveLength(FAMILIES - afterKill.length);
    const final = await families();
    expect(final).toHaveLength(FAMILIES);
    expect(final.filter((f) => f._count.products !== VARIANTS)).toEqual([]);
    expect(await prisma.product.count({ where: { storeId, sku: { startsWith: "CRASH-" } } })).toBe(FAMILIES * VARIANTS);
    expect(await prisma.bulkUploadLock.count({ where: { storeId } })).toBe(0);
    expect(restarted.child.logged("took over a stale bulk-upload lock")).toHaveLength(1);
    await restarted.child.stop();
  }, 240_000);

  it("return creation: killed mid-flight, no half-written return; retries with the same Idempotency-Key end with exactly one return per request", async () => {
    const prisma = svc.services.db.prisma;
    const N = 60;
    const orders: (OrderFixture & { internalId: string })[] = [];
    for (let i = 0; i < N; i++)
      orders.push(await pushOrder(svc.http, storeId, secret, { id: `crash-order-${i}-${Date.now().toString(36)}` }));
    const orderIds = orders.map((o) => o.internalId);
    const bodyOf = (o: OrderFixture) =>
      returnBody(o, [
        { lineItemId: o.lineItems[0].id, quantity: 1 },
        { lineItemId: o.lineItems[1].id, quantity: 1 },
      ]);
    const keyOf = (i: number) => `crash-return-${i}`;

    const { child, http } = await startChild();
    const results: (number | "cut off")[] = new Array(N);
    // Four clients, one request after another each: the kill lands in the middle of the run.
    let next = 0;
    const running = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < N) {
          const i = next++;
          results[i] = await http
            .post(`/v2.2/stores/${storeId}/returns`, bodyOf(orders[i]), { token: secret, headers: { "Idempotency-Key": keyOf(i) } })
            .then(
              (r) => r.status,
              () => "cut off" as const,
            );
        }
      }),
    );
    await expect
      .poll(() => prisma.return.count({ where: { orderId: { in: orderIds } } }), { timeout: 60_000, interval: 5 })
      .toBeGreaterThanOrEqual(N / 4);
    await child.kill();
    await running;
    const before = await prisma.return.findMany({
      where: { orderId: { in: orderIds } },
      include: { _count: { select: { items: true, timeline: true } } },
    });
    expect(before.length, "the kill must land mid-run").toBeLessThan(N);
    expect(results.filter((r) => r === "cut off").length).toBeGreaterThan(0);

    // No half-written return: each has both items, its timeline entry and its event; one per order at most.
    const consistent = async (rows: typeof before) => {
      expect(rows.filter((r) => r._count.items !== 2 || r._count.timeline !== 1).map((r) => r.id)).toEqual([]);
      expect(new Set(rows.map((r) => r.orderId)).size).toBe(rows.length);
      const events = await prisma.domainEvent.findMany({
        where: { topic: "return", subjectId: { in: rows.map((r) => r.id) }, type: "created" },
        select: { subjectId: true },
      });
      expect(new Set(events.map((e) => e.subjectId)).size).toBe(rows.length);
    };
    await consistent(before);

    // Restart, wait out IDEMPOTENCY_IN_FLIGHT_MS (keys of requests killed mid-flight), retry everything.
    const restarted = await startChild();
    await new Promise((r) => setTimeout(r, IN_FLIGHT_MS + 200));
    const retries = [];
    for (let i = 0; i < N; i++) {
      const res = await restarted.http.post(`/v2.2/stores/${storeId}/returns`, bodyOf(orders[i]), {
        token: secret,
        headers: { "Idempotency-Key": keyOf(i) },
      });
      retries.push({ i, status: res.status, id: res.body?.data?.return?.id ?? res.body?.return?.id ?? null, type: res.body?.type });
    }
    // Never a 5xx; answered ones (201 before the kill) replay with 200.
    expect(retries.filter((r) => r.status >= 500)).toEqual([]);
    expect(retries.filter((r) => results[r.i] === 201 && r.status !== 200)).toEqual([]);
    // Every retry succeeds: 200 (the return was committed before the kill) or 201 (it was not): a key
    // left in flight by the killed process is taken over after IDEMPOTENCY_IN_FLIGHT_MS.
    expect(retries.filter((r) => r.status !== 200 && r.status !== 201)).toEqual([]);
    const after = await prisma.return.findMany({
      where: { orderId: { in: orderIds } },
      include: { _count: { select: { items: true, timeline: true } } },
    });
    await consistent(after);
    // The returns committed before the kill are the ones the retries replayed (never a second return).
    for (const r of before) expect(after.some((a) => a.id === r.id)).toBe(true);
    const succeeded = retries.filter((r) => r.status === 200 || r.status === 201);
    for (const r of succeeded) expect(after.find((a) => a.orderId === orderIds[r.i])?.id).toBe(r.id);
    expect(after).toHaveLength(N);
    await restarted.child.stop();
  }, 240_000);
});
