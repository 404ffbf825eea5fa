// `npx tsx test/bench/sim-probe.ts <database url> <store id> <now epoch s> [chunk]`: times each statement of
// the policy simulation's chunk read (src/policy/sim-read.ts) over the newest 50 000 returns of a store kept by
// the scale bench (SCALE_KEEP; its JSON names the url, the large store and `now`). PROBE_PRAGMAS="a=1;b=2" first.
// As the background run reads (the history in one pass); PROBE_PAGED=1: as a page does (a history lookup per chunk).
import { openDatabase } from "../../src/db/client.js";
import { SimulationReader } from "../../src/policy/sim-read.js";
const [url, storeId, nowS, chunkArg] = process.argv.slice(2);
const times = new Map<string, number>();
const db = await openDatabase(url!, {
  onQuery: (e) => {
    const k = e.query.replace(/\s+/g, " ").slice(0, 70);
    times.set(k, (times.get(k) ?? 0) + e.duration);
  },
});
await db.prisma.$connect();
for (const p of (process.env.PROBE_PRAGMAS ?? "").split(";").filter(Boolean))
  console.log(p, await db.prisma.$queryRawUnsafe(`PRAGMA ${p}`));
const now = Number(nowS) * 1000;
const step = Math.floor((2 * 365 * 86400) / 1_000_000);
const from = new Date(now - 50_000 * step * 1000);
const reader = new SimulationReader(db, storeId!, from, new Date(now + 86400_000), 90, !process.env.PROBE_PAGED);
const size = Number(chunkArg ?? 2000);
let after = null;
let n = 0;
const t0 = performance.now();
for (;;) {
  const c = await reader.chunk(after, size);
  n += c.read;
  if (!c.last || c.read < size) break;
  after = c.last;
}
console.log(`read ${n} returns in ${(performance.now() - t0).toFixed(0)} ms`);
for (const [k, v] of [...times].sort((a, b) => b[1] - a[1])) console.log(v.toFixed(0).padStart(7), k);
await db.close();
