// The README's promises: the operator CLI prints JSON, and `npm start` on an empty database
// bootstraps a demo store, prints how to call it, serves, and stops cleanly on SIGTERM.
import { spawn, spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/databases.js";
import { providers } from "../support/env.js";
import { ALL_SCOPES } from "../../src/identity/scopes.js";

const TSX = "node_modules/.bin/tsx";

function cli(databaseUrl: string, ...args: string[]) {
  const res = spawnSync(TSX, ["src/cli/main.ts", ...args], { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" });
  return { status: res.status, out: res.stdout.trim(), err: res.stderr.trim(), json: () => JSON.parse(res.stdout) };
}

describe.each(providers)("CLI and npm start (%s)", (provider) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(provider);
  });
  afterAll(() => db?.drop());

  it("creates a store and API clients, lists, re-scopes and revokes them, as JSON", { timeout: 180_000 }, async () => {
    const store = cli(db.url, "store", "create", "--name", "CLI store").json();
    expect(store.id).toMatch(/^st_/);
    const client = cli(
      db.url,
      "api-client",
      "create",
      "--store",
      store.id,
      "--name",
      "wh",
      "--scopes",
      "checkout_read,returns_read",
    ).json();
    expect(client).toMatchObject({
      id: expect.stringMatching(/^akey_/),
      secret: expect.stringMatching(/^rtr_sk_/),
      scopes: ["checkout_read", "returns_read"],
    });
    const legacy = cli(db.url, "api-client", "create", "--store", store.id, "--name", "old", "--legacy").json();
    expect([...legacy.scopes].sort()).toEqual([...ALL_SCOPES].sort());
    const listed = cli(db.url, "api-client", "list", "--store", store.id).json();
    expect(listed.map((c: { id: string }) => c.id)).toEqual([client.id, legacy.id]);
    expect(JSON.stringify(listed)).not.toContain(client.secret);
    expect(cli(db.url, "api-client", "set-scopes", "--id", client.id, "--scopes", "returns_read").json().scopes).toEqual(["returns_read"]);
    expect(cli(db.url, "api-client", "revoke", "--id", client.id).json().revokedAt).toEqual(expect.any(String));
    const bad = cli(db.url, "api-client", "create", "--store", store.id, "--name", "x", "--scopes", "nope");
    expect(bad.status).toBe(1);
    expect(bad.err).toMatch(/^Unknown scope\(s\): nope\./);
    expect(cli(db.url, "store", "list").json()).toContainEqual({ id: store.id, name: "CLI store", createdAt: expect.any(String) });
    const seeded = cli(db.url, "seed", "--store", store.id).json();
    expect(seeded.checkoutExperiences).toHaveLength(3);
    expect(seeded.abTests).toHaveLength(4);
  });

  it("npm start bootstraps a demo store on an empty database and serves it", { timeout: 60_000 }, async () => {
    const fresh = await createTestDatabase(provider);
    // As `npm start` runs it: one node process (the tsx CLI would put a signal-relaying wrapper in between).
    const child = spawn(process.execPath, ["--import", "tsx", "facades/main.ts"], {
      env: { ...process.env, DATABASE_URL: fresh.url, PORT: "0", LOG_LEVEL: "warn", NODE_ENV: "development" },
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    try {
      const deadline = Date.now() + 45_000;
      while (!/curl .*# 200: deleted/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      // The banner's export lines, as a user pastes them into a shell.
      const exported = (name: string) => new RegExp(`^  export ${name}=(\\S+)$`, "m").exec(out)?.[1];
      const secret = exported("RETOUR_SECRET");
      const base = `${exported("RETOUR_URL")}/v2.2`;
      const storeId = exported("RETOUR_STORE");
      expect(storeId).toBe(/Store ID:\s+(\S+)/.exec(out)?.[1]);
      expect(secret).toMatch(/^rtr_sk_/);
      const res = await fetch(`${base}/stores/${storeId}/checkout-ab-tests`, { headers: { authorization: `Bearer ${secret}` } });
      expect(res.status).toBe(200);
      expect((await res.json()).totalCount).toBe(3);
      const live = /DELETE .*checkout-experiences\/(\S+)\s+# 409/.exec(out)?.[1];
      expect(
        (
          await fetch(`${base}/stores/${storeId}/checkout-experiences/${live}`, {
            method: "DELETE",
            headers: { authorization: `Bearer ${secret}` },
          })
        ).status,
      ).toBe(409);
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
      await fresh.drop();
    }
  });
});
