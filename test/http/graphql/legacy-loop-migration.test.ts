// The legacy_loop_webhooks migration: webhooks made with kind "loop" before it had its own format got
// Retour's own payloads; replaying the real migration files on both databases, they come out as kind
// "redo" (so they keep receiving what they received), active, without a trigger, and a redo one is untouched.
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
/** Written just before warehouse_webhooks, when the Webhook table had no trigger, status or platformId. */
const SEED = ["wh_legacy_loop", "wh_redo"].map(
  (id) =>
    `INSERT INTO "Webhook" ("id","storeId","topic","kind","callbackUrl","signingSecretEnc","updatedAt") VALUES ('${id}','st_1','return','${id === "wh_redo" ? "redo" : "loop"}','https://example.com/h','v1.x.y.z',CURRENT_TIMESTAMP)`,
);
const ROWS = `SELECT id, kind, status, "trigger" FROM "Webhook" ORDER BY id`;
const EXPECTED = [
  { id: "wh_legacy_loop", kind: "redo", status: "active", trigger: null },
  { id: "wh_redo", kind: "redo", status: "active", trigger: null },
];

describe.each(providers)("legacy loop webhooks migration (%s)", (provider) => {
  it("turns webhooks of kind loop made before its format into kind redo", async () => {
    if (provider === "sqlite") {
      const db = new Database(":memory:");
      for (const d of folder("prisma/migrations/sqlite")) {
        if (d.endsWith("_warehouse_webhooks")) for (const s of SEED) db.exec(s);
        db.exec(readFileSync(`prisma/migrations/sqlite/${d}/migration.sql`, "utf8"));
      }
      expect(db.prepare(ROWS).all()).toEqual(EXPECTED);
      db.close();
      return;
    }
    const name = `retour_legacy_loop_${Date.now().toString(36)}_${process.pid}`;
    const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(TEST_PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const c = new pg.Client({ connectionString: url.toString() });
    try {
      await c.connect();
      for (const d of folder("prisma/migrations/postgres")) {
        if (d.endsWith("_warehouse_webhooks")) for (const s of SEED) await c.query(s);
        await c.query(readFileSync(`prisma/migrations/postgres/${d}/migration.sql`, "utf8"));
      }
      expect((await c.query(ROWS)).rows).toEqual(EXPECTED);
    } finally {
      await c.end().catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    }
  });
});
