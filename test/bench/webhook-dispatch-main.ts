// The webhook dispatcher as a process of its own for `--instructions` (instructions-webhooks.ts runs it
// under callgrind): opens DATABASE_URL, prints "ready", starts the dispatcher on SIGUSR2 (so that no idle
// poll runs during the slow start under callgrind), and on SIGTERM stops it gracefully (in-flight
// attempts finish and are recorded) and exits, so that callgrind writes its totals.
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/core/log.js";
import { startService } from "../../facades/server.js";
import { Dispatcher } from "../../src/webhooks/dispatcher.js";

const config = loadConfig({
  ...process.env,
  NODE_ENV: "production",
  PORT: "0",
  WEBHOOK_DISPATCHER: "false",
  SERVE_FACADES: "false",
  WEBHOOK_ALLOW_PRIVATE_URLS: "true",
});
const running = await startService({ config, log: createLogger("warn"), skipMigrate: true });
let dispatcher: Dispatcher | null = null;
process.on("SIGUSR2", () => {
  dispatcher ??= new Dispatcher(running.core!.services).start();
});
process.on("SIGTERM", async () => {
  await dispatcher?.stop();
  await running.close();
  process.exit(0);
});
console.log("ready");
