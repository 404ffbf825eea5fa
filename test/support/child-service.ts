// The real service (`facades/main.ts`) in a child process, for tests that kill it: SIGKILL leaves no
// chance to clean up, exactly like a crashed container. Runs `node --import tsx` directly (not the
// tsx CLI, which would put a wrapper process between us and the service, so a kill would hit the
// wrapper). Its stdout (the pino JSON log at LOG_LEVEL) is kept line by line.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface ChildService {
  /** Base URL (REST under /v2.2, GraphQL at /graphql). */
  url: string;
  pid: number;
  /** Every stdout line so far, parsed when it is JSON (the log), else the raw line. */
  lines: unknown[];
  /** Log records (JSON lines) whose `msg` equals msg. */
  logged(msg: string): Record<string, unknown>[];
  /** SIGKILL: no shutdown hooks, nothing flushed, in-flight work lost. Resolves when it has exited. */
  kill(): Promise<void>;
  /** SIGTERM: graceful shutdown. */
  stop(): Promise<void>;
  exited: boolean;
}

export interface ChildOptions {
  /** How long to wait for the service to listen (default 60 s: a busy 2-CPU box compiles slowly). */
  startTimeoutMs?: number;
}

export async function startChildService(env: Record<string, string>, opts: ChildOptions = {}): Promise<ChildService> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "facades/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: "0",
      LOG_LEVEL: "warn",
      CURSOR_SECRET: "test-cursor-secret",
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: unknown[] = [];
  const stderr: string[] = [];
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once("exit", () => ((exited = true), resolve())));
  let partial = "";
  let onUrl: ((url: string) => void) | null = null;
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    partial += chunk;
    let nl: number;
    while ((nl = partial.indexOf("\n")) >= 0) {
      const line = partial.slice(0, nl);
      partial = partial.slice(nl + 1);
      if (!line.trim()) continue;
      let parsed: unknown = line;
      if (line.startsWith("{")) {
        try {
          parsed = JSON.parse(line);
        } catch {}
      }
      lines.push(parsed);
      const m = typeof parsed === "string" ? /http:\/\/localhost:(\d+)/.exec(parsed) : null;
      if (m && onUrl) onUrl(`http://127.0.0.1:${m[1]}`);
    }
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => stderr.push(chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`child service did not start within ${opts.startTimeoutMs ?? 60_000} ms; stderr: ${stderr.join("").slice(-2000)}`));
    }, opts.startTimeoutMs ?? 60_000);
    onUrl = (u) => {
      clearTimeout(timer);
      resolve(u);
    };
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`child service exited during start-up (code ${child.exitCode}); stderr: ${stderr.join("").slice(-2000)}`));
    });
  });
  const svc: ChildService = {
    url,
    pid: child.pid!,
    lines,
    logged: (msg) =>
      lines.filter((l): l is Record<string, unknown> => typeof l === "object" && l !== null && (l as { msg?: unknown }).msg === msg),
    async kill() {
      if (!exited) child.kill("SIGKILL");
      await exit;
    },
    async stop() {
      if (!exited) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exit;
      clearTimeout(timer);
    },
    get exited() {
      return exited;
    },
  };
  return svc;
}
