// The types generated from schema.graphql (`npm run codegen`, .ci/codegen.ts) are committed: this fails
// when schema.graphql changed and they were not generated again, naming the stale files.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { stale } from "../../.ci/codegen.js";

const SCHEMA = readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8");

describe("generated types", () => {
  it("match schema.graphql as it is", async () => {
    expect(await stale(), "run `npm run codegen` and commit what it writes").toEqual([]);
  }, 60_000);

  it("are found stale when schema.graphql gains a field", async () => {
    const changed = SCHEMA.replace(/^type Location \{\n/m, "type Location {\n  code: String\n");
    expect(changed).not.toBe(SCHEMA);
    expect(await stale(changed)).toContain("src/core/generated/schema.ts");
  }, 60_000);
});
