// `npm run bench [-- name-filter]`: runs every benchmark in test/bench/*.bench.ts and prints its figures.
// A benchmark module default-exports { name, description, run(): Promise<Record<string, string | number>> }.
// Benchmarks are measurements, not tests: they never fail on a threshold.
import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";

export interface Benchmark {
  name: string;
  description: string;
  run(): Promise<Record<string, string | number>>;
}

const dir = fileURLToPath(new URL(".", import.meta.url));
const filter = process.argv.slice(2).find((a) => !a.startsWith("-"));
const files = readdirSync(dir).filter((f) => f.endsWith(".bench.ts")).sort();
process.env.NODE_ENV ??= "test";
let failed = false;
for (const file of files) {
  const bench = (await import(pathToFileURL(join(dir, file)).href)).default as Benchmark;
  if (filter && !bench.name.includes(filter) && !file.includes(filter)) continue;
  console.log(`\n=== ${bench.name} (${file}) ===\n${bench.description}`);
  try {
    const figures = await bench.run();
    const width = Math.max(...Object.keys(figures).map((k) => k.length));
    for (const [k, v] of Object.entries(figures)) console.log(`  ${k.padEnd(width)}  ${v}`);
  } catch (err) {
    failed = true;
    console.error(`  FAILED: ${(err as Error).stack ?? err}`);
  }
}
if (!files.length) console.log("no benchmarks in test/bench");
process.exit(failed ? 1 : 0);
