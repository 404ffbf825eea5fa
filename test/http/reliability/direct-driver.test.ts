// The webhook dispatcher's statements on the driver adapter (src/db/direct.ts), on both databases: the
// path is found, a failing transaction leaves nothing behind, and a direct statement never runs inside
// a transaction opened through Prisma (SQLite's one connection: it waits for the commit at the gate).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../../src/db/client.js";
import { directOf } from "../../../src/db/direct.js";
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

  const count = async () => Number((await directOf(db)!.query("SELECT COUNT(*) AS c FROM direct_probe", []))[0].c);

  it("runs statements and transactions on the driver", async () => {
    const direct = directOf(db);
    expect(direct).not.toBeNull();
    const changed = await direct!.transaction([
      ["INSERT INTO direct_probe (n) VALUES (1), (2)", []],
      ["UPDATE direct_probe SET n = n + 10 WHERE n > ?".replace("?", provider === "sqlite" ? "?" : "$1"), [1]],
    ]);
    expect(changed).toEqual([2, 1]);
    const rows = await direct!.query("SELECT n FROM direct_probe ORDER BY n", []);
    expect(rows.map((r) => Number(r.n))).toEqual([1, 12]);
  });

  it("rolls a failing transaction back whole", async () => {
    const before = await count();
    await expect(
      directOf(db)!.transaction([
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

  it("never runs inside a transaction opened through Prisma", async () => {
    const before = await count();
    let seen: number | null = null;
    await db.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("INSERT INTO direct_probe (n) VALUES (5)");
      const outside = count().then((c) => (seen = c));
      await new Promise((r) => setTimeout(r, 50));
      // SQLite: still waiting at the gate; PostgreSQL: another connection, which cannot see the insert.
      if (provider === "sqlite") expect(seen).toBeNull();
      else {
        await outside;
        expect(seen).toBe(before);
      }
    });
    await new Promise((r) => setTimeout(r, 10));
    if (provider === "sqlite") expect(seen).toBe(before + 1); // ran after the commit
    expect(await count()).toBe(before + 1);
  });
});
