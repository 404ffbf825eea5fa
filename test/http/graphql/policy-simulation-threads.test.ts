// A simulation run on several threads (src/policy/sim-threads.ts; each engine, the threads on their own
// connections): the range cut in parts, each read and evaluated on a worker thread with its own history
// window, the sums added. Its figures must be those of
// the run on one thread, exactly: on a random store (seeded; the seed is in the test's name), the same run
// on three threads, on two and on one (a second service on the same database, SIMULATION_THREADS=1) gives
// the same money to the cent, the same changed returns in the same order with the same decisions, and the
// same counts. What the cut must keep whole: customers returning often across it (the serial-returner
// rule counts the returns before each one, in another part's range), several returns of one order (units
// already returned), deleted returns, two currencies, returns sharing one creation time (a cut on it).
// The threaded runs are seen to cut the range (their cut statement is counted), so the comparison is not
// between two single-thread runs. A range shorter than the history's days is cut in parts that look their
// customers up chunk by chunk instead of reading the window before them: the same figures again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QueryEvent } from "../../../src/db/client.js";
import { providers } from "../../support/env.js";
import { pushOrder } from "../../support/orders.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";

const SEED = Number(process.env.SIM_THREADS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const DAY = 86_400_000;
const TOTALS = `returns refused reviewed refunds { amount currency } storeCredit { amount currency } bonus { amount currency } fees { amount currency }`;
const SIDE = `refused reviewed decisions { rule effect }`;
const RUN_FIELDS = `id status returnsTotal returnsDone linesDone affectedCount error coveredTo
  money { currency draft { ${TOTALS} } published { ${TOTALS} } }
  affected { returnId returnNumber orderName createdAt draft { ${SIDE} } published { ${SIDE} } }`;
const START = `mutation($s: ID!, $from: DateTime!) { startPolicySimulation(storeId: $s, from: $from, to: "2100-01-01T00:00:00Z") { id status } }`;
const RUN = `query($s: ID!, $id: ID) { policySimulationRun(storeId: $s, id: $id) { ${RUN_FIELDS} } }`;
const POLICY = `mutation($s: ID!, $i: PolicyRulesInput!) { updateReturnPolicyDraft(storeId: $s, input: $i) { draft { window { days } } } }`;
const PUBLISH = `mutation($s: ID!) { publishReturnPolicy(storeId: $s) { number } }`;
const PUBLISHED = { window: { days: 60, from: "order" }, outcomes: { refund: true, storeCredit: true } };
const DRAFT = {
  window: { days: 120, from: "order" },
  outcomes: { refund: true, storeCredit: true },
  returnFee: { amount: "1.50", waivedFor: ["store_credit"] },
  bonus: { percent: "10", on: ["store_credit"] },
  reviewRules: [
    { name: "Serial returner", action: "refuse", returnsInDays: 45, returnsAbove: 2, shopperMessage: "Please contact us." },
    { name: "Big", action: "review", valueAbove: "90.00" },
  ],
};

/** mulberry32: the store's draws, the same for a seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe.each(providers)(`policy simulation on threads (%s, seed ${SEED})`, (provider) => {
  let svc: TestService;
  let single: TestService;
  let two: TestService;
  let storeId: string;
  let secret: string;
  let cuts = 0;
  /** Chunks read by the service's own connections: a part's thread reads on its own, unseen here. */
  let chunksSeen = 0;
  const countCuts = (e: QueryEvent) => {
    if (/ORDER BY r\."createdAt" ASC LIMIT 1 OFFSET/.test(e.query)) cuts++;
    if (/AS "chunk"/.test(e.query)) chunksSeen++;
  };

  beforeAll(async () => {
    const rand = random(SEED);
    const int = (n: number) => Math.floor(rand() * n);
    svc = await startTestService(provider, { ...NO_RATE_LIMITS, SIMULATION_CHUNK: "3", SIMULATION_THREADS: "3" }, { onQuery: countCuts });
    storeId = (await svc.createStore("Simulation threads")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    const prisma = svc.services.db.prisma;
    const token = { token: secret };
    for (let o = 0; o < 16; o++) {
      const id = `thr-${SEED}-${o}`;
      const c = int(4);
      // The first order's one line is dear: its return is reviewed under the draft, not under the published version.
      const lines = Array.from({ length: o ? 1 + int(3) : 1 }, (_, i) => ({
        id: `${id}-${i}`,
        quantity: 1 + int(4),
        price: o ? `${10 + int(90)}.${String(int(100)).padStart(2, "0")}` : "150.00",
      }));
      const order = await pushOrder(svc.http, storeId, secret, {
        id,
        name: `#${id}`,
        customer: { email: `shopper${c}@example.test`, firstName: "Shopper", lastName: `${c}` },
        lines,
      });
      if (o % 4 === 3) await prisma.order.update({ where: { id: order.internalId }, data: { currency: "EUR" } });
      for (let r = 1 + int(3); r > 0; r--) {
        const line = order.lineItems[int(order.lineItems.length)]!;
        const items = [{ lineItemId: line.id, quantity: 1, reason: "Too big", ...(int(2) ? { compensation: "store_credit" } : {}) }];
        const res = await svc.http.post(
          `/v2.2/stores/${storeId}/returns`,
          { data: { provider: "custom", externalOrderId: id, items } },
          token,
        );
        if (res.status !== 201) continue; // the line has no unit left
        if (int(6) === 0)
          expect((await svc.http.put(`/v2.2/returns/${res.body.return.id}/status`, { status: "deleted" }, token)).status).toBeLessThan(300);
      }
    }
    // Creation times over 150 days in a random order, every third in the last 10 days; a third of the rest
    // share a time with another.
    const all = await prisma.return.findMany({ where: { storeId }, select: { id: true } });
    const base = Date.now() - 150 * DAY;
    const times: number[] = [];
    for (const [i, r] of all.entries()) {
      const at =
        i % 3 === 0 ? Date.now() - 1 - int(10 * DAY) : times.length && int(3) === 0 ? times[int(times.length)]! : base + int(150 * DAY);
      times.push(at);
      await prisma.return.update({ where: { id: r.id }, data: { createdAt: new Date(at) } });
    }
    expect(all.length).toBeGreaterThanOrEqual(16); // each order's first return is taken
    expect((await svc.http.graphql(POLICY, { s: storeId, i: PUBLISHED }, secret)).errors).toBeUndefined();
    expect((await svc.http.graphql(PUBLISH, { s: storeId }, secret)).errors).toBeUndefined();
    expect((await svc.http.graphql(POLICY, { s: storeId, i: DRAFT }, secret)).errors).toBeUndefined();
    // The same database, one thread and two.
    const on = (threads: number) =>
      startTestService(
        provider,
        { ...NO_RATE_LIMITS, SIMULATION_CHUNK: "3", SIMULATION_THREADS: String(threads) },
        { databaseUrl: svc.databaseUrl, onQuery: countCuts },
      );
    single = await on(1);
    two = await on(2);
  });
  afterAll(async () => {
    await two?.close();
    await single?.close();
    await svc?.close();
  });

  async function run(on: TestService, from = "2000-01-01T00:00:00Z") {
    const started = await on.http.graphql(START, { s: storeId, from }, secret);
    expect(started.errors).toBeUndefined();
    const id = started.data.startPolicySimulation.id;
    // Bounded: a few dozen returns take well under a second; 400 polls of 25 ms.
    for (let i = 0; i < 400; i++) {
      const res = await on.http.graphql(RUN, { s: storeId, id }, secret);
      expect(res.errors).toBeUndefined();
      const r = res.data.policySimulationRun;
      if (r.status !== "running") {
        const { id: _id, ...figures } = r;
        return figures;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error("the run did not end");
  }

  it("gives on three threads and on two the figures of one thread", async () => {
    const one = await run(single);
    expect(one.status).toBe("completed");
    expect(one.returnsDone).toBe(one.returnsTotal);
    // The draft decides some returns otherwise and both currencies are summed: the comparison means something.
    expect(one.affectedCount).toBeGreaterThan(0);
    expect(one.money.map((m: { currency: string }) => m.currency)).toEqual(["EUR", "USD"]);
    expect(cuts).toBe(0);
    expect(chunksSeen).toBeGreaterThan(1);
    chunksSeen = 0;
    const three = await run(svc);
    expect(cuts).toBe(2);
    expect(three).toEqual(one);
    expect(await run(two)).toEqual(one);
    expect(cuts).toBe(3);
    // Every chunk of the threaded runs was read by a part's thread on its own connection.
    expect(chunksSeen).toBe(0);
  });

  it("says the same of a range shorter than the history's days, its parts looking their customers up", async () => {
    // The last 12 days (at least 6 returns): three parts each shorter than a third of the rule's 45 days
    // (SimulationReader.parts), each chunk's customers looked up; one thread keeps its window.
    const from = new Date(Date.now() - 12 * DAY).toISOString();
    const one = await run(single, from);
    expect(one.status).toBe("completed");
    expect(one.returnsDone).toBeGreaterThanOrEqual(6);
    const before = cuts;
    expect(await run(svc, from)).toEqual(one);
    expect(cuts).toBe(before + 2);
  });
});
