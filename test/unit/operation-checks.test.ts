// The operation checks keep what the document alone decides per document; whatever depends on the
// caller or the variables must still be decided on every request with that same document.
import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import pino from "pino";
import { buildSchema } from "../../src/core/schema.js";
import { DOMAINS } from "../../src/domains.js";
import { RequestContext, type Principal, type Services } from "../../src/core/context.js";
import { checkOperation } from "../../src/core/operation-checks.js";
import { TEXT_BOUNDS } from "../../src/core/bounds.js";

const schema = buildSchema(DOMAINS);
const services = {} as Services;
const caller = (principal: Principal) => new RequestContext(services, principal, "test", pino({ level: "silent" }));
const reader = caller({ kind: "apiClient", clientId: "c", storeId: "st_a", scopes: new Set(["returns_read", "orders_read"]) });

function refusal(document: ReturnType<typeof parse>, variables: Record<string, unknown>, ctx = reader, maxCost = 1_000_000) {
  try {
    checkOperation(schema, document, undefined, variables, ctx, maxCost);
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
});
