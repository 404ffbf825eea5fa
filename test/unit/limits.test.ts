import { buildSchema, parse, specifiedRules, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { queryLimitsRule } from "../../src/core/limits.js";

const schema = buildSchema(`type Query { a: A } type A { id: ID name: String b: A }`);
const check = (query: string) =>
  validate(schema, parse(query), [...specifiedRules, queryLimitsRule({ maxDepth: 4, maxFields: 20, maxAliases: 3 })]).map((e) => e.message);

describe("queryLimitsRule", () => {
  it("passes queries within the limits", () => {
    expect(check("{ a { id b { id b { id } } } }")).toEqual([]);
  });
  it("refuses depth past the limit, also through fragments", () => {
    expect(check("{ a { b { b { b { id } } } } }")[0]).toMatch(/5 levels deep; the limit is 4/);
    expect(check("{ a { ...F } } fragment F on A { b { b { b { id } } } }")[0]).toMatch(/levels deep/);
  });
  it("counts fields after fragment expansion", () => {
    const q = "{ a { ...F } } fragment F on A { id name b { ...G } } fragment G on A { id name b { ...H } } fragment H on A { id name }";
    expect(check(q)).toEqual([]);
    const wide = `{ ${["x", "y", "z"].map((al) => `${al}: a { id name b { id name b { id name } } }`).join(" ")} }`;
    expect(check(wide)[0]).toMatch(/more than 20 fields/);
  });
  it("refuses too many aliases", () => {
    expect(check("{ p: a { id } q: a { id } r: a { id } s: a { id } }").join()).toMatch(/4 aliases; the limit is 3/);
  });
});
