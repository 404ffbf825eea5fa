// No room over 500 lines (issue 35 item 6): a source or test file that grows past it is split into named parts
// by what they do, not squeezed under by trimming comments. Built output, generated code and installed packages
// are not rooms. Every hand-written source type counts: TypeScript, stylesheets, scripts and pages.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const MAX_LINES = 500;
const REPO = new URL("../../", import.meta.url).pathname;
const ROOTS = ["src", "facades", "test"];
const SKIPPED_DIRS = new Set(["dist", "generated", "codegen", "node_modules", "output"]);
/** The hand-written source types (data such as JSON lockfiles and the guides' Markdown are not rooms). */
const SOURCE = /\.(tsx?|css|[cm]?js|html)$/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : sources(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

/** Lines as `wc -l` counts them (newlines). */
function lineCount(path: string): number {
  const text = readFileSync(path, "utf8");
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

describe("file sizes", () => {
  it(`keeps every source file (.ts, .tsx, .css, .js, .mjs, .cjs, .html) under src/, facades/ and test/ at ${MAX_LINES} lines or fewer`, () => {
    const files = ROOTS.flatMap((root) => sources(join(REPO, root)));
    expect(files.length).toBeGreaterThan(100);
    // Each type is seen (a pattern that stopped matching one would pass without checking it).
    for (const ext of [".ts", ".tsx", ".css", ".mjs", ".js", ".html"])
      expect(
        files.some((f) => f.endsWith(ext)),
        ext,
      ).toBe(true);
    const offenders = files
      .map((path) => ({ file: relative(REPO, path), lines: lineCount(path) }))
      .filter((f) => f.lines > MAX_LINES)
      .sort((a, b) => b.lines - a.lines)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(offenders, `over ${MAX_LINES} lines; split them into named parts by what they do`).toEqual([]);
  });
});
