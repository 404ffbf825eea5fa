// The operator's basics: `npm start` (the documented start command) stops cleanly on SIGTERM and
// SIGINT sent to the npm process: it stops taking connections, finishes the request in flight,
// exits, and leaves nothing listening and no process behind. /readyz answers 200 only once start-up
// (here including the demo store of a development start) has finished.
import { execFileSync, spawn } from "node:child_process";
import { connect } from "node:net";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/databases.js";
import { providers } from "../support/env.js";
import { freePort, isAlive } from "../support/processes.js";

/** Whether something accepts connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/** The process and all its descendants (ps), so the test can tell whether any is left. */
function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    let children = "";
    try {
      children = execFileSync("ps", ["-o", "pid=", "--ppid", String(out[i])], { encoding: "utf8" });
    } catch {} // no children
    out.push(
      ...children
        .split("\n")
        .map((s) => Number(s.trim()))
        .filter((n) => n > 0),
    );
  }
  return out;
}

async function until(cond: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await cond()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return cond();
}

describe.each(providers)("npm start stops cleanly (%s)", (provider) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(provider);
  });
  afterAll(() => db?.drop());

  // One signal per database, the two between them sending both (facades/main.ts gives both the same
  // handler): each start is a first run, which seeds the demo store after it listens.
  const signal = provider === "sqlite" ? "SIGTERM" : "SIGINT";
  it(`${signal} to npm: not ready until started, finishes the request in flight, exits, nothing left`, { timeout: 120_000 }, async () => {
    const port = await freePort();
    // Development with a demo store on the first run: start-up has work to do after it listens.
    const npm = spawn("npm", ["start"], {
      env: { ...process.env, NODE_ENV: "development", DATABASE_URL: db.url, PORT: String(port), LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    npm.stdout.on("data", (d) => (output += d));
    npm.stderr.on("data", (d) => (output += d));
    const npmExit = new Promise<number | null>((resolve) => npm.on("exit", (code) => resolve(code)));
    let tree: number[] = [];
    try {
      // Readiness: every answer before start-up finished is 503; the first 200 comes after the banner.
      const statuses: number[] = [];
      const ready = await until(async () => {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
        if (res) statuses.push(res.status);
        return res?.status === 200;
      }, 90_000);
      expect(ready, output).toBe(true);
      expect(/Retour is running/.test(output), output).toBe(true);
      expect(statuses.slice(0, -1).every((s) => s === 503)).toBe(true);
      // The first run seeds the demo store after listening: it was seen not ready meanwhile.
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
      tree = processTree(npm.pid!);

      // A request in flight: headers sent, body still coming.
      const body = JSON.stringify({ query: "query InFlight { __typename }" });
      const half = Math.floor(body.length / 2);
      const req = request({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/graphql",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      });
      const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
        req.on("response", (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode!, text }));
        });
        req.on("error", reject);
      });
      req.write(body.slice(0, half));
      await new Promise((r) => setTimeout(r, 200));

      process.kill(npm.pid!, signal);
      // It stops taking connections at once…
      expect(await until(async () => !(await listening(port)), 10_000)).toBe(true);
      // …but answers the request it had.
      req.end(body.slice(half));
      const answered = await response;
      expect(answered.status, answered.text + output).toBe(200);
      expect(JSON.parse(answered.text).data.__typename).toBe("Query");

      await npmExit;
      expect(await until(() => tree.every((pid) => !isAlive(pid)), 15_000)).toBe(true);
      expect(await listening(port)).toBe(false);
    } finally {
      for (const pid of tree.length ? tree : [npm.pid!]) if (isAlive(pid)) process.kill(pid, "SIGKILL");
    }
  });
});
