// A second, read-only SQLite connection on a worker thread, for one long read-only run beside the service:
// the policy simulation (src/policy/simulation-jobs.ts). better-sqlite3 runs a statement on the thread
// that calls it, so on the service's one connection a chunk's read and the evaluation of the chunk before
// it take turns on one core; here the read runs on another thread while the main thread evaluates, and the
// service's own requests are not held up by it. WAL lets the reader see the last committed state, as any
// reader does (a simulation reads the past). The worker is plain JavaScript evaluated in place (no file to
// resolve under tsx, vitest or a build), and the driver is the service's own, resolved here.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { QueryEvent, ReadRows, SqlText } from "./direct.js";

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma("busy_timeout = 5000");
const prepared = new Map();
parentPort.on("message", ({ id, sql, values }) => {
  try {
    let st = prepared.get(sql);
    if (!st) {
      if (prepared.size >= 50) prepared.clear();
      st = db.prepare(sql);
      prepared.set(sql, st);
    }
    const started = performance.now();
    const rows = st.all(...values);
    parentPort.postMessage({ id, rows, ms: performance.now() - started });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

export interface AsideReader {
  readRows: ReadRows;
  close(): Promise<void>;
}

type Answer = { id: number; rows?: unknown[]; ms?: number; error?: string };

/** Reads on a worker thread's own read-only connection to `file`; `close` ends the thread. */
export function sqliteReadWorker(file: string, onQuery?: (e: QueryEvent) => void): AsideReader {
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver: createRequire(import.meta.url).resolve("better-sqlite3") } });
  worker.unref(); // never keeps the process alive
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (err: Error) => void; q: SqlText }>();
  let next = 0;
  let failed: Error | null = null;
  const failAll = (err: Error) => {
    failed = err;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  worker.on("message", (a: Answer) => {
    const w = waiting.get(a.id);
    if (!w) return;
    waiting.delete(a.id);
    if (a.error !== undefined) return w.reject(new Error(a.error));
    if (onQuery)
      onQuery({ query: w.q.sql, params: JSON.stringify(w.q.values), duration: a.ms ?? 0, target: "direct", timestamp: new Date() });
    w.resolve(a.rows ?? []);
  });
  worker.on("error", (err) => failAll(err));
  worker.on("exit", (code) => failAll(failed ?? new Error(`the read worker stopped (exit code ${code})`)));
  return {
    readRows: <T>(q: SqlText) =>
      new Promise<T[]>((resolve, reject) => {
        if (failed) return reject(failed);
        for (const v of q.values)
          if (v !== null && typeof v !== "string" && typeof v !== "number" && typeof v !== "bigint")
            return reject(new TypeError("the read worker binds strings, numbers and null"));
        const id = ++next;
        waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject, q });
        worker.postMessage({ id, sql: q.sql, values: q.values });
      }),
    async close() {
      failed ??= new Error("the read worker was closed");
      await worker.terminate();
    },
  };
}
