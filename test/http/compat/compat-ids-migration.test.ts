// The compat_ids migration backfills returns that existed before it: ids 1…n in creation order (ties
// by id), and the counter continues after them; compat_ids_per_store then gives every store its own
// counter, continuing after the shared one (so no id is handed out twice in a store). Replays the
// real migration files on both databases.
import { readdirSync, readFileSync } from "node:fs";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { TEST_PG_ADMIN_URL } from "../../support/databases.js";

const folder = (p: string) =>
  readdirSync(p)
    .filter((d) => /^\d/.test(d))
    .sort();
const SEED = [
  `INSERT INTO "Store" ("id","name","updatedAt") VALUES ('st_1','S', CURRENT_TIMESTAMP)`,
  `INSERT INTO "Store" ("id","name","updatedAt") VALUES ('st_2','Without returns', CURRENT_TIMESTAMP)`,
  `INSERT INTO "Order" ("id","storeId","provider","externalId","name","source","currency","placedAt","updatedAt") VALUES ('ord_1','st_1','custom','e1','#1','custom_sync','USD',CURRENT_TIMESTAMP,CURRENT_TIMESTAMP)`,
  ...[
    ["ret_b", "2026-01-02 00:00:00"],
    ["ret_a", "2026-01-01 00:00:00"],
    ["ret_c", "2026-01-02 00:00:00"],
  ].map(
    ([id, at]) =>
      `INSERT INTO "Return" ("id","storeId","orderId","status","createdByType","createdAt","updatedAt") VALUES ('${id}','st_1','ord_1','open','system','${at}',CURRENT_TIMESTAMP)`,
  ),
];
const EXPECTED = {
  returns: [
    { id: "ret_a", compatId: 1 },
    { id: "ret_b", compatId: 2 },
    { id: "ret_c", compatId: 3 },
  ],
  counters: [
    { name: "return:st_1", next: 4 },
    { name: "return:st_2", next: 4 },
  ],
};
const COUNTERS = `SELECT name, next FROM "CompatSequence" ORDER BY name`;

describe.each(providers)("compat_ids migration backfill (%s)", (provider) => {
  it("numbers existing returns in creation order and starts every store's counter after them", async () => {
    if (provider === "sqlite") {
      const db = new Database(":memory:");
      for (const d of folder("prisma/migrations/sqlite")) {
        if (d.endsWith("_compat_ids")) for (const s of SEED) db.exec(s);
        db.exec(readFileSync(`prisma/migrations/sqlite/${d}/migration.sql`, "utf8"));
      }
      expect({
        returns: db.prepare(`SELECT id, compatId FROM "Return" ORDER BY compatId`).all(),
        counters: db.prepare(COUNTERS).all(),
      }).toEqual(EXPECTED);
      db.close();
      return;
    }
    const name = `retour_backfill_${Date.now().toString(36)}_${process.pid}`;
    const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(TEST_PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const c = new pg.Client({ connectionString: url.toString() });
    try {
      await c.connect();
      for (const d of folder("prisma/migrations/postgres")) {
        if (d.endsWith("_compat_ids")) for (const s of SEED) await c.query(s);
        await c.query(readFileSync(`prisma/migrations/postgres/${d}/migration.sql`, "utf8"));
      }
      const returns = (await c.query(`SELECT id, "compatId" FROM "Return" ORDER BY "compatId"`)).rows;
      const counters = (await c.query(COUNTERS)).rows;
      expect({ returns, counters }).toEqual(EXPECTED);
    } finally {
      await c.end().catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    }
  });
});
