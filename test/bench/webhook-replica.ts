// A dispatcher replica for the webhook benchmark (a child process forked by webhooks.bench.ts): opens
// the database given in DATABASE_URL, waits for "go" on its IPC channel, then runs the dispatcher until
// "stop" (graceful: in-flight attempts finish and are recorded). "warm" … "idle" before "go" runs an
// uncounted warm-up drain.
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/core/log.js";
import { startService } from "../../facades/server.js";
import { Dispatcher } from "../../src/webhooks/dispatcher.js";
import { profilePhase } from "./cpu-profile.js";

const config = loadConfig({
  ...process.env,
  NODE_ENV: "test",
  PORT: "0",
  WEBHOOK_DISPATCHER: "false",
  SERVE_FACADES: "false",
  WEBHOOK_ALLOW_PRIVATE_URLS: "true",
});
// Statements and CPU time between "go" and the end of the graceful stop, reported back on "stop".
let statements = 0;
let counting = false;
let cpu0 = process.cpuUsage();
/** BENCH_STATEMENTS=1: each replica prints its statements by their first words at its stop. */
const kinds = process.env.BENCH_STATEMENTS ? new Map<string, number>() : null;
const running = await startService({
  config,
  log: createLogger(process.env.BENCH_VERBOSE ? "info" : "silent"),
  skipMigrate: true,
  onQuery: (e) => {
    if (!counting) return;
    statements++;
    if (kinds) {
      const k = e.query.replace(/\s+/g, " ").slice(0, 60);
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
    }
  },
});
let dispatcher: Dispatcher | null = null;
let endProfile = async () => {};
process.on("message", async (msg) => {
  if (msg === "warm") {
    // A warm-up drain before the measured one (not counted): the process compiles its hot code and Prisma its
    // statements once, and a replica of a running service has long done so.
    dispatcher = new Dispatcher(running.core!.services).start();
  } else if (msg === "idle") {
    await dispatcher?.stop();
    dispatcher = null;
    process.send?.("idle");
  } else if (msg === "go") {
    counting = true;
    cpu0 = process.cpuUsage();
    endProfile = await profilePhase("webhook-replica");
    dispatcher = new Dispatcher(running.core!.services).start();
  } else if (msg === "stop") {
    await dispatcher?.stop();
    const cpu = process.cpuUsage(cpu0);
    counting = false;
    await endProfile();
    await running.close();
    if (kinds)
      process.stderr.write(`[replica ${process.pid}] ${JSON.stringify({ ...dispatcher?.stats, statements: Object.fromEntries(kinds) })}\n`);
    process.send?.({ cpuMicros: cpu.user + cpu.system, statements }, () => process.exit(0));
  }
});
process.send?.("ready");
