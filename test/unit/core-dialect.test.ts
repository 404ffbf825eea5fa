// The core speaks its own words: no REST body or header name in src/ (each door renames the core's
// GraphQL field names to what its client sent: facades/rest/problem.ts, the routes' fieldPath).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../../src/", import.meta.url).pathname;
const REST_NAMES = [
  /`data\./,
  /"data\./,
  /processInput/,
  /newMerchantAdjustment/,
  /X-Page-Next/,
  /X-Page-Continue/,
  /page-size/,
  /page-continue/,
  /\._id\b/,
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "generated") return [];
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });
}

describe("the core's dialect", () => {
  it.each(sources(ROOT).map((p) => [p.slice(ROOT.length), p]))("%s names no REST field", (_name, path) => {
    const text = readFileSync(path, "utf8");
    for (const re of REST_NAMES) expect(text, `${re}`).not.toMatch(re);
  });
});
