// 6. Start-up: `npm start`'s process (tsx facades/main.ts) on an existing, migrated database, from spawn
// to the first 200 on /readyz (polled every 10 ms). The median of 3 starts (--quick: 1).
import { spawn } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createTestDatabase } from "../support/databases.js";
import { median, round, type Measure } from "./lib.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function startOnce(databaseUrl: string): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "facades/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      CURSOR_SECRET: "bench",
      WEBHOOK_ENCRYPTION_KEY: "bench",
      PUBLIC_URL: "https://returns.example.com",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (c) => (stderr += c));
  let exited = false;
  child.on("exit", () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`the service exited before it was ready: ${stderr.slice(-800)}`);
      if (performance.now() - t0 > 60_000) throw new Error("not ready after 60 s");
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (res.status === 200) return performance.now() - t0;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => (exited ? r(null) : child.once("exit", r)));
  }
}

const measure: Measure = {
  id: 6,
  name: "Start-up to /readyz",
  async run(ctx) {
    const db = await createTestDatabase(ctx.provider);
    try {
      const times: number[] = [];
      for (let i = 0; i < (ctx.quick ? 1 : 3); i++) times.push(await startOnce(db.url));
      const s = median(times) / 1000;
      const met = s <= 3;
      return [
        {
          measure: 6,
          name: "Start-up to /readyz",
          db: ctx.provider,
          value: round(s, 2),
          unit: "s",
          target: "≤ 3 s",
          met,
          ...(met ? {} : { reason: "loading TypeScript through tsx and the generated Prisma client dominates" }),
          details: { runs: times.map((t) => round(t / 1000, 2)).join("/") },
        },
      ];
    } finally {
      await db.drop();
    }
  },
};

export default measure;
