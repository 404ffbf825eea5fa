// Database URL helpers shared by the runtime (client.ts, migrate.ts), prisma.config.ts and tests.
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";

export type Provider = "sqlite" | "postgresql";

export const DEFAULT_DATABASE_URL = "file:./data/retour.db";

/** 'sqlite' for file:… URLs, 'postgresql' for postgres:// or postgresql:// URLs; throws otherwise. */
export function providerOf(url: string): Provider {
  if (/^file:/i.test(url)) return "sqlite";
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgresql";
  throw new Error(`Unsupported DATABASE_URL (expected file:… or postgres[ql]://…): ${redactUrl(url)}`);
}

/** Absolute file path of a file:… URL; relative paths resolve against `cwd` (default process.cwd()). */
export function sqlitePathOf(url: string, cwd = process.cwd()): string {
  if (/^file:\/\//i.test(url)) return fileURLToPath(url.replace(/\?.*$/, ""));
  const p = decodeURIComponent(url.replace(/^file:/i, "").replace(/\?.*$/, ""));
  if (p === ":memory:") return p;
  return isAbsolute(p) ? p : resolve(cwd, p);
}

/**
 * Discrete pg connection settings from a postgres URL. Discrete settings (not connectionString)
 * so that `{ ...config, database }` really targets another database.
 */
export function pgConfigOf(url: string): pg.ClientConfig {
  const u = new URL(url);
  const sslmode = u.searchParams.get("sslmode");
  return {
    host: decodeURIComponent(u.hostname || "127.0.0.1").replace(/^\[(.*)\]$/, "$1"),
    port: u.port ? Number(u.port) : 5432,
    user: u.username ? decodeURIComponent(u.username) : "postgres",
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.replace(/^\//, "")) || "postgres",
    ...(sslmode && sslmode !== "disable" ? { ssl: { rejectUnauthorized: sslmode === "verify-full" } } : {}),
  };
}

/** A connection a worker thread opens itself (src/policy/sim-worker.ts); cloned into the thread. */
export type ThreadConnection = { provider: "sqlite"; file: string } | { provider: "postgresql"; config: pg.ClientConfig };

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");
}
