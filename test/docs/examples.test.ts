// Every ```sh block of README.md and facades/dashboard/guides/*.md runs, in order, against a fresh
// `npm start` (demo data) with the variables its banner prints: an example cannot rot unnoticed. The
// service is started as the document tells its reader (`npm start`, or the guide's own
// `NAME=value npm start` block), with none of the test harness's settings.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { providers } from "../support/env.js";
import { dedicatedExamplesTest, ROOT, runShellBlocks, shellBlocks, startCommand, startLikeNpmStart } from "../support/doc-examples.js";

const GUIDES = "facades/dashboard/guides";
const files = [
  "README.md",
  ...readdirSync(join(ROOT, GUIDES))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => `${GUIDES}/${f}`),
];

describe.each(providers)("documentation examples (%s)", (provider) => {
  it.each(files)("%s: every sh block runs as written", { timeout: 360_000 }, async (file) => {
    const markdown = readFileSync(join(ROOT, file), "utf8");
    const dedicated = dedicatedExamplesTest(markdown);
    if (dedicated) {
      // Its own test runs the blocks; it must exist.
      expect(existsSync(join(ROOT, dedicated)), `${file} names ${dedicated}`).toBe(true);
      return;
    }
    const all = shellBlocks(markdown);
    const start = startCommand(all);
    const blocks = all.filter((_, i) => i !== start.block);
    if (!blocks.length) return;
    const service = await startLikeNpmStart(provider, start);
    try {
      const result = runShellBlocks(file, blocks, { ...service.exports, DATABASE_URL: service.databaseUrl });
      expect(result.ok, result.report).toBe(true);
    } finally {
      await service.close();
    }
  });
});

// The runner itself can fail: it stops at the first broken block and names it.
it("finds sh blocks and stops at the first failing one, naming it", { timeout: 120_000 }, () => {
  const blocks = shellBlocks(
    "# t\n\n```sh\necho one\n```\n\n```text\nexit 1\n```\n\n```sh\ncurl -sf http://127.0.0.1:1/ # refused\necho never\n```\n",
  );
  expect(blocks.map((b) => b.line)).toEqual([3, 11]);
  const result = runShellBlocks("t.md", blocks, {});
  expect(result.ok).toBe(false);
  expect(result.report).toMatch(/^t\.md: the sh block at line 11 \(block 2 of 2\) failed \(exit 7\)/);
  const output = result.report.split("--- the session's last output:")[1];
  expect(output).toContain("one");
  expect(output).not.toContain("never");
});

it("reads a guide's start command from its own block, settings included", () => {
  const blocks = shellBlocks(
    "```sh\nWEBHOOK_ALLOW_PRIVATE_URLS=true LOG_LEVEL=warn npm start   # its own terminal\n```\n\n```sh\necho hi\n```\n",
  );
  expect(startCommand(blocks)).toEqual({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: "true", LOG_LEVEL: "warn" }, block: 0 });
  expect(startCommand(shellBlocks("```sh\necho npm start\n```\n"))).toEqual({ env: {}, block: -1 });
});
