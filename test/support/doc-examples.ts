// Runs the shell examples of the README and the guides the way a reader would: `npm start` on a fresh
// database (demo data, a free port), the variables its banner prints exported, then every ```sh block
// of one file in order in one bash session. A failure names the file, the block and its line.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Provider } from "../../src/db/url.js";
import { createTestDatabase } from "./databases.js";
import { startChildService } from "./child-service.js";

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

/** `npm start` on a fresh database: the service in development mode, demo data created on start. */
export async function startLikeNpmStart(provider: Provider): Promise<DemoService> {
  const db = await createTestDatabase(provider);
  const svc = await startChildService({ DATABASE_URL: db.url, NODE_ENV: "development" }).catch(async (err) => {
    await db.drop();
    throw err;
  });
  const banner = () => svc.lines.filter((l): l is string => typeof l === "string").join("\n");
  const deadline = Date.now() + 60_000;
  while (!/export RETOUR_SECRET=/.test(banner()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const exports = Object.fromEntries([...banner().matchAll(/^\s*export (RETOUR_\w+)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
  const close = async () => {
    await svc.stop();
    await db.drop();
  };
  if (!exports.RETOUR_URL || !exports.RETOUR_STORE || !exports.RETOUR_SECRET) {
    await close();
    throw new Error(`the start banner did not print the RETOUR_URL, RETOUR_STORE and RETOUR_SECRET exports:\n${banner()}`);
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
