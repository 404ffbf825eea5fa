// The simulation reads a page's orders and their customers' histories at once (src/policy/simulation-run.ts).
// What it says of a return must not depend on which page it falls on: the same store simulated a return a
// page, 4 a page and 500 a page gives the same money and the same affected returns, and the same as the
// simulation one return at a time as it read before (each return's order and history loaded alone). The store holds what
// the batching must keep apart: several returns of one order (units already returned, each return's own
// left out), a customer returning often (the serial-returner rule counts the returns before each one,
// within its window), deleted returns (their units released), two customers, two currencies of lines.
// The background run (startPolicySimulation) over the same range, in chunks of 5, says the same too, with
// the same explanations; and from a later date, counting the customers' returns before it in their history.
import { wordsOf } from "../../../src/core/decisions/codes.js";
import { merchantWords } from "../../../src/core/decisions/merchant.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadHistory, loadOrderInput, publishedVersion } from "../../../src/policy/load.js";
import { checkRules, type PolicyRules } from "../../../src/policy/rules.js";
import { type AffectedReturn, Simulation } from "../../../src/policy/simulate.js";
import { providers } from "../../support/env.js";
import { pushOrder } from "../../support/orders.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";

const POLICY = `mutation($s: ID!, $i: PolicyRulesInput!) { updateReturnPolicyDraft(storeId: $s, input: $i) { draft { window { days } } } }`;
const PUBLISH = `mutation($s: ID!) { publishReturnPolicy(storeId: $s) { number } }`;
const SIM = `query($s: ID!, $first: Int, $after: String) { returnPolicySimulation(storeId: $s, from: "2000-01-01T00:00:00Z", to: "2100-01-01T00:00:00Z", first: $first, after: $after) {
  scanned pageInfo { hasNextPage endCursor }
  money { currency draft { returns refused reviewed refunds { amount } storeCredit { amount } fees { amount } } published { returns refused reviewed refunds { amount } } }
  affected { returnId draft { refused reviewed decisions { rule effect } } published { refused reviewed } } } }`;

const TOTALS = `returns refused reviewed refunds { amount } storeCredit { amount } bonus { amount } fees { amount }`;
const START = `mutation($s: ID!, $from: DateTime!) { startPolicySimulation(storeId: $s, from: $from, to: "2100-01-01T00:00:00Z") { id status } }`;
const RUN = `query($s: ID!, $id: ID) { policySimulationRun(storeId: $s, id: $id) { id status returnsDone affectedCount
  affected { returnId draft { decisions { rule merchantExplanation } } } money { currency draft { ${TOTALS} } published { ${TOTALS} } } } }`;
type Totals = { returns: number; refused: number; reviewed: number } & Record<
  "refunds" | "storeCredit" | "bonus" | "fees",
  { amount: string }
>;
const pick = (t: Totals) => ({
  returns: t.returns,
  refused: t.refused,
  reviewed: t.reviewed,
  refunds: { amount: t.refunds.amount },
  storeCredit: { amount: t.storeCredit.amount },
  bonus: { amount: t.bonus.amount },
  fees: { amount: t.fees.amount },
});

// The published window runs from the fulfillment: which one a line takes (the first naming it, else the
// order's oldest) decides whether it is still open, so the chunk's fulfillments must come in their order.
const PUBLISHED = { window: { days: 30, from: "fulfillment" }, outcomes: { refund: true, storeCredit: true } };
const DRAFT = {
  window: { days: 3650, from: "order" },
  outcomes: { refund: true, storeCredit: true },
  returnFee: { amount: "1.00", waivedFor: ["store_credit"] },
  reviewRules: [
    { name: "Serial returner", action: "refuse", returnsInDays: 30, returnsAbove: 2, shopperMessage: "Please contact us." },
    { name: "Big", action: "review", valueAbove: "60.00" },
  ],
};

describe.each(providers)("policy simulation pages (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  const gql = (query: string, variables: Record<string, unknown>) => svc.http.graphql(query, variables, secret);

  beforeAll(async () => {
    // A background run reads 5 returns at a time: its chunks cut the store elsewhere than the pages do.
    svc = await startTestService(provider, { ...NO_RATE_LIMITS, SIMULATION_CHUNK: "5" });
    storeId = (await svc.createStore("Simulation pages")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    const create = async (order: Awaited<ReturnType<typeof pushOrder>>, line: number, quantity: number) => {
      const items = [{ lineItemId: order.lineItems[line].id, quantity, reason: "Too big" }];
      const res = await svc.http.post(
        `/v2.2/stores/${storeId}/returns`,
        { data: { provider: "custom", externalOrderId: order.externalId, items } },
        { token: secret },
      );
      expect(res.status).toBe(201);
      return res.body.return.id as string;
    };
    // The "once" customer's orders: the first fulfilled twice, stored newest first with ids against their
    // dates (an old one naming no line, so line a takes it, and a recent one naming line b); the second
    // once, recently; the third not at all.
    const fulfil = async (orderId: string, o: number) => {
      const prisma = svc.services.db.prisma;
      const lines = await prisma.orderLineItem.findMany({ where: { orderId }, orderBy: { position: "asc" } });
      const add = async (id: string, daysAgo: number, lineIds: string[]) => {
        await prisma.fulfillment.create({
          data: { id, storeId, orderId, publicId: id, status: "success", createdAt: new Date(Date.now() - daysAgo * 86_400_000) },
        });
        for (const [i, lineItemId] of lineIds.entries())
          await prisma.fulfillmentLineItem.create({ data: { id: `${id}-${i}`, fulfillmentId: id, lineItemId, quantity: 1 } });
      };
      if (o === 0) {
        await add(`ful-${provider}-a-new`, 5, [lines[1]!.id]);
        await add(`ful-${provider}-z-old`, 100, []);
      } else if (o === 1) await add(`ful-${provider}-m`, 3, [lines[0]!.id, lines[1]!.id]);
    };
    for (const [c, customer] of [
      { email: "often@example.test", firstName: "Often", lastName: "Returner" },
      { email: "once@example.test", firstName: "Once", lastName: "Returner" },
    ].entries()) {
      for (let o = 0; o < 3; o++) {
        const id = `sim-${provider}-${c}-${o}`;
        const order = await pushOrder(svc.http, storeId, secret, {
          id,
          name: `#${id}`,
          customer,
          lines: [
            { id: `${id}-a`, quantity: 4, price: "25.00" },
            { id: `${id}-b`, quantity: 2, price: "70.00" },
          ],
        });
        await create(order, 0, 1);
        if (c === 1) await fulfil(order.internalId, o);
        if (c === 0) {
          const second = await create(order, 0, 2);
          if (o === 1)
            expect((await svc.http.put(`/v2.2/returns/${second}/status`, { status: "deleted" }, { token: secret })).status).toBeLessThan(
              300,
            );
          await create(order, 1, 1);
        }
      }
    }
    // The first order's returns 40 to 38 days ago: outside the serial-returner rule's 30 days of the later ones.
    const prisma = svc.services.db.prisma;
    const oldest = await prisma.return.findMany({ where: { storeId }, orderBy: { createdAt: "asc" }, take: 3 });
    for (const [i, r] of oldest.entries())
      await prisma.return.update({ where: { id: r.id }, data: { createdAt: new Date(Date.now() - (40 - i) * 86_400_000) } });
    expect((await gql(POLICY, { s: storeId, i: PUBLISHED })).errors).toBeUndefined();
    expect((await gql(PUBLISH, { s: storeId })).errors).toBeUndefined();
    expect((await gql(POLICY, { s: storeId, i: DRAFT })).errors).toBeUndefined();
  });
  afterAll(() => svc?.close());

  async function simulate(first: number) {
    const money = new Map<string, number>();
    const affected: unknown[] = [];
    let after: string | null = null;
    let scanned = 0;
    do {
      const res = await gql(SIM, { s: storeId, first, after });
      expect(res.errors).toBeUndefined();
      const p = res.data.returnPolicySimulation;
      scanned += p.scanned;
      affected.push(...p.affected);
      for (const m of p.money)
        for (const [side, totals] of Object.entries(m as Record<string, Record<string, unknown>>))
          if (side !== "currency")
            for (const [k, v] of Object.entries(totals)) {
              const key = `${m.currency}.${side}.${k}`;
              money.set(key, (money.get(key) ?? 0) + Number(typeof v === "object" && v ? (v as { amount: string }).amount : v));
            }
      after = p.pageInfo.hasNextPage ? p.pageInfo.endCursor : null;
    } while (after);
    return { scanned, money: Object.fromEntries([...money].map(([k, v]) => [k, Math.round(v * 100) / 100])), affected };
  }

  it("says the same of every return whatever the page size", async () => {
    const one = await simulate(1);
    expect(one.scanned).toBe(12);
    // The serial-returner rule and the review threshold change some decisions: the comparison means something.
    expect(one.affected.length).toBeGreaterThan(0);
    expect(await simulate(4)).toEqual(one);
    expect(await simulate(500)).toEqual(one);
    const { sim, affected: changed } = await oracle(new Date("2000-01-01T00:00:00Z"));
    const affected = changed.map((a) => a.returnId);
    expect(one.affected.map((a) => (a as { returnId: string }).returnId)).toEqual(affected);
    const [m] = sim.report();
    expect(one.money[`USD.draft.refused`]).toBe(m.draft.refused);
    expect(one.money[`USD.draft.reviewed`]).toBe(m.draft.reviewed);
    expect(one.money[`USD.draft.refunds`]).toBe(Number(m.draft.refunds.amount));
    expect(one.money[`USD.draft.fees`]).toBe(Number(m.draft.fees.amount));
    // The background run over the whole range says the same.
    await expectRun(new Date("2000-01-01T00:00:00Z"), 12);
  });

  it("runs from a later date with the customers' earlier returns in their history", async () => {
    const all = await svc.services.db.prisma.return.findMany({ where: { storeId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    // From the frequent returner's third order on: its second order's returns, just before, count.
    const from = all[6]!.createdAt;
    const { affected } = await oracle(from);
    expect(affected.length).toBeGreaterThan(0);
    expect(affected.some((a) => a.draft.decisions.some((d) => d.rule === "reviewRules[0]"))).toBe(true);
    await expectRun(from, all.filter((r) => r.createdAt >= from).length);
  });

  /** The simulation one return at a time, as before: its order without its own units, its customer's history before it. */
  async function oracle(from: Date) {
    const prisma = svc.services.db.prisma;
    const sim = new Simulation(
      { number: 0, rules: checkRules(DRAFT as unknown as PolicyRules, "draft"), timeZone: "UTC" },
      await publishedVersion(prisma, storeId),
    );
    const rules = checkRules(DRAFT as unknown as PolicyRules, "draft");
    const affected: AffectedReturn[] = [];
    for (const ret of await prisma.return.findMany({
      where: { storeId, createdAt: { gte: from } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      include: { items: true, order: true },
    })) {
      const order = await loadOrderInput(prisma, ret.order!, ret.id);
      const history = await loadHistory(prisma, ret.order!, rules, ret.createdAt);
      history.returnDates = history.returnDates.filter((d) => d < ret.createdAt);
      const items = ret.items.map((it) => ({
        lineId: it.lineItemId!,
        quantity: it.quantity,
        reasonCode: it.reasonCode,
        outcome: it.compensation,
      }));
      const changed = sim.add({ id: ret.id, createdAt: ret.createdAt, order, items, history });
      if (changed) affected.push(changed);
    }
    return { sim, affected };
  }

  /** A background run from `from` says what the oracle says: the same returns, money and explanations. */
  async function expectRun(from: Date, returns: number) {
    const { sim, affected } = await oracle(from);
    const started = await gql(START, { s: storeId, from: from.toISOString() });
    expect(started.errors).toBeUndefined();
    let run = started.data.startPolicySimulation;
    for (let i = 0; i < 200 && run.status === "running"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      run = (await gql(RUN, { s: storeId, id: run.id })).data.policySimulationRun;
    }
    expect(run.status).toBe("completed");
    expect(run.returnsDone).toBe(returns);
    expect(run.affected).toEqual(
      affected.map((a) => ({
        returnId: a.returnId,
        draft: { decisions: a.draft.decisions.map((d) => ({ rule: d.rule, merchantExplanation: merchantWords(wordsOf(d)) })) },
      })),
    );
    for (const a of affected) for (const d of a.draft.decisions) expect(merchantWords(wordsOf(d))).toMatch(/ by .+: .+\.$/);
    expect(run.affectedCount).toBe(affected.length);
    expect(run.money).toEqual(sim.report().map((x) => ({ currency: x.currency, draft: pick(x.draft), published: pick(x.published) })));
  }
});
