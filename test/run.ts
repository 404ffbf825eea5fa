// `npm test`: runs every suite on SQLite and on PostgreSQL (when reachable; CI requires it), then
// the REST and compat suites once more through the remote executor (facades calling a separately started core).
// Extra arguments go to vitest (e.g. a file filter). Ends with the failed tests, each with its error's
// first line, and one line "tests: N passed, M failed": CI keeps only the tail of what a run prints.
//
// A test that fails once fails the run: a race that lands green lands for good. A file with failed tests is
// run once more, alone, after the rest, only to say which kind of failure it is: one that fails again is
// listed under FAILED, one that passes the second time under FLAKY (with its first error and the load
// average), and both make the run exit non-zero. More than MAX_RERUN_FILES failed files is a breakage and is
// not run again.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { join, relative } from "node:path";
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

// The browser tests drive the built dashboard and portal (facades/*/dist): a build older than their sources
// would test yesterday's screens and pass (it did once, for words changed in facades/dashboard). Built again first.
const SCREEN_SOURCES = ["facades/dashboard/app", "facades/portal/app", "src/core/words"];
const newest = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((t, e) => Math.max(t, statSync(join(e.parentPath ?? e.path, e.name)).mtimeMs), 0);
const builtAt = (app: string) => (existsSync(`facades/${app}/dist/index.html`) ? statSync(`facades/${app}/dist/index.html`).mtimeMs : 0);
if (Math.max(...SCREEN_SOURCES.map(newest)) > Math.min(builtAt("dashboard"), builtAt("portal"))) {
  console.log("The dashboard or portal build is older than its sources: building them first (npm run build).");
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
let passed = 0;
let failedFiles = 0; // a file that fails before its tests run (e.g. in beforeAll) fails no test
let ok = true;
const MAX_RERUN_FILES = 4;
/** What failed, "file › test: first line of the error"; and what failed once, then passed alone. */
const failures: string[] = [];
const flaky: string[] = [];

type FileResult = {
  name: string;
  status: string;
  startTime: number;
  endTime: number;
  message: string;
  assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
};
type Report = { numPassedTests: number; numTotalTests: number; testResults: FileResult[] };

const firstLine = (text: string | undefined) => (text ?? "").trim().split("\n")[0].slice(0, 300);

/** "file › test: error" for each failed test of a report, and the file itself when it failed outside any test. */
function failuresOf(report: Report): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const file of report.testResults) {
    if (file.status !== "failed") continue;
    const name = relative(process.cwd(), file.name);
    const lines = file.assertionResults
      .filter((a) => a.status === "failed")
      .map((a) => `${name} › ${a.fullName}: ${firstLine(a.failureMessages[0])}`);
    byFile.set(name, lines.length ? lines : [`${name}: ${firstLine(file.message) || "failed outside its tests"}`]);
  }
  return byFile;
}

function vitest(label: string, env: Record<string, string>, files: string[]): { status: number | null; report: Report | null } {
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
    return { status: res.status, report: JSON.parse(readFileSync(report, "utf8")) as Report };
  } catch {
    return { status: res.status, report: null };
  }
}

/** Each file's time, longest first, and the run's: CI prints them so a suite that slows down is seen by name. */
const timings: string[] = [];
function recordTimes(label: string, report: Report, wallSeconds: number) {
  const files = report.testResults
    .map((f) => ({ name: relative(process.cwd(), f.name), seconds: (f.endTime - f.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds);
  const summed = files.reduce((sum, f) => sum + f.seconds, 0);
  timings.push(`${label}: ${wallSeconds.toFixed(0)} s wall, ${summed.toFixed(0)} s summed over ${files.length} files`);
  for (const f of files) timings.push(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.name}`);
}

function run(label: string, env: Record<string, string>, files: string[]) {
  const started = Date.now();
  const first = vitest(label, env, files);
  if (first.report) recordTimes(label, first.report, (Date.now() - started) / 1000);
  if (!first.report || first.report.numTotalTests === 0) {
    ok = false;
    return;
  }
  passed += first.report.numPassedTests;
  const failedNow = failuresOf(first.report);
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  if (failedNow.size === 0) {
    if (first.status !== 0) ok = false;
    return;
  }
  if (failedNow.size > MAX_RERUN_FILES) {
    for (const lines of failedNow.values()) failures.push(...lines);
    failedFiles += failedNow.size;
    ok = false;
    return;
  }
  const again = vitest(`${label}, failed files once more`, env, [...failedNow.keys()]);
  const stillFailing = again.report ? failuresOf(again.report) : failedNow;
  // A run that exited non-zero with no failed file (an unhandled error) clears nothing.
  const unclear = again.status !== 0 && stillFailing.size === 0;
  for (const [file, lines] of failedNow) {
    if (unclear || stillFailing.has(file)) {
      failures.push(...lines);
      failedFiles++;
    } else {
      flaky.push(...lines.map((line) => `${line} (load average ${load})`));
    }
  }
}

run(`suites on ${dbs.join(" + ")}`, { RETOUR_TEST_DBS: dbs.join(",") }, positionals as string[]);
if (!values["no-remote"] && wantSqlite && positionals.length === 0) {
  run("REST and compat suites through the remote executor (sqlite)", { RETOUR_TEST_DBS: "sqlite", RETOUR_TEST_EXECUTOR: "remote" }, [
    "test/http/rest",
    "test/http/compat",
  ]);
}

console.log(
  `\nfile times (load average now ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}):\n${timings.join("\n")}`,
);
console.log(`\ndatabases: ${dbs.join(", ")}${dbs.includes("postgresql") ? "" : " (PostgreSQL SKIPPED)"}`);
if (flaky.length) console.log(`FLAKY (failed, then passed when run again alone: a race; the run fails):\n  ${flaky.join("\n  ")}`);
if (failures.length) console.log(`FAILED (failed twice, or too many files to run again):\n  ${failures.join("\n  ")}`);
if (failedFiles > 0) console.log(`FAILED: ${failedFiles} test file(s) failed`);
if (!ok) console.log("FAILED: a vitest run exited non-zero or reported no tests");
const failed = failures.length + flaky.length;
console.log(`tests: ${passed} passed, ${failed} failed${flaky.length ? ` (${flaky.length} of them flaky)` : ""}`);
process.exit(ok && failed === 0 && failedFiles === 0 ? 0 : 1);
