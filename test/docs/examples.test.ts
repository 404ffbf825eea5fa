// Every ```sh block of README.md and facades/dashboard/guides/*.md runs, in order, against `npm start`
// (demo data) with the variables its banner prints: an example cannot rot unnoticed. The service is started
// as the document tells its reader (`npm start`, or the guide's own `NAME=value npm start` block), with none
// of the test harness's settings, and the documents run in two orders against one start each (issue 36):
// a reader may follow the guides in any order.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Provider } from "../../src/db/url.js";
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

/** A document's blocks to run and the start command it asks for (its own `NAME=value npm start` block, or the default). */
function plan(file: string) {
  const markdown = readFileSync(join(ROOT, file), "utf8");
  const all = shellBlocks(markdown);
  const start = startCommand(all);
  return { file, dedicated: dedicatedExamplesTest(markdown), start, blocks: all.filter((_, i) => i !== start.block) };
}
const plans = files.map(plan);
/** The documents that run here, grouped by the start command they ask for (most by plain `npm start`). */
const groups = [
  ...plans
    .filter((p) => !p.dedicated && p.blocks.length)
    .reduce(
      (m, p) => m.set(JSON.stringify(p.start.env), [...(m.get(JSON.stringify(p.start.env)) ?? []), p]),
      new Map<string, typeof plans>(),
    )
    .values(),
];

it.each(plans.filter((p) => p.dedicated))("$file: names the test that runs its blocks", ({ file, dedicated }) => {
  expect(existsSync(join(ROOT, dedicated!)), `${file} names ${dedicated}`).toBe(true);
});

// Each document runs whatever ran before it against the same service: the documents sharing a start command
// run one after another against one `npm start`, in their order and, against another start, in reverse.
// A guide that leans on what another left (or breaks what another needs) fails one of the two orders.
// With both databases, SQLite runs them in order and PostgreSQL in reverse: every document still runs on
// both engines and in both orders, at half the cost (four starts took 412 s of CI's 1 366 s at load 6).
// With one database, that database runs both orders.
function ordersOn(provider: Provider, group: typeof plans) {
  const orders = [
    ["in order", group],
    ["in reverse order", [...group].reverse()],
  ] as const;
  if (providers.length < 2) return [...orders];
  return orders.filter((_, i) => i === providers.indexOf(provider) % 2);
}
describe.each(providers)("documentation examples (%s)", (provider) => {
  describe.each(groups.map((g) => [g.map((p) => p.file.split("/").pop()).join(", "), g] as const))("%s", (_names, group) => {
    it.each(ordersOn(provider, group))(
      "every sh block runs as written, %s, against one npm start",
      { timeout: 900_000 },
      async (_order, docs) => {
        const service = await startLikeNpmStart(provider, docs[0]!.start);
        try {
          for (const doc of docs) {
            const result = runShellBlocks(doc.file, doc.blocks, { ...service.exports, DATABASE_URL: service.databaseUrl });
            expect(
              result.ok,
              `after ${
                docs
                  .slice(0, docs.indexOf(doc))
                  .map((d) => d.file.split("/").pop())
                  .join(", ") || "nothing"
              }:\n${result.report}`,
            ).toBe(true);
          }
        } finally {
          await service.close();
        }
      },
    );
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
