// The dashboard's overview of a period, read from roll-ups that triggers keep in the same transaction as
// the returns they count (ReturnDailyCount, ReturnItemDaily), so its cost follows the period's days, not
// its returns: at 1 000 000 returns a 366-day overview read every item of the year (123 s on SQLite, 15 s
// on PostgreSQL). The parts of a day at either end of the period are read from the returns themselves.
// What a returns team measures besides (revenue kept, fees, return rates against units sold, times, outcomes
// over time: issue 36) is read the same way (overview-measures.ts); its CSV is overview-csv.ts.
import { LIST_BOUNDS } from "../core/bounds.js";
import { Prisma } from "../db/generated/sqlite/client.js";
import type { RequestContext } from "../core/context.js";
import { refuse } from "./refusals.js";
import { money } from "../core/money.js";
import { DAILY_OUTCOMES_UP_TO, OUTCOMES, periodFees, pointStart, stageTimes, unitsSold } from "./overview-measures.js";
import { monthPlan, periodParts, type PeriodParts } from "./period.js";
import { RETURN_STATUSES } from "./transitions.js";

const DAY_MS = 86_400_000;
const MAX_DAYS = LIST_BOUNDS.overviewDays;
const TOP_REASONS = LIST_BOUNDS.overviewReasons;
const TOP_PRODUCTS = LIST_BOUNDS.overviewProducts;
const TOP_RATES = Math.max(TOP_PRODUCTS, LIST_BOUNDS.overviewRates);

/** [from, to) of the overview: the given bounds, else this calendar month in UTC. */
export function overviewPeriod(from: Date | null | undefined, to: Date | null | undefined, now = new Date()) {
  const start = from ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = to ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  if (end <= start) throw refuse("RETURN_PERIOD_ORDER");
  if (end.getTime() - start.getTime() > MAX_DAYS * DAY_MS) throw refuse("RETURN_PERIOD_TOO_LONG", { max: MAX_DAYS });
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

/** Returns created in the period per UTC day and status: whole days from the daily counts, the ends from the returns. */
async function periodCounts(ctx: RequestContext, storeId: string, parts: PeriodParts) {
  const rows: { day: string; status: string; count: number }[] = [];
  await Promise.all([
    parts.days &&
      ctx.laggingReads.returnDailyCount
        .findMany({ where: { storeId, day: { gte: parts.days[0], lt: parts.days[1] }, count: { gt: 0 } } })
        .then((r) => void rows.push(...r)),
    ...parts.edges.map(({ from: start, to: end, sign }) =>
      ctx.laggingReads.return
        .groupBy({ by: ["status"], where: { storeId, createdAt: { gte: start, lt: end } }, _count: { _all: true } })
        .then((r) => void rows.push(...r.map((g) => ({ day: dayOf(start.getTime()), status: g.status, count: sign * g._count._all })))),
    ),
  ]);
  return rows;
}

/**
 * The rows of one roll-up dimension over the period, as (`columns`…, day), UNION ALL the same figures of the
 * items at the period's ends (`edge`: their select list, one item a row, over `ri`, `r`, `li`, `o`; their day
 * is the part's UTC day; an edge taken off a whole day with its figures negated). Products and variants read
 * months from their monthly rows (their day then "YYYY-MM"), less the days outside the period as rows of
 * negative figures (monthPlan).
 */
export function figures(
  storeId: string,
  parts: PeriodParts,
  dimension: string,
  edge: Prisma.Sql,
  edgeJoin: Prisma.Sql,
  columns = ["key", "currency", "title", "items", "units", "value", "goods"],
) {
  const numeric = new Set(["items", "units", "value", "goods"]);
  const rollup = (dim: string, [a, b]: [string, string], sign = 1) =>
    Prisma.sql`SELECT ${Prisma.raw(columns.map((c) => (sign < 0 && numeric.has(c) ? `-"${c}" AS "${c}"` : `"${c}"`)).join(", "))}, "day" FROM "ReturnItemDaily"
      WHERE "storeId" = ${storeId} AND "dimension" = ${dim} AND "day" >= ${a} AND "day" < ${b}`;
  const parts_: Prisma.Sql[] = [];
  if (dimension === "product" || dimension === "variant") {
    const plan = monthPlan(parts);
    if (plan.months) parts_.push(rollup(`${dimension}-month`, plan.months));
    for (const range of plan.plus) parts_.push(rollup(dimension, range));
    for (const range of plan.minus) parts_.push(rollup(dimension, range, -1));
  } else if (parts.days) parts_.push(rollup(dimension, parts.days));
  for (const { from: start, to: end, sign } of parts.edges) {
    const rows = Prisma.sql`SELECT ${edge}, ${Prisma.raw(`'${dayOf(start.getTime())}'`)} AS "day" FROM "ReturnItem" ri JOIN "Return" r ON r."id" = ri."returnId" ${edgeJoin}
      WHERE r."storeId" = ${storeId} AND r."createdAt" >= ${start} AND r."createdAt" < ${end}`;
    const negated = Prisma.raw([...columns.map((c) => (numeric.has(c) ? `-e."${c}" AS "${c}"` : `e."${c}"`)), `e."day"`].join(", "));
    parts_.push(sign > 0 ? rows : Prisma.sql`SELECT ${negated} FROM (${rows}) e`);
  }
  return Prisma.join(parts_, " UNION ALL ");
}

export async function returnsOverview(ctx: RequestContext, storeId: string, fromArg?: Date | null, toArg?: Date | null) {
  const { from, to } = overviewPeriod(fromArg, toArg);
  const parts = periodParts(from, to);
  const pg = ctx.services.db.provider === "postgresql";
  const int = (e: string) => (pg ? `ROUND(${e})::bigint` : `CAST(ROUND(${e}) AS INTEGER)`);
  // An item's refund as Return.totals computes it (and the roll-up's trigger): its share of the line's
  // value and tax, less the adjustment; nothing for a rejected item, never below zero.
  // PostgreSQL multiplies int4 as int4: the amounts as bigint, so a large line times a large quantity cannot overflow.
  const q = pg ? `ri."quantity"::bigint` : `ri."quantity"`;
  const up = pg ? `li."unitPrice"::bigint` : `li."unitPrice"`;
  const v = `(CASE WHEN li."quantity" = 0 THEN 0 ELSE ${int(`(${up} * li."quantity" - li."discount") * ${q} * 1.0 / li."quantity"`)} + ${int(`li."tax" * ${q} * 1.0 / li."quantity"`)} - COALESCE(ri."merchantAdjustment", 0) END)`;
  const noJoin = Prisma.empty;
  const lineJoin = Prisma.sql`JOIN "OrderLineItem" li ON li."id" = ri."lineItemId"`;
  const edgeColumns = (...exprs: string[]) =>
    Prisma.raw(exprs.map((e, i) => `${e} AS "${["key", "currency", "title", "items", "units", "value", "goods"][i]}"`).join(", "));
  const reasonEdge = edgeColumns(`ri."reason"`, "''", "''", "1", `ri."quantity"`, "0", "0");
  const outcomeEdge = edgeColumns(
    `ri."compensation"`,
    `o."currency"`,
    "''",
    "1",
    "0",
    `CASE WHEN ri."status" = 'rejected' OR ${v} < 0 THEN 0 ELSE ${v} END`,
    `CASE WHEN ri."status" = 'rejected' THEN 0 ELSE ${up} * ${q} END`,
  );
  const outcomeJoin = Prisma.sql`JOIN "OrderLineItem" li ON li."id" = ri."lineItemId" JOIN "Order" o ON o."id" = r."orderId" AND r."status" <> 'deleted'`;

  // The rankings read only what they rank by, from the covering index (storeId, dimension, day, key, units,
  // items, title): at 1 000 000 returns a year of a 2 000-product store is about 140 000 rows a ranking.
  const rankColumns = (key: string, title: string) =>
    Prisma.raw(`${key} AS "key", ${title} AS "title", 1 AS "items", ri."quantity" AS "units"`);
  const rankEdge = {
    product: rankColumns(`li."productId"`, `li."title"`),
    variant: rankColumns(`COALESCE(li."variantId", '')`, `li."title" || COALESCE(' / ' || NULLIF(li."variantTitle", ''), '')`),
  };
  const ranked = (dimension: "product" | "variant") =>
    ctx.laggingReads.$queryRaw<{ key: string; title: string; units: unknown }[]>`
      SELECT "key" AS key, MAX(CASE WHEN "items" > 0 THEN "title" END) AS title, SUM("units") AS units
      FROM (${figures(storeId, parts, dimension, rankEdge[dimension], lineJoin, ["key", "title", "items", "units"])}) x
      GROUP BY "key" HAVING SUM("items") > 0 ORDER BY SUM("units") DESC, "key" ASC LIMIT ${TOP_RATES}`;

  const reasonRows = figures(storeId, parts, "reason", reasonEdge, noJoin);
  const [counts, unitSum, reasons, outcomeDays, products, variants, sold, times, fees] = await Promise.all([
    periodCounts(ctx, storeId, parts),
    ctx.laggingReads.$queryRaw<{ units: unknown }[]>`SELECT SUM("units") AS units FROM (${reasonRows}) x`,
    ctx.laggingReads.$queryRaw<{ reason: string; units: unknown }[]>`
      SELECT "key" AS reason, SUM("units") AS units FROM (${reasonRows}) x GROUP BY "key" HAVING SUM("items") > 0
      ORDER BY SUM("units") DESC, "key" ASC LIMIT ${TOP_REASONS}`,
    // Per day, outcome and currency; an exchange's figure is the goods exchanged (unit price × quantity), as
    // Return.totals.exchange counts it.
    ctx.laggingReads.$queryRaw<{ day: string; currency: string; compensation: string; items: unknown; total: unknown; goods: unknown }[]>`
      SELECT "day" AS day, "currency" AS currency, "key" AS compensation, SUM("items") AS items, SUM("value") AS total, SUM("goods") AS goods
      FROM (${figures(storeId, parts, "outcome", outcomeEdge, outcomeJoin)}) x GROUP BY "day", "currency", "key" HAVING SUM("items") > 0`,
    ranked("product"),
    ranked("variant"),
    unitsSold(ctx, storeId, parts, "all"),
    stageTimes(ctx, storeId, parts, pg),
    periodFees(ctx, storeId, parts),
  ]);
  const [productsSold, variantsSold] = await Promise.all([
    unitsSold(
      ctx,
      storeId,
      parts,
      "product",
      products.map((p) => p.key),
    ),
    unitsSold(
      ctx,
      storeId,
      parts,
      "variant",
      variants.map((p) => p.key),
    ),
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
  // What an outcome pays: the refund or credit after adjustments, the goods for an exchange.
  const paid = (r: (typeof outcomeDays)[number]) => num(r.compensation === "exchange" ? r.goods : r.total);
  const totals = new Map<string, number>();
  for (const r of outcomeDays)
    totals.set(`${r.currency} ${r.compensation}`, (totals.get(`${r.currency} ${r.compensation}`) ?? 0) + paid(r));
  const sumOf = (currency: string, compensation: string) => totals.get(`${currency} ${compensation}`) ?? 0;
  const currencies = [...new Set([...outcomeDays.map((v) => v.currency), ...fees.keys()])].sort();
  const values = currencies.map((c) => {
    const refund = sumOf(c, "refund") + sumOf(c, "keep_item");
    const kept = sumOf(c, "store_credit") + sumOf(c, "exchange");
    const fee = fees.get(c);
    return {
      currency: c,
      refund: money(refund, c),
      storeCredit: money(sumOf(c, "store_credit"), c),
      exchange: money(sumOf(c, "exchange"), c),
      returned: money(refund + kept, c),
      kept: money(kept, c),
      keptShare: refund + kept > 0 ? kept / (refund + kept) : null,
      fees: money(fee?.total ?? 0, c),
      feeCount: fee?.count ?? 0,
    };
  });

  const firstDay = dayOf(from.getTime());
  const interval = byDay.length <= DAILY_OUTCOMES_UP_TO ? ("day" as const) : ("week" as const);
  type Outcome = (typeof OUTCOMES)[number];
  const points = new Map<string, { start: string; outcome: Outcome; currency: string; items: number; value: number }>();
  for (const r of outcomeDays) {
    const outcome = OUTCOMES.find((o) => o === r.compensation);
    if (!outcome) continue;
    const start = pointStart(r.day, interval, firstDay);
    const key = `${start} ${OUTCOMES.indexOf(outcome)} ${r.currency}`;
    const p = points.get(key) ?? { start, outcome, currency: r.currency, items: 0, value: 0 };
    p.items += num(r.items);
    p.value += paid(r);
    points.set(key, p);
  }
  const totalSold = sold.get("") ?? 0;
  const rate = (returned: number, soldUnits: number) => (soldUnits > 0 ? returned / soldUnits : null);
  const rated = (rows: { key: string; title: string; units: unknown }[], soldBy: Map<string, number>) =>
    rows.map((r) => ({
      key: r.key,
      title: r.title,
      unitsReturned: units(r.units),
      unitsSold: soldBy.get(r.key) ?? 0,
      rate: rate(num(r.units), soldBy.get(r.key) ?? 0),
    }));
  return {
    from,
    to,
    returnCount: [...statuses.values()].reduce((a, b) => a + b, 0),
    unitCount: units(unitSum[0]?.units),
    byDay,
    byStatus: RETURN_STATUSES.map((status) => ({ status, count: statuses.get(status) ?? 0 })),
    byReason: reasons.map((r) => ({ reason: r.reason, units: units(r.units) })),
    values,
    topProducts: products.slice(0, TOP_PRODUCTS).map((p) => ({ productId: p.key, title: p.title, units: units(p.units) })),
    returnRates: {
      unitsSold: totalSold,
      byProduct: rated(products, productsSold),
      byVariant: rated(variants, variantsSold),
      byReason: reasons.map((r) => ({
        key: r.reason,
        title: r.reason,
        unitsReturned: units(r.units),
        unitsSold: totalSold,
        rate: rate(num(r.units), totalSold),
      })),
    },
    times,
    outcomes: {
      interval,
      points: [...points.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([, p]) => ({ start: p.start, outcome: p.outcome, currency: p.currency, items: p.items, value: money(p.value, p.currency) })),
    },
  };
}
