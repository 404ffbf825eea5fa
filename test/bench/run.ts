// `npm run bench [-- --quick] [-- --json] [-- --db sqlite,postgresql] [-- name-filter]`
// Runs the nine measures of the performance suite (test/bench/*.bench.ts) on each database and prints
// one table; --json also prints every result as one JSON object on the last line of output. It is a
// measurement, not a test: it exits 0 whatever the figures (non-zero only when a measure crashed).
// --quick is the short mode CI runs so the suite cannot rot (no thresholds): every measure on both databases
// with small sizes, about 4 minutes (245 s wall-clock, 145 s CPU, load average 9.6–13; the webhook measure
// on PostgreSQL about a minute of it).
// --instructions runs instead the read hot paths under valgrind's callgrind and prints instructions per
// request (instructions.ts; SQLite; by default one start per path, requests 1 501–3 500 counted between
// two dumps; `--window W,N` other counts; `--k K1,K2` the differential of two starts instead; `--reps N`,
// `--jobs N`), and the webhook
// dispatcher's instructions per delivery (instructions-webhooks.ts; `--events E1,E2`); never part of --quick's run
// unless both are given, which is a smoke run of the machinery with small K).
// --scale [N] runs instead the scale issue's paths (scale/run.ts): a store of 10 000 returns and one of N
// (default 1 000 000) grown in one database, each path asked of both, alternated, with the ratio and the plan
// of its slowest statement, and the policy simulation over 100 000 and 1 000 000 lines; --quick runs them at
// 2 000 and 20 000 after the other measures.
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import type { Provider } from "../../src/db/url.js";
import type { QueryEvent } from "../../src/db/client.js";
import { postgresAvailable } from "../support/databases.js";
import { startTestService } from "../support/server.js";
import { UNLIMITED, type Ctx, type Measure, type Result } from "./lib.js";
import restRead from "./rest-read.bench.js";
import graphqlList from "./graphql-list.bench.js";
import bulkUpload from "./bulk-upload.bench.js";
import webhooks from "./webhooks.bench.js";
import invoiceCsv from "./invoice-csv.bench.js";
import startup from "./startup.bench.js";
import compatList from "./compat-list.bench.js";
import policySimulation from "./policy-simulation.bench.js";
import portalWeight from "./portal-weight.bench.js";
import { DEFAULT_KS, DEFAULT_WINDOW, PATHS, QUICK_KS, runInstructions } from "./instructions.js";
import { runScale } from "./scale/run.js";
import { DELIVERY_WINDOW, runWebhookInstructions, WEBHOOK_NAME } from "./instructions-webhooks.js";

const MEASURES: Measure[] = [restRead, graphqlList, bulkUpload, webhooks, invoiceCsv, startup, compatList, policySimulation, portalWeight];
/** Measures that start their own processes or need none (the others share one service per database). */
const OWN_PROCESS = new Set([4, 6, 9, 10]);

const argv = process.argv.slice(2);
const FLAGS = new Set(["--scale", "--quick", "--json", "--instructions", "--db", "--k", "--reps", "--jobs", "--events", "--window"]);
// --help, or a flag this runner does not know, prints the usage instead of starting the whole suite
// (about twelve minutes): a mistyped flag must not be read as "run everything".
const unknown = argv.find((a) => a.startsWith("-") && !FLAGS.has(a));
if (unknown) {
  const usage = readFileSync(fileURLToPath(import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.startsWith("//"))
    .slice(0, 15);
  process.stdout.write(`${usage.map((l) => l.slice(3)).join("\n")}\n`);
  process.exit(unknown === "--help" || unknown === "-h" ? 0 : 2);
}
const quick = argv.includes("--quick");
const json = argv.includes("--json");
const dbArg = argv.includes("--db") ? argv[argv.indexOf("--db") + 1] : process.env.BENCH_DBS;
const valued = new Set(["--scale", "--db", "--k", "--reps", "--jobs", "--events", "--window"]);
const filter = argv.find((a, i) => !a.startsWith("-") && !valued.has(argv[i - 1]));
const instructions = argv.includes("--instructions");
// --scale [N]: the scale issue's paths at 10 000 and N returns (scale/run.ts); alone, or with --quick at 2 000 and 20 000.
const scale = argv.includes("--scale");
const scaleArg = scale && /^\d+$/.test(argv[argv.indexOf("--scale") + 1] ?? "") ? Number(argv[argv.indexOf("--scale") + 1]) : null;
const kArg = argv.includes("--k") ? argv[argv.indexOf("--k") + 1].split(",").map(Number) : null;
// Without --k or --window, the read paths are counted in steady state: requests 1 501–3 500 of one start
// (at requests 201–700 TurboFan still compiles; performance guide). --quick keeps the short differential.
const windowArg = argv.includes("--window")
  ? (argv[argv.indexOf("--window") + 1].split(",").map(Number) as [number, number])
  : kArg || quick
    ? undefined
    : DEFAULT_WINDOW;
// One start per path by default (~20 minutes in all): a window's JavaScript repeats within 2 %, but a major
// GC cycle falling inside it moves a total by up to 0.5 M (performance guide): `--reps 2` for a verdict.
const reps = argv.includes("--reps") ? Number(argv[argv.indexOf("--reps") + 1]) : quick || windowArg ? 1 : 2;
const eventsArg = argv.includes("--events") ? argv[argv.indexOf("--events") + 1].split(",").map(Number) : null;
const jobs = argv.includes("--jobs") ? Number(argv[argv.indexOf("--jobs") + 1]) : 2;
const wanted =
  instructions || scale
    ? []
    : ((dbArg ? dbArg.split(",") : ["sqlite", "postgresql"]).map((d) => (d === "postgres" ? "postgresql" : d)) as Provider[]);
const selected = MEASURES.filter((m) => !filter || m.name.toLowerCase().includes(filter.toLowerCase()) || String(m.id) === filter);

process.env.NODE_ENV ??= "test";
const log = (s: string) => process.stderr.write(s + "\n");
const results: Result[] = [];
let crashed = false;
const started = performance.now();

for (const provider of wanted) {
  if (provider === "postgresql" && !(await postgresAvailable())) {
    for (const m of selected)
      results.push({
        measure: m.id,
        name: m.name,
        db: provider,
        value: null,
        unit: "",
        target: "",
        met: null,
        reason: "n/a: PostgreSQL not reachable at 127.0.0.1:5432",
        details: {},
      });
    continue;
  }
  const sql = { counting: false, count: 0 };
  const onQuery = (_e: QueryEvent) => {
    if (sql.counting) sql.count++;
  };
  const needsShared = selected.some((m) => !OWN_PROCESS.has(m.id));
  const svc = needsShared
    ? await startTestService(provider, { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", ...UNLIMITED }, { onQuery })
    : (null as never);
  const ctx: Ctx = {
    provider,
    quick,
    svc,
    sql,
    async countStatements(fn) {
      // Quiesce first: requests of a previous load run may still be in the server when its client exits.
      sql.counting = true;
      for (let i = 0; i < 40; i++) {
        sql.count = 0;
        await new Promise((r) => setTimeout(r, 250));
        if (sql.count === 0) break;
      }
      sql.count = 0;
      try {
        const result = await fn();
        return { result, statements: sql.count };
      } finally {
        sql.counting = false;
      }
    },
  };
  try {
    for (const m of selected) {
      const t0 = performance.now();
      log(`[bench] ${provider}: ${m.id}. ${m.name} …`);
      try {
        results.push(...(await m.run(ctx)));
      } catch (err) {
        crashed = true;
        log(`[bench] ${m.name} on ${provider} FAILED: ${(err as Error).stack ?? err}`);
        results.push({
          measure: m.id,
          name: m.name,
          db: provider,
          value: null,
          unit: "",
          target: "",
          met: null,
          reason: `failed: ${(err as Error).message}`,
          details: {},
        });
      }
      log(`[bench] ${provider}: ${m.name} took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
  } finally {
    await svc?.close();
  }
}

// --quick runs the scale paths too (2 000 against 20 000 returns), so they cannot rot either.
if (scale || (quick && !instructions && (!filter || "scale".includes(filter.toLowerCase())))) {
  try {
    const providers = (dbArg ? dbArg.split(",") : ["sqlite", "postgresql"]).map((d) => (d === "postgres" ? "postgresql" : d)) as Provider[];
    const reachable: Provider[] = [];
    for (const p of providers) if (p !== "postgresql" || (await postgresAvailable())) reachable.push(p);
    results.push(
      ...(await runScale({
        providers: reachable,
        size: scaleArg ?? (quick ? 20_000 : 1_000_000),
        small: quick ? 2_000 : 10_000,
        filter: scale ? filter : undefined,
      })),
    );
  } catch (err) {
    crashed = true;
    log(`[bench] --scale FAILED: ${(err as Error).stack ?? err}`);
  }
}

if (instructions) {
  const ks = (kArg ?? (quick ? QUICK_KS : DEFAULT_KS)) as [number, number];
  try {
    const matches = (name: string) => !filter || name.toLowerCase().includes(filter.toLowerCase());
    // Deliveries are counted like the reads: a window of one drain (deliveries 1 501–3 500) unless --events
    // E1,E2 asks for the differential of two drains (which still falls with E below 500: performance guide).
    const events = (eventsArg ?? (quick ? [20, 60] : [500, 1500])) as [number, number];
    const deliveryWindow = eventsArg || quick ? undefined : DELIVERY_WINDOW;
    // The drain runs beside the reads' starts (its own process): the whole mode fits in about 20 minutes.
    const [reads, hooks] = await Promise.all([
      PATHS.some((p) => matches(p.name)) ? runInstructions({ ks, reps, jobs, filter, log, window: windowArg }) : [],
      matches(WEBHOOK_NAME) ? runWebhookInstructions({ events, window: deliveryWindow, reps, jobs, log }).then((r) => [r]) : [],
    ]);
    results.push(...reads, ...hooks);
  } catch (err) {
    crashed = true;
    log(`[bench] --instructions FAILED: ${(err as Error).stack ?? err}`);
  }
}

const machine = `${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? "?"}), Node ${process.versions.node}, ${process.platform}, load average ${loadavg()
  .map((l) => l.toFixed(1))
  .join(" ")} at the end`;
const fmt = (v: number | null) => (v === null ? "n/a" : Number.isInteger(v) ? String(v) : v.toFixed(2));
const rows = results.map((r) => [
  `${r.measure}. ${r.name}`,
  r.db,
  `${fmt(r.value)} ${r.unit}`.trim(),
  r.target,
  r.met === null ? "—" : r.met ? "yes" : "NO",
  [
    Object.entries(r.details)
      .map(([k, v]) => `${k} ${v}`)
      .join("; "),
    r.reason ? `reason: ${r.reason}` : "",
  ]
    .filter(Boolean)
    .join(" | "),
]);
const head = ["measure", "db", "value", "target", "met", "details"];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (i === 5 ? 0 : r[i].length))));
const line = (cells: string[]) => "| " + cells.map((c, i) => (i === 5 ? c : c.padEnd(widths[i]))).join(" | ") + " |";
console.log(`\nRetour benchmark${quick ? " (--quick: smaller sizes and shorter runs; figures are indicative only)" : ""} on ${machine}\n`);
console.log(line(head));
console.log("|" + head.map((_, i) => "-".repeat(i === 5 ? 9 : widths[i] + 2)).join("|") + "|");
for (const r of rows) console.log(line(r));
console.log(`\n${results.length} results in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
if (json) console.log(JSON.stringify({ machine, quick, at: new Date().toISOString(), results }));
process.exit(crashed ? 1 : 0);
