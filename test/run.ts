// `npm test`: runs every suite on SQLite and on PostgreSQL (when reachable; CI requires it), then
// the REST and compat suites once more through the remote executor (facades calling a separately started core).
// Extra arguments go to vitest (e.g. a file filter). Ends with one line "tests: N passed, M failed".
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { postgresAvailable } from "./support/databases.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  strict: false,
  options: { db: { type: "string", default: "all" }, "no-remote": { type: "boolean" } },
});

const wantSqlite = values.db === "all" || values.db === "sqlite";
const wantPostgres = values.db === "all" || values.db === "postgres" || values.db === "postgresql";
const requirePostgres = process.env.CI === "true" || process.env.REQUIRE_POSTGRES === "true" || values.db === "postgres";

const dbs: string[] = [];
if (wantSqlite) dbs.push("sqlite");
if (wantPostgres) {
  if (await postgresAvailable()) dbs.push("postgresql");
  else if (requirePostgres) {
    console.error("PostgreSQL is not reachable at 127.0.0.1:5432 and this run requires it (CI or REQUIRE_POSTGRES=true). Failing.");
    process.exit(1);
  } else {
    console.warn("\n*** PostgreSQL is not reachable at 127.0.0.1:5432: SKIPPING the PostgreSQL suites (SQLite only). ***\n");
  }
}

mkdirSync("test/output", { recursive: true });
let passed = 0;
let failed = 0;
let failedFiles = 0; // a file that fails before its tests run (e.g. in beforeAll) fails no test
let ok = true;

function run(label: string, env: Record<string, string>, files: string[]) {
  console.log(`\n=== ${label} ===`);
  const report = `test/output/vitest-${label.replace(/\W+/g, "-")}.json`;
  rmSync(report, { force: true });
  const res = spawnSync(
    "npx",
    [
      "vitest",
      "run",
      "--config",
      "test/vitest.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
      ...files,
    ],
    { stdio: "inherit", env: { ...process.env, ...env } },
  );
  try {
    const json = JSON.parse(readFileSync(report, "utf8"));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    failedFiles += json.numFailedTestSuites;
    if (json.numTotalTests === 0) ok = false;
  } catch {
    ok = false;
  }
  if (res.status !== 0) ok = false;
}

run(`suites on ${dbs.join(" + ")}`, { RETOUR_TEST_DBS: dbs.join(",") }, positionals as string[]);
if (!values["no-remote"] && wantSqlite && positionals.length === 0) {
  run("REST and compat suites through the remote executor (sqlite)", { RETOUR_TEST_DBS: "sqlite", RETOUR_TEST_EXECUTOR: "remote" }, [
    "test/http/rest",
    "test/http/compat",
  ]);
}

console.log(`\ndatabases: ${dbs.join(", ")}${dbs.includes("postgresql") ? "" : " (PostgreSQL SKIPPED)"}`);
if (failedFiles > 0) console.log(`FAILED: ${failedFiles} test file(s) failed (see "Failed Suites" above)`);
if (!ok) console.log("FAILED: a vitest run exited non-zero or reported no tests");
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 && failedFiles === 0 ? 0 : 1);
