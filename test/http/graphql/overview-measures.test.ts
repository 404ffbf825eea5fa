// The overview's measures (issue 36) read roll-ups that triggers keep (OrderUnitsDaily, ReturnStageDaily,
// ReturnItemDaily's variant and fee rows). Whatever happens through the doors (orders pushed on several days
// and re-synced with new prices and variant titles, returns created under a policy with a fee, items
// processed or rejected or removed, statuses set, orders deleted with their returns) and by hand (a return's
// createdAt moved), the measures of any period (whole months and days, parts of a day) must say exactly what
// the rows themselves say (the oracle below reads them, never a roll-up).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { money } from "../../../src/core/money.js";
import { Prisma } from "../../../src/db/generated/sqlite/client.js";
import { OUTCOMES, STAGE_BUCKETS, STAGES, pointStart } from "../../../src/returns/overview-measures.js";
import { providers } from "../../support/env.js";
import { customOrderBody } from "../../support/orders.js";
import { applyReturnStep, orderAndDateSteps, pick, type ReturnStep, returnSteps, edgePeriods } from "../../support/random-returns.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";

const DAY = 86_400_000;
const OVERVIEW = `query($storeId: ID!, $from: DateTime, $to: DateTime) {
  returnsOverview(storeId: $storeId, from: $from, to: $to) {
    values { currency returned { amount } kept { amount } keptShare fees { amount } feeCount }
    returnRates { unitsSold byProduct { key title unitsReturned unitsSold rate } byVariant { key title unitsReturned unitsSold rate }
      byReason { key unitsReturned unitsSold rate } }
    times { stage count averageHours medianHours p90Hours }
    outcomes { interval points { start outcome currency items value { amount } } }
  }
}`;
const REMOVE = `mutation($id: ID!, $items: [ID!]!) { removeReturnItems(id: $id, itemIds: $items) { return { id } } }`;

type Op =
  | { kind: "order"; daysAgo: number; lines: { quantity: number; price: number; product: number; variant: number }[] }
  | ReturnStep
  | { kind: "remove"; ret: number; item: number }
  | { kind: "resync"; order: number; price: number; variantTitle: string }
  | { kind: "deleteOrder"; order: number }
  | { kind: "backdate"; ret: number; days: number; hours: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("order" as const),
      daysAgo: fc.integer({ min: 0, max: 100 }),
      lines: fc.array(
        fc.record({
          quantity: fc.integer({ min: 1, max: 4 }),
          price: fc.integer({ min: 0, max: 9999 }),
          product: fc.integer({ min: 0, max: 3 }),
          variant: fc.integer({ min: 0, max: 2 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
  },
  ...returnSteps(["complete", "open", "in_transit", "delivered", "deleted", "in_review"], 3),
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("remove" as const), ret: fc.nat(), item: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("resync" as const),
      order: fc.nat(),
      price: fc.integer({ min: 0, max: 9999 }),
      variantTitle: fc.constantFrom("S", "M", ""),
    }),
  },
  ...orderAndDateSteps,
);

describe.each(providers)("the overview's measures from the roll-ups (%s)", (provider) => {
  let svc: TestService;
  let run = 0;

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", ...NO_RATE_LIMITS });
  });
  afterAll(() => svc?.close());

  /** The measures from the rows themselves: orders' lines, returns, items and timelines of the period. */
  async function oracle(storeId: string, from: Date, to: Date) {
    const prisma = svc.services.db.prisma;
    const pg = provider === "postgresql";
    const num = (v: unknown) => Number(v ?? 0);
    const day = Prisma.raw(pg ? `to_char(r."createdAt", 'YYYY-MM-DD')` : `substr(r."createdAt", 1, 10)`);
    const inPeriod = Prisma.sql`r."storeId" = ${storeId} AND r."createdAt" >= ${from} AND r."createdAt" < ${to}`;
    const refund = Prisma.raw(
      `ROUND((li."unitPrice" * li."quantity" - li."discount") * ri."quantity" * 1.0 / li."quantity") + ROUND(li."tax" * ri."quantity" * 1.0 / li."quantity") - COALESCE(ri."merchantAdjustment", 0)`,
    );
    const lines = await prisma.orderLineItem.findMany({ where: { order: { storeId, placedAt: { gte: from, lt: to } } } });
    const soldBy = (key: (l: (typeof lines)[number]) => string) => {
      const m = new Map<string, number>();
      for (const l of lines) m.set(key(l), (m.get(key(l)) ?? 0) + l.quantity);
      return m;
    };
    const unitsSold = lines.reduce((a, l) => a + l.quantity, 0);
    const items = await prisma.$queryRaw<{ pid: string; vid: string; title: string; vtitle: string; reason: string; q: unknown }[]>`
      SELECT li."productId" AS pid, COALESCE(li."variantId", '') AS vid, li."title" AS title,
        li."title" || COALESCE(' / ' || NULLIF(li."variantTitle", ''), '') AS vtitle, ri."reason" AS reason, ri."quantity" AS q
      FROM "ReturnItem" ri JOIN "Return" r ON r."id" = ri."returnId" LEFT JOIN "OrderLineItem" li ON li."id" = ri."lineItemId" WHERE ${inPeriod}`;
    const rank = (
      key: (i: (typeof items)[number]) => string,
      title: (i: (typeof items)[number]) => string,
      sold: (k: string) => number,
    ) => {
      const m = new Map<string, { key: string; title: string; unitsReturned: number }>();
      for (const i of items) {
        const e = m.get(key(i)) ?? { key: key(i), title: title(i), unitsReturned: 0 };
        e.unitsReturned += num(i.q);
        if (title(i) > e.title) e.title = title(i);
        m.set(key(i), e);
      }
      return [...m.values()]
        .sort((a, b) => b.unitsReturned - a.unitsReturned || (a.key < b.key ? -1 : 1))
        .slice(0, 10)
        .map((e) => ({ ...e, unitsSold: sold(e.key), rate: sold(e.key) > 0 ? e.unitsReturned / sold(e.key) : null }));
    };
    const productsSold = soldBy((l) => l.productId);
    const variantsSold = soldBy((l) => l.variantId ?? "");
    const byReason = rank(
      (i) => i.reason,
      (i) => i.reason,
      () => unitsSold,
    ).map(({ title: _, ...r }) => r);

    // Times: each return's first entry reaching the stage, seconds as the triggers count them.
    const secs = pg
      ? `GREATEST(0, ROUND(EXTRACT(EPOCH FROM (t - c)))::bigint)`
      : `MAX(0, CAST(ROUND((julianday(t) - julianday(c)) * 86400) AS INTEGER))`;
    const times = [];
    for (const [stage, statuses] of Object.entries(STAGES)) {
      const set = Prisma.raw(statuses.map((s) => `'${s}'`).join(", "));
      const rows = await prisma.$queryRaw<{ s: unknown }[]>`SELECT ${Prisma.raw(secs)} AS s FROM (
        SELECT r."createdAt" AS c, MIN(e."createdAt") AS t FROM "Return" r JOIN "ReturnTimelineEntry" e ON e."returnId" = r."id"
        WHERE ${inPeriod} AND e."toStatus" IN (${set}) GROUP BY r."id", r."createdAt") z`;
      const all = rows.map((r) => num(r.s)).sort((a, b) => a - b);
      const bucket = (s: number) => STAGE_BUCKETS.find((b) => s <= b * 3600) ?? STAGE_BUCKETS.at(-1)!;
      const at = (share: number) => (all.length ? bucket(all[Math.ceil(share * all.length) - 1]) : null);
      times.push({
        stage,
        count: all.length,
        averageHours: all.length ? Math.round((all.reduce((a, b) => a + b, 0) / all.length / 3600) * 100) / 100 : null,
        medianHours: at(0.5),
        p90Hours: at(0.9),
      });
    }

    const outcomes = await prisma.$queryRaw<
      { day: string; currency: string; compensation: string; n: unknown; total: unknown; goods: unknown }[]
    >`
      SELECT day, currency, compensation, COUNT(*) AS n, SUM(CASE WHEN status = 'rejected' OR v < 0 THEN 0 ELSE v END) AS total,
        SUM(CASE WHEN status = 'rejected' THEN 0 ELSE g END) AS goods FROM (
        SELECT ${day} AS day, o."currency" AS currency, ri."compensation" AS compensation, ri."status" AS status, ${refund} AS v, li."unitPrice" * ri."quantity" AS g
        FROM "ReturnItem" ri JOIN "Return" r ON r."id" = ri."returnId" JOIN "OrderLineItem" li ON li."id" = ri."lineItemId" JOIN "Order" o ON o."id" = r."orderId"
        WHERE ${inPeriod} AND r."status" <> 'deleted') x GROUP BY day, currency, compensation`;
    const paid = (r: (typeof outcomes)[number]) => num(r.compensation === "exchange" ? r.goods : r.total);
    const fees = await prisma.$queryRaw<{ currency: string; n: unknown; total: unknown }[]>`
      SELECT COALESCE(o."currency", r."currency") AS currency, COUNT(*) AS n, SUM(r."returnFee") AS total
      FROM "Return" r LEFT JOIN "Order" o ON o."id" = r."orderId" WHERE ${inPeriod} AND r."returnFee" IS NOT NULL AND r."status" <> 'deleted'
      GROUP BY COALESCE(o."currency", r."currency")`;
    const currencies = [...new Set([...outcomes.map((o) => o.currency), ...fees.map((f) => f.currency)])].sort();
    const sum = (c: string, comps: string[]) =>
      outcomes.filter((o) => o.currency === c && comps.includes(o.compensation)).reduce((a, o) => a + paid(o), 0);
    const days = Math.ceil((to.getTime() - Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate())) / DAY);
    const interval = days <= 62 ? "day" : "week";
    const points = new Map<string, { start: string; outcome: string; currency: string; items: number; value: number }>();
    for (const r of outcomes) {
      const start = pointStart(r.day, interval, from.toISOString().slice(0, 10));
      const key = `${start} ${OUTCOMES.indexOf(r.compensation as never)} ${r.currency}`;
      const p = points.get(key) ?? { start, outcome: r.compensation, currency: r.currency, items: 0, value: 0 };
      p.items += num(r.n);
      p.value += paid(r);
      points.set(key, p);
    }
    return {
      values: currencies.map((c) => {
        const returned = sum(c, ["refund", "keep_item", "store_credit", "exchange"]);
        const kept = sum(c, ["store_credit", "exchange"]);
        const fee = fees.find((f) => f.currency === c);
        return {
          currency: c,
          returned: { amount: money(returned, c).amount },
          kept: { amount: money(kept, c).amount },
          keptShare: returned > 0 ? kept / returned : null,
          fees: { amount: money(num(fee?.total), c).amount },
          feeCount: num(fee?.n),
        };
      }),
      returnRates: {
        unitsSold,
        byProduct: rank(
          (i) => i.pid,
          (i) => i.title,
          (k) => productsSold.get(k) ?? 0,
        ),
        byVariant: rank(
          (i) => i.vid,
          (i) => i.vtitle,
          (k) => variantsSold.get(k) ?? 0,
        ),
        byReason,
      },
      times,
      outcomes: {
        interval,
        points: [...points.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([, p]) => ({ ...p, value: { amount: money(p.value, p.currency).amount } })),
      },
    };
  }

  async function apply(storeId: string, secret: string, ops: Op[]) {
    const orders: { id: string; body: ReturnType<typeof customOrderBody> }[] = [];
    const returns: { id: string; items: string[] }[] = [];
    const push = (body: ReturnType<typeof customOrderBody>) => {
      for (const l of body.lineItems)
        everTitles.set(
          l.variantId,
          (everTitles.get(l.variantId) ?? new Set()).add(l.title + (l.variantTitle ? ` / ${l.variantTitle}` : "")),
        );
      return svc.http.post(`/v2.2/stores/${storeId}/custom/orders`, body, { token: secret });
    };
    for (const o of ops) {
      if (o.kind === "order") {
        const id = `o${run}-${orders.length}`;
        const body = customOrderBody({
          id,
          name: `#${id}`,
          lines: o.lines.map((l, i) => ({ id: `${id}-${i}`, quantity: l.quantity, price: (l.price / 100).toFixed(2) })),
        });
        const placed = new Date(Date.now() - o.daysAgo * DAY - 3_600_000).toISOString();
        Object.assign(body, { createdAt: placed, updatedAt: placed });
        body.lineItems.forEach((line, i) =>
          Object.assign(line, {
            productId: `p${o.lines[i].product}`,
            title: `Product ${o.lines[i].product}`,
            variantId: `p${o.lines[i].product}-v${o.lines[i].variant}`,
            variantTitle: `V${o.lines[i].variant}`,
          }),
        );
        expect((await push(body)).status).toBe(200);
        orders.push({ id, body });
      } else if (o.kind === "return" || o.kind === "process" || o.kind === "status") {
        await applyReturnStep({ http: svc.http, storeId, secret, orders, returns }, o);
      } else if (o.kind === "remove") {
        const ret = pick(returns, o.ret);
        const item = ret && pick(ret.items, o.item);
        if (ret && item && ret.items.length > 1) {
          const res = await svc.http.graphql(REMOVE, { id: ret.id, items: [item] }, secret);
          if (!res.errors) ret.items = ret.items.filter((i) => i !== item);
        }
      } else if (o.kind === "resync") {
        const order = pick(orders, o.order);
        if (!order) continue;
        for (const line of order.body.lineItems) {
          const amount = (o.price / 100).toFixed(2);
          line.priceSet = { shopMoney: { amount, currencyCode: "USD" }, presentmentMoney: { amount, currencyCode: "USD" } };
          line.variantTitle = o.variantTitle;
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

  /** Every title a variant's lines have had (variant rows are titled by the latest seen). */
  const everTitles = new Map<string, Set<string>>();
  const seen = { times: 0, fees: 0, kept: 0, rates: 0, outcomes: 0 };
  it("say what the rows say after any sequence of changes, for whole months, whole days and parts of a day", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 18 }), async (ops) => {
        run++;
        const storeId = (await svc.createStore(`Measures ${run}`)).id;
        const { secret } = await svc.createApiClient(storeId, "all");
        // A published policy with a 5.00 fee (waived for store credit): returns carry fees.
        const draft = {
          window: { days: 3650, from: "order" },
          outcomes: { refund: true, storeCredit: true },
          returnFee: { amount: "5.00", waivedFor: ["store_credit"] },
        };
        expect((await svc.http.put(`/v2.2/stores/${storeId}/return-policy/draft`, { draft }, { token: secret })).status).toBe(200);
        expect((await svc.http.post(`/v2.2/stores/${storeId}/return-policy/publish`, {}, { token: secret })).status).toBe(201);
        // Every run starts with a return that arrives and one refunded, then the random changes.
        const line = { quantity: 3, price: 4000, product: 0, variant: 0 };
        const start: Op[] = [
          { kind: "order", daysAgo: 1, lines: [line, { ...line, product: 1 }] },
          { kind: "return", order: 0, picks: [{ line: 0, quantity: 1, reason: 0, credit: false }] },
          { kind: "return", order: 0, picks: [{ line: 1, quantity: 2, reason: 1, credit: true }] },
          { kind: "status", ret: 0, status: "delivered" },
          { kind: "process", ret: 1, item: 0, adjustment: 0, reject: false },
        ];
        await apply(storeId, secret, [...start, ...ops]);
        const now = Date.now();
        const midnight = Math.floor(now / DAY) * DAY;
        const periods: [number, number][] = [
          [midnight - 95 * DAY, midnight + DAY], // whole months and days, per week
          [now - 40 * DAY + 4_321_000, now + 3_600_000], // parts of a day at both ends, per day
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
          const got = res.data.returnsOverview;
          const want = await oracle(storeId, new Date(from), new Date(to));
          // A variant's title is the latest seen of its lines' (a re-sync may rename one order's lines only):
          // one its lines have had.
          for (const v of got.returnRates.byVariant) expect([...(everTitles.get(v.key) ?? [])]).toContain(v.title);
          const untitled = (o: typeof got) => ({
            ...o,
            returnRates: { ...o.returnRates, byVariant: o.returnRates.byVariant.map(({ title: _, ...v }: { title: string }) => v) },
          });
          expect(untitled(got)).toEqual(untitled(want));
          // What the runs exercised (asserted below: a property that compared only zeros would prove nothing).
          if (got.times.some((t: { count: number }) => t.count > 0)) seen.times++;
          if (got.values.some((v: { feeCount: number }) => v.feeCount > 0)) seen.fees++;
          if (got.values.some((v: { keptShare: number | null }) => v.keptShare)) seen.kept++;
          if (got.returnRates.byVariant.some((v: { rate: number | null }) => v.rate)) seen.rates++;
          if (got.outcomes.points.length) seen.outcomes++;
        }
      }),
      { numRuns: Number(process.env.ROLLUP_RUNS ?? 10) },
    );
    expect(
      Object.values(seen).every((n) => n > 0),
      JSON.stringify(seen),
    ).toBe(true);
  }, 180_000);
});
