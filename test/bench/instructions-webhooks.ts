// `--instructions`' webhook path: instructions of the dispatching process per delivery, counted by
// callgrind. A fresh SQLite database gets a store, a `return` webhook to a subscriber in this
// (uninstrumented) process and a backlog of events over 20 subjects, committed with no dispatcher
// running; then the dispatcher process (webhook-dispatch-main.ts) starts under callgrind, is released once
// ready, renders every event's payload from the rows and delivers it, and is stopped when the subscriber
// has them all. By default the deliveries between two dumps of one drain are counted (deliveries
// 1 501–3 500, as the reads count requests 1 501–3 500); `--events E1,E2` instead takes the differential of
// two drains, (Ir(E2) − Ir(E1)) / (E2 − E1), whose start-up noise is ±1 M per delivery at E 500/1 500.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/core/log.js";
import { systemContext } from "../../src/core/context.js";
import { startService } from "../../facades/server.js";
import { createStore } from "../../src/identity/service.js";
import { createWebhook } from "../../src/webhooks/service.js";
import { createTestDatabase } from "../support/databases.js";
import { startSubscriber } from "../support/subscriber.js";
import { commitBacklog } from "./webhooks.bench.js";
import { annotateFile, dumpCallgrind, keepFile, perRequest, programTotals, valgrindMissing } from "./instructions.js";
import { round, type Result } from "./lib.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const SUBJECTS = 20;
/** The bound: a third of the 0.9 ms of CPU per delivery measured before payloads came from rows. */
export const WEBHOOK_NAME = "webhook delivery (dispatching process, SQLite)";

let runs = 0;

/**
 * One start under callgrind delivering `events` events; the dispatching process's total instructions.
 * With `window` = [W, N]: a dump once the subscriber has W deliveries, another once it has W + N, and
 * the second dump's instructions ÷ the deliveries that arrived between the two dumps (a batch in flight
 * at either dump moves the count by at most one delivery per subject, SUBJECTS of N; the dispatcher runs
 * with its default WEBHOOK_CONCURRENCY, whose per-store share, 32, holds every subject's head).
 */
async function countDrain(events: number, dir: string, log: (s: string) => void, window?: [number, number]): Promise<number> {
  const db = await createTestDatabase("sqlite");
  const sub = await startSubscriber(() => ({ status: 200 }));
  const out = join(dir, `callgrind.webhooks.${events}.${++runs}`);
  try {
    const config = loadConfig({
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: db.url,
      PORT: "0",
      CURSOR_SECRET: "bench",
      WEBHOOK_DISPATCHER: "false",
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      WEBHOOK_ENCRYPTION_KEY: "bench", // the dispatcher decrypts the callback's token with the same key
    });
    const running = await startService({ config, log: createLogger("silent"), skipMigrate: true });
    try {
      const services = running.core!.services;
      const store = await createStore(services, "Bench store");
      await createWebhook(systemContext(services, store.id), store.id, {
        topic: "return",
        callback: { url: `${sub.url}/hook`, auth: { bearer: { token: "bench" } } },
      });
      await commitBacklog(services, store.id, "w", SUBJECTS, Math.ceil(events / SUBJECTS));
    } finally {
      await running.close(); // one process owns the SQLite file while the dispatcher runs
    }
    const total = SUBJECTS * Math.ceil(events / SUBJECTS);
    log(`[instructions] ${WEBHOOK_NAME}: ${total} events committed`);
    // BENCH_NO_VALGRIND=1: the same run uninstrumented (a smoke test of the machinery in seconds).
    const node = [process.execPath, "--import", "tsx", "test/bench/webhook-dispatch-main.ts"];
    const child = spawn(
      process.env.BENCH_NO_VALGRIND ? node[0] : "valgrind",
      process.env.BENCH_NO_VALGRIND
        ? node.slice(1)
        : ["--tool=callgrind", "--smc-check=all-non-file", `--callgrind-out-file=${out}`, ...node],
      {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: db.url,
          PUBLIC_URL: "http://127.0.0.1:1",
          // Under callgrind an exchange runs ~50× slower: the default 15 s timeout let 8 of 300 be re-sent.
          WEBHOOK_TIMEOUT: "120s",
          CURSOR_SECRET: "bench",
          WEBHOOK_ENCRYPTION_KEY: "bench",
          WEBHOOK_POLL_INTERVAL: "1s",
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    let exit: string | null = null;
    const exited = new Promise<void>((r) =>
      child.on("exit", (code, signal) => ((exit = `code ${code} signal ${signal}: ${stderr.slice(-800)}`), r())),
    );
    try {
      const t0 = performance.now();
      while (!stdout.includes("ready")) {
        if (exit !== null) throw new Error(`webhook dispatcher under callgrind exited: ${exit}`);
        if (performance.now() - t0 > 45 * 60_000) throw new Error("webhook dispatcher: not ready within 45 min");
        await new Promise((r) => setTimeout(r, 1000));
      }
      const started = performance.now();
      log(`[instructions] ${WEBHOOK_NAME}: dispatcher ready after ${s(started - t0)}, ${total} events to deliver`);
      child.kill("SIGUSR2");
      const unique = new Set<string>();
      let seen = 0;
      const arrived = (n: number) =>
        sub.waitFor((r) => {
          for (; seen < r.length; seen++) unique.add(String(r[seen].headers["webhook-id"]));
          return unique.size >= n;
        }, 30 * 60_000);
      let perDelivery: number | null = null;
      if (window && !process.env.BENCH_NO_VALGRIND) {
        const dump = () => {
          dumpCallgrind(child.pid!);
          return sub.received.length; // what arrived before the dispatcher paused for the dump
        };
        await arrived(window[0]);
        const first = dump();
        await arrived(window[0] + window[1]);
        const counted = dump() - first;
        const ir = programTotals(annotateFile(`${out}.2`));
        keepFile(`${out}.2`);
        perDelivery = ir / counted;
        log(`[instructions] ${WEBHOOK_NAME}: deliveries ${first + 1}–${first + counted}: ${ir.toLocaleString("en")} Ir`);
      }
      await arrived(total);
      const served = performance.now();
      const bySubject = new Map<string, number[]>();
      for (const r of sub.received)
        bySubject.set(r.json.return.id, [...(bySubject.get(r.json.return.id) ?? []), Number(r.headers["x-retour-sequence"])]);
      const ordered = [...bySubject.values()].every((seqs) => seqs.every((s, i) => i === 0 || s >= seqs[i - 1]));
      // A repeat (at-least-once after an exchange outlived its timeout) is counted, not fatal: its cost is in Ir.
      if (!ordered || unique.size !== total) throw new Error(`webhooks: order kept ${ordered}, ${unique.size} distinct of ${total}`);
      if (sub.received.length !== total) log(`[instructions] ${WEBHOOK_NAME}: ${sub.received.length - total} repeats`);
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((_, rej) => setTimeout(() => rej(new Error("no exit 5 min after SIGTERM")), 300_000))]);
      if (process.env.BENCH_NO_VALGRIND) return 0;
      if (perDelivery !== null) return perDelivery;
      const ir = programTotals(annotateFile(out));
      log(
        `[instructions] ${WEBHOOK_NAME}, ${total} events: ${ir.toLocaleString("en")} Ir (start ${s(started - t0)}, deliveries ${s(served - started)})`,
      );
      return ir;
    } finally {
      if (exit === null) child.kill("SIGKILL");
    }
  } finally {
    keepFile(out);
    for (const f of [out, `${out}.1`, `${out}.2`]) rmSync(f, { force: true });
    await sub.close();
    await db.drop();
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

/**
 * The default window: deliveries 1 501–3 500 of one drain, as the reads count requests 1 501–3 500 (at
 * deliveries 501–2 500 TurboFan still took a third of the count: 5.86 M per delivery, 2.0 M of it compiling).
 */
export const DELIVERY_WINDOW: [number, number] = [1500, 2000];
/** Deliveries after the window, so the second dump falls while the dispatcher is still busy, not draining. */
const TAIL = 300;

/**
 * Instructions per delivery: with `window` [W, N], one drain per repetition counted between two dumps
 * (deliveries W+1 to W+N); otherwise, for each repetition, a drain of E1 events and one of E2, `jobs` at once.
 */
export async function runWebhookInstructions(opts: {
  events: [number, number];
  window?: [number, number];
  reps: number;
  jobs: number;
  log: (s: string) => void;
}): Promise<Result> {
  const base: Result = {
    measure: 8,
    name: `Instructions: ${WEBHOOK_NAME}`,
    db: "sqlite",
    value: null,
    unit: "M Ir/delivery",
    target: "",
    met: null,
    details: {},
  };
  const missing = valgrindMissing();
  if (missing) return { ...base, reason: missing };
  const w = opts.window;
  const events = opts.events.map((e) => SUBJECTS * Math.ceil(e / SUBJECTS)) as [number, number];
  const dir = mkdtempSync(join(tmpdir(), "retour-callgrind-wh-"));
  try {
    const jobs = Array.from({ length: opts.reps }, () => (w ? [0] : [0, 1])).flatMap((runs, r) => runs.map((i) => ({ r, i, ir: 0 })));
    const queue = [...jobs];
    const worker = async () => {
      for (let j = queue.shift(); j; j = queue.shift())
        j.ir = w ? await countDrain(w[0] + w[1] + TAIL, dir, opts.log, w) : await countDrain(events[j.i], dir, opts.log);
    };
    await Promise.all(Array.from({ length: Math.max(1, opts.jobs) }, worker));
    const xs = Array.from({ length: opts.reps }, (_, r) => {
      const [a, b] = jobs.filter((j) => j.r === r).sort((x, y) => x.i - y.i);
      return w ? a.ir : perRequest(events[0], a.ir, events[1], b.ir);
    });
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    return {
      ...base,
      value: round(mean / 1e6, 2),
      details: {
        ...(w ? { "warm-up/window": w.join("/") } : { "E1/E2": events.join("/") }),
        "M Ir/delivery per repetition": xs.map((x) => (x / 1e6).toFixed(2)).join("/"),
        ...(xs.length > 1 ? { "spread %": round((100 * (Math.max(...xs) - Math.min(...xs))) / mean, 1) } : {}),
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
