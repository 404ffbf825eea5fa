// 4. Webhook delivery. A real service core on a fresh database, a loopback subscriber answering 200 in a
// process of its own (subscriber-process.ts), one `return` webhook. Two parts:
//  - drain: SUBJECTS × EVENTS events are committed while no dispatcher runs, then dispatchers start and
//    deliver them; deliveries/s from start to the last first delivery, the same at steady state (from the
//    WARM_UP-th first arrival to the last, as the reads are counted past their warm-up: a dispatcher
//    compiles its batch code during its first thousand deliveries, once per process), and a check that
//    every subject arrived complete and in sequence order. The target is judged at steady state. Payload snapshots are rendered before the clock starts
//    (as the committing process does right after each commit); their rate is reported apart. SQLite: the
//    server's in-process dispatcher (one process owns a SQLite file). PostgreSQL: 1 and then 3 dispatcher
//    replicas, each its own process (test/bench/webhook-replica.ts), claiming side by side. Each drain
//    reports deliveries per CPU-second of the dispatching process(es) (process.cpuUsage; the subscriber
//    runs elsewhere, so on SQLite too it measures the dispatcher alone, plus this process's idle polling)
//    and SQL statements per delivery; BENCH_CPU_PROF=<dir> writes a CPU profile of each drain.
//  - latency: events committed one at a time at a steady pace with the in-process dispatcher running;
//    commit-to-delivery p50/p99 (commit = the transaction resolved; delivery = the subscriber got it).
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/core/log.js";
import { startService } from "../../facades/server.js";
import { createStore } from "../../src/identity/service.js";
import { systemContext } from "../../src/core/context.js";
import { createWebhook } from "../../src/webhooks/service.js";
import { Dispatcher } from "../../src/webhooks/dispatcher.js";
import { createTestDatabase } from "../support/databases.js";
import { emit, ensureReturn } from "../support/webhooks.js";
import { renderPendingSnapshots } from "../../src/webhooks/payload.js";
import type { Services } from "../../src/core/context.js";
import { profilePhase } from "./cpu-profile.js";
import { startSubscriberProcess, type SubscriberProcess } from "./subscriber-process.js";
import { postgresCpu, type PostgresCpu } from "./postgres-cpu.js";
import { pct, round, type Measure, type Result } from "./lib.js";

const REPLICA = fileURLToPath(new URL("./webhook-replica.ts", import.meta.url));

interface Drain {
  deliveries: number;
  perSecond: number;
  /** Deliveries/s after the first WARM_UP arrivals (first arrivals of distinct deliveries). */
  steadyPerSecond: number;
  orderKept: boolean;
  repeats: number;
  renderPerSecond: number;
  statementsPerDelivery: number;
  /** Deliveries per CPU-second of the dispatching process(es) (user + system time, from process.cpuUsage). */
  perCpuSecond: number;
  /** CPU µs per delivery of the dispatching process(es), and of PostgreSQL (null: SQLite, or not readable here). */
  dispatcherMicrosPerDelivery: number;
  postgresMicrosPerDelivery: number | null;
}

/** What the dispatching process(es) spent during a drain: CPU time (µs) and SQL statements; absent ones are measured here. */
type DrainCost = { cpuMicros: number; statements: number };
type Starter = () => Promise<() => Promise<DrainCost | null>>;

/** First arrivals before the steady-state rate is taken (see the header). */
const WARM_UP = 1000;

export async function commitBacklog(services: Services, storeId: string, prefix: string, subjects: number, events: number) {
  const ids = Array.from({ length: subjects }, (_, i) => `ret_${prefix}_${i}`);
  // Subjects first, one at a time (their fixture order is upserted), then events 8 at a time: more
  // concurrent interactive transactions than the PostgreSQL pool holds (10) can hang the Prisma client.
  for (const id of ids) await ensureReturn(services, storeId, id);
  for (let n = 0; n < events; n++) {
    for (let i = 0; i < ids.length; i += 8)
      await Promise.all(ids.slice(i, i + 8).map((s) => emit(services, storeId, s, n ? "updated" : "created")));
  }
  return ids;
}

async function drain(
  sql: { counting: boolean; count: number },
  sub: SubscriberProcess,
  services: Services,
  storeId: string,
  prefix: string,
  subjects: number,
  events: number,
  start: Starter,
  pgCpu: PostgresCpu | null = null,
): Promise<Drain> {
  await commitBacklog(services, storeId, prefix, subjects, events);
  // The committing process renders each event's payload snapshot right after its commit (its dispatcher
  // is woken by the commit); here no dispatcher ran, so render them now, timed apart from the drain.
  const r0 = performance.now();
  let rendered = 0;
  for (let n; (n = await renderPendingSnapshots(services, 500)); ) rendered += n;
  const renderPerSecond = rendered / ((performance.now() - r0) / 1000);
  sub.received.length = 0;
  const total = subjects * events;
  const unique = new Set<string>();
  let seen = 0;
  const t0 = performance.now();
  sql.count = 0;
  sql.counting = true;
  const cpu0 = process.cpuUsage();
  const pg0 = pgCpu?.read() ?? 0;
  const endProfile = await profilePhase(`webhook-drain-${prefix}`);
  const stop = await start();
  const warmUp = Math.min(WARM_UP, Math.floor(total / 2));
  let warmAt = 0;
  let lastAt = 0;
  await sub.waitFor((r) => {
    for (; seen < r.length; seen++) {
      if (unique.has(r[seen].id)) continue;
      unique.add(r[seen].id);
      if (unique.size === warmUp) warmAt = r[seen].arrivedAt;
      lastAt = r[seen].arrivedAt;
    }
    return unique.size >= total;
  }, 600_000);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const children = await stop();
  // The replicas closed their pools: let PostgreSQL reap their backends, whose time then moves to the postmaster.
  if (pgCpu) await new Promise((r) => setTimeout(r, 200));
  const pgMicros = pgCpu ? pgCpu.read() - pg0 : null;
  await endProfile();
  sql.counting = false;
  const cost = children ?? { cpuMicros: cpu.user + cpu.system, statements: sql.count };
  const bySubject = new Map<string, number[]>();
  for (const r of sub.received) {
    const seqs = bySubject.get(r.subject);
    if (seqs) seqs.push(r.sequence);
    else bySubject.set(r.subject, [r.sequence]);
  }
  // Order kept: per subject, sequence numbers never go backwards and none is missing. A repeat of the
  // same number (at-least-once after a lost acknowledgement) is counted separately.
  const orderKept =
    bySubject.size === subjects &&
    [...bySubject.values()].every((seqs) => seqs.every((s, i) => i === 0 || s >= seqs[i - 1]) && new Set(seqs).size === events);
  return {
    deliveries: total,
    perSecond: total / seconds,
    steadyPerSecond: (total - warmUp) / ((lastAt - warmAt) / 1000),
    orderKept,
    repeats: sub.received.length - unique.size,
    renderPerSecond,
    statementsPerDelivery: cost.statements / total,
    perCpuSecond: total / (cost.cpuMicros / 1e6),
    dispatcherMicrosPerDelivery: cost.cpuMicros / total,
    postgresMicrosPerDelivery: pgMicros === null ? null : pgMicros / total,
  };
}

/**
 * Forks `n` dispatcher replicas and warms them up (uncounted): each delivers about `warmPerReplica` events of
 * a backlog of their own first, as the replicas of a running service have long compiled their hot code.
 */
async function replicas(
  n: number,
  databaseUrl: string,
  concurrency: number,
  warm: { services: Services; storeId: string; sub: SubscriberProcess; perReplica: number },
): Promise<Starter> {
  // Started side by side (each loads the service), then released together.
  const children: ChildProcess[] = await Promise.all(
    Array.from({ length: n }, async () => {
      const child = fork(REPLICA, [], {
        execArgv: ["--import", "tsx"],
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          CURSOR_SECRET: "bench",
          WEBHOOK_CONCURRENCY: String(concurrency),
          WEBHOOK_POLL_INTERVAL: "200ms",
        },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      await new Promise<void>((resolve, reject) => {
        child.once("message", () => resolve());
        child.once("exit", (code) => reject(new Error(`dispatcher replica exited ${code}`)));
      });
      return child;
    }),
  );
  if (warm.perReplica > 0) {
    const subjects = Math.max(1, Math.round((n * warm.perReplica) / 10));
    await commitBacklog(warm.services, warm.storeId, `warm${n}`, subjects, 10);
    for (let rendered = 1; rendered; ) rendered = await renderPendingSnapshots(warm.services, 500);
    warm.sub.received.length = 0;
    for (const c of children) c.send("warm");
    await warm.sub.waitFor((r) => new Set(r.map((a) => a.id)).size >= subjects * 10, 600_000);
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            c.once("message", () => resolve());
            c.send("idle");
          }),
      ),
    );
  }
  return async () => {
    for (const c of children) c.send("go");
    return async () => {
      // Each replica answers "stop" with what it spent between "go" and the end of its graceful stop.
      const costs = await Promise.all(
        children.map(
          (c) =>
            new Promise<DrainCost>((resolve) => {
              let cost: DrainCost = { cpuMicros: 0, statements: 0 };
              c.on("message", (m) => (cost = m as DrainCost));
              c.once("exit", () => resolve(cost));
              c.send("stop");
            }),
        ),
      );
      return { cpuMicros: costs.reduce((s, c) => s + c.cpuMicros, 0), statements: costs.reduce((s, c) => s + c.statements, 0) };
    };
  };
}

const measure: Measure = {
  id: 4,
  name: "Webhook delivery",
  async run(ctx) {
    const subjects = ctx.quick ? 20 : 400;
    const events = ctx.quick ? 3 : 10;
    const latencyEvents = ctx.quick ? 20 : 300;
    const db = await createTestDatabase(ctx.provider);
    const config = loadConfig({
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: db.url,
      PORT: "0",
      CURSOR_SECRET: "bench",
      WEBHOOK_DISPATCHER: "false",
      WEBHOOK_POLL_INTERVAL: "1s",
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    });
    const concurrency = config.webhooks.concurrency; // WEBHOOK_CONCURRENCY or its default
    // SQL statements issued by this process while a drain runs (SQLite: the in-process dispatcher's own).
    const sql = { counting: false, count: 0 };
    const running = await startService({
      config,
      log: createLogger("silent"),
      skipMigrate: true,
      onQuery: () => sql.counting && sql.count++,
    });
    const services = running.core!.services;
    const sub = await startSubscriberProcess();
    try {
      const store = await createStore(services, "Bench store");
      await createWebhook(systemContext(services, store.id), store.id, {
        topic: "return",
        callback: { url: `${sub.url}/hook`, auth: { bearer: { token: "bench" } } },
      });
      const inProcess = async () => {
        const d = new Dispatcher(services, { config: { concurrency } }).start();
        return async () => {
          await d.stop();
          return null; // this process: measured by drain
        };
      };
      const drains: Record<string, Drain> = {};
      if (ctx.provider === "sqlite") {
        drains["1 process"] = await drain(sql, sub, services, store.id, "a", subjects, events, inProcess);
      } else {
        const pgCpu = await postgresCpu(db.url);
        const warm = { services, storeId: store.id, sub, perReplica: ctx.quick ? 20 : WARM_UP };
        drains["1 replica"] = await drain(
          sql,
          sub,
          services,
          store.id,
          "a",
          subjects,
          events,
          await replicas(1, db.url, concurrency, warm),
          pgCpu,
        );
        drains["3 replicas"] = await drain(
          sql,
          sub,
          services,
          store.id,
          "b",
          subjects,
          events,
          await replicas(3, db.url, concurrency, warm),
          pgCpu,
        );
      }

      // Commit-to-delivery latency at a steady pace.
      sub.received.length = 0;
      const dispatcher = new Dispatcher(services, { config: { concurrency } }).start();
      const committedAt = new Map<string, number>();
      for (let i = 0; i < latencyEvents; i++) {
        const subject = `ret_lat_${i % 50}`;
        const { sequence } = await emit(services, store.id, subject, "updated");
        committedAt.set(`${subject}#${sequence}`, performance.now() + performance.timeOrigin);
        await new Promise((r) => setTimeout(r, 5));
      }
      await sub.waitFor((r) => r.length >= latencyEvents, 120_000);
      await dispatcher.stop();
      const latencies = sub.received.map((r) => r.arrivedAt - committedAt.get(`${r.subject}#${r.sequence}`)!);

      const ordered = Object.values(drains).every((d) => d.orderKept);
      const repeats = Object.values(drains).reduce((s, d) => s + d.repeats, 0);
      const details: Record<string, string | number | boolean> = {};
      for (const [k, d] of Object.entries(drains)) {
        details[`${k} deliveries/s`] = round(d.perSecond);
        details[`${k} deliveries/s after the first ${WARM_UP}`] = round(d.steadyPerSecond);
        details[`${k} deliveries/CPU-s`] = round(d.perCpuSecond);
        details[`${k} SQL statements/delivery`] = round(d.statementsPerDelivery, 2);
        details[`${k} CPU µs/delivery (dispatcher${d.postgresMicrosPerDelivery === null ? "" : " + PostgreSQL"})`] =
          d.postgresMicrosPerDelivery === null
            ? round(d.dispatcherMicrosPerDelivery)
            : `${round(d.dispatcherMicrosPerDelivery)} + ${round(d.postgresMicrosPerDelivery)} = ${round(d.dispatcherMicrosPerDelivery + d.postgresMicrosPerDelivery)}`;
      }
      details["payload renders/s"] = round(Object.values(drains)[0].renderPerSecond);
      details["order kept"] = ordered;
      details.repeats = repeats;
      details["latency p50/p99 ms"] = `${round(pct(latencies, 50), 1)}/${round(pct(latencies, 99), 1)}`;
      details.backlog = `${subjects}×${events}`;
      details.concurrency = concurrency;
      // Issue 34: three replicas cost at most 1.2× one's CPU (replicas and PostgreSQL) and statements per delivery.
      const perReplica: Result[] = [];
      if (ctx.provider === "postgresql") {
        const [one, three] = [drains["1 replica"], drains["3 replicas"]];
        details["scaling 3/1"] = round(three.perSecond / one.perSecond, 2);
        const all = (d: Drain) => d.dispatcherMicrosPerDelivery + (d.postgresMicrosPerDelivery ?? 0);
        const cpu = all(three) / all(one);
        const statements = three.statementsPerDelivery / one.statementsPerDelivery;
        const pgRead = one.postgresMicrosPerDelivery !== null;
        const replicaMet = cpu <= 1.2 && statements <= 1.2 && pgRead;
        perReplica.push({
          measure: 4,
          name: "Webhook replicas, 3 against 1",
          db: ctx.provider,
          value: round(cpu, 2),
          unit: `× one replica's CPU per delivery (replicas${pgRead ? " + PostgreSQL" : " only"})`,
          target: "≤ 1.2× CPU and statements per delivery",
          met: replicaMet,
          details: {
            "1 replica CPU µs/delivery": round(all(one)),
            "3 replicas CPU µs/delivery": round(all(three)),
            "1 replica statements/delivery": round(one.statementsPerDelivery, 3),
            "3 replicas statements/delivery": round(three.statementsPerDelivery, 3),
            "statements 3/1": round(statements, 2),
          },
          ...(replicaMet
            ? {}
            : {
                reason: pgRead
                  ? "see the performance guide's Webhook delivery section: the outcome writes' smaller batches, then per-process costs on a shared 2-core box"
                  : "PostgreSQL's CPU could not be read here (not a local server)",
              }),
        });
      }
      // Target per database; the best drain counts (PostgreSQL: 1 or 3 replicas on this box's 2 cores).
      const target = ctx.provider === "sqlite" ? 3000 : 2000;
      const [bestName, best] = Object.entries(drains).sort((a, b) => b[1].steadyPerSecond - a[1].steadyPerSecond)[0];
      const statementsOk = Object.values(drains).every((d) => d.statementsPerDelivery <= 3);
      const met = best.steadyPerSecond >= target && statementsOk && ordered && repeats === 0;
      const reason = !ordered
        ? "per-subject order NOT kept"
        : repeats
          ? `${repeats} deliveries sent twice`
          : !statementsOk
            ? "more than 3 SQL statements per delivery"
            : ctx.provider === "sqlite"
              ? WEBHOOK_SQLITE_REASON
              : WEBHOOK_PG_REASON;
      const result: Result = {
        measure: 4,
        name: ctx.provider === "sqlite" ? "Webhook delivery" : `Webhook delivery (${bestName})`,
        db: ctx.provider,
        value: round(best.steadyPerSecond),
        unit: "deliveries/s at steady state",
        target: `≥ ${target}/s, ≤ 3 statements/delivery, order kept, no repeats`,
        met,
        details,
        ...(met ? {} : { reason }),
      };
      return [result, ...perReplica];
    } finally {
      await sub.close();
      await running.close();
      await db.drop();
    }
  },
};

export const WEBHOOK_SQLITE_REASON =
  "CPU: the subscriber runs in its own process on the other core, so deliveries/CPU-s is the dispatcher's alone; at the default share of 32 per store it ran 3 100–3 800/s at steady state on a quiet box (2026-11-27), ~0.3 ms of CPU a delivery, 3 000/s needing 0.33. Below that: a loaded box, or a share lowered by WEBHOOK_CONCURRENCY(_PER_STORE/_PER_ORIGIN) (see the performance guide)";
export const WEBHOOK_PG_REASON =
  "CPU: the box's 2 cores are shared by the replica(s), PostgreSQL's backends, the subscriber and the benchmark; one replica needs ~0.43 ms of CPU a delivery (2 350 per CPU-second, 2026-11-27) and PostgreSQL about as much again, so a second core's worth is missing, and more replicas add contention, not CPU";

export default measure;
