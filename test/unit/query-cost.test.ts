// Issue 13, finding 1: every list has a bound the cost limit counts it at, and every document the
// doors send stays under its limit at its largest page: the dashboard's under the public limit of
// /graphql, the REST, compat and webhook-payload documents under the doors' own bound.
import { readFileSync } from "node:fs";
import { Kind, buildSchema as buildSdl, parse, type DocumentNode, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { buildSchema, SCHEMA_PATH } from "../../src/core/schema.js";
import { DOMAINS } from "../../src/domains.js";
import { listBoundProblems } from "../../src/core/list-bounds.js";
import { DEFAULT_MAX_COST, DEFAULT_MAX_PAGE_ROWS, DOOR_DOCUMENT_MAX_COST, computeQueryCost } from "../../src/core/limits.js";
import { restOperations } from "../../facades/rest/index.js";
import { compatOperations } from "../../facades/compat/index.js";
import { ALL_OPERATIONS } from "../../facades/dashboard/app/src/operations.js";

const schema = buildSchema(DOMAINS);

/** Variables that make a document as costly as it can be: the largest pages, unpaged lists. */
function worstVariables(doc: DocumentNode): Record<string, unknown> {
  const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const vars: Record<string, unknown> = {};
  for (const v of op.variableDefinitions ?? []) {
    const type = v.type.kind === Kind.NON_NULL_TYPE ? v.type.type : v.type;
    if (type.kind === Kind.NAMED_TYPE && type.name.value === "Int") vars[v.variable.name.value] = 1_000_000;
    if (type.kind === Kind.NAMED_TYPE && type.name.value === "Boolean") vars[v.variable.name.value] = true;
  }
  return vars;
}

const doorDocuments: [string, DocumentNode][] = [
  ...[...restOperations(), ...compatOperations()].map(
    (op) => [op.source.trim().split(/[\s({]/)[1] || op.source.slice(0, 40), op.document] as [string, DocumentNode],
  ),
];
// The dashboard is a client of /graphql like any other: it gets the public limit.
const dashboardDocuments = Object.entries(ALL_OPERATIONS).map(
  ([name, source]) => [`dashboard ${name}`, parse(source)] as [string, DocumentNode],
);

describe("list bounds", () => {
  it("bound every list and paged field of schema.graphql", () => {
    expect(listBoundProblems(schema)).toEqual([]);
  });

  it("name a new list field without a bound, and a bound of no field", () => {
    const sdl = readFileSync(SCHEMA_PATH, "utf8") + "\nextend type Order { notes: [ReturnNote!]! pagedNotes(first: Int): [ReturnNote!]! }";
    const problems = listBoundProblems(buildSdl(sdl), { "Order.gone": 1 });
    expect(problems.join("\n")).toMatch(/Order\.notes is a list without a bound/);
    expect(problems.join("\n")).toMatch(/Order\.pagedNotes takes a page size/);
    expect(problems.join("\n")).toMatch(/Order\.gone is bounded .* not a field/);
  });
});

describe("query cost", () => {
  const cost = (query: string, variables: Record<string, unknown> = {}) => computeQueryCost(schema, parse(query), undefined, variables);

  it("counts an unpaged list at its bound and a page at its size", () => {
    expect(cost(`{ order(storeId: "s", id: "o") { id } }`)).toBe(2);
    expect(cost(`{ order(storeId: "s", id: "o") { returns { id } } }`)).toBe(2 + 100);
    expect(cost(`{ order(storeId: "s", id: "o") { tags } }`)).toBe(2);
    expect(cost(`query($n: Int) { orders(storeId: "s", first: $n) { nodes { id } pageInfo { hasNextPage } } }`, { n: 7 })).toBe(
      1 + 1 + 7 + 2,
    );
    expect(cost(`{ orders(storeId: "s") { nodes { id } } }`)).toBe(2 + 20);
    expect(cost(`{ warehouseReturns(pageSize: 750) { returns { id } } }`)).toBe(2 + 750);
    expect(cost(`{ return(id: "r") { ... on Return { fullOrder { ...F } } } } fragment F on Order { returns { id } }`)).toBe(3 + 100);
  });

  it("counts the nested attack of the issue far past the limit", () => {
    let inner = "id";
    for (let i = 0; i < 5; i++) inner = `id fullOrder { returns { ${inner} } }`;
    expect(cost(`{ a: order(storeId: "s", id: "o") { returns { ${inner} } } }`)).toBeGreaterThan(DEFAULT_MAX_COST);
    expect(cost(`{ a: return(id: "r") { ${inner} } }`)).toBeGreaterThan(DEFAULT_MAX_COST);
  });

  it("refuses one alias of the attack four levels deep at the public limit, which the doors' bound would admit", () => {
    let inner = "id";
    for (let i = 0; i < 3; i++) inner = `id fullOrder { returns { ${inner} } }`;
    const c = cost(`{ a: order(storeId: "s", id: "o") { returns { ${inner} } } }`);
    expect(c).toBeGreaterThan(DEFAULT_MAX_COST);
    expect(c).toBeLessThan(DOOR_DOCUMENT_MAX_COST);
  });

  it.each(doorDocuments)("keeps %s under the doors' bound at its largest page", (_name, doc) => {
    const c = computeQueryCost(schema, doc, undefined, worstVariables(doc));
    expect(c).toBeGreaterThan(0);
    expect(c).toBeLessThanOrEqual(DOOR_DOCUMENT_MAX_COST);
  });

  it.each([...doorDocuments, ...dashboardDocuments])(
    "asks at most 1 000 rows of pages in %s, under the public limit of rows",
    (_name, doc) => {
      const rows = computeQueryCost(schema, doc, undefined, worstVariables(doc), Infinity, "pageRows");
      expect(rows).toBeLessThanOrEqual(1_000);
      expect(rows).toBeLessThan(DEFAULT_MAX_PAGE_ROWS);
    },
  );

  it("counts the rows of pages across aliases, whatever is selected", () => {
    const rows = (q: string) => computeQueryCost(schema, parse(q), undefined, {}, Infinity, "pageRows");
    expect(rows(`{ warehouseReturns(pageSize: 750) { returns { id } } }`)).toBe(750);
    const attack = Array.from({ length: 30 }, (_, i) => `a${i}: warehouseReturns(pageSize: 750) { returns { id } }`).join(" ");
    expect(rows(`{ ${attack} }`)).toBe(22_500);
    expect(cost(`{ ${attack} }`)).toBeLessThan(DEFAULT_MAX_COST); // what the field cost let through
  });

  it.each(dashboardDocuments)("keeps %s under the public limit at its largest page", (_name, doc) => {
    const c = computeQueryCost(schema, doc, undefined, worstVariables(doc));
    expect(c).toBeGreaterThan(0);
    expect(c).toBeLessThanOrEqual(DEFAULT_MAX_COST);
  });
});
