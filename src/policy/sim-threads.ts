// A policy simulation run on several threads (src/policy/simulation-jobs.ts drives it): the range cut at the
// creation times that split its returns in parts of about equal count, each part read, evaluated and tallied
// on a worker thread of its own (src/policy/sim-worker.ts) with its own connection (SQLite: read-only;
// PostgreSQL: one connection beside the service's pool), so a two-core box evaluates two halves at once. Each part reads its customers' history itself (the days before
// its start read once, or each chunk's customers looked up when the part is short: SimulationReader.parts),
// so every return sees the same history, order and catalogue as in one pass: the figures are the same sums
// (integers, added exactly: `addMoney`), the changed returns the same ones in the same order
// (test/http/graphql/policy-simulation-threads.test.ts compares them on a random store).
// The figures a run reports before its end (the time bound) cover a prefix of the range: the parts done in
// order, then the first part not done as far as it got; what later parts read is not reported.
// The worker's entry is TypeScript: bundled by esbuild into one script evaluated in place (src/policy/sim-bundle.ts).
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { ThreadConnection } from "../db/url.js";
import { simWorkerCode } from "./sim-bundle.js";
import type { Keyset } from "./sim-sql.js";
import type { PartInput, PartMessage } from "./sim-worker.js";
import { type AffectedReturn, addMoney, type MoneyByCurrency } from "./simulate.js";

type Chunk = Extract<PartMessage, { kind: "chunk" }>;

interface Part {
  worker: Worker;
  state: Chunk | null;
  affected: AffectedReturn[];
  done: boolean;
}

/** What a prefix of the range holds: the parts done in order, then the first part not done as far as it got. */
export interface Covered {
  read: number;
  lines: number;
  money: MoneyByCurrency;
  affected: AffectedReturn[];
  affectedCount: number;
  /** The keyset of the prefix's last return (null: nothing read yet). */
  last: Keyset | null;
  /** Every part read to its end: the whole range. */
  complete: boolean;
}

export type Common = Omit<PartInput, "driver" | "connection" | "from" | "to" | "streaming" | "stop">;
export type PartRange = Pick<PartInput, "from" | "to" | "streaming">;

export class SimulationThreads {
  private readonly parts: Part[] = [];
  private readonly stop = new Int32Array(new SharedArrayBuffer(4));
  private failed: Error | null = null;
  private closed = false;
  /** Chunk messages not yet seen by `next`. */
  private fresh = 0;
  private wake: (() => void) | null = null;

  private constructor(private readonly kept: number) {}

  /** One worker per part, the parts in the range's order (SimulationReader.parts). */
  static async start(connection: ThreadConnection, parts: PartRange[], common: Common): Promise<SimulationThreads> {
    const code = await simWorkerCode();
    const driver = createRequire(import.meta.url).resolve(connection.provider === "postgresql" ? "pg" : "better-sqlite3");
    const t = new SimulationThreads(common.kept);
    for (const part of parts) {
      const workerData: PartInput = { ...common, ...part, driver, connection, stop: t.stop };
      // No tsx in the thread (its code is plain JavaScript): a faster start.
      t.watch(new Worker(code, { eval: true, workerData, execArgv: [] }));
    }
    return t;
  }

  private watch(worker: Worker) {
    worker.unref(); // never keeps the process alive
    const part: Part = { worker, state: null, affected: [], done: false };
    this.parts.push(part);
    worker.on("message", (m: PartMessage) => {
      if (m.kind === "error") return this.fail(new Error(m.message));
      part.state = m;
      for (const a of m.affected) if (part.affected.length < this.kept) part.affected.push(a);
      part.done = m.done;
      this.fresh++;
      this.poke();
    });
    worker.on("error", (err) => this.fail(err));
    worker.on("exit", (code) => {
      if (!part.done) this.fail(new Error(`a simulation thread stopped before its part's end (exit code ${code})`));
    });
  }

  private fail(err: Error) {
    if (this.closed) return;
    this.failed ??= err;
    this.poke();
  }

  private poke() {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  /** Waits until a part has read another chunk (or every part is done); throws when a thread failed. */
  async next(): Promise<void> {
    for (;;) {
      if (this.failed) throw this.failed;
      if (this.fresh || this.parts.every((p) => p.done)) {
        this.fresh = 0;
        return;
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  /** Every part read to its end. */
  get done(): boolean {
    return this.parts.every((p) => p.done);
  }

  /** Returns and lines read by all the parts (the run's progress). */
  progress(): { read: number; lines: number } {
    let read = 0;
    let lines = 0;
    for (const p of this.parts) {
      read += p.state?.read ?? 0;
      lines += p.state?.lines ?? 0;
    }
    return { read, lines };
  }

  /** The figures of the range's prefix read so far (the whole range once `done`). */
  covered(): Covered {
    const c: Covered = { read: 0, lines: 0, money: new Map(), affected: [], affectedCount: 0, last: null, complete: false };
    for (const p of this.parts) {
      const s = p.state;
      if (s) {
        c.read += s.read;
        c.lines += s.lines;
        addMoney(c.money, s.money);
        c.affectedCount += s.affectedCount;
        for (const a of p.affected) if (c.affected.length < this.kept) c.affected.push(a);
        c.last = s.last ?? c.last;
      }
      if (!p.done) return c;
    }
    c.complete = true;
    return c;
  }

  /** Stops every part after its chunk in hand and ends the threads. */
  async close(): Promise<void> {
    this.closed = true;
    Atomics.store(this.stop, 0, 1);
    await Promise.all(this.parts.map((p) => p.worker.terminate()));
  }
}
