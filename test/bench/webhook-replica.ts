// A dispatcher replica for the webhook benchmark (a child process forked by webhooks.bench.ts): opens
// the database given in DATABASE_URL, waits for "go" on its IPC channel, then runs the dispatcher until
// "stop" (graceful: in-flight attempts finish and are recorded).
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/core/log.js";
import { startService } from "../../facades/server.js";
import { Dispatcher } from "../../src/webhooks/dispatcher.js";

const config = loadConfig({ ...process.env, NODE_ENV: "test", PORT: "0", WEBHOOK_DISPATCHER: "false", SERVE_FACADES: "false", WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
const running = await startService({ config, log: createLogger(process.env.BENCH_VERBOSE ? "info" : "silent"), skipMigrate: true });
let dispatcher: Dispatcher | null = null;
process.on("message", async (msg) => {
  if (msg === "go") {
    dispatcher = new Dispatcher(running.core!.services).start();
  } else if (msg === "stop") {
    await dispatcher?.stop();
    await running.close();
    process.send?.("stopped", () => process.exit(0));
  }
});
process.send?.("ready");
