// The peer-engine installer of the shop tests (test/support/peers.ts), on a peer with no dependencies: installed once
// into the cache keyed by its pin and reused after, one install when two callers ask at once, a lock left by a dead
// process taken over, and a registry that does not answer named in the failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installPeer, peerKey } from "../support/peers.js";

let dir: string;
let peers: string;
let registry: Server;
const saved = { cache: process.env.RETOUR_PEERS_CACHE, registry: process.env.npm_config_registry };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "retour-peer-test-"));
  peers = join(dir, "peers");
  mkdirSync(join(peers, "tiny"), { recursive: true });
  writeFileSync(join(peers, "tiny", "package.json"), JSON.stringify({ name: "tiny", version: "1.0.0", private: true, dependencies: {} }));
  writeFileSync(
    join(peers, "tiny", "package-lock.json"),
    JSON.stringify({
      name: "tiny",
      version: "1.0.0",
      lockfileVersion: 3,
      requires: true,
      packages: { "": { name: "tiny", version: "1.0.0" } },
    }),
  );
  // A registry that answers (nothing is fetched: the peer has no dependencies).
  registry = createServer((_req, res) => res.end("{}"));
  await new Promise<void>((r) => registry.listen(0, "127.0.0.1", r));
  process.env.RETOUR_PEERS_CACHE = join(dir, "cache");
  process.env.npm_config_registry = `http://127.0.0.1:${(registry.address() as { port: number }).port}/`;
});
afterAll(async () => {
  for (const [k, v] of [
    ["RETOUR_PEERS_CACHE", saved.cache],
    ["npm_config_registry", saved.registry],
  ] as const)
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  await new Promise((r) => registry.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe("the peer installer", () => {
  it("names the registry when it does not answer, and leaves nothing behind", async () => {
    const before = process.env.npm_config_registry;
    process.env.npm_config_registry = "http://127.0.0.1:1/";
    try {
      await expect(installPeer("tiny", peers)).rejects.toThrow(/The npm registry http:\/\/127\.0\.0\.1:1\/ is unreachable/);
    } finally {
      process.env.npm_config_registry = before;
    }
    expect(existsSync(join(dir, "cache"))).toBe(true);
    expect(readdirSync(join(dir, "cache"))).toEqual([]);
  });

  it("installs once for two callers at once, into the folder of its pin, and reuses it after", async () => {
    const [a, b] = await Promise.all([installPeer("tiny", peers), installPeer("tiny", peers)]);
    expect(a).toBe(join(dir, "cache", peerKey("tiny", peers)));
    expect(b).toBe(a);
    expect(readdirSync(join(dir, "cache"))).toEqual([peerKey("tiny", peers)]);
    const made = statSync(a).mtimeMs;
    expect(await installPeer("tiny", peers)).toBe(a);
    expect(statSync(a).mtimeMs).toBe(made);
  }, 120_000);

  it("takes over the lock of a process that died installing", async () => {
    writeFileSync(join(peers, "tiny", "package.json"), JSON.stringify({ name: "tiny", version: "1.0.1", private: true, dependencies: {} }));
    const target = join(dir, "cache", peerKey("tiny", peers));
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    mkdirSync(`${target}.lock`);
    writeFileSync(join(`${target}.lock`, "pid"), dead);
    mkdirSync(`${target}.partial-${dead}`);
    expect(await installPeer("tiny", peers)).toBe(target);
    expect(existsSync(join(target, "package.json"))).toBe(true);
    expect(readdirSync(join(dir, "cache")).filter((n) => /\.lock$|\.partial-/.test(n))).toEqual([]);
  }, 120_000);
});
