// Shared pieces of the benchmark suite (`npm run bench`, test/bench/run.ts): the result shape, the
// per-database context, an HTTP load generator (autocannon, run as a child process so that it does
// not share the server's event loop), and small statistics helpers.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import type { Provider } from "../../src/db/url.js";
import type { TestService } from "../support/server.js";

/** One row of the table / one entry of the JSON. `met` is null when the measure has no target or could not run. */
export interface Result {
  measure: number;
  name: string;
  db: Provider;
  value: number | null;
  unit: string;
  target: string;
  met: boolean | null;
  /** Why a target was not met, or why the measure could not run. */
  reason?: string;
  /** Supporting figures (printed after the value). */
  details: Record<string, string | number | boolean>;
}

export interface Ctx {
  provider: Provider;
  quick: boolean;
  /** A service on a fresh database shared by the measures that do not need their own process (no background dispatcher). */
  svc: TestService;
  /** SQL statements the core's Prisma client issued while `counting` was true. */
  sql: { counting: boolean; count: number };
  /** Counts the SQL statements `fn` issues. */
  countStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }>;
}

export interface Measure {
  id: number;
  name: string;
  /** true: runs on the shared service (ctx.svc); false: starts its own processes. */
  run(ctx: Ctx): Promise<Result[]>;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

const require = createRequire(import.meta.url);
const AUTOCANNON = require.resolve("autocannon/autocannon.js");

/** Runs autocannon against `url` in a child process (one CPU for the server, one for the load). */
export function load(
  url: string,
  opts: { connections: number; seconds: number; headers?: Record<string, string>; method?: string; body?: string },
): Promise<LoadResult> {
  const args = [AUTOCANNON, "--json", "-c", String(opts.connections), "-d", String(opts.seconds)];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push("-H", `${k}=${v}`);
  if (opts.method) args.push("-m", opts.method);
  if (opts.body) args.push("-b", opts.body);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    child.on("error", reject);
    child.on("close", (code) => {
      try {
        const r = JSON.parse(out.trim().split("\n").pop()!);
        resolve({
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          requests: r.requests.total,
          non2xx: r.non2xx,
          errors: r.errors,
        });
      } catch {
        reject(new Error(`autocannon exited ${code}: ${err.slice(-500)} ${out.slice(-500)}`));
      }
    });
  });
}

export function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const median = (values: number[]) => pct(values, 50);
export const round = (n: number, digits = 0) => Number(n.toFixed(digits));

/** Rate limits high enough never to refuse a benchmark request (they are still counted, as in production). */
export const UNLIMITED = {
  RATE_LIMIT_GRAPHQL_PER_MINUTE: "1000000000",
  RATE_LIMIT_REST_PER_MINUTE: "1000000000",
  RATE_LIMIT_COMPAT_PER_MINUTE: "1000000000",
};
