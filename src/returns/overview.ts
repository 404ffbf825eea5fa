// The dashboard's overview of a period: every figure grouped in the database (Prisma groupBy, or one
// grouped SQL statement where a join or a day bucket is needed), so its cost does not grow with the
// number of returns read back, and every list it answers is bounded.
import { LIST_BOUNDS } from "../core/bounds.js";
import { Prisma } from "../db/generated/sqlite/client.js";
import type { RequestContext } from "../core/context.js";
import { fail } from "../core/errors.js";
import { money } from "../core/money.js";
import { RETURN_STATUSES } from "./transitions.js";

const DAY_MS = 86_400_000;
const MAX_DAYS = LIST_BOUNDS.overviewDays;
const TOP_REASONS = LIST_BOUNDS.overviewReasons;
const TOP_PRODUCTS = LIST_BOUNDS.overviewProducts;

/** [from, to) of the overview: the given bounds, else this calendar month in UTC. */
export function overviewPeriod(from: Date | null | undefined, to: Date | null | undefined, now = new Date()) {
  const start = from ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = to ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  if (end <= start) throw fail.badInput("`to` must be after `from`.", "to");
  if (end.getTime() - start.getTime() > MAX_DAYS * DAY_MS)
    throw fail.badInput(`The period may span at most ${MAX_DAYS} days; choose a later \`from\` or an earlier \`to\`.`, "from");
  return { from: start, to: end };
}

const num = (v: unknown) => Number(v ?? 0); // PostgreSQL answers SUM/COUNT as bigint or Decimal
/**
 * A sum of units as a GraphQL Int: inputs are bounded so sums stay far below it, but rows written
 * before the bounds may not be, and an overview must still answer (capped, never a 500).
 */
const GRAPHQL_INT_MAX = 2_147_483_647;
const units = (v: unknown) => Math.min(num(v), GRAPHQL_INT_MAX);

const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Returns created in [from, to) per UTC day and status. Whole days come from the store's daily counts
 * (kept by triggers: at most 366 days × statuses rows, however many returns the store has); a period
 * that starts or ends inside a day counts that day's part from the returns themselves (one day's worth).
 */
async function periodCounts(ctx: RequestContext, storeId: string, from: Date, to: Date) {
  const firstWhole = Math.ceil(from.getTime() / DAY_MS) * DAY_MS;
  const endWhole = Math.floor(to.getTime() / DAY_MS) * DAY_MS;
  const edges: [Date, Date][] = [];
  const rows: { day: string; status: string; count: number }[] = [];
  const reads: Promise<void>[] = [];
  if (firstWhole < endWhole) {
    if (from.getTime() < firstWhole) edges.push([from, new Date(firstWhole)]);
    if (endWhole < to.getTime()) edges.push([new Date(endWhole), to]);
    reads.push(
      ctx.prisma.returnDailyCount
        .findMany({ where: { storeId, day: { gte: dayOf(firstWhole), lt: dayOf(endWhole) }, count: { gt: 0 } } })
        .then((r) => void rows.push(...r)),
    );
  } else edges.push([from, to]);
  for (const [start, end] of edges)
    reads.push(
      ctx.prisma.return
        .groupBy({ by: ["status"], where: { storeId, createdAt: { gte: start, lt: end } }, _count: { _all: true } })
        .then((r) => void rows.push(...r.map((g) => ({ day: dayOf(start.getTime()), status: g.status, count: g._count._all })))),
    );
  await Promise.all(reads);
  return rows;
}

export async function returnsOverview(ctx: RequestContext, storeId: string, fromArg?: Date | null, toArg?: Date | null) {
  const { from, to } = overviewPeriod(fromArg, toArg);
  const period = { storeId, createdAt: { gte: from, lt: to } };
  const inPeriod = Prisma.sql`r."storeId" = ${storeId} AND r."createdAt" >= ${from} AND r."createdAt" < ${to}`;
  // An item's refund as Return.totals computes it: its share of the line's value and tax, less the adjustment.
  const refund = Prisma.raw(
    `ROUND((li."unitPrice" * li."quantity" - li."discount") * ri."quantity" * 1.0 / li."quantity") + ROUND(li."tax" * ri."quantity" * 1.0 / li."quantity") - COALESCE(ri."merchantAdjustment", 0)`,
  );

  const [counts, unitSum, reasons, values, products] = await Promise.all([
    periodCounts(ctx, storeId, from, to),
    ctx.prisma.returnItem.aggregate({ where: { return: period }, _sum: { quantity: true } }),
    ctx.prisma.returnItem.groupBy({
      by: ["reason"],
      where: { return: period },
      _sum: { quantity: true },
      orderBy: { _sum: { quantity: "desc" } },
      take: TOP_REASONS,
    }),
    // An exchange's figure is the goods exchanged (unit price × quantity), as Return.totals.exchange counts it.
    ctx.prisma.$queryRaw<{ currency: string; compensation: string; total: unknown; goods: unknown }[]>`
      SELECT currency, compensation, SUM(CASE WHEN status = 'rejected' OR v < 0 THEN 0 ELSE v END) AS total,
        SUM(CASE WHEN status = 'rejected' THEN 0 ELSE g END) AS goods FROM (
        SELECT o."currency" AS currency, ri."compensation" AS compensation, ri."status" AS status, ${refund} AS v,
          li."unitPrice" * ri."quantity" AS g
        FROM "ReturnItem" ri JOIN "Return" r ON r."id" = ri."returnId" JOIN "OrderLineItem" li ON li."id" = ri."lineItemId" JOIN "Order" o ON o."id" = r."orderId"
        WHERE ${inPeriod} AND r."status" <> 'deleted'
      ) x GROUP BY currency, compensation`,
    ctx.prisma.$queryRaw<{ productId: string; title: string; units: unknown }[]>`
      SELECT li."productId" AS "productId", MAX(li."title") AS title, SUM(ri."quantity") AS units
      FROM "ReturnItem" ri JOIN "Return" r ON r."id" = ri."returnId" JOIN "OrderLineItem" li ON li."id" = ri."lineItemId"
      WHERE ${inPeriod} GROUP BY li."productId" ORDER BY units DESC, li."productId" ASC LIMIT ${TOP_PRODUCTS}`,
  ]);

  const perDay = new Map<string, number>();
  const statuses = new Map<string, number>();
  for (const c of counts) {
    perDay.set(c.day, (perDay.get(c.day) ?? 0) + c.count);
    statuses.set(c.status, (statuses.get(c.status) ?? 0) + c.count);
  }
  const byDay: { day: string; count: number }[] = [];
  for (let t = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()); t < to.getTime(); t += DAY_MS) {
    const key = new Date(t).toISOString().slice(0, 10);
    byDay.push({ day: key, count: perDay.get(key) ?? 0 });
  }
  const currencies = [...new Set(values.map((v) => v.currency))].sort();
  const sumOf = (currency: string, compensation: string) =>
    num(values.find((v) => v.currency === currency && v.compensation === compensation)?.total);
  return {
    from,
    to,
    returnCount: [...statuses.values()].reduce((a, b) => a + b, 0),
    unitCount: units(unitSum._sum.quantity),
    byDay,
    byStatus: RETURN_STATUSES.map((status) => ({ status, count: statuses.get(status) ?? 0 })),
    byReason: reasons.map((r) => ({ reason: r.reason, units: units(r._sum.quantity) })),
    values: currencies.map((c) => ({
      currency: c,
      refund: money(sumOf(c, "refund") + sumOf(c, "keep_item"), c),
      storeCredit: money(sumOf(c, "store_credit"), c),
      exchange: money(num(values.find((v) => v.currency === c && v.compensation === "exchange")?.goods), c),
    })),
    topProducts: products.map((p) => ({ productId: p.productId, title: p.title, units: units(p.units) })),
  };
}
