// Runs the shell examples of the README and the guides the way a reader would: `npm start` on a fresh
// database (demo data, a free port), the variables its banner prints exported, then every ```sh block
// of one file in order in one bash session. A failure names the file, the block and its line.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Provider } from "../../src/db/url.js";
import { createTestDatabase } from "./databases.js";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface ShellBlock {
  /** 1-based line of the opening fence in the markdown file. */
  line: number;
  code: string;
}

/** The ```sh blocks of a markdown text (other languages are output, configuration or not runnable here). */
export function shellBlocks(markdown: string): ShellBlock[] {
  const blocks: ShellBlock[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(\S*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && l.trim() === open[2]);
    const close = end < 0 ? lines.length : end;
    if (open[3] === "sh") blocks.push({ line: i + 1, code: lines.slice(i + 1, close).join("\n") });
    i = close;
  }
  return blocks;
}

/** `<!-- examples: test/… -->` at the top of a guide: a dedicated test runs its blocks. */
export function dedicatedExamplesTest(markdown: string): string | null {
  return /^\s*<!--\s*examples:\s*(\S+)\s*-->/.exec(markdown)?.[1] ?? null;
}

export interface DemoService {
  /** What the start banner tells the reader to export. */
  exports: Record<string, string>;
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * The command a document tells its reader to start the service with: a ```sh block that is only
 * `[NAME=value …] npm start` (a setting the guide needs is written in the command itself), else the
 * README's plain `npm start`. That block is not run in the session: it is the service.
 */
export interface StartCommand {
  /** The variables written before `npm start`. */
  env: Record<string, string>;
  /** The block's index among the document's sh blocks, or -1 for the default `npm start`. */
  block: number;
}

const START_LINE = /^((?:[A-Z][A-Z0-9_]*=\S+\s+)*)npm start\s*(?:#.*)?$/;

export function startCommand(blocks: ShellBlock[]): StartCommand {
  const block = blocks.findIndex((b) => START_LINE.test(b.code.trim()));
  if (block < 0) return { env: {}, block };
  const assignments = START_LINE.exec(blocks[block].code.trim())?.[1] ?? "";
  const env = Object.fromEntries(
    assignments
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((a) => [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]),
  );
  return { env, block };
}

/**
 * `npm start` exactly as a reader runs it, in a shell of its own with none of the test harness's
 * settings (no NODE_ENV, no WEBHOOK_ALLOW_PRIVATE_URLS): only PATH and HOME, the variables the document's
 * start command writes, and what a test cannot share with its neighbours: its own database and a free port.
 */
export async function startLikeNpmStart(provider: Provider, start: StartCommand = { env: {}, block: -1 }): Promise<DemoService> {
  const db = await createTestDatabase(provider);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? tmpdir(),
    ...start.env,
    DATABASE_URL: db.url,
    PORT: "0",
  };
  const child = spawn("npm", ["start"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let out = "";
  let err = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
  // npm runs the service under a shell: the whole process group goes.
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {}
  };
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), 20_000);
      await exited;
      clearTimeout(timer);
    }
    await db.drop();
  };
  const deadline = Date.now() + 90_000;
  let gone = false;
  void exited.then(() => (gone = true));
  while (!/export RETOUR_SECRET=/.test(out) && !gone && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const exports = Object.fromEntries([...out.matchAll(/^\s*export (RETOUR_\w+)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
  if (!exports.RETOUR_URL || !exports.RETOUR_STORE || !exports.RETOUR_SECRET) {
    await close();
    throw new Error(
      `npm start did not print the RETOUR_URL, RETOUR_STORE and RETOUR_SECRET exports:\n${out}\n[stderr]\n${err.slice(-2000)}`,
    );
  }
  return { exports, databaseUrl: db.url, close };
}

export interface BlocksResult {
  ok: boolean;
  /** On failure: which block broke, its text and the session's last output. */
  report: string;
}

/** Runs the blocks in order in one `bash` session with `set -euo pipefail`, from the repository root. */
export function runShellBlocks(file: string, blocks: ShellBlock[], env: Record<string, string>, timeoutMs = 240_000): BlocksResult {
  const dir = mkdtempSync(join(tmpdir(), "retour-examples-"));
  try {
    const script = ["set -euo pipefail", "trap 'echo \"→ exit $? at line $LINENO of the block: $BASH_COMMAND\" >&2' ERR"];
    blocks.forEach((b, i) => {
      writeFileSync(join(dir, `block-${i}.sh`), b.code + "\n");
      script.push(`echo ${i} > "${dir}/current"`, `source "${dir}/block-${i}.sh"`);
    });
    script.push(`echo done > "${dir}/current"`);
    writeFileSync(join(dir, "session.sh"), script.join("\n") + "\n");
    const res = spawnSync("bash", [join(dir, "session.sh")], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? dir, TMPDIR: dir, ...env },
      encoding: "utf8",
      timeout: timeoutMs,
    });
    const reached = readFileSync(join(dir, "current"), "utf8").trim();
    if (res.status === 0 && reached === "done") return { ok: true, report: "" };
    const block = blocks[Number(reached)];
    const output = `${res.stdout ?? ""}${res.stderr ? `\n[stderr]\n${res.stderr}` : ""}`;
    return {
      ok: false,
      report: [
        `${file}: the sh block at line ${block?.line} (block ${Number(reached) + 1} of ${blocks.length}) failed (exit ${res.status ?? res.signal}):`,
        block?.code ?? "",
        "--- the session's last output:",
        output.slice(-4000),
      ].join("\n"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
