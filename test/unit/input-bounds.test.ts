import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { checkInputBounds, unboundedInputs } from "../../src/core/input-bounds.js";
import { buildSchema } from "../../src/core/schema.js";
import { DOMAINS } from "../../src/domains.js";
import { LIST_BOUNDS, TEXT_BOUNDS } from "../../src/core/bounds.js";

const schema = buildSchema(DOMAINS);
const check = (query: string, variables: Record<string, unknown> = {}) => {
  try {
    checkInputBounds(schema, parse(query), undefined, variables);
    return null;
  } catch (err) {
    return err as Error & { extensions: Record<string, unknown> };
  }
};
const line = (i: number) => ({ id: `l${i}`, productId: "p", title: "T", quantity: 1 });
const order = (extra: Record<string, unknown>) => ({
  orderId: "o",
  currency: "USD",
  placedAt: "2026-01-01T00:00:00Z",
  lineItems: [line(0)],
  ...extra,
});
const UPSERT = `mutation($input: OrderInput!) { upsertOrder(storeId: "st", input: $input) { created } }`;

describe("input bounds", () => {
  it("every String and list argument and input field of schema.graphql has a bound", () => {
    expect(unboundedInputs(schema)).toEqual([]);
  });

  it("counts a list at its bound and refuses one entry more, naming the field in the input", () => {
    const max = LIST_BOUNDS.orderLineItems;
    expect(check(UPSERT, { input: order({ lineItems: Array.from({ length: max }, (_, i) => line(i)) }) })).toBeNull();
    const err = check(UPSERT, { input: order({ lineItems: Array.from({ length: max + 1 }, (_, i) => line(i)) }) });
    expect(err?.extensions).toMatchObject({ status: 400, code: "BAD_USER_INPUT", field: "lineItems" });
    expect(err?.message).toBe(`\`lineItems\` holds ${max + 1} entries; at most ${max} are allowed (maxItems).`);
  });

  it("bounds each entry of a list of texts, and text in nested inputs", () => {
    expect(check(UPSERT, { input: order({ tags: ["a", "x".repeat(TEXT_BOUNDS.short + 1)] }) })?.extensions.field).toBe("tags[1]");
    expect(
      check(UPSERT, { input: order({ lineItems: [line(0), { ...line(1), title: "x".repeat(TEXT_BOUNDS.title + 1) }] }) })?.extensions.field,
    ).toBe("lineItems[1].title");
    expect(check(UPSERT, { input: order({ lineItems: [{ ...line(1), title: "x".repeat(TEXT_BOUNDS.title) }] }) })).toBeNull();
  });

  it("counts characters as code points, and bounds literals, plain arguments and IDs", () => {
    const emoji = "😀".repeat(TEXT_BOUNDS.comment); // 2 UTF-16 units each, within the bound
    const comment = `mutation($m: String) { addReturnComment(id: "r", message: $m) { message } }`;
    expect(check(comment, { m: emoji })).toBeNull();
    expect(check(comment, { m: emoji + "x" })?.extensions.field).toBe("message");
    expect(check(`{ order(storeId: "st", id: "${"x".repeat(TEXT_BOUNDS.id + 1)}") { id } }`)?.extensions.field).toBe("id");
    expect(check(`{ return(id: "${"r".repeat(TEXT_BOUNDS.id + 1)}") { id } }`)?.extensions.field).toBe("id");
  });

  it("leaves variables that do not coerce to execution", () => {
    expect(check(UPSERT, { input: "nonsense" })).toBeNull();
  });
});
