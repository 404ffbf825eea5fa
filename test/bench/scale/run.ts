// `npm run bench -- --scale [N] [--db sqlite,postgresql] [name-filter]` (issue 34): every path of the scale
// issue asked through its door of a store of 10 000 returns and of one of N (default 1 000 000) in the same
// database and server, alternated (small, large, small, …; the median of five each after one warm-up), with
// the ratio large ÷ small and the plan of the request's slowest statement on the large store (SQLite
// EXPLAIN QUERY PLAN, PostgreSQL EXPLAIN). The stores are grown by grow.ts (shaped as the service writes
// them); how long that took is printed too, and (SQLite) each migration's time on a copy of that database at
// an older schema (migrations.ts). --quick: 2 000 against 20 000, to keep the machinery alive.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { QueryEvent } from "../../../src/db/client.js";
import type { Provider } from "../../../src/db/url.js";
import { createTestDatabase } from "../../support/databases.js";
import { planLines } from "../../support/plans.js";
import { startTestService, type TestService } from "../../support/server.js";
import { profilePhase } from "../cpu-profile.js";
import { postgresCpu } from "../postgres-cpu.js";
import { median, round, UNLIMITED, type Result } from "../lib.js";
import { buildTemplate, grow, makeTags, openScaleDb, stepOf, subscribe, type ScaleDb } from "./grow.js";
import { sqliteMigrationTimes } from "./migrations.js";
import { CURSOR_SECRET, headersOf, SCALE_PATHS, type PathRequest } from "./paths.js";

const log = (s: string) => process.stderr.write(`[scale] ${s}\n`);

interface Store {
  id: string;
  secret: string;
  size: number;
}

async function makeStore(svc: TestService, db: ScaleDb, template: string, size: number, now: number, key: string): Promise<Store> {
  const id = (await svc.createStore(`Scale ${size}`)).id;
  const { secret } = await svc.createApiClient(id, "all");
  await subscribe(svc, id, secret);
  await makeTags(svc, id, secret);
  const t0 = performance.now();
  let next = 200_000;
  await grow(db, template, id, { first: 0, count: size, total: size, now, key }, (done) => {
    if (done < next) return;
    next = (Math.floor(done / 200_000) + 1) * 200_000;
    log(`${db.provider}: store ${key} ${done} returns (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  });
  log(`${db.provider}: grew a store of ${size} returns in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { id, secret, size };
}

async function ask(svc: TestService, store: Store, req: PathRequest): Promise<{ ms: number; body: any; status: number }> {
  const url = req.graphql ? `${svc.coreUrl}/graphql` : `${svc.url}${req.path}`;
  const send = () =>
    fetch(url, {
      method: req.method,
      headers: headersOf(req, store.secret),
      body: req.graphql ? JSON.stringify(req.graphql) : undefined,
    });
  // After minutes of growing, the client's kept-alive socket may be one the server has closed meanwhile:
  // a request that failed before any answer is sent once more (and timed from there).
  let t0 = performance.now();
  const res = await send().catch((err: Error & { cause?: { code?: string } }) => {
    log(`request failed before an answer (${err.cause?.code ?? err.message}); sending it again`);
    t0 = performance.now();
    return send();
  });
  const body = await res.json();
  return { ms: performance.now() - t0, body, status: res.status };
}

/** The plan of one statement as the engine reads it, compacted to one line. */
async function planOf(db: ScaleDb, e: QueryEvent): Promise<string> {
  try {
    const lines = await planLines(db, e);
    return (db.provider === "sqlite" ? lines : lines.filter((l) => /Scan|Join|Sort|Aggregate|Limit/.test(l))).join("; ");
  } catch (err) {
    return `(no plan: ${(err as Error).message.split("\n")[0]})`;
  }
}

const POLICY = `mutation($s: ID!, $i: PolicyRulesInput!) { updateReturnPolicyDraft(storeId: $s, input: $i) { draft { window { days } } } }`;
const START = `mutation($s: ID!, $from: DateTime!, $to: DateTime!) { startPolicySimulation(storeId: $s, from: $from, to: $to) { id } }`;
const RUN = `query($s: ID!, $id: ID!) { policySimulationRun(storeId: $s, id: $id) { status returnsDone linesDone error money { currency } } }`;
const DRAFT = {
  window: { days: 30, from: "order" },
  outcomes: { refund: true, storeCredit: true },
  returnFee: { amount: "5.00", waivedFor: ["store_credit"] },
  reviewRules: [{ name: "Serial returner", action: "refuse", returnsInDays: 90, returnsAbove: 2, shopperMessage: "Please contact us." }],
};

/**
 * The policy simulation as the dashboard runs it (startPolicySimulation, then its progress polled every
 * 50 ms until it ends) over the large store's newest returns holding 100 000 and 1 000 000 lines (two a
 * return), against the issue's targets. BENCH_CPU_PROF=<dir> writes a CPU profile of each run.
 */
async function simulations(svc: TestService, store: Store, now: number, provider: Provider, directMs: () => number): Promise<Result[]> {
  const gql = async (query: string, variables: Record<string, unknown>) => {
    const send = () =>
      fetch(`${svc.coreUrl}/graphql`, {
        method: "POST",
        headers: { authorization: `Bearer ${store.secret}`, "content-type": "application/json" },
        body: JSON.stringify({ query, variables }),
      });
    // As in ask(): a kept-alive socket the server closed during the growth fails before any answer; sent again.
    const res = await send().catch(() => send());
    const body: any = await res.json();
    if (res.status !== 200 || body.errors) throw new Error(`simulation: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body.data;
  };
  await gql(POLICY, { s: store.id, i: DRAFT });
  // PostgreSQL's own CPU beside the service's (its statements run in the server's processes).
  const server = provider === "postgresql" ? await postgresCpu(svc.databaseUrl) : null;
  const out: Result[] = [];
  for (const [lines, target] of [
    [100_000, 2],
    [1_000_000, 20],
  ] as const) {
    const returns = Math.min(store.size, lines / 2);
    const from = new Date((now - returns * stepOf(store.size) + 1) * 1000).toISOString();
    const to = new Date((now + 86_400) * 1000).toISOString();
    const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    const stop = await profilePhase(`simulation-${provider}-${lines}`);
    const cpu0 = process.cpuUsage();
    const server0 = server?.read() ?? 0;
    const sql0 = directMs();
    const t0 = performance.now();
    const { id } = (await gql(START, { s: store.id, from, to })).startPolicySimulation;
    let run: { status: string; returnsDone: number; linesDone: number; error: string | null };
    for (;;) {
      run = (await gql(RUN, { s: store.id, id })).policySimulationRun;
      if (run.status !== "running") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - t0) / 1000;
    // The service runs in this process: its CPU (user + system) and the driver's statements' time.
    const cpuUsed = process.cpuUsage(cpu0);
    const cpu = (cpuUsed.user + cpuUsed.system) / 1e6;
    const serverCpu = server ? (server.read() - server0) / 1e6 : null;
    const statements = (directMs() - sql0) / 1000;
    await stop();
    if (run.status !== "completed") throw new Error(`simulation ${run.status}: ${run.error}`);
    const scaled = (seconds * lines) / Math.max(1, run.linesDone);
    out.push({
      measure: 10,
      // Named by what was measured: the GraphQL start, the background run over the real database, its lines.
      // A store too small for the asked lines (--quick) measures fewer, and the target is judged pro rata.
      name: `scale: policy simulation (GraphQL start → background run → database), ${run.linesDone} lines${run.linesDone < lines ? ` (asked ${lines}, judged pro rata)` : ""}`,
      db: provider,
      value: round(seconds, 2),
      unit: `s for ${run.linesDone} lines`,
      target: `≤ ${target} s`,
      met: scaled <= target,
      details: {
        returns: run.returnsDone,
        "lines per second": round(run.linesDone / seconds),
        "CPU s (user + system)": round(cpu, 2),
        ...(serverCpu === null ? {} : { "PostgreSQL CPU s": round(serverCpu, 2) }),
        "statements s": round(statements, 2),
        "load average before": load,
      },
    });
    log(
      `${provider}: simulation over ${run.returnsDone} returns (${run.linesDone} lines): ${round(seconds, 2)} s, CPU ${round(cpu, 2)} s${serverCpu === null ? "" : ` (PostgreSQL ${round(serverCpu, 2)} s)`}, statements ${round(statements, 2)} s (load before: ${load})`,
    );
  }
  return out;
}

/**
 * SCALE_KEEP=<dir>: the grown database is kept (never dropped) and described in <dir>/scale-<db>-<N>.json;
 * a later run with the same N reuses it (migrated to the code's schema) instead of growing it again.
 */
interface Kept {
  url: string;
  now: number;
  small: Store;
  large: Store;
}

export async function runScale(opts: { providers: Provider[]; size: number; small: number; filter?: string }): Promise<Result[]> {
  const results: Result[] = [];
  for (const provider of opts.providers) {
    const keepFile = process.env.SCALE_KEEP ? `${process.env.SCALE_KEEP}/scale-${provider}-${opts.size}-${opts.small}.json` : null;
    const kept: Kept | null = keepFile && existsSync(keepFile) ? JSON.parse(readFileSync(keepFile, "utf8")) : null;
    const databaseUrl = kept?.url ?? (keepFile ? (await createTestDatabase(provider)).url : undefined);
    if (kept) log(`${provider}: reusing the stores grown in ${kept.url}`);
    const now = kept?.now ?? Math.floor(Date.now() / 1000);
    const events: QueryEvent[] = [];
    let recording = false;
    let directMs = 0;
    const svc = await startTestService(
      provider,
      { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", CURSOR_SECRET, ...UNLIMITED },
      {
        onQuery: (e) => {
          if (e.target === "direct") directMs += e.duration;
          if (recording) events.push(e);
        },
        databaseUrl,
      },
    );
    const db = await openScaleDb(provider, svc.databaseUrl);
    try {
      let small: Store;
      let large: Store;
      if (kept) ({ small, large } = kept);
      else {
        const template = await buildTemplate(svc, "scale");
        small = await makeStore(svc, db, template.storeId, opts.small, now, "a");
        large = await makeStore(svc, db, template.storeId, opts.size, now, "b");
        await db.exec("ANALYZE");
        if (keepFile && databaseUrl) writeFileSync(keepFile, JSON.stringify({ url: databaseUrl, now, small, large } satisfies Kept));
      }
      for (const path of SCALE_PATHS.filter((p) => !opts.filter || p.name.includes(opts.filter))) {
        const times: Record<"small" | "large", number[]> = { small: [], large: [] };
        let failure = "";
        for (let rep = 0; rep < 6 && !failure; rep++) {
          for (const [which, store] of [
            ["small", small],
            ["large", large],
          ] as const) {
            const r = await ask(svc, store, path.request(store.id, store.size, now));
            if (r.status !== 200 || !path.check(r.body)) failure = `${which}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`;
            if (rep > 0) times[which].push(r.ms); // the first round warms both
          }
        }
        // The plan of the large store's slowest statement in this request.
        events.length = 0;
        recording = true;
        await ask(svc, large, path.request(large.id, large.size, now));
        recording = false;
        const slowest = [...events].sort((a, b) => b.duration - a.duration)[0];
        const plan = slowest ? await planOf(db, slowest) : "";
        const s = times.small.length ? median(times.small) : 0;
        const l = times.large.length ? median(times.large) : 0;
        const ratio = s > 0 ? l / s : 0;
        results.push({
          measure: 10,
          name: `scale: ${path.name}`,
          db: provider,
          value: failure ? null : round(l, 1),
          unit: `ms at ${opts.size}`,
          target: "≤ 2× the small store",
          met: failure ? null : ratio <= 2,
          ...(failure ? { reason: `failed: ${failure}` } : {}),
          details: {
            [`ms at ${opts.small}`]: round(s, 1),
            ratio: round(ratio, 2),
            statements: events.length,
            ...(slowest ? { "slowest statement ms": round(slowest.duration, 1), plan } : {}),
          },
        });
        log(`${provider}: ${path.name}: ${round(s, 1)} → ${round(l, 1)} ms (${round(ratio, 2)}×)`);
      }
      if (!opts.filter || "policy simulation".includes(opts.filter))
        results.push(...(await simulations(svc, large, now, provider, () => directMs)));
      if (provider === "sqlite" && (!opts.filter || "migrations".includes(opts.filter)))
        results.push(...(await sqliteMigrationTimes(svc.databaseUrl.replace(/^file:/, ""), small.size + large.size, log)));
    } finally {
      await db.close();
      await svc.close();
    }
  }
  return results;
}
