// The SQLite statement cache (src/db/statement-cache.ts) used the way Prisma's better-sqlite3 adapter
// uses a statement: prepared once per SQL text, bound per call, bounded in size.
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { cacheStatements } from "../../src/db/statement-cache.js";

type Bound = { reader: boolean; run(): { changes: number }; columns(): { name: string }[]; raw(): { all(): unknown[][] } };
type Cached = { bind(args: unknown[]): Bound; run(...a: unknown[]): unknown };

function open() {
  const db = new Database(":memory:");
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
  let prepared = 0;
  const prepare = db.prepare.bind(db);
  (db as unknown as { prepare(sql: string): unknown }).prepare = (sql: string) => {
    prepared++;
    return prepare(sql);
  };
  const size = cacheStatements(db as unknown as { prepare(sql: string): unknown }, 3);
  const prep = (sql: string) => (db as unknown as { prepare(sql: string): Cached }).prepare(sql);
  return { db, size, prep, prepared: () => prepared };
}

describe("SQLite statement cache", () => {
  it("prepares a SQL text once and binds new arguments on every use", () => {
    const { prep, prepared } = open();
    for (const [id, name] of [
      [1, "a"],
      [2, "b"],
      [3, "c"],
    ])
      expect(prep("INSERT INTO t (id, name) VALUES (?, ?)").bind([id, name]).run().changes).toBe(1);
    const read = (id: number) => prep("SELECT id, name FROM t WHERE id = ?").bind([id]);
    expect(read(2).reader).toBe(true);
    expect(
      read(2)
        .columns()
        .map((c) => c.name),
    ).toEqual(["id", "name"]);
    expect(read(2).raw().all()).toEqual([[2, "b"]]);
    expect(read(3).raw().all()).toEqual([[3, "c"]]);
    expect(prepared()).toBe(2);
  });

  it("keeps a failed statement usable and runs argument-less statements directly", () => {
    const { prep } = open();
    const insert = "INSERT INTO t (id, name) VALUES (?, ?)";
    prep(insert).bind([1, "a"]).run();
    expect(() => prep(insert).bind([1, "again"]).run()).toThrow(/UNIQUE/);
    expect(prep(insert).bind([2, "b"]).run().changes).toBe(1);
    prep("BEGIN").run();
    prep("ROLLBACK").run();
    expect(prep("SELECT count(*) FROM t").bind([]).raw().all()).toEqual([[2]]);
  });

  it("holds at most its size, dropping the least recently used", () => {
    const { prep, size, prepared } = open();
    for (let i = 0; i < 50; i++) prep(`SELECT ${i}`).bind([]).raw().all();
    expect(size()).toBe(3);
    prep("SELECT 49").bind([]).raw().all(); // still cached
    expect(prepared()).toBe(50);
    prep("SELECT 0").bind([]).raw().all(); // dropped long ago
    expect(prepared()).toBe(51);
  });
});
