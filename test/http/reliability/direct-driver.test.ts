// The paths beneath Prisma (src/db/direct.ts: `db.direct` on the driver adapter, `db.readRows` on the
// driver), on both databases: a failing transaction leaves nothing behind, and neither runs inside a
// transaction opened through Prisma (SQLite's one connection: it waits at the gate until it ends).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../../src/db/client.js";
import { providers } from "../../support/env.js";
import { createTestDatabase, type TestDatabase } from "../../support/databases.js";

describe.each(providers)("direct driver statements (%s)", (provider) => {
  let test: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    test = await createTestDatabase(provider);
    db = await openDatabase(test.url);
    await db.prisma.$executeRawUnsafe("CREATE TABLE direct_probe (n integer NOT NULL)");
  });
  afterAll(async () => {
    await db?.close();
    await test?.drop();
  });

  const count = async () => Number((await db.direct.query("SELECT COUNT(*) AS c FROM direct_probe", []))[0].c);

  it("runs statements and transactions on the driver", async () => {
    const changed = await db.direct.transaction([
      ["INSERT INTO direct_probe (n) VALUES (1), (2)", []],
      ["UPDATE direct_probe SET n = n + 10 WHERE n > ?".replace("?", provider === "sqlite" ? "?" : "$1"), [1]],
    ]);
    expect(changed).toEqual([2, 1]);
    const rows = await db.direct.query("SELECT n FROM direct_probe ORDER BY n", []);
    expect(rows.map((r: Record<string, unknown>) => Number(r.n))).toEqual([1, 12]);
  });

  it("rolls a failing transaction back whole", async () => {
    const before = await count();
    await expect(
      db.direct.transaction([
        ["INSERT INTO direct_probe (n) VALUES (7)", []],
        ["INSERT INTO direct_probe (n) VALUES (NULL)", []], // NOT NULL
      ]),
    ).rejects.toThrow();
    expect(await count()).toBe(before);
    // The connection is usable afterwards (SQLite: the gate and the adapter's mutex were released).
    await db.prisma.$executeRawUnsafe("INSERT INTO direct_probe (n) VALUES (3)");
    expect(await count()).toBe(before + 1);
    await db.prisma.$executeRawUnsafe("DELETE FROM direct_probe WHERE n = 3");
  });

  it("reports each statement as Prisma's query event does, so statement counts see them", async () => {
    const seen: string[] = [];
    const counted = await openDatabase(test.url, { onQuery: (e) => seen.push(e.query) });
    try {
      await counted.direct.transaction([["INSERT INTO direct_probe (n) VALUES (40)", []]]);
      await counted.direct.query("DELETE FROM direct_probe WHERE n = 40", []);
      await counted.readRows(COUNT);
      expect(seen.filter((q) => q.includes("direct_probe") || q === "COMMIT")).toEqual([
        "INSERT INTO direct_probe (n) VALUES (40)",
        "COMMIT",
        "DELETE FROM direct_probe WHERE n = 40",
        COUNT.sql,
      ]);
    } finally {
      await counted.close();
    }
  });

  // Rolled back, so a statement that slipped into the transaction would have seen a row no other reader ever does.
  for (const [name, read] of [
    ["db.direct", () => count()],
    ["db.readRows", async () => Number((await db.readRows<{ c: unknown }>(COUNT))[0].c)],
  ] as const) {
    it(`${name} never runs inside a transaction opened through Prisma`, async () => {
      const before = await count();
      let outside: Promise<number> | null = null;
      await expect(
        db.prisma.$transaction(async (tx) => {
          await tx.$executeRawUnsafe("INSERT INTO direct_probe (n) VALUES (5)");
          outside = read();
          await new Promise((r) => setImmediate(r)); // an ungated statement would have run by now
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      // SQLite: it waited at the gate until the rollback; PostgreSQL: another connection, which never saw the insert.
      expect(await outside).toBe(before);
    });
  }
});

/** A `Prisma.sql`-shaped count for readRows. */
const COUNT = { sql: "SELECT COUNT(*) AS c FROM direct_probe", text: "SELECT COUNT(*) AS c FROM direct_probe", values: [] };
