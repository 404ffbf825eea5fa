// The access plan read from the schema's directives: a type's @scope on every field that leads to it,
// waived only for a mutation that needs the type's `written` scope; and a walk linear in the document
// (each fragment once per root scope), whatever its fragment fan-out.
import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { accessPlan, scopesOfDocument } from "../../src/core/access-plan.js";
import { buildSchema } from "../../src/core/schema.js";
import { DOMAINS } from "../../src/domains.js";

const schema = buildSchema(DOMAINS);
const scopes = (source: string) => scopesOfDocument(schema, parse(source));

describe("access plan", () => {
  it("asks for a type's scope on every path to it", () => {
    expect(scopes(`query { orders(storeId: "s") { nodes { returns { id } } } }`)).toEqual(["orders_read", "returns_read"]);
    expect(scopes(`query { order(storeId: "s", id: "o") { ...O } } fragment O on Order { returns { id } }`)).toEqual([
      "orders_read",
      "returns_read",
    ]);
    expect(scopes(`query { order(storeId: "s", id: "o") { ... on Order { customerRecord { id } } } }`)).toEqual([
      "orders_read",
      "customers_read",
    ]);
    // A root-level fragment counts as the root fields it holds.
    expect(scopes(`query { ...Q } fragment Q on Query { return(id: "r") { id } }`)).toEqual(["returns_read"]);
  });

  it("lets a mutation show what it wrote, and nothing else", () => {
    expect(scopes(`mutation { tagReturn(id: "r", names: ["a"]) { id } }`)).toEqual(["returns_write"]);
    expect(scopes(`mutation { upsertOrder(storeId: "s", input: {}) { order { returns { id } } } }`)).toEqual(
      expect.arrayContaining(["orders_write", "orders_read", "returns_read"]),
    );
  });

  it("walks a document in time linear in its size, whatever its fragment fan-out", () => {
    const levels = 40;
    const frags = Array.from({ length: levels }, (_, i) =>
      i === levels - 1 ? `fragment F${i} on Order { returns { id } }` : `fragment F${i} on Order { ...F${i + 1} ...F${i + 1} }`,
    );
    const doc = parse(`query { orders(storeId: "s") { nodes { ...F0 } } } ${frags.join(" ")}`);
    const started = performance.now();
    const plan = accessPlan(schema, doc, null);
    const ms = performance.now() - started;
    console.log(`access plan of a ${levels}-level fan-out: ${ms.toFixed(2)} ms`);
    expect(ms).toBeLessThan(500);
    expect(plan.filter((s) => "scope" in s).map((s) => ("scope" in s ? s.scope : null))).toEqual(["orders_read", "returns_read"]);
  });
});
