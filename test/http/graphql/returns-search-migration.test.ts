// The return_search migration fills the search documents of returns that existed before it, in one
// INSERT … SELECT per table, each store's documents oldest first (SQLite: in the store's own rowid range),
// and a JSON column that is not JSON does not stop it; returns written after it continue their store's
// documents. Replays the real migration files on both databases.
import { readdirSync, readFileSync } from "node:fs";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { TEST_PG_ADMIN_URL } from "../../support/databases.js";
import { containsPattern, ftsPhrase } from "../../../src/returns/search.js";

const MIGRATION = "_return_search";
const folder = (p: string) =>
  readdirSync(p)
    .filter((d) => /^\d/.test(d))
    .sort();
const now = "CURRENT_TIMESTAMP";
const SEED = [
  `INSERT INTO "Store" ("id","name","updatedAt") VALUES ('st_1','S', ${now}), ('st_2','T', ${now})`,
  `INSERT INTO "Order" ("id","storeId","provider","externalId","name","source","currency","customerEmail","customerFirstName","customerLastName","placedAt","updatedAt")
   VALUES ('ord_1','st_1','custom','EXT-1','#1001','custom_sync','USD','ada@example.test','Ada','Lovelace',${now},${now}),
          ('ord_2','st_2','custom','EXT-2','#1001','custom_sync','USD','ada@example.test','Ada','Lovelace',${now},${now})`,
  `INSERT INTO "OrderLineItem" ("id","orderId","position","externalId","productId","sku","title","quantity")
   VALUES ('li_1','ord_1',0,'l1','p1','TEE-M','Organic tee',2), ('li_2','ord_2',0,'l1','p1','TEE-M','Organic tee',2)`,
  `INSERT INTO "Fulfillment" ("id","storeId","orderId","publicId","status","trackingNumber","updatedAt")
   VALUES ('ful_1','st_1','ord_1','f1','success','1Z-OUT-1',${now})`,
  `INSERT INTO "Return" ("id","storeId","orderId","status","createdByType","compatId","label","createdAt","updatedAt") VALUES
   ('ret_b','st_1','ord_1','open','system',2,'{"trackingNumber":"RTN-9"}','2026-01-02 00:00:00',${now}),
   ('ret_a','st_1','ord_1','open','system',1,'not json','2026-01-01 00:00:00',${now}),
   ('ret_z','st_2','ord_2','open','system',1,NULL,'2026-01-01 00:00:00',${now})`,
  `INSERT INTO "Return" ("id","storeId","status","createdByType","compatId","customer","externalReferenceId","updatedAt") VALUES
   ('ret_i','st_1','open','system',3,'{"firstName":"Mary","lastName":"Somerville","email":"mary@x.test"}','RMA-7',${now})`,
  `INSERT INTO "ReturnItem" ("id","returnId","orderId","lineItemId","position","quantity") VALUES
   ('rit_a','ret_a','ord_1','li_1',0,1), ('rit_b','ret_b','ord_1','li_1',0,1), ('rit_z','ret_z','ord_2','li_2',0,1)`,
  `INSERT INTO "ReturnItem" ("id","returnId","position","quantity","sku","productTitle") VALUES ('rit_i','ret_i',0,1,'GEAR-1','Brass gearwheel')`,
  `INSERT INTO "ReturnShipping" ("id","storeId","returnId","method","trackingNumber") VALUES ('shp_1','st_1','ret_a','label','SHIP-42')`,
];
const AFTER = `INSERT INTO "Return" ("id","storeId","orderId","status","createdByType","compatId","updatedAt") VALUES ('ret_new','st_1','ord_1','open','system',4,${now})`;
const BODIES = `SELECT "returnId", "body" FROM "ReturnSearch" ORDER BY "returnId"`;
const EXPECTED_BODIES = [
  { returnId: "ret_a", body: "R1 #1001 EXT-1 Ada Lovelace ada@example.test SHIP-42 TEE-M Organic tee 1Z-OUT-1" },
  { returnId: "ret_b", body: "R2 #1001 EXT-1 Ada Lovelace ada@example.test RTN-9 TEE-M Organic tee 1Z-OUT-1" },
  { returnId: "ret_i", body: "R3 RMA-7 Mary Somerville mary@x.test GEAR-1 Brass gearwheel" },
  { returnId: "ret_new", body: "R4 #1001 EXT-1 Ada Lovelace ada@example.test 1Z-OUT-1" }, // by the trigger (no items yet)
  { returnId: "ret_z", body: "R1 #1001 EXT-2 Ada Lovelace ada@example.test TEE-M Organic tee" },
];
/** Each store's returns in document order: oldest first, then the one written after the migration. */
const EXPECTED_ORDER = [
  ["st_1", "ret_a"],
  ["st_1", "ret_b"],
  ["st_1", "ret_i"],
  ["st_1", "ret_new"],
  ["st_2", "ret_z"],
];
const ORDER = `SELECT "storeId", "returnId" FROM "ReturnSearch" ORDER BY "storeId", "docId"`;

describe.each(providers)("return_search migration backfill (%s)", (provider) => {
  it("fills every existing return's document, oldest first per store; later returns continue", async () => {
    if (provider === "sqlite") {
      const db = new Database(":memory:");
      for (const d of folder("prisma/migrations/sqlite")) {
        if (d.endsWith(MIGRATION)) for (const s of SEED) db.exec(s);
        db.exec(readFileSync(`prisma/migrations/sqlite/${d}/migration.sql`, "utf8"));
      }
      db.exec(AFTER);
      expect(db.prepare(BODIES).all()).toEqual(EXPECTED_BODIES);
      expect(db.prepare(ORDER).raw().all()).toEqual(EXPECTED_ORDER);
      // Each store's documents in its own range of FTS rowids.
      const ranges = db
        .prepare(
          `SELECT "storeId", MIN("docId") / 1099511627776 AS lo, MAX("docId") / 1099511627776 AS hi FROM "ReturnSearch" GROUP BY "storeId"`,
        )
        .all() as {
        lo: number;
        hi: number;
      }[];
      for (const r of ranges) expect(r.lo).toBe(r.hi);
      expect(new Set(ranges.map((r) => r.lo)).size).toBe(ranges.length);
      const match = (w: string) =>
        db
          .prepare(
            `SELECT s."returnId" FROM "ReturnSearchText" t JOIN "ReturnSearch" s ON s."docId" = t.rowid WHERE t."ReturnSearchText" MATCH ? ORDER BY 1`,
          )
          .pluck()
          .all(ftsPhrase(w));
      expect(match("somervil")).toEqual(["ret_i"]);
      expect(match("ship-42")).toEqual(["ret_a"]);
      expect(match("LOVELACE")).toEqual(["ret_a", "ret_b", "ret_new", "ret_z"]);
      db.close();
      return;
    }
    const name = `retour_search_backfill_${Date.now().toString(36)}_${process.pid}`;
    const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(TEST_PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const c = new pg.Client({ connectionString: url.toString() });
    try {
      await c.connect();
      for (const d of folder("prisma/migrations/postgres")) {
        if (d.endsWith(MIGRATION)) for (const s of SEED) await c.query(s);
        await c.query(readFileSync(`prisma/migrations/postgres/${d}/migration.sql`, "utf8"));
      }
      await c.query(AFTER);
      expect((await c.query(BODIES)).rows).toEqual(EXPECTED_BODIES);
      expect((await c.query({ text: ORDER, rowMode: "array" })).rows).toEqual(EXPECTED_ORDER);
      const match = async (w: string) =>
        (await c.query(`SELECT "returnId" FROM "ReturnSearch" WHERE "body" ILIKE $1 ORDER BY 1`, [containsPattern(w)])).rows.map(
          (r) => r.returnId,
        );
      expect(await match("somervil")).toEqual(["ret_i"]);
      expect(await match("ship-42")).toEqual(["ret_a"]);
      expect(await match("LOVELACE")).toEqual(["ret_a", "ret_b", "ret_new", "ret_z"]);
    } finally {
      await c.end().catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    }
  });
});
