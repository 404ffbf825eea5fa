// The pill themes are published once by the returns domain (src/returns/tag-shapes.ts) for the doors and
// the dashboard; schema.graphql's PillTheme enum must list the same values in the same order.
import { readFileSync } from "node:fs";
import { buildSchema, GraphQLEnumType } from "graphql";
import { describe, expect, it } from "vitest";
import { SCHEMA_PATH } from "../../src/core/schema.js";
import { PILL_THEMES } from "../../src/returns/tag-shapes.js";

describe("pill themes", () => {
  it("schema.graphql's PillTheme enum equals the published list", () => {
    const sdl = buildSchema(readFileSync(SCHEMA_PATH, "utf8"), { assumeValidSDL: true });
    const type = sdl.getType("PillTheme");
    expect(type).toBeInstanceOf(GraphQLEnumType);
    expect((type as GraphQLEnumType).getValues().map((v) => v.name)).toEqual([...PILL_THEMES]);
    expect(PILL_THEMES).toHaveLength(35);
  });
});
