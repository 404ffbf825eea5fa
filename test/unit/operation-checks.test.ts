// The operation checks keep what the document alone decides per document; whatever depends on the
// caller or the variables must still be decided on every request with that same document.
import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import pino from "pino";
import { buildSchema } from "../../src/core/schema.js";
import { DOMAINS } from "../../src/domains.js";
import { RequestContext, type Principal, type Services } from "../../src/core/context.js";
import { checkOperation } from "../../src/core/operation-checks.js";
import { PAGE_SIZES, TEXT_BOUNDS } from "../../src/core/bounds.js";
import fc from "fast-check";

const schema = buildSchema(DOMAINS);
const services = {} as Services;
const caller = (principal: Principal) => new RequestContext(services, principal, "test", pino({ level: "silent" }));
const reader = caller({ kind: "apiClient", clientId: "c", storeId: "st_a", scopes: new Set(["returns_read", "orders_read"]) });

function refusal(
  document: ReturnType<typeof parse>,
  variables: Record<string, unknown>,
  ctx = reader,
  maxCost = 1_000_000,
  maxRows = 1_500,
) {
  try {
    checkOperation(schema, document, undefined, variables, ctx, maxCost, maxRows);
    return null;
  } catch (err) {
    return err as Error & { extensions: Record<string, unknown> };
  }
}

const LIST = parse(
  `query($storeId: ID!, $first: Int, $name: String) { returns(storeId: $storeId, first: $first, filter: { orderName: $name }) { nodes { id items { id } } } }`,
);

describe("operation checks, worked out once per document", () => {
  it("checks the variables' bounds and text on every request with the same document", () => {
    expect(refusal(LIST, { storeId: "st_a", first: 5, name: "#1001" })).toBeNull();
    const long = refusal(LIST, { storeId: "st_a", first: 5, name: "x".repeat(TEXT_BOUNDS.short + 1) });
    expect(long?.extensions).toMatchObject({ status: 400, field: "filter.orderName" }); // bounds name the argument
    expect(refusal(LIST, { storeId: "st_a", first: 5, name: "a\u0000b" })?.extensions).toMatchObject({ status: 400, field: "name" });
    expect(refusal(LIST, { storeId: "st_a", first: 5, name: "#1001" })).toBeNull();
  });

  it("checks the caller and the store a variable names on every request (another store is not found)", () => {
    expect(refusal(LIST, { storeId: "st_b", first: 5 })?.extensions).toMatchObject({ code: "NOT_FOUND" });
    expect(refusal(LIST, { storeId: "st_a", first: 5 }, caller({ kind: "anonymous" }))?.extensions).toMatchObject({
      code: "UNAUTHENTICATED",
    });
    const noScope = caller({ kind: "apiClient", clientId: "c", storeId: "st_a", scopes: new Set(["orders_read"]) });
    expect(refusal(LIST, { storeId: "st_a", first: 5 }, noScope)?.message).toMatch(/returns_read/);
    expect(refusal(LIST, { storeId: "st_a", first: 5 })).toBeNull();
  });

  it("counts the cost again when a page variable changes it, and refuses a fixed cost over the limit every time", () => {
    expect(refusal(LIST, { storeId: "st_a", first: 2 }, reader, 5_000)).toBeNull();
    expect(refusal(LIST, { storeId: "st_a", first: 100 }, reader, 5_000)?.extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX" });
    const fixed = parse(`query { returns(storeId: "st_a", first: 100) { nodes { id items { id } } } }`);
    for (let i = 0; i < 2; i++) expect(refusal(fixed, {}, reader, 5_000)?.extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX" });
    expect(refusal(fixed, {}, reader, 1_000_000)).toBeNull();
  });

  it("refuses a document whose own text no database can store, on every request", () => {
    const bad = parse(`query { returns(storeId: "st_a", filter: { orderName: "a\\u0000b" }) { nodes { id } } }`);
    for (let i = 0; i < 2; i++) expect(refusal(bad, {})?.extensions).toMatchObject({ status: 400, field: "query" });
  });

  it("property: the rows of pages a request asks for are counted across every alias and variable, whatever the fields (issue 36, M3)", () => {
    const admin = caller({
      kind: "apiClient",
      clientId: "c",
      storeId: "st_a",
      scopes: new Set(["returns_read", "orders_read", "warehouse"]),
    });
    // Paged fields a caller can alias, each with the page argument it takes and its maximum page.
    const fields = [
      { root: `returns(storeId: "st_a", first: $N)`, pick: "nodes { id }", max: PAGE_SIZES.standard.max },
      { root: `orders(storeId: "st_a", first: $N)`, pick: "nodes { id }", max: PAGE_SIZES.standard.max },
      { root: `warehouseReturns(pageSize: $N)`, pick: "returns { id }", max: PAGE_SIZES.warehouseReturns.max },
    ];
    const alias = fc.record({
      field: fc.integer({ min: 0, max: fields.length - 1 }),
      size: fc.integer({ min: 1, max: 2_000 }),
      inVariable: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(alias, { minLength: 1, maxLength: 40 }), (aliases) => {
        const vars: Record<string, unknown> = { storeId: "st_a" };
        const defs: string[] = [];
        const body = aliases.map((a, i) => {
          const f = fields[a.field]!;
          let arg = String(a.size);
          if (a.inVariable) {
            defs.push(`$n${i}: Int`);
            vars[`n${i}`] = a.size;
            arg = `$n${i}`;
          }
          return `a${i}: ${f.root.replace("$N", arg)} { ${f.pick} }`;
        });
        const doc = parse(`query${defs.length ? `(${defs.join(", ")})` : ""} { ${body.join(" ")} }`);
        // Each page at most its maximum (past it the resolver refuses the page); a list's wrapper is no row.
        const rows = aliases.reduce((n, a) => n + Math.min(a.size, fields[a.field]!.max), 0);
        const err = refusal(doc, vars, admin, Number.MAX_SAFE_INTEGER, 1_500);
        if (rows > 1_500) expect(err?.extensions, `${rows} rows`).toMatchObject({ code: "QUERY_TOO_COMPLEX", status: 400 });
        else expect(err, `${rows} rows`).toBeNull();
      }),
      { numRuns: 200 },
    );
  });
});
