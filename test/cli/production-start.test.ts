// Issue 13, finding 2 and the operator's basics at start: a production start on an empty database
// creates no demo store and prints no secret (it says how to create the first store instead); the
// demo is refused in production; configuration and start-up problems are reported at once, in
// plain words, without a stack, with a non-zero exit code.
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/client.js";
import { createTestDatabase, type TestDatabase } from "../support/databases.js";
import { providers } from "../support/env.js";

const PRODUCTION = {
  NODE_ENV: "production",
  CURSOR_SECRET: "prod-cursor-secret",
  WEBHOOK_ENCRYPTION_KEY: "prod-webhook-key",
  PUBLIC_URL: "https://returns.example.com",
  LOG_LEVEL: "warn",
};

/** Runs `facades/main.ts` as `npm start` does (one node process) until `until` matches its stdout or it exits. */
function runMain(env: Record<string, string>, args: string[] = [], until?: RegExp) {
  const child = spawn(process.execPath, ["--import", "tsx", "facades/main.ts", ...args], {
    env: { ...process.env, PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    const check = setInterval(() => {
      if (until?.test(stdout)) child.kill("SIGTERM");
    }, 50);
    child.on("exit", (code) => {
      clearTimeout(timer);
      clearInterval(check);
      resolve({ code, stdout, stderr });
    });
  });
}

function occupyPort(): Promise<{ port: number; server: Server }> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "0.0.0.0", () => resolve({ port: (server.address() as { port: number }).port, server }));
  });
}

const NO_STACK = /^\s+at /m;

const UNREACHABLE = "postgresql://postgres@127.0.0.1:1/retour";

describe.each(providers)("production start (%s)", (provider) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(provider);
  });
  afterAll(() => db?.drop());

  it("on an empty database creates no store or login, prints no secret, and says how to create the first store", {
    timeout: 90_000,
  }, async () => {
    const run = await runMain({ ...PRODUCTION, DATABASE_URL: db.url }, [], /api-client create/);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/empty database/);
    expect(run.stdout).toMatch(/cli -- store create/);
    expect(run.stdout).toMatch(/cli -- user create/);
    const printed = run.stdout + run.stderr;
    expect(printed).not.toMatch(/rtr_sk_|API secret|demo@retour\.test|retour-demo/);
    const opened = await openDatabase(db.url);
    try {
      expect(await opened.prisma.store.count()).toBe(0);
      expect(await opened.prisma.staffUser.count()).toBe(0);
      expect(await opened.prisma.apiClient.count()).toBe(0);
    } finally {
      await opened.close();
    }
  });

  it("reports a port in use, and a missing PostgreSQL database, in plain words", { timeout: 90_000 }, async () => {
    const { port, server } = await occupyPort();
    try {
      const inUse = await runMain({ ...PRODUCTION, DATABASE_URL: db.url, PORT: String(port) });
      expect(inUse.code).toBe(1);
      expect(inUse.stderr).toMatch(new RegExp(`PORT=${port}: the port is already in use`));
      expect(inUse.stderr).not.toMatch(NO_STACK);
    } finally {
      server.close();
    }
    if (provider === "postgresql") {
      const missing = new URL(db.url);
      missing.pathname = "/retour_missing_database";
      const run = await runMain({ ...PRODUCTION, DATABASE_URL: missing.toString() });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/DATABASE_URL: database "retour_missing_database" does not exist .*create it first/);
      expect(run.stderr).not.toMatch(NO_STACK);
    }
  });
});

// What is refused before a database is opened, or about a database that cannot be reached: once, not per database.
describe("production start, without a database", () => {
  it("refuses the demo in production, asked by RETOUR_DEMO=true or --demo, loudly and without a stack", { timeout: 90_000 }, async () => {
    for (const [env, args] of [
      [{ RETOUR_DEMO: "true" }, []],
      [{}, ["--demo"]],
    ] as const) {
      const run = await runMain({ ...PRODUCTION, DATABASE_URL: UNREACHABLE, ...env }, [...args]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/RETOUR_DEMO=true is refused with NODE_ENV=production/);
      expect(run.stderr).not.toMatch(NO_STACK);
      expect(run.stdout).not.toMatch(/rtr_sk_/);
    }
  });

  it("reports a port in use and an unreachable PostgreSQL together, in plain words", { timeout: 90_000 }, async () => {
    const { port, server } = await occupyPort();
    try {
      const refused = await runMain({ ...PRODUCTION, DATABASE_URL: UNREACHABLE, PORT: String(port) });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/PORT=\d+: the port is already in use/);
      expect(refused.stderr).toMatch(/DATABASE_URL: PostgreSQL at 127\.0\.0\.1:1 refused the connection/);
      expect(refused.stderr).not.toMatch(NO_STACK);
    } finally {
      server.close();
    }
  });
});

describe("configuration problems", () => {
  it("are all reported at once, naming each setting, with exit code 1 and no stack", { timeout: 60_000 }, async () => {
    const run = await runMain({
      ...PRODUCTION,
      CURSOR_SECRET: "",
      PORT: "abc",
      RATE_LIMIT_REST_PER_MINUTE: "abc",
      WEBHOOK_TIMEOUT: "soon",
      HOST: "not a host!",
      PUBLIC_URL: "javascript:alert(1)",
      TRUST_PROXY: "everyone",
      DATABASE_URL: "file:/tmp/retour-never-opened.db",
    });
    expect(run.code).toBe(1);
    for (const problem of [
      /PORT="abc" is not a whole number/,
      /RATE_LIMIT_REST_PER_MINUTE="abc" is not a whole number/,
      /WEBHOOK_TIMEOUT: cannot read "soon"/,
      /CURSOR_SECRET must be set/,
      /HOST="not a host!"/,
      /PUBLIC_URL=/,
      /TRUST_PROXY: "everyone"/,
    ]) {
      expect(run.stderr).toMatch(problem);
    }
    expect(run.stderr).not.toMatch(NO_STACK);
  });
});
