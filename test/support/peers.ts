// The peer engines the shop-connection tests run against (a real Vendure, later a real Medusa): each pinned by a
// package.json and package-lock.json under test/peers/<name>/, installed with `npm ci` into a machine cache keyed
// by the hash of those two files (~/.cache/retour-peers/<name>-<hash>, or RETOUR_PEERS_CACHE), so the install
// (minutes, hundreds of MB) happens once per machine and per pin, and never through the project's own `npm ci`.
//
// Two test workers (or two runs) that need the same peer at once: one installs, under a lock directory holding
// its pid; the other waits for it. A lock whose owner has died is taken over. The install goes into a temporary
// folder renamed into place when `npm ci` has finished, so a half-done install is never used.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isAlive } from "./processes.js";

const PEERS = fileURLToPath(new URL("../peers", import.meta.url));
/** How long a worker waits for another one's install before it gives up. */
const WAIT_FOR_OTHER_INSTALL_MS = 20 * 60_000;
/** `npm ci` of a peer engine on a loaded two-core machine (about 4 minutes for Vendure on a quiet one). */
const INSTALL_TIMEOUT_MS = 15 * 60_000;
/** Long enough for the first run's install: beforeAll hooks that call installPeer pass it as their timeout. */
export const PEER_INSTALL_HOOK_TIMEOUT_MS = INSTALL_TIMEOUT_MS + 2 * 60_000;

export function peerCacheRoot(): string {
  return process.env.RETOUR_PEERS_CACHE ?? join(homedir(), ".cache", "retour-peers");
}

/** The pin of a peer: a hash of its package.json and package-lock.json. */
export function peerKey(name: string, peers = PEERS): string {
  const hash = createHash("sha256");
  for (const file of ["package.json", "package-lock.json"]) hash.update(readFileSync(join(peers, name, file)));
  return `${name}-${hash.digest("hex").slice(0, 16)}`;
}

/** The folder of the installed peer (its node_modules inside), installing it first when this machine has none. */
export async function installPeer(name: string, peers = PEERS): Promise<string> {
  const root = peerCacheRoot();
  const target = join(root, peerKey(name, peers));
  if (existsSync(target)) return target; // renamed into place only once npm ci finished
  mkdirSync(root, { recursive: true });
  const lock = `${target}.lock`;
  await acquire(lock);
  try {
    if (existsSync(target)) return target; // another worker finished while this one waited
    await registryReachable(name, peers);
    const work = `${target}.partial-${process.pid}`;
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work);
    for (const file of ["package.json", "package-lock.json"]) copyFileSync(join(peers, name, file), join(work, file));
    await npmCi(name, work);
    renameSync(work, target);
    return target;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function acquire(lock: string): Promise<void> {
  const deadline = Date.now() + WAIT_FOR_OTHER_INSTALL_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, "pid"), String(process.pid));
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    let owner = 0;
    try {
      owner = Number(readFileSync(join(lock, "pid"), "utf8"));
    } catch {
      // the owner has made the folder but not yet written its pid: wait for it
    }
    if (owner && !isAlive(owner)) {
      // Its owner died mid-install: take it over, with what it left half done.
      rmSync(`${lock.slice(0, -".lock".length)}.partial-${owner}`, { recursive: true, force: true });
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(`peer install: ${lock} is still held by process ${owner} after ${WAIT_FOR_OTHER_INSTALL_MS / 60_000} minutes`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Fails in words, before `npm ci` retries for minutes, when the registry does not answer. */
async function registryReachable(name: string, peers: string): Promise<void> {
  const registry = process.env.npm_config_registry || "https://registry.npmjs.org/";
  try {
    const res = await fetch(registry, { signal: AbortSignal.timeout(20_000) });
    await res.body?.cancel();
  } catch (e) {
    throw new Error(
      `The npm registry ${registry} is unreachable (${(e as Error).cause ?? (e as Error).message}): the ${name} tests install their ` +
        `peer engine from it once per machine (into ${peerCacheRoot()}). Connect this machine to the registry, or copy an installed ` +
        `${peerCacheRoot()}/${peerKey(name, peers)} folder from a machine that has one.`,
    );
  }
}

function npmCi(name: string, dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const out: string[] = [];
    const child = spawn("nice", ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.setEncoding("utf8").on("data", (c: string) => out.push(c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => out.push(c));
    const timer = setTimeout(() => child.kill("SIGKILL"), INSTALL_TIMEOUT_MS);
    child.once("error", (e) => {
      clearTimeout(timer);
      reject(new Error(`peer install: could not run npm ci for ${name}: ${e.message}`));
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve();
      const tail = out.join("").slice(-3000);
      const network = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|network/i.test(tail);
      reject(
        new Error(
          `peer install: npm ci for ${name} in ${dir} ${signal ? `was stopped (${signal}, after ${INSTALL_TIMEOUT_MS / 60_000} minutes)` : `failed (exit ${code})`}` +
            `${network ? ": the npm registry did not answer" : ""}:\n${tail}`,
        ),
      );
    });
  });
}
