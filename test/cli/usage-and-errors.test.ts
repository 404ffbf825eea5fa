// The CLI speaks plain text when something is wrong: usage errors on stderr with exit 2, failures
// of a command with exit 1 and our own message (never an ORM or driver error), help with exit 0.
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/databases.js";
import { providers } from "../support/env.js";

function cli(databaseUrl: string, ...args: string[]) {
  const res = spawnSync("node_modules/.bin/tsx", ["src/cli/main.ts", ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "" },
    encoding: "utf8",
  });
  return { status: res.status, out: res.stdout, err: res.stderr };
}

const COMMANDS = [
  "migrate",
  "store create",
  "store list",
  "api-client create",
  "api-client list",
  "api-client revoke",
  "api-client set-scopes",
  "user create",
  "seed",
  "seed-portal",
];

// Usage, help and a database that cannot be reached are answered before any database is opened: once, not per database.
describe("CLI usage and errors, before a database is opened", () => {
  const db = { url: "postgresql://postgres@127.0.0.1:1/nowhere" };

  it("prints the usage on stderr and exits 2 without arguments; --help prints it on stdout and exits 0", { timeout: 60_000 }, () => {
    const none = cli(db.url);
    expect(none.status).toBe(2);
    expect(none.out).toBe("");
    expect(none.err).toMatch(/^no command given\n\nUsage: npm run --silent cli -- <command>/);
    const help = cli(db.url, "--help");
    expect(help.status).toBe(0);
    for (const name of COMMANDS) expect(help.out).toContain(`\n  ${name}`);
  });

  it("has a --help for every command, naming its options", { timeout: 120_000 }, () => {
    for (const name of COMMANDS) {
      const res = cli(db.url, ...name.split(" "), "--help");
      expect(res.status, name).toBe(0);
      expect(res.out, name).toMatch(new RegExp(`^Usage: npm run --silent cli -- ${name}`));
    }
    expect(cli(db.url, "api-client", "create", "--help").out).toContain("--scopes a,b | --all-scopes | --legacy");
    const group = cli(db.url, "store", "--help");
    expect(group.status).toBe(0);
    expect(group.out).toContain("store create --name NAME");
    expect(group.out).toContain("store list");
  });

  it("reports usage errors as plain text with exit 2", { timeout: 120_000 }, () => {
    const cases: [string[], RegExp][] = [
      [["frobnicate"], /^unknown command: frobnicate\n/],
      [["store"], /^store needs a command\n\nUsage:\n {2}npm run --silent cli -- store create/],
      [["store", "create"], /^store create: --name is required\n\nUsage: npm run --silent cli -- store create --name NAME\n/],
      [["store", "create", "--nmae", "x"], /^store create: Unknown option '--nmae'\n/],
      [["store", "list", "extra"], /^store list: Unexpected argument 'extra'\n/],
      [["api-client", "create", "--store", "st_x", "--name", "n"], /^give --scopes a,b, --all-scopes or --legacy\n/],
    ];
    for (const [args, expected] of cases) {
      const res = cli(db.url, ...args);
      expect(res.status, args.join(" ")).toBe(2);
      expect(res.out, args.join(" ")).toBe("");
      expect(res.err, args.join(" ")).toMatch(expected);
      expect(res.err).not.toMatch(/^\{|\\n/); // not a JSON string with escaped newlines
    }
  });

  it("says a database that cannot be reached is unreachable, exit 1", () => {
    const unreachable = cli(db.url, "store", "list");
    expect(unreachable.status).toBe(1);
    expect(unreachable.err).toBe("cannot reach the database (ECONNREFUSED); check DATABASE_URL\n");
  });
});

describe.each(providers)("CLI errors (%s)", (provider) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(provider);
  });
  afterAll(() => db?.drop());

  it("names what is missing instead of leaking a database error, exit 1", { timeout: 120_000 }, () => {
    const cases: [string[], string][] = [
      [["seed", "--store", "st_nope"], "No store st_nope.\n"],
      [["api-client", "list", "--store", "st_nope"], "No store st_nope.\n"],
      [["api-client", "create", "--store", "st_nope", "--name", "n", "--all-scopes"], "No store st_nope.\n"],
      [["user", "create", "--store", "st_nope", "--email", "a@b.test", "--password", "long-enough"], "No store st_nope.\n"],
      [["api-client", "revoke", "--id", "akey_nope"], "No API client akey_nope.\n"],
    ];
    for (const [args, expected] of cases) {
      const res = cli(db.url, ...args);
      expect(res.status, args.join(" ")).toBe(1);
      expect(res.err, args.join(" ")).toBe(expected);
    }
  });
});
