import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { statementCache } from "../../src/db/statement-cache.js";

describe("the SQLite statement cache", () => {
  const open = () => {
    const db = new Database(":memory:");
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
    let prepared = 0;
    const prepare = (sql: string) => {
      prepared++;
      return db.prepare(sql);
    };
    return { db, prepare, count: () => prepared };
  };

  it("prepares a text once and runs it again with other arguments (better-sqlite3 binds only once)", () => {
    const { prepare, count } = open();
    const cached = statementCache(prepare);
    for (const [id, name] of [
      [1, "a"],
      [2, "b"],
      [3, "c"],
    ] as const)
      cached("INSERT INTO t (id, name) VALUES (?, ?)").bind([id, name]).run();
    const select = (id: number) => cached("SELECT id, name FROM t WHERE id = ?").bind([id]);
    expect(select(2).reader).toBe(true);
    expect(select(2).raw().all()).toEqual([[2, "b"]]);
    expect(select(3).raw().all()).toEqual([[3, "c"]]);
    expect(select(3).columns()).toHaveLength(2);
    expect(count()).toBe(2);
  });

  it("reads a statement's columns once, the same for every run", () => {
    const db = new Database(":memory:");
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
    let asked = 0;
    const cached = statementCache((sql) => {
      const st = db.prepare(sql);
      const columns = st.columns.bind(st);
      return Object.assign(st, { columns: () => (asked++, columns()) });
    });
    const first = cached("SELECT id, name FROM t WHERE id = ?").bind([1]).columns();
    expect(first.map((c) => (c as { name: string }).name)).toEqual(["id", "name"]);
    for (let id = 2; id < 10; id++) expect(cached("SELECT id, name FROM t WHERE id = ?").bind([id]).columns()).toBe(first);
    expect(asked).toBe(1);
  });

  it("keeps at most its bound, finalising the least recently used", () => {
    const { prepare, count } = open();
    const cached = statementCache(prepare, 3);
    const q = (n: number) => cached(`SELECT ${n}`).bind([]).raw().all();
    q(1);
    q(2);
    q(3);
    q(1); // 1 is now the most recent: 2 goes first
    q(4);
    expect(count()).toBe(4);
    q(1);
    q(3);
    expect(count()).toBe(4);
    q(2); // evicted: prepared again
    expect(count()).toBe(5);
  });

  it("answers a statement that failed to prepare with its error, and caches nothing for it", () => {
    const { prepare, count } = open();
    const cached = statementCache(prepare);
    expect(() => cached("SELEKT 1")).toThrow(/syntax/);
    expect(() => cached("SELEKT 1")).toThrow(/syntax/);
    expect(count()).toBe(2);
  });
});
