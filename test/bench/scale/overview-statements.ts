// `npx tsx test/bench/scale/overview-statements.ts <kept.json> [sqlite|postgresql]`: the dashboard overview
// (366 days, every measure) asked of both stores of a scale run kept with SCALE_KEEP (run.ts), alternated,
// then each statement of one request on each store with its time and its plan (SQLite EXPLAIN QUERY PLAN,
// PostgreSQL EXPLAIN), so a figure that grows with the store names its statement. Load average beside each.
import { readFileSync } from "node:fs";
import type { QueryEvent } from "../../../src/db/client.js";
import type { Provider } from "../../../src/db/url.js";
import { planLines, withLiterals } from "../../support/plans.js";
import { startTestService } from "../../support/server.js";
import { median, UNLIMITED } from "../lib.js";
import { openScaleDb } from "./grow.js";
import { CURSOR_SECRET, headersOf, SCALE_PATHS } from "./paths.js";

const [file, providerArg] = process.argv.slice(2);
const provider = (providerArg ?? "sqlite") as Provider;
const kept = JSON.parse(readFileSync(file, "utf8"));
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const events: QueryEvent[] = [];
let recording = false;
const svc = await startTestService(
  provider,
  { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", CURSOR_SECRET, ...UNLIMITED },
  { databaseUrl: kept.url, onQuery: (e) => recording && events.push(e) },
);
const db = await openScaleDb(provider, svc.databaseUrl);
const path = SCALE_PATHS.find((p) => p.name.startsWith("dashboard overview"))!;
const ask = async (store: { id: string; secret: string; size: number }) => {
  const req = path.request(store.id, store.size, kept.now);
  const t0 = performance.now();
  const res = await fetch(`${svc.coreUrl}/graphql`, {
    method: "POST",
    headers: headersOf(req, store.secret),
    body: JSON.stringify(req.graphql),
  });
  const body = await res.json();
  if (!path.check(body)) throw new Error(JSON.stringify(body).slice(0, 300));
  return performance.now() - t0;
};
const times: Record<string, number[]> = { small: [], large: [] };
for (let rep = 0; rep < 8; rep++)
  for (const which of ["small", "large"] as const) {
    const ms = await ask(kept[which]);
    if (rep > 0) times[which].push(ms);
  }
console.log(
  `${provider}: overview 366 days, median of 7: ${kept.small.size} returns ${median(times.small).toFixed(1)} ms, ${kept.large.size} returns ${median(times.large).toFixed(1)} ms (load ${load()})`,
);
for (const which of ["small", "large"] as const) {
  events.length = 0;
  recording = true;
  await ask(kept[which]);
  recording = false;
  console.log(`\n${which} store (${kept[which].size} returns), ${events.length} statements (load ${load()}):`);
  // Each statement alone (the request runs them side by side, so their reported times overlap): median of 5.
  const alone = new Map<QueryEvent, number>();
  for (const e of events) {
    const sql = withLiterals(provider, e.query, JSON.parse(e.params || "[]"));
    const ms: number[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await db.query(sql);
        ms.push(performance.now() - t0);
      }
    } catch {
      continue; // a statement whose parameters have no literal form (an array): not the overview's own
    }
    alone.set(e, median(ms));
  }
  for (const e of [...events].filter((e) => alone.has(e)).sort((a, b) => alone.get(b)! - alone.get(a)!)) {
    const plan = await planLines(db, e).catch((err) => [`(no plan: ${(err as Error).message.split("\n")[0]})`]);
    console.log(`  ${alone.get(e)!.toFixed(1)} ms alone  ${e.query.replace(/\s+/g, " ").slice(0, 200)}`);
    for (const l of plan.filter((l) => provider === "sqlite" || /Scan|Join|Sort|Aggregate|Limit|Index/.test(l)).slice(0, 12))
      console.log(`      ${l}`);
  }
}
await db.close();
await svc.close();
