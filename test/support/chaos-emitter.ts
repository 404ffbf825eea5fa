// A separate writer process for the webhook chaos suite: records CHAOS_EMIT_EVENTS return events
// across CHAOS_EMIT_RETURNS returns (ret_chaos_<i>, which must exist) of CHAOS_EMIT_STORE, the way the
// domains do (the event and its deliveries in one transaction). A process of its own so the test
// process, which runs the subscriber, is never stalled by the writes (a SQLite lock wait blocks).
// Prints "emitted <n>" every 100 events and "done <n>" at the end.
import { loadConfig } from "../../src/config.js";
import { openDatabase } from "../../src/db/client.js";
import { createCore } from "../../src/core/index.js";
import { createLogger } from "../../src/core/log.js";
import { emit } from "./webhooks.js";

const storeId = process.env.CHAOS_EMIT_STORE!;
const events = Number(process.env.CHAOS_EMIT_EVENTS);
const returns = Number(process.env.CHAOS_EMIT_RETURNS);
const writers = Number(process.env.CHAOS_EMIT_WRITERS || 4);
const config = loadConfig({ ...process.env, WEBHOOK_DISPATCHER: "false" });
const db = await openDatabase(config.databaseUrl);
const { services } = createCore(config, db, createLogger("warn"));
let emitted = 0;
// Writers in parallel, each owning a set of subjects (a subject's events are written one after
// another, as the subject's row lock serialises them in the domains).
await Promise.all(
  Array.from({ length: writers }, async (_, w) => {
    for (let k = 0; k < events; k++) {
      const subject = k % returns;
      if (subject % writers !== w) continue;
      await emit(services, storeId, `ret_chaos_${subject}`, k < returns ? "created" : "updated");
      if (++emitted % 100 === 0) process.stdout.write(`emitted ${emitted}\n`);
    }
  }),
);
process.stdout.write(`done ${emitted}\n`);
await db.close();
process.exit(0);
