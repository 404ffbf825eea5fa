// What a returns team measures (issue 36), read from roll-ups kept by triggers (migration
// overview_measures) like the rest of the overview: units sold (OrderUnitsDaily) against units asked back
// per product, variant and reason; request → arrival → refund (ReturnStageDaily, buckets of hours);
// fees per currency and outcomes over time (ReturnItemDaily). Whole days (and months) read the roll-ups,
// the parts of a day at either end read the rows themselves, so the cost follows the period, not the store.
import { Prisma } from "../db/generated/sqlite/client.js";
import type { RequestContext } from "../core/context.js";
import { monthPlan, type PeriodParts } from "./period.js";

/** Upper bounds, in hours, of the buckets ReturnStageDaily counts in (as prisma/overview-measures.sql.mjs writes them). */
export const STAGE_BUCKETS = [1, 2, 4, 8, 12, 24, 36, 48, 72, 96, 120, 168, 240, 336, 504, 720, 1440, 2160, 4320, 8760, 87600];
/** The statuses whose first reaching marks each stage. */
export const STAGES = { arrival: ["delivered", "in_review", "complete"], refund: ["complete"] } as const;
export type Stage = keyof typeof STAGES;
export const OUTCOMES = ["refund", "store_credit", "exchange", "keep_item"] as const;

const num = (v: unknown) => Number(v ?? 0);
const GRAPHQL_INT_MAX = 2_147_483_647;
export const units = (v: unknown) => Math.min(num(v), GRAPHQL_INT_MAX);
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Units sold in the period per key of `dimension` (only `keys` when given; "all" has the one key ""). */
export async function unitsSold(
  ctx: RequestContext,
  storeId: string,
  parts: PeriodParts,
  dimension: "all" | "product" | "variant",
  keys?: string[],
): Promise<Map<string, number>> {
  if (keys && !keys.length) return new Map();
  const only = (col: Prisma.Sql) => (keys ? Prisma.sql` AND ${col} IN (${Prisma.join(keys)})` : Prisma.empty);
  const rollup = (dim: string, [a, b]: [string, string], sign = 1) =>
    Prisma.sql`SELECT "key", ${Prisma.raw(sign < 0 ? `-"units"` : `"units"`)} AS "units" FROM "OrderUnitsDaily" WHERE "storeId" = ${storeId}
      AND "dimension" = ${dim} AND "day" >= ${a} AND "day" < ${b}${only(Prisma.raw(`"key"`))}`;
  const sql: Prisma.Sql[] = [];
  if (dimension === "all") {
    if (parts.days) sql.push(rollup("all", parts.days));
  } else {
    const plan = monthPlan(parts);
    if (plan.months) sql.push(rollup(`${dimension}-month`, plan.months));
    for (const range of plan.plus) sql.push(rollup(dimension, range));
    for (const range of plan.minus) sql.push(rollup(dimension, range, -1));
  }
  const key = Prisma.raw(dimension === "all" ? "''" : dimension === "product" ? `li."productId"` : `COALESCE(li."variantId", '')`);
  for (const { from: start, to: end, sign } of parts.edges)
    sql.push(Prisma.sql`SELECT ${key} AS "key", ${Prisma.raw(String(sign))} * li."quantity" AS "units" FROM "OrderLineItem" li JOIN "Order" o ON o."id" = li."orderId"
      WHERE o."storeId" = ${storeId} AND o."placedAt" >= ${start} AND o."placedAt" < ${end}${only(key)}`);
  const rows = await ctx.laggingReads.$queryRaw<{ key: string; units: unknown }[]>`
    SELECT "key" AS key, SUM("units") AS units FROM (${Prisma.join(sql, " UNION ALL ")}) x GROUP BY "key"`;
  return new Map(rows.map((r) => [r.key, units(r.units)]));
}

/** Seconds from `b` to `a`, never below 0, as the triggers compute them. */
const secondsBetween = (pg: boolean, a: string, b: string) =>
  pg
    ? `GREATEST(0, ROUND(EXTRACT(EPOCH FROM (${a} - ${b})))::bigint)`
    : `MAX(0, CAST(ROUND((julianday(${a}) - julianday(${b})) * 86400) AS INTEGER))`;
const bucketOf = (secs: string) =>
  `CASE ${STAGE_BUCKETS.slice(0, -1)
    .map((b) => `WHEN ${secs} <= ${b * 3600} THEN ${b}`)
    .join(" ")} ELSE ${STAGE_BUCKETS.at(-1)} END`;

/** Request → arrival and request → refund of the period's returns: count, exact average, median and p90 to the bucket. */
export async function stageTimes(ctx: RequestContext, storeId: string, parts: PeriodParts, pg: boolean) {
  const sql: Prisma.Sql[] = [];
  if (parts.days)
    sql.push(Prisma.sql`SELECT "stage", "bucket", "count" AS n, "seconds" AS secs FROM "ReturnStageDaily"
      WHERE "storeId" = ${storeId} AND "stage" IN ('arrival', 'refund') AND "day" >= ${parts.days[0]} AND "day" < ${parts.days[1]}`);
  for (const { from: start, to: end, sign } of parts.edges)
    for (const stage of Object.keys(STAGES) as Stage[]) {
      const statuses = Prisma.raw(STAGES[stage].map((s) => `'${s}'`).join(", "));
      const secs = secondsBetween(pg, "z.t", "z.c");
      // PostgreSQL pulls the inner select up into the outer one and runs the MIN subquery once per mention
      // of z.t (23 a return: the bucket's CASE names it in each arm); OFFSET 0 keeps the inner select whole,
      // so it runs once a return. At 1 000 000 returns (1 370 a day) the statement took 1 652 ms, then 15 ms.
      sql.push(Prisma.sql`SELECT ${Prisma.raw(`'${stage}'`)} AS "stage", ${Prisma.raw(bucketOf(secs))} AS "bucket", ${Prisma.raw(`${sign} AS n, ${sign} * ${secs}`)} AS secs
        FROM (SELECT r."createdAt" AS c, (SELECT MIN(e."createdAt") FROM "ReturnTimelineEntry" e WHERE e."returnId" = r."id" AND e."toStatus" IN (${statuses})) AS t
          FROM "Return" r WHERE r."storeId" = ${storeId} AND r."createdAt" >= ${start} AND r."createdAt" < ${end}${Prisma.raw(pg ? " OFFSET 0" : "")}) z WHERE z.t IS NOT NULL`);
    }
  const rows = sql.length
    ? await ctx.laggingReads.$queryRaw<{ stage: string; bucket: unknown; n: unknown; secs: unknown }[]>`
        SELECT "stage" AS stage, "bucket" AS bucket, SUM(n) AS n, SUM(secs) AS secs FROM (${Prisma.join(sql, " UNION ALL ")}) x
        GROUP BY "stage", "bucket"`
    : [];
  return (Object.keys(STAGES) as Stage[]).map((stage) => {
    const buckets = rows
      .filter((r) => r.stage === stage && num(r.n) > 0)
      .map((r) => ({ bucket: num(r.bucket), n: num(r.n), secs: num(r.secs) }))
      .sort((a, b) => a.bucket - b.bucket);
    const count = buckets.reduce((a, b) => a + b.n, 0);
    const seconds = buckets.reduce((a, b) => a + b.secs, 0);
    const within = (share: number) => {
      let seen = 0;
      for (const b of buckets) if ((seen += b.n) >= share * count) return b.bucket;
      return null;
    };
    return {
      stage,
      count: Math.min(count, GRAPHQL_INT_MAX),
      averageHours: count ? Math.round((seconds / count / 3600) * 100) / 100 : null,
      medianHours: count ? within(0.5) : null,
      p90Hours: count ? within(0.9) : null,
    };
  });
}

/** Fees of the period's returns (not cancelled or reset) per currency: total (minor units) and how many. */
export async function periodFees(ctx: RequestContext, storeId: string, parts: PeriodParts) {
  const sql: Prisma.Sql[] = [];
  if (parts.days)
    sql.push(Prisma.sql`SELECT "currency", "items", "value" FROM "ReturnItemDaily"
      WHERE "storeId" = ${storeId} AND "dimension" = 'fee' AND "day" >= ${parts.days[0]} AND "day" < ${parts.days[1]}`);
  for (const { from: start, to: end, sign } of parts.edges)
    sql.push(Prisma.sql`SELECT COALESCE(o."currency", r."currency") AS "currency", ${Prisma.raw(String(sign))} AS "items", ${Prisma.raw(String(sign))} * r."returnFee" AS "value"
      FROM "Return" r LEFT JOIN "Order" o ON o."id" = r."orderId"
      WHERE r."storeId" = ${storeId} AND r."createdAt" >= ${start} AND r."createdAt" < ${end} AND r."returnFee" IS NOT NULL AND r."status" <> 'deleted'`);
  const rows = await ctx.laggingReads.$queryRaw<{ currency: string | null; items: unknown; value: unknown }[]>`
    SELECT "currency" AS currency, SUM("items") AS items, SUM("value") AS value FROM (${Prisma.join(sql, " UNION ALL ")}) x
    WHERE "currency" IS NOT NULL GROUP BY "currency" HAVING SUM("items") > 0`;
  return new Map(rows.map((r) => [r.currency as string, { count: units(r.items), total: num(r.value) }]));
}

/** The start of the point a day falls in: the day itself, or the Monday of its week (not before `first`). */
export function pointStart(day: string, interval: "day" | "week", first: string) {
  if (interval === "day") return day;
  const t = Date.parse(`${day}T00:00:00Z`);
  const monday = dayOf(t - ((new Date(t).getUTCDay() + 6) % 7) * 86_400_000);
  return monday < first ? first : monday;
}

/** The days of a period the outcomes are drawn per day; longer ones per week. */
export const DAILY_OUTCOMES_UP_TO = 62;
