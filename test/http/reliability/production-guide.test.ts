// The production guide (facades/dashboard/guides/production.md) cannot rot: its ```sh blocks run
// here, in order, in one shell, on a fresh PostgreSQL database and free ports: create the database,
// migrate, start three replicas with `npm start`, wait for /readyz, create the first store, user and
// API client, scrape metrics, back up. Then this test checks that every replica is ready and that
// they share data (a session made on one works on another; a cursor from one pages on another),
// and finally runs the shutdown block and checks that nothing is left listening.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { pgConfigOf } from "../../../src/db/url.js";
import { TEST_PG_ADMIN_URL } from "../../support/databases.js";
import { providers } from "../../support/env.js";
import { freePort, isAlive } from "../../support/processes.js";
import { dedicatedExamplesTest, shellBlocks } from "../../support/doc-examples.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const GUIDE = join(ROOT, "facades/dashboard/guides/production.md");

/**
 * One bash for the whole guide, so its exports carry from block to block, as in a terminal; unlike
 * runShellBlocks (doc-examples.ts) it runs one block at a time and keeps the output, so the test can
 * check the running replicas before the shutdown block and read what the CLI printed.
 */
class Shell {
  private readonly bash: ChildProcessWithoutNullStreams;
  output = "";
  private exited = false;
  constructor(
    env: NodeJS.ProcessEnv,
    private readonly dir: string,
  ) {
    this.bash = spawn("bash", ["--noprofile", "--norc"], { cwd: ROOT, env });
    this.bash.stdout.on("data", (d) => (this.output += d));
    this.bash.stderr.on("data", (d) => (this.output += d));
    this.bash.on("exit", () => (this.exited = true));
  }
  /** Runs a block under `set -euo pipefail`; rejects when it fails or overruns. */
  async run(block: string, index: number, timeoutMs: number): Promise<void> {
    const file = join(this.dir, `block-${index}.sh`);
    writeFileSync(file, block);
    const marker = `__block_${index}_done__`;
    this.bash.stdin.write(`set -euo pipefail\nsource ${file}\necho ${marker}\n`);
    const deadline = Date.now() + timeoutMs;
    while (!this.output.includes(marker)) {
      if (this.exited) throw new Error(`guide block ${index} failed:\n${block}\n--- output ---\n${this.output.slice(-4000)}`);
      if (Date.now() > deadline)
        throw new Error(`guide block ${index} did not finish in ${timeoutMs} ms:\n${block}\n--- output ---\n${this.output.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  close(): void {
    if (!this.exited) this.bash.stdin.end("exit\n");
  }
}

describe.runIf(providers.includes("postgresql"))("the production guide, run as written (postgresql)", () => {
  const database = `retour_guide_${Date.now().toString(36)}`;
  const dir = mkdtempSync(join(tmpdir(), "retour-guide-"));
  let ports: number[] = [];

  afterAll(async () => {
    // Whatever happened, nothing of ours stays running.
    let pids: number[] = [];
    try {
      pids = readFileSync(join(dir, "retour.pids"), "utf8")
        .split("\n")
        .map(Number)
        .filter((n) => n > 0);
    } catch {}
    for (const pid of pids) if (isAlive(pid)) process.kill(pid, "SIGKILL");
    for (const port of ports) spawnSync("fuser", ["-k", "-KILL", `${port}/tcp`]);
    const admin = new pg.Client(pgConfigOf(TEST_PG_ADMIN_URL));
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).finally(() => admin.end());
    rmSync(dir, { recursive: true, force: true });
  });

  it("takes three replicas on one PostgreSQL from nothing to serving shared data, and back to nothing", { timeout: 480_000 }, async () => {
    const guide = readFileSync(GUIDE, "utf8");
    expect(dedicatedExamplesTest(guide)).toBe("test/http/reliability/production-guide.test.ts");
    const blocks = shellBlocks(guide).map((b) => b.code);
    expect(blocks.length).toBeGreaterThanOrEqual(7);
    const stopping = blocks.filter((b) => /kill -TERM/.test(b));
    expect(stopping).toHaveLength(1);

    ports = [await freePort(), await freePort(), await freePort()];
    const admin = pgConfigOf(TEST_PG_ADMIN_URL);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PGHOST: String(admin.host),
      PGPORT: String(admin.port),
      PGUSER: String(admin.user),
      RETOUR_DB: database,
      RETOUR_PORTS: ports.join(" "),
      RETOUR_LOGS: dir,
      LOG_LEVEL: "info",
    };
    // Only what the guide sets: nothing inherited from the test run.
    for (const key of [
      "NODE_ENV",
      "DATABASE_URL",
      "CURSOR_SECRET",
      "WEBHOOK_ENCRYPTION_KEY",
      "PORT",
      "HOST",
      "METRICS_TOKEN",
      "METRICS_PORT",
      "PUBLIC_URL",
      "RETOUR_DEMO",
    ])
      delete env[key];
    const shell = new Shell(env, dir);
    try {
      for (const [i, block] of blocks.entries()) if (!stopping.includes(block)) await shell.run(block, i, 240_000);

      // Every replica is ready.
      const bases = ports.map((p) => `http://127.0.0.1:${p}`);
      for (const base of bases) expect((await fetch(`${base}/readyz`)).status).toBe(200);
      // The guide's first store, owner and API client (the secret printed once by the CLI).
      const secret = /"secret":"(rtr_sk_[^"]+)"/.exec(shell.output)?.[1];
      const [, storeId, password] = /store: (st_\w+), dashboard login: owner@example\.com \/ (\S+)/.exec(shell.output) ?? [];
      expect(secret && password && storeId, shell.output).toBeTruthy();
      // No replica printed a secret or created a demo store.
      for (const port of ports) expect(readFileSync(join(dir, `retour-${port}.log`), "utf8")).not.toMatch(/rtr_sk_|demo@retour/);

      // Some data in the store (the CLI's demo seed for a store that exists).
      const databaseUrl = `postgresql://${admin.user}@${admin.host}:${admin.port}/${database}`;
      const seed = spawnSync("npm", ["run", "--silent", "cli", "--", "seed", "--store", storeId!], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: "development", DATABASE_URL: databaseUrl },
        encoding: "utf8",
      });
      expect(seed.status, seed.stderr).toBe(0);

      // A session made through replica 1 works on replicas 2 and 3.
      const gql = (base: string, query: string, variables: object, token?: string) =>
        fetch(`${base}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ query, variables }),
        }).then((r) => r.json());
      const login = await gql(bases[0], `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, {
        e: "owner@example.com",
        p: password,
      });
      const token = login.data.login.token as string;
      for (const base of bases.slice(1))
        expect((await gql(base, `{ viewer { __typename } }`, {}, token)).data.viewer.__typename).toMatch(/Staff/);

      // A cursor from replica 1 pages on replicas 2 and 3 (one CURSOR_SECRET, one database).
      const list = (base: string, query: string) =>
        fetch(`${base}/v2.2/stores/${storeId}/returns?page-size=1${query}`, { headers: { authorization: `Bearer ${secret}` } });
      const first = await list(bases[0], "");
      expect(first.status).toBe(200);
      const next = first.headers.get("x-page-next");
      expect(next).toBeTruthy();
      const firstId = JSON.stringify(await first.json());
      for (const base of bases.slice(1)) {
        const page = await list(base, `&page-continue=${encodeURIComponent(next!)}`);
        expect(page.status).toBe(200);
        expect(JSON.stringify(await page.json())).not.toBe(firstId);
      }

      // Shutdown as the guide says: every replica exits and nothing listens any more.
      await shell.run(stopping[0], blocks.indexOf(stopping[0]), 60_000);
      const pids = readFileSync(join(dir, "retour.pids"), "utf8")
        .split("\n")
        .map(Number)
        .filter((n) => n > 0);
      expect(pids).toHaveLength(3);
      const deadline = Date.now() + 30_000;
      while (pids.some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(pids.filter(isAlive)).toEqual([]);
      for (const base of bases) await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    } finally {
      shell.close();
    }
  });
});
