// `npm run bench -- --instructions [--k 300,900] [--reps 2] [name-filter]`: instructions per request of
// the read hot paths, counted by valgrind's callgrind, which does not depend on what else the machine
// runs. The differential way (toggling instrumentation mid-run gave inconsistent totals with Node's
// JIT): each server is started under full instrumentation, answers K1 (then, in a second start, K2)
// sequential keep-alive requests from this uninstrumented process, is stopped with SIGTERM so callgrind
// writes its file, and (Ir(K2) − Ir(K1)) / (K2 − K1) is its cost per request: start-up and warm-up
// cancel out. SQLite only (the raw reference reads the same file with better-sqlite3).
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startTestService } from "../support/server.js";
import { seedReturns } from "../support/returns-seed.js";
import { returnBody } from "../support/orders.js";
import { freePort } from "./startup.bench.js";
import { round, UNLIMITED, type Result } from "./lib.js";
import { ORDER_FIELDS, RETURN_FIELDS } from "../../facades/rest/documents.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

export const MEASURE_ID = 8;
/** K1/K2 of the full mode: a start under callgrind takes 1–2 minutes, a request 0.05–0.1 s (see performance.md). */
export const DEFAULT_KS: [number, number] = [300, 900];
export const QUICK_KS: [number, number] = [10, 30];
/**
 * The default: W warm-up requests, then N counted between two dumps of the same start (steady state):
 * requests 1 501–3 500, exactly the requests the issue's 1 500/3 500 differential measures.
 */
export const DEFAULT_WINDOW: [number, number] = [1500, 2000];
/** What the REST read should reach (issue 26): raw's instructions ÷ the door's. */
export const REST_TARGET = 0.25;

export interface Path {
  name: string;
  /** K1 and K2 are multiplied by this: a cheap request needs more of them to stand out of the start-up's noise. */
  scale?: number;
  /** "service" runs `npm start`'s entry point; "raw" the raw-driver reference (raw-main.ts). */
  server: "service" | "raw";
  /** The `i`th request (most paths ask the same each time). */
  request(fx: Fixture, i: number): { path: string; method?: string; body?: string; headers?: Record<string, string> };
  /** The status every answer must have (default 200). */
  status?: number;
}

export interface Fixture {
  databaseUrl: string;
  secret: string;
  returnId: string;
  storeId: string;
  /** The REST door's JSON for the read, which the raw reference serialises on every request. */
  answerFile: string;
  /** Bodies of a one-unit return on each line of the seeded orders, taken in turn by the create path. */
  createBodies: string[];
}

const PAGE_DOC = `query Page($storeId: ID!, $first: Int) {
  returns(storeId: $storeId, first: $first) { nodes { ${RETURN_FIELDS} fullOrder { ${ORDER_FIELDS} } } pageInfo { hasNextPage endCursor } }
}`;
const READ_DOC = "query Read($id: ID!) { return(id: $id) { id status items { id quantity } } }";

export const PATHS: Path[] = [
  { name: "REST GET /v2.2/returns/{id}", server: "service", request: (fx) => ({ path: `/v2.2/returns/${fx.returnId}` }) },
  {
    name: "GraphQL return(id){id status items{id quantity}}",
    server: "service",
    request: (fx) => ({
      path: "/graphql",
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: READ_DOC, variables: { id: fx.returnId } }),
    }),
  },
  // A page's cost per returned return: (page of 500 − page of 20) ÷ 480. A page renders 20 or 500 returns,
  // so a few pages warm the per-return code as much as thousands of reads: 150 + 200 pages of 20 (under
  // callgrind ~0.7 s each), 8 + 10 of 500 (~13 s each; 75 + 100 took 41 minutes).
  ...[20, 500].map(
    (size): Path => ({
      name: `GraphQL returns page of ${size} with items and order`,
      server: "service",
      scale: size === 20 ? 0.1 : 0.005,
      request: (fx) => ({
        path: "/graphql",
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: PAGE_DOC, variables: { storeId: fx.storeId, first: size } }),
      }),
    }),
  ),
  // A return created through the merchant API (issue 38: 42.8 M when first counted from outside): one unit of
  // one of the seeded orders' ten lines, in turn (each has about 900 units left after the seed). A create
  // costs ten reads or more, so a fifth of the requests: requests 301–700 in the default window.
  {
    name: "Create: REST POST /v2.2/stores/{id}/returns",
    server: "service",
    scale: 0.2,
    status: 201,
    request: (fx, i) => ({
      path: `/v2.2/stores/${fx.storeId}/returns`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: fx.createBodies[i % fx.createBodies.length],
    }),
  },
  // The floor of the service's HTTP stack (Express, the app's request-id, security-header, access-log and
  // CORS middleware, no authentication, no database): what a door's request costs before its own work.
  { name: "service floor GET /healthz", server: "service", scale: 1.5, request: () => ({ path: "/healthz" }) },
  { name: "raw node:http + better-sqlite3", server: "raw", scale: 1.5, request: (fx) => ({ path: `/raw/returns/${fx.returnId}` }) },
];

const ksOf = (p: Path, ks: [number, number]) => ks.map((k) => Math.round(k * (p.scale ?? 1))) as [number, number];

/** The total of `callgrind_annotate FILE`'s "PROGRAM TOTALS" line (digits with thousands separators). */
export function programTotals(annotate: string): number {
  const line = annotate.split("\n").find((l) => l.includes("PROGRAM TOTALS"));
  const m = line && /^\s*([\d,]+)/.exec(line);
  if (!m) throw new Error(`no PROGRAM TOTALS in callgrind_annotate's output: ${annotate.slice(0, 300)}`);
  return Number(m[1].replace(/,/g, ""));
}

/** Instructions per request from the totals of a K1 run and a K2 run. */
export function perRequest(k1: number, ir1: number, k2: number, ir2: number): number {
  if (!(k2 > k1)) throw new Error(`K2 (${k2}) must be larger than K1 (${k1})`);
  return (ir2 - ir1) / (k2 - k1);
}

/** null when valgrind and callgrind_annotate run; otherwise what is missing and how to get it. */
export function valgrindMissing(): string | null {
  for (const [cmd, arg] of [
    ["valgrind", "--version"],
    ["callgrind_annotate", "--version"],
  ]) {
    const r = spawnSync(cmd, [arg], { encoding: "utf8" });
    // callgrind_annotate --version prints its version and exits 255: only a failed spawn counts for it.
    if (r.error || (cmd === "valgrind" && r.status !== 0))
      return `${cmd} not found or not runnable (${r.error?.message ?? `exit ${r.status}`}): --instructions needs valgrind (e.g. \`apt-get install valgrind\`)`;
  }
  return null;
}

async function until<T>(what: string, ms: number, exited: () => string | null, probe: () => Promise<T | null>, every = 1000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const gone = exited();
    if (gone !== null) throw new Error(`${what}: the process exited: ${gone}`);
    const v = await probe().catch(() => null);
    if (v !== null) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, every));
  }
}

let starts = 0;

/**
 * One start under callgrind: `k` sequential keep-alive requests, SIGTERM, the program's total
 * instructions. With `window` = [W, N] instead: W requests, a dump, N requests, a dump, SIGTERM, and
 * the second dump's instructions ÷ N — steady state from one start (a dump zeroes the counters; the
 * instrumentation stays on, which toggling it did not).
 */
export async function countRun(
  path: Path,
  fx: Fixture,
  k: number,
  dir: string,
  log: (s: string) => void,
  window?: [number, number],
): Promise<number> {
  const out = join(dir, `callgrind.${path.server}.${k}.${++starts}`); // unique: starts run in parallel
  const port = await freePort();
  const entry = path.server === "raw" ? "test/bench/raw-main.ts" : "facades/main.ts";
  const child = spawn(
    "valgrind",
    ["--tool=callgrind", "--smc-check=all-non-file", `--callgrind-out-file=${out}`, process.execPath, "--import", "tsx", entry],
    {
      cwd: root,
      env: {
        ...process.env,
        ...UNLIMITED,
        NODE_ENV: "production",
        DATABASE_URL: fx.databaseUrl,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        CURSOR_SECRET: "bench",
        WEBHOOK_ENCRYPTION_KEY: "bench",
        WEBHOOK_DISPATCHER: "false",
        LOG_LEVEL: "warn",
        RAW_READ_ANSWER: fx.answerFile,
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
    child.on("exit", (code, signal) => {
      exit = `code ${code} signal ${signal}: ${stderr.slice(-800)}`;
      r();
    }),
  );
  const t0 = performance.now();
  try {
    const base = await until(
      `${path.name} start under callgrind`,
      45 * 60_000, // ~2 min on a quiet box; 10+ min were seen at load average 13–15
      () => exit,
      async () => {
        if (path.server === "raw") return /listening (\S+)/.exec(stdout)?.[1] ?? null;
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        await res.arrayBuffer();
        return res.status === 200 ? `http://127.0.0.1:${port}` : null;
      },
      2000, // each readiness poll is work the server counts: few of them
    );
    const started = performance.now();
    let asked = 0;
    const ask = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const req = path.request(fx, asked++);
        const init = { method: req.method ?? "GET", body: req.body, headers: { authorization: `Bearer ${fx.secret}`, ...req.headers } };
        const res = await fetch(base + req.path, init); // fetch keeps the connection alive
        const text = await res.text();
        if (res.status !== (path.status ?? 200) || text.includes('"errors"'))
          throw new Error(`${path.name}: ${res.status} ${text.slice(0, 300)}`);
      }
    };
    if (window) {
      const dump = () => dumpCallgrind(child.pid!);
      await ask(window[0]);
      dump();
      const t1 = performance.now();
      await ask(window[1]);
      dump();
      const total = programTotals(annotateFile(`${out}.2`));
      log(
        `[instructions] ${path.name}, requests ${window[0] + 1}–${window[0] + window[1]}: ${total.toLocaleString("en")} Ir (start ${s(started - t0)}, warm-up ${s(t1 - started)}, window ${s(performance.now() - t1)})`,
      );
      keepFile(`${out}.2`);
      child.kill("SIGTERM");
      return total / window[1];
    }
    await ask(k);
    const served = performance.now();
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((_, rej) => setTimeout(() => rej(new Error("no exit 5 min after SIGTERM")), 300_000))]);
    const ir = programTotals(annotateFile(out));
    log(
      `[instructions] ${path.name}, K=${k}: ${ir.toLocaleString("en")} Ir (start ${s(started - t0)}, requests ${s(served - started)}, stop ${s(performance.now() - served)})`,
    );
    return ir;
  } finally {
    if (exit === null) child.kill("SIGKILL");
    keepFile(out);
    for (const f of [out, `${out}.1`, `${out}.2`]) rmSync(f, { force: true });
  }
}

/** Asks the process under callgrind to write its counts so far to FILE.N and zero them (the instrumentation stays on). */
export function dumpCallgrind(pid: number): void {
  const r = spawnSync("callgrind_control", ["-d", String(pid)], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`callgrind_control -d: ${r.stderr || r.stdout}`);
}

export function annotateFile(file: string): string {
  const annotate = spawnSync("callgrind_annotate", [file], { encoding: "utf8", maxBuffer: 256 << 20 });
  if (annotate.status !== 0) throw new Error(`callgrind_annotate ${file}: ${annotate.stderr}`);
  return annotate.stdout;
}

/** BENCH_CALLGRIND_KEEP=<dir> keeps each run's file for `callgrind_annotate --inclusive=yes`. */
export function keepFile(file: string): void {
  const keep = process.env.BENCH_CALLGRIND_KEEP;
  if (keep && existsSync(file)) copyFileSync(file, join(keep, basename(file)));
}

const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

/** Seeds a SQLite database like the REST-read bench (test/support/returns-seed.ts) and captures the read's answer. */
async function withFixture<T>(dir: string, fn: (fx: Fixture) => Promise<T>): Promise<T> {
  const svc = await startTestService("sqlite", { WEBHOOK_DISPATCHER: "false", ...UNLIMITED });
  try {
    const seeded = await seedReturns(svc, "bench", 800);
    const res = await fetch(`${svc.url}/v2.2/returns/${seeded.returnId}`, { headers: { authorization: `Bearer ${seeded.secret}` } });
    if (res.status !== 200) throw new Error(`GET /v2.2/returns/${seeded.returnId}: ${res.status}`);
    const answerFile = join(dir, "read.json");
    writeFileSync(answerFile, await res.text());
    // The seeding service stays open (idle) so that its database lives; the measured servers open the same file.
    return await fn({
      databaseUrl: svc.databaseUrl,
      secret: seeded.secret,
      returnId: seeded.returnId,
      storeId: seeded.storeId,
      answerFile,
      createBodies: seeded.orders.flatMap((o) =>
        o.lineItems.map((l) => JSON.stringify(returnBody(o, [{ lineItemId: l.id, quantity: 1 }]))),
      ),
    });
  } finally {
    await svc.close();
  }
}

export async function runInstructions(opts: {
  ks: [number, number];
  reps: number;
  /** Starts under callgrind at once (default 2: the client is cheap, each server takes one core). */
  jobs: number;
  filter?: string;
  /** [W, N]: one start per path and repetition, the N requests after W counted between two dumps. */
  window?: [number, number];
  log: (s: string) => void;
}): Promise<Result[]> {
  const missing = valgrindMissing();
  const paths = PATHS.filter((p) => !opts.filter || p.name.toLowerCase().includes(opts.filter.toLowerCase()));
  const row = (p: Path, value: number | null, extra: Partial<Result>): Result => ({
    measure: MEASURE_ID,
    name: `Instructions: ${p.name}`,
    db: "sqlite",
    value,
    unit: "M Ir/request",
    target: p.name.startsWith("REST") ? `raw ÷ this ≥ ${REST_TARGET}` : "",
    met: null,
    details: {},
    ...extra,
  });
  if (missing) return paths.map((p) => row(p, null, { reason: missing }));
  const dir = mkdtempSync(join(tmpdir(), "retour-callgrind-"));
  try {
    return await withFixture(dir, async (fx) => {
      // Every start is independent (instruction counts do not depend on what runs beside them), so
      // `jobs` of them run at once; repetition by repetition, so that drift hits all paths alike.
      const runs = paths.flatMap((p) => Array.from({ length: opts.reps }, (_, r) => ({ p, r, ks: ksOf(p, opts.ks), ir: [0, 0] })));
      runs.sort((a, b) => a.r - b.r);
      const w = opts.window;
      const queue = runs.flatMap((run) => (w ? [0] : [0, 1]).map((i) => ({ run, i })));
      const worker = async () => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          const { p, ks } = job.run;
          job.run.ir[job.i] = w ? await countRun(p, fx, 0, dir, opts.log, ksOf(p, w)) : await countRun(p, fx, ks[job.i], dir, opts.log);
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, opts.jobs) }, worker));
      const per = new Map<Path, number[]>();
      for (const { p, r, ks, ir } of runs) {
        const x = w ? ir[0] : perRequest(ks[0], ir[0], ks[1], ir[1]);
        opts.log(`[instructions] ${p.name}: repetition ${r + 1}: ${(x / 1e6).toFixed(2)} M Ir/request`);
        per.set(p, [...(per.get(p) ?? []), x]);
      }
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const raw = [...per].find(([p]) => p.server === "raw")?.[1];
      const pageOf = (size: number) => [...per].find(([p]) => p.name.startsWith(`GraphQL returns page of ${size} `))?.[1];
      const [p20, p500] = [pageOf(20), pageOf(500)];
      const perReturn = p20 && p500 ? (mean(p500) - mean(p20)) / 480 : null;
      return paths.map((p) => {
        const xs = per.get(p)!;
        const ratio = raw ? mean(raw) / mean(xs) : null;
        const isRest = p.name.startsWith("REST");
        return row(p, round(mean(xs) / 1e6, 2), {
          met: isRest && ratio !== null ? ratio >= REST_TARGET : null,
          details: {
            ...(w ? { "warm-up/window": ksOf(p, w).join("/") } : { "K1/K2": ksOf(p, opts.ks).join("/") }),
            "M Ir/request per repetition": xs.map((x) => (x / 1e6).toFixed(2)).join("/"),
            "spread %": round((100 * (Math.max(...xs) - Math.min(...xs))) / mean(xs), 1),
            ...(ratio === null || p.name.includes("page") ? {} : { "raw ÷ this": round(ratio, 3) }),
            ...(perReturn !== null && p.name.includes("page of 500") ? { "M Ir per returned return": round(perReturn / 1e6, 3) } : {}),
          },
        });
      });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
