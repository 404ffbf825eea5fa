// Webhook delivery benchmark: `npm run bench -- webhooks`, or `npx tsx test/bench/webhooks.bench.ts
// [sqlite|postgresql ...]` for JSON lines. For each database: a real server process core with its in-process
// dispatcher, a loopback subscriber answering 200, and
//  1. drain: a backlog of SUBJECTS × EVENTS events committed while the dispatcher is stopped, then
//     delivered; reports deliveries/s and checks that every subject arrived in sequence order;
//  2. latency: events committed one at a time at a steady pace with the dispatcher running; reports
//     commit-to-delivery latency p50/p99 (commit = the transaction resolved; delivery = the
//     subscriber received the request).
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/core/log.js";
import { startService } from "../../src/server/start.js";
import { createStore } from "../../src/identity/service.js";
import { systemContext } from "../../src/core/context.js";
import { createWebhook } from "../../src/webhooks/service.js";
import { Dispatcher } from "../../src/webhooks/dispatcher.js";
import { createTestDatabase, postgresAvailable } from "../support/databases.js";
import { startSubscriber } from "../support/subscriber.js";
import { emit } from "../support/webhooks.js";
import type { Provider } from "../../src/db/url.js";

const SUBJECTS = Number(process.env.BENCH_SUBJECTS ?? 200);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10);
const LATENCY_EVENTS = Number(process.env.BENCH_LATENCY_EVENTS ?? 300);
const CONCURRENCY = Number(process.env.WEBHOOK_CONCURRENCY ?? 32);

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function bench(provider: Provider) {
  const db = await createTestDatabase(provider);
  const config = loadConfig({ ...process.env, NODE_ENV: "test", DATABASE_URL: db.url, PORT: "0", CURSOR_SECRET: "bench", WEBHOOK_DISPATCHER: "false", WEBHOOK_POLL_INTERVAL: "1s" });
  const running = await startService({ config, log: createLogger("silent"), skipMigrate: true });
  const services = running.core!.services;
  const sub = await startSubscriber(() => ({ status: 200 }));
  try {
    const store = await createStore(services, "Bench store");
    await createWebhook(systemContext(services, store.id), store.id, { topic: "return", callback: { url: `${sub.url}/hook`, auth: { bearer: { token: "bench" } } } });

    // 1. Drain a backlog.
    const subjects = Array.from({ length: SUBJECTS }, (_, i) => `ret_bench_${i}`);
    for (let n = 0; n < EVENTS; n++) {
      for (let i = 0; i < subjects.length; i += 50) {
        await Promise.all(subjects.slice(i, i + 50).map((s) => emit(services, store.id, s, n ? "updated" : "created")));
      }
    }
    const total = SUBJECTS * EVENTS;
    if (process.env.BENCH_VERBOSE) console.error(`${provider}: ${total} events committed`);
    const dispatcher = new Dispatcher(services, { config: { concurrency: CONCURRENCY } });
    const t0 = performance.now();
    dispatcher.start();
    await sub.waitFor((r) => new Set(r.map((x) => x.headers["webhook-id"])).size >= total, 600_000);
    const seconds = (performance.now() - t0) / 1000;
    const bySubject = new Map<string, number[]>();
    for (const r of sub.received) bySubject.set(r.json.return.id, [...(bySubject.get(r.json.return.id) ?? []), Number(r.headers["x-retour-sequence"])]);
    // Order kept: per subject, sequence numbers never go backwards and none is missing. A repeat of the
    // same number (at-least-once after a lost acknowledgement) is counted separately.
    const badSubjects = [...bySubject.entries()].filter(([, seqs]) => !(seqs.every((s, i) => i === 0 || s >= seqs[i - 1]) && new Set(seqs).size === EVENTS));
    const ordered = badSubjects.length === 0 && bySubject.size === SUBJECTS;
    const repeats = sub.received.length - new Set(sub.received.map((r) => r.headers["webhook-id"])).size;
    if (!ordered && process.env.BENCH_VERBOSE) console.error("out of order:", JSON.stringify(badSubjects.slice(0, 5)), bySubject.size);

    // 2. Commit-to-delivery latency at a steady pace.
    sub.received.length = 0;
    const committedAt = new Map<string, number>();
    for (let i = 0; i < LATENCY_EVENTS; i++) {
      const subject = `ret_lat_${i % 50}`;
      const { sequence } = await emit(services, store.id, subject, "updated");
      committedAt.set(`${subject}#${sequence}`, performance.now() + performance.timeOrigin);
      await new Promise((r) => setTimeout(r, 5));
    }
    await sub.waitFor((r) => r.length >= LATENCY_EVENTS, 120_000);
    const latencies = sub.received.map((r) => r.arrivedAt - committedAt.get(`${r.json.return.id}#${r.headers["x-retour-sequence"]}`)!).sort((a, b) => a - b);
    await dispatcher.stop();
    return {
      provider,
      deliveries: total,
      seconds: Number(seconds.toFixed(2)),
      deliveriesPerSecond: Math.round(total / seconds),
      orderKept: ordered,
      repeatedDeliveries: repeats,
      latencyEvents: LATENCY_EVENTS,
      latencyP50ms: Number(pct(latencies, 50).toFixed(1)),
      latencyP99ms: Number(pct(latencies, 99).toFixed(1)),
      concurrency: CONCURRENCY,
    };
  } finally {
    await sub.close();
    await running.close();
    await db.drop();
  }
}

async function runAll(wanted: Provider[]) {
  const results: Record<string, unknown>[] = [];
  for (const provider of wanted) {
    if (provider === "postgresql" && !(await postgresAvailable())) {
      results.push({ provider, skipped: "PostgreSQL not reachable at 127.0.0.1:5432" });
      continue;
    }
    results.push(await bench(provider));
  }
  return results;
}

/** The `npm run bench` module shape (test/bench/run.ts): figures as one flat record. */
export default {
  name: "webhooks",
  description: `Deliveries/s draining ${SUBJECTS} subjects x ${EVENTS} events to a loopback subscriber with per-subject order checked, then commit-to-delivery latency of ${LATENCY_EVENTS} paced events (dispatcher concurrency ${CONCURRENCY}).`,
  async run(): Promise<Record<string, string | number>> {
    const figures: Record<string, string | number> = {};
    for (const r of await runAll(["sqlite", "postgresql"])) {
      const p = r.provider as string;
      if (r.skipped) {
        figures[`${p} skipped`] = String(r.skipped);
        continue;
      }
      figures[`${p} deliveries/s`] = r.deliveriesPerSecond as number;
      figures[`${p} order kept`] = String(r.orderKept);
      figures[`${p} latency p50 ms`] = r.latencyP50ms as number;
      figures[`${p} latency p99 ms`] = r.latencyP99ms as number;
    }
    return figures;
  },
};

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const wanted = (process.argv.slice(2).length ? process.argv.slice(2) : ["sqlite", "postgresql"]) as Provider[];
  for (const r of await runAll(wanted)) console.log(JSON.stringify(r));
}
