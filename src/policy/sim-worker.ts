// The policy simulation's worker thread (src/policy/sim-threads.ts starts it, bundled by esbuild: a worker
// cannot load TypeScript under tsx): one part of a run's range, a time range [from, to), read on the
// thread's own connection (a read-only SQLite connection, or one PostgreSQL connection) by the same reader
// (src/policy/sim-read.ts), evaluated and tallied by the same Simulation
// (src/policy/simulate.ts). After each chunk it posts the part's figures so far (a few sums per currency),
// its counts and the keyset of its last return, and the changed returns of the chunk (the first `kept` of
// the part): never the returns read. It stops after the chunk in hand when the main thread sets `stop`.
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";
import type BetterSqlite3 from "better-sqlite3";
import type Pg from "pg";
import { postgresReader, type ReadRows, sqliteReader } from "../db/direct.js";
import type { ThreadConnection } from "../db/url.js";
import type { PolicyVersionInput } from "./evaluate.js";
import { type Keyset, SimulationReader } from "./sim-read.js";
import { type AffectedReturn, Simulation } from "./simulate.js";

export interface PartInput {
  /** The driver (better-sqlite3 or pg) as the service resolved it, and what to open with it. */
  driver: string;
  connection: ThreadConnection;
  storeId: string;
  /** The part's range [from, to), epoch ms. */
  from: number;
  to: number;
  /** The history kept in one pass over the part, the window before it read once (else looked up per chunk). */
  streaming: boolean;
  historyDays: number;
  draft: PolicyVersionInput;
  published: PolicyVersionInput | null;
  chunk: number;
  pauseMs: number;
  /** The changed returns posted at most (the run keeps the first ones). */
  kept: number;
  /** Set to 1 by the main thread: stop after the chunk in hand. */
  stop: Int32Array;
}

/** What the part posts after each chunk. */
export type PartMessage =
  | {
      kind: "chunk";
      /** Counts of the part so far. */
      read: number;
      scanned: number;
      lines: number;
      /** The keyset of the part's last return read (null: none yet). */
      last: Keyset | null;
      /** The chunk's changed returns (within the part's first `kept`). */
      affected: AffectedReturn[];
      affectedCount: number;
      /** The part's sums so far. */
      money: Simulation["money"];
      /** The statements' time so far, ms. */
      statementsMs: number;
      /** The part is read to its end. */
      done: boolean;
    }
  | { kind: "error"; message: string };

/** The thread's own connection: its reads, and how to close it. */
function open(d: PartInput, onQuery: (ms: number) => void): { readRows: ReadRows; close: () => Promise<void> } {
  const report = (e: { duration: number }) => onQuery(e.duration);
  if (d.connection.provider === "postgresql") {
    const pg = createRequire(d.driver)(d.driver) as typeof Pg;
    // One connection: the part's statements run one after another (its next chunk is asked after this one).
    const pool = new pg.Pool({ ...d.connection.config, max: 1, application_name: "retour-simulation" });
    return { readRows: postgresReader(pool, report), close: () => pool.end() };
  }
  const Driver = createRequire(d.driver)(d.driver) as typeof BetterSqlite3;
  const db = new Driver(d.connection.file, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  const readRows = sqliteReader(() => ({ prepare: (sql: string) => db.prepare(sql), openTransaction: () => null }), report);
  return { readRows, close: async () => void db.close() };
}

async function runPart(d: PartInput, post: (m: PartMessage) => void) {
  let statementsMs = 0;
  const db = open(d, (ms) => {
    statementsMs += ms;
  });
  try {
    const { readRows } = db;
    const reader = new SimulationReader(
      { provider: d.connection.provider, readRows },
      d.storeId,
      new Date(d.from),
      new Date(d.to),
      d.historyDays,
      d.streaming,
    );
    const sim = new Simulation(d.draft, d.published);
    let read = 0;
    let affectedCount = 0;
    let last: Keyset | null = null;
    for (;;) {
      const c = await reader.chunk(last, d.chunk);
      const done = !c.last || c.read < d.chunk;
      const affected: AffectedReturn[] = [];
      for (const r of c.returns) {
        const changed = sim.add(r);
        if (!changed) continue;
        if (affectedCount < d.kept) affected.push(changed);
        affectedCount++;
      }
      read += c.read;
      last = c.last ?? last;
      post({
        kind: "chunk",
        read,
        scanned: sim.scanned,
        lines: sim.lines,
        last,
        affected,
        affectedCount,
        money: sim.money,
        statementsMs,
        done,
      });
      if (done || Atomics.load(d.stop, 0)) return;
      if (d.pauseMs) await new Promise((resolve) => setTimeout(resolve, d.pauseMs));
      if (Atomics.load(d.stop, 0)) return;
    }
  } finally {
    await db.close();
  }
}

if (parentPort) {
  const port = parentPort;
  runPart(workerData as PartInput, (m) => port.postMessage(m)).catch((err: unknown) =>
    port.postMessage({ kind: "error", message: String((err as Error)?.stack ?? err) } satisfies PartMessage),
  );
}
