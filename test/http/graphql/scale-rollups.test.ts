// The scale generator's roll-ups (test/bench/scale/rollups.ts) are what the service's triggers write: a
// store grown with the triggers firing row by row and one grown with them suspended and the roll-ups
// filled again from the rows hold the same roll-up rows, and the refill leaves every other store's rows
// (the template's, written through the doors, and the first store's) exactly as their triggers wrote them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTemplate, grow, makeTags, openScaleDb, subscribe, type ScaleDb } from "../../bench/scale/grow.js";
import { rollupBackfills } from "../../bench/scale/rollups.js";
import { providers } from "../../support/env.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";

const SIZE = 700;

describe.each(providers)("the scale generator's roll-ups (%s)", (provider) => {
  let svc: TestService;
  let db: ScaleDb & { close(): Promise<void> };
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", ...NO_RATE_LIMITS });
    db = await openScaleDb(provider, svc.databaseUrl);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await svc?.close();
  });

  async function store(name: string) {
    const id = (await svc.createStore(name)).id;
    const { secret } = await svc.createApiClient(id, "all");
    await subscribe(svc, id, secret);
    await makeTags(svc, id, secret);
    return id;
  }

  /** Every roll-up row of a store, its store left out, in one order. */
  async function rollups(storeId: string): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const table of rollupBackfills(db).tables) {
      // A tag's counts are the store's through its tag, named by the tag's name (each store has its own tag ids).
      const rows = await db.query<Record<string, unknown>>(
        table === "ReturnTagCount"
          ? `SELECT g."name" AS "tag", c."status", c."count" FROM "ReturnTagCount" c JOIN "ReturnTag" g ON g."id" = c."tagId" WHERE g."storeId" = '${storeId}'`
          : `SELECT * FROM "${table}" WHERE "storeId" = '${storeId}'`,
      );
      out[table] = rows
        .map(({ storeId: _, ...rest }) =>
          JSON.stringify(Object.entries(rest).map(([k, v]) => [k, typeof v === "bigint" || typeof v === "number" ? String(v) : v])),
        )
        .sort();
    }
    return out;
  }

  it("finds the migrations' refill of each roll-up", () => {
    const { tables, statements } = rollupBackfills(db);
    expect(tables.sort()).toEqual(["OrderUnitsDaily", "ReturnDailyCount", "ReturnItemDaily", "ReturnStageDaily", "ReturnTagCount"]);
    expect(statements.length).toBeGreaterThanOrEqual(15);
  });

  it("a store grown with its roll-ups refilled holds the rows the triggers write", { timeout: 120_000 }, async () => {
    const template = await buildTemplate(svc, `rollups-${provider}`);
    const byTriggers = await store("Grown row by row");
    await grow(db, template.storeId, byTriggers, { first: 0, count: SIZE, total: SIZE, now, key: "t", rollups: "triggers" });
    const before = { template: await rollups(template.storeId), byTriggers: await rollups(byTriggers) };
    expect(before.byTriggers.ReturnItemDaily.length).toBeGreaterThan(100);
    expect(before.byTriggers.ReturnStageDaily.length).toBeGreaterThan(10);
    expect(before.byTriggers.ReturnTagCount.length).toBeGreaterThan(1);
    // Each grown return reaches a stage 1 to 450 hours after its request (never a bucket past 504 hours).
    const buckets = before.byTriggers.ReturnStageDaily.map((row) => Number(new Map<string, string>(JSON.parse(row)).get("bucket")));
    expect(Math.max(...buckets)).toBeLessThanOrEqual(504);

    const refilled = await store("Grown in bulk");
    await grow(db, template.storeId, refilled, { first: 0, count: SIZE, total: SIZE, now, key: "r" });
    expect(await rollups(refilled)).toEqual(before.byTriggers);
    expect({ template: await rollups(template.storeId), byTriggers: await rollups(byTriggers) }).toEqual(before);

    // The triggers are back: the 8 returns of a template made through the doors after the growth are counted.
    const again = await buildTemplate(svc, `rollups-again-${provider}`);
    const [{ n }] = await db.query<{ n: number | string }>(
      `SELECT SUM("count") AS n FROM "ReturnDailyCount" WHERE "storeId" = '${again.storeId}'`,
    );
    expect(Number(n)).toBe(8);
  });
});
