// `npx tsx test/bench/sim-probe.ts <database url> <store id> <now epoch s> [returns] [chunk]`: times the policy
// simulation's reads (src/policy/sim-read.ts) over the newest `returns` (default 50 000) returns of a store
// kept by the scale bench (SCALE_KEEP; its JSON names the url, the large store and `now`), as a background run
// reads them (the history window), each statement's time and the process's CPU. PROBE_PAGED=1: as a page does
// (a history lookup per chunk). PROBE_RAW=1 (SQLite): the floor, the chunk statement alone on the raw driver
// (better-sqlite3, one read-only connection) and its JSON.parse, nothing else. Run it under the bench's lock.
import Sqlite from "better-sqlite3";
import { openDatabase } from "../../src/db/client.js";
import { sqlitePathOf } from "../../src/db/url.js";
import { SimulationReader } from "../../src/policy/sim-read.js";
import { chunkStatement, Sql } from "../../src/policy/sim-sql.js";

const [url, storeId, nowS, returnsArg, chunkArg] = process.argv.slice(2);
const now = Number(nowS) * 1000;
const step = Math.floor((2 * 365 * 86400) / 1_000_000);
const from = now - Number(returnsArg ?? 50_000) * step * 1000 + 1000;
const size = Number(chunkArg ?? 2000);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
let n = 0;
if (process.env.PROBE_RAW) {
  const conn = new Sqlite(sqlitePathOf(url!), { readonly: true });
  const s = new Sql("sqlite");
  let sqlMs = 0;
  let parseMs = 0;
  let after: { at: number; id: string } | null = null;
  for (;;) {
    const q = chunkStatement(s, storeId!, s.time(after ? after.at : from), s.time(now + 86_400_000), after, size);
    let t = performance.now();
    const text = conn
      .prepare(q.sql)
      .pluck()
      .get(...(q.values as string[])) as string;
    sqlMs += performance.now() - t;
    t = performance.now();
    const rows = JSON.parse(text) as [string, number, string][];
    parseMs += performance.now() - t;
    n += rows.length;
    if (rows.length < size) break;
    const last = rows[rows.length - 1]!;
    after = { at: Date.parse(last[2]), id: last[0] };
  }
  console.log(`statement ${sqlMs.toFixed(0)} ms, JSON.parse ${parseMs.toFixed(0)} ms`);
  conn.close();
} else {
  const times = new Map<string, number>();
  const db = await openDatabase(url!, {
    onQuery: (e) => {
      const k = e.query.replace(/\s+/g, " ").slice(0, 70);
      times.set(k, (times.get(k) ?? 0) + e.duration);
    },
  });
  const reader = new SimulationReader(db, storeId!, new Date(from), new Date(now + 86_400_000), 90, !process.env.PROBE_PAGED);
  let after = null;
  for (;;) {
    const c = await reader.chunk(after, size);
    n += c.read;
    if (!c.last || c.read < size) break;
    after = c.last;
  }
  for (const [k, v] of [...times].sort((a, b) => b[1] - a[1])) console.log(v.toFixed(0).padStart(7), k);
  await db.close();
}
const cpu = process.cpuUsage(cpu0);
console.log(
  `read ${n} returns in ${(performance.now() - t0).toFixed(0)} ms, CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms (load ${(await import("node:os")).loadavg()[0]!.toFixed(2)})`,
);
