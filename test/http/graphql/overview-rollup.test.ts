// The overview and the status tabs read roll-ups that triggers keep (ReturnDailyCount, ReturnItemDaily).
// Whatever happens to a store's returns through the doors (orders pushed and re-synced with new prices,
// returns created, items processed with adjustments or rejected, statuses set, orders deleted with their
// returns) and by hand (a return's createdAt moved to another day), the overview of any period (whole
// months, whole days, parts of a day) must say exactly what the returns themselves say, as the overview
// computed them before the roll-ups (the oracle below), and the tabs must count what a count finds.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { money } from "../../../src/core/money.js";
import { Prisma } from "../../../src/db/generated/sqlite/client.js";
import { RETURN_STATUSES } from "../../../src/returns/transitions.js";
import { providers } from "../../support/env.js";
import { customOrderBody } from "../../support/orders.js";
import { applyReturnStep, orderAndDateSteps, pick, type ReturnStep, returnSteps, edgePeriods } from "../../support/random-returns.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";

const DAY = 86_400_000;
const OVERVIEW = `query($storeId: ID!, $from: DateTime, $to: DateTime) {
  returnsOverview(storeId: $storeId, from: $from, to: $to) {
    returnCount unitCount byDay { day count } byStatus { status count } byReason { reason units }
    values { currency refund { amount } storeCredit { amount } exchange { amount } } topProducts { productId title units }
  }
}`;
const TABS = `query($storeId: ID!) { returns(storeId: $storeId, first: 1) { statusCounts { status count } } }`;

type Op =
  | { kind: "order"; lines: { quantity: number; price: number; product: number }[] }
  | ReturnStep
  | { kind: "resync"; order: number; price: number }
  | { kind: "deleteOrder"; order: number }
  | { kind: "backdate"; ret: number; days: number; hours: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("order" as const),
      lines: fc.array(
        fc.record({
          quantity: fc.integer({ min: 1, max: 4 }),
          price: fc.integer({ min: 0, max: 9999 }),
          product: fc.integer({ min: 0, max: 3 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
  },
  ...returnSteps(["complete", "open", "flagged", "rejected", "deleted", "delivered"], 2),
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("resync" as const), order: fc.nat(), price: fc.integer({ min: 0, max: 9999 }) }) },
  ...orderAndDateSteps,
);

describe.each(providers)("overview and status tabs from the roll-ups (%s)", (provider) => {
  let svc: TestService;
  let run = 0;

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", ...NO_RATE_LIMITS });
  });
  afterAll(() => svc?.close());

  /** The overview as it was computed before the roll-ups: from the returns and items of the period. */
  async function oracle(storeId: string, from: Date, to: Date) {
    const prisma = svc.services.db.prisma;
    const pg = provider === "postgresql";
    const period = { storeId, createdAt: { gte: from, lt: to } };
    const day = pg ? Prisma.raw(`to_char(r."createdAt", 'YYYY-MM-DD')`) : Prisma.raw(`substr(r."createdAt", 1, 10)`);
    const inPeriod = Prisma.sql`r."storeId" = ${storeId} AND r."createdAt" >= ${from} AND r."createdAt" < ${to}`;
    const refund = Prisma.raw(
      `ROUND((li."unitPrice" * li."quantity" - li."discount") * ri."quantity" * 1.0 / li."quantity") + ROUND(li."tax" * ri."quantity" * 1.0 / li."quantity") - COALESCE(ri."merchantAdjustment", 0)`,
    );
    const byStatus = await prisma.return.groupBy({ by: ["status"], where: period, _count: { _all: true } });
    const unitSum = await prisma.returnItem.aggregate({ where: { return: period }, _sum: { quantity: true } });
    const reasons = await prisma.returnItem.groupBy({ by: ["reason"], where: { return: period }, _sum: { quantity: true } });
    const days = await prisma.$queryRaw<
      { day: string; n: unknown }[]
    >`SELECT ${day} AS day, COUNT(*) AS n FROM "Return" r WHERE ${inPeriod} GROUP BY ${day}`;
    const values = await prisma.$queryRaw<{ currency: string; compensation: string; total: unknown; goods: unknown }[]>`
      SELECT currency, compensation, SUM(CASE WHEN status = 'rejected' OR v < 0 THEN 0 ELSE v END) AS total,
        SUM(CASE WHEN status = 'rejected' THEN 0 ELSE g END) AS goods FROM (
        SELECT o."currency" AS currency, ri."compensation" AS compensation, ri."status" AS status, ${refund} AS v, li."unitPrice" * ri."quantity" AS g
        FROM "ReturnItem" ri JOIN "Return" r ON r."id" = ri."returnId" JOIN "OrderLineItem" li ON li."id" = ri."lineItemId" JOIN "Order" o ON o."id" = r."orderId"
        WHERE ${inPeriod} AND r."status" <> 'deleted') x GROUP BY currency, compensation`;
    const products = await prisma.$queryRaw<{ productId: string; title: string; units: unknown }[]>`
      SELECT li."productId" AS "productId", MAX(li."title") AS title, SUM(ri."quantity") AS units
      FROM "ReturnItem" ri JOIN "Return" r ON r."id" = ri."returnId" JOIN "OrderLineItem" li ON li."id" = ri."lineItemId"
      WHERE ${inPeriod} GROUP BY li."productId" ORDER BY units DESC, li."productId" ASC LIMIT 10`;
    const num = (v: unknown) => Number(v ?? 0);
    const perDay = new Map(days.map((d) => [d.day, num(d.n)]));
    const byDay = [];
    for (let t = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()); t < to.getTime(); t += DAY) {
      const key = new Date(t).toISOString().slice(0, 10);
      byDay.push({ day: key, count: perDay.get(key) ?? 0 });
    }
    const statuses = new Map(byStatus.map((s) => [s.status, s._count._all]));
    const sum = (c: string, comp: string, f: "total" | "goods") =>
      num(values.find((v) => v.currency === c && v.compensation === comp)?.[f]);
    return {
      returnCount: [...statuses.values()].reduce((a, b) => a + b, 0),
      unitCount: num(unitSum._sum.quantity),
      byDay,
      byStatus: RETURN_STATUSES.map((status) => ({ status, count: statuses.get(status) ?? 0 })),
      byReason: reasons
        .map((r) => ({ reason: r.reason, units: num(r._sum.quantity) }))
        .sort((a, b) => b.units - a.units || (a.reason < b.reason ? -1 : 1))
        .slice(0, 10),
      values: [...new Set(values.map((v) => v.currency))].sort().map((c) => ({
        currency: c,
        refund: { amount: money(sum(c, "refund", "total") + sum(c, "keep_item", "total"), c).amount },
        storeCredit: { amount: money(sum(c, "store_credit", "total"), c).amount },
        exchange: { amount: money(sum(c, "exchange", "goods"), c).amount },
      })),
      topProducts: products.map((p) => ({ productId: p.productId, title: p.title, units: num(p.units) })),
    };
  }

  async function apply(storeId: string, secret: string, ops: Op[]) {
    const orders: { id: string; body: ReturnType<typeof customOrderBody> }[] = [];
    const returns: { id: string; items: string[] }[] = [];
    const push = (body: ReturnType<typeof customOrderBody>) =>
      svc.http.post(`/v2.2/stores/${storeId}/custom/orders`, body, { token: secret });
    for (const o of ops) {
      if (o.kind === "order") {
        const id = `o${run}-${orders.length}`;
        const body = customOrderBody({
          id,
          name: `#${id}`,
          lines: o.lines.map((l, i) => ({ id: `${id}-${i}`, quantity: l.quantity, price: (l.price / 100).toFixed(2) })),
        });
        body.lineItems.forEach((line, i) =>
          Object.assign(line, { productId: `p${o.lines[i].product}`, title: `Product ${o.lines[i].product}` }),
        );
        expect((await push(body)).status).toBe(200);
        orders.push({ id, body });
      } else if (o.kind === "return" || o.kind === "process" || o.kind === "status") {
        await applyReturnStep({ http: svc.http, storeId, secret, orders, returns }, o);
      } else if (o.kind === "resync") {
        const order = pick(orders, o.order);
        if (!order) continue;
        for (const line of order.body.lineItems) {
          const amount = (o.price / 100).toFixed(2);
          line.priceSet = { shopMoney: { amount, currencyCode: "USD" }, presentmentMoney: { amount, currencyCode: "USD" } };
        }
        await push(order.body);
      } else if (o.kind === "deleteOrder") {
        const order = pick(orders, o.order);
        if (order) await svc.http.delete(`/v2.2/stores/${storeId}/orders/${order.id}`, { token: secret });
      } else {
        const ret = pick(returns, o.ret);
        if (!ret) continue;
        // By hand, as a tool or an operator might: the roll-ups follow any write, not only the service's.
        const at = new Date(Date.now() - o.days * DAY - o.hours * 3_600_000);
        await svc.services.db.prisma.return.updateMany({ where: { id: ret.id }, data: { createdAt: at } });
      }
    }
  }

  it("say what the returns say after any sequence of changes, for whole months, whole days and parts of a day", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 16 }), async (ops) => {
        run++;
        const storeId = (await svc.createStore(`Rollup ${run}`)).id;
        const { secret } = await svc.createApiClient(storeId, "all");
        await apply(storeId, secret, ops);
        const now = Date.now();
        const midnight = Math.floor(now / DAY) * DAY;
        const periods: [number, number][] = [
          [midnight - 95 * DAY, midnight + DAY], // whole months and days
          [now - 83 * DAY + 4_321_000, now + 3_600_000], // parts of a day at both ends
          [now - 3 * 3_600_000, now + 3_600_000], // within a day or two
        ];
        // Ends cut through the first return's day both ways (an edge taken off, an edge added).
        const first = await svc.services.db.prisma.return.findFirst({ where: { storeId }, orderBy: { createdAt: "asc" } });
        periods.push(...edgePeriods(first?.createdAt));
        for (const [from, to] of periods) {
          const res = await svc.http.graphql(
            OVERVIEW,
            { storeId, from: new Date(from).toISOString(), to: new Date(to).toISOString() },
            secret,
          );
          expect(res.errors?.map((e: { message: string }) => e.message)).toBeUndefined();
          expect(res.data.returnsOverview).toEqual(await oracle(storeId, new Date(from), new Date(to)));
        }
        const tabs = await svc.http.graphql(TABS, { storeId }, secret);
        const counted = await svc.services.db.prisma.return.groupBy({ by: ["status"], where: { storeId }, _count: { _all: true } });
        const expected = new Map(counted.map((c) => [c.status, c._count._all]));
        expect(tabs.data.returns.statusCounts).toEqual(RETURN_STATUSES.map((status) => ({ status, count: expected.get(status) ?? 0 })));
      }),
      { numRuns: Number(process.env.ROLLUP_RUNS ?? 10) },
    );
  }, 120_000);
});
