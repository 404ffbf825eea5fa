// `npm run typecheck`: the three TypeScript projects (server + tests, dashboard app, portal app) checked
// in parallel rather than one after the other (wall-clock ≈ the longest instead of the sum). Each one's
// output is printed whole once it ends, so failures never interleave; any failure fails the script.
import { spawn } from "node:child_process";

const projects = [[], ["-p", "facades/dashboard/app"], ["-p", "facades/portal/app"]];

const results = await Promise.all(
  projects.map(
    (args) =>
      new Promise((resolve) => {
        const child = spawn("tsc", ["--noEmit", ...args], { stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (d) => (output += d));
        child.stderr.on("data", (d) => (output += d));
        child.on("error", (err) => resolve({ args, code: 1, output: `${output}${err.message}\n` }));
        child.on("close", (code, signal) => resolve({ args, code: code ?? 1, output: signal ? `${output}killed by ${signal}\n` : output }));
      }),
  ),
);

let failed = false;
for (const { args, code, output } of results) {
  const name = `tsc --noEmit ${args.join(" ")}`.trim();
  if (output) process.stdout.write(`${output}${output.endsWith("\n") ? "" : "\n"}`);
  if (code !== 0) {
    failed = true;
    console.error(`${name}: failed (exit ${code})`);
  }
}
process.exit(failed ? 1 : 0);
