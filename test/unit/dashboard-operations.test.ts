// The dashboard's GraphQL documents must validate against schema.graphql: a schema change that would
// break a dashboard page fails here, not in a merchant's browser.
import { describe, expect, it } from "vitest";
import { isEnumType, parse, validate } from "graphql";
import { buildSchema } from "../../src/core/schema.js";
import { DOMAINS } from "../../src/domains.js";
import { ALL_OPERATIONS, SCOPES } from "../../facades/dashboard/app/src/operations.js";

const schema = buildSchema(DOMAINS);

describe("dashboard GraphQL operations", () => {
  it.each(Object.entries(ALL_OPERATIONS))("%s validates against schema.graphql", (_name, source) => {
    expect(validate(schema, parse(source)).map((e) => e.message)).toEqual([]);
  });

  it("offers exactly the scopes of enum Scope, in its order", () => {
    const scope = schema.getType("Scope");
    expect(isEnumType(scope)).toBe(true);
    expect(SCOPES.map((s) => s.name)).toEqual(isEnumType(scope) ? scope.getValues().map((v) => v.name) : []);
  });
});
