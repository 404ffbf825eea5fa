// Every number a client sends has a bound (issue 22, finding 6): this walks the executable schema and
// fails on any Int or Float argument or input field (or a custom scalar that is not plainly text)
// without @range naming a NUMBER_BOUNDS entry, checks that one meaning has one bound on every path
// in (quantity 1..1000 for order lines, fulfillments, return items and imports alike), and that the
// largest lists of the largest values still sum inside a GraphQL Int.
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  Kind,
  parse,
  type GraphQLArgument,
  type GraphQLInputField,
} from "graphql";
import { describe, expect, it } from "vitest";
import { checkInputBounds } from "../../src/core/input-bounds.js";
import { buildSchema } from "../../src/core/schema.js";
import { DOMAINS } from "../../src/domains.js";
import { LIST_BOUNDS, NUMBER_BOUNDS, QUANTITY_BOUNDS } from "../../src/core/bounds.js";

const schema = buildSchema(DOMAINS);
const INT_MAX = 2_147_483_647;
/** Scalars that carry no number (text, ids, flags, dates): every other scalar is a number here. */
const NOT_NUMBERS = new Set(["String", "ID", "Boolean", "DateTime"]);

type Input = { label: string; def: GraphQLArgument | GraphQLInputField };

function everyInput(): Input[] {
  const out: Input[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith("__")) continue;
    if (isInputObjectType(type)) for (const f of Object.values(type.getFields())) out.push({ label: `${type.name}.${f.name}`, def: f });
    else if (isObjectType(type) || isInterfaceType(type))
      for (const f of Object.values(type.getFields()))
        for (const a of f.args) out.push({ label: `${type.name}.${f.name}(${a.name})`, def: a });
  }
  return out;
}

const isNumber = (def: Input["def"]) => {
  const named = getNamedType(def.type);
  return isScalarType(named) && !isEnumType(named) && !NOT_NUMBERS.has(named.name);
};

/** The bound a definition names with @range, read from the SDL itself (not through the code under test). */
function rangeOf(def: Input["def"]): string | undefined {
  const d = def.astNode?.directives?.find((x) => x.name.value === "range");
  const arg = d?.arguments?.find((a) => a.name.value === "bound")?.value;
  return arg?.kind === Kind.STRING ? arg.value : undefined;
}

describe("number bounds", () => {
  const numbers = everyInput().filter((i) => isNumber(i.def));

  it("finds the number inputs (the walk reaches arguments and nested input fields)", () => {
    expect(numbers.map((n) => n.label)).toEqual(
      expect.arrayContaining(["ReturnImportProductInput.quantity", "OrderLineItemInput.quantity", "Query.orders(first)"]),
    );
  });

  it("every Int and Float argument and input field of the schema declares a range from NUMBER_BOUNDS", () => {
    const missing = numbers.filter((n) => !rangeOf(n.def)).map((n) => n.label);
    expect(missing).toEqual([]);
    const unknown = numbers.filter((n) => rangeOf(n.def) && !(rangeOf(n.def)! in NUMBER_BOUNDS)).map((n) => n.label);
    expect(unknown).toEqual([]);
  });

  it("every range is finite and ordered, and an Int's fits a GraphQL Int", () => {
    for (const n of numbers) {
      const r = NUMBER_BOUNDS[rangeOf(n.def) as keyof typeof NUMBER_BOUNDS];
      expect(Number.isFinite(r.min) && Number.isFinite(r.max) && r.min <= r.max, n.label).toBe(true);
      if (getNamedType(n.def.type).name === "Int") {
        expect(r.integer, n.label).toBe(true);
        expect(r.min >= -INT_MAX - 1 && r.max <= INT_MAX, n.label).toBe(true);
      }
    }
  });

  it("one meaning, one bound: every unit count of a line, a fulfillment, a return item and an import is 1..1000", () => {
    const quantities = [
      "OrderLineItemInput.quantity",
      "FulfillmentLineItemInput.quantity",
      "CreateReturnItemInput.quantity",
      "ReturnImportProductInput.quantity",
    ];
    for (const label of quantities) expect(rangeOf(numbers.find((n) => n.label === label)!.def), label).toBe("quantity");
    expect(NUMBER_BOUNDS.quantity).toMatchObject({ min: 1, max: QUANTITY_BOUNDS.lineItem });
  });

  it("the largest list of the largest values sums inside a GraphQL Int", () => {
    const q = NUMBER_BOUNDS.quantity.max;
    for (const [list, max] of [
      ["orderLineItems", q],
      ["returnItems", q],
      ["importedReturnProducts", q],
      ["fulfillmentLineItems", q],
      ["inboundItems", NUMBER_BOUNDS.inboundQuantity.max],
    ] as const)
      expect(LIST_BOUNDS[list] * max, list).toBeLessThanOrEqual(INT_MAX);
  });

  it("refuses a value past its range before any resolver, naming the field and the range", () => {
    const IMPORT = `mutation($r: [ReturnImportInput!]!) { importReturns(storeId: "st", returns: $r) { totalCount } }`;
    const at = (quantity: number) => {
      try {
        checkInputBounds(schema, parse(IMPORT), undefined, { r: [{ products: [{ productId: "prd_1", quantity }] }] });
        return null;
      } catch (err) {
        return err as Error & { extensions: Record<string, unknown> };
      }
    };
    expect(at(1)).toBeNull();
    expect(at(QUANTITY_BOUNDS.lineItem)).toBeNull();
    for (const bad of [0, -1, QUANTITY_BOUNDS.lineItem + 1, INT_MAX]) {
      const err = at(bad);
      expect(err?.extensions, String(bad)).toMatchObject({ status: 400, field: "returns[0].products[0].quantity" });
      expect(err?.message).toBe(`\`returns[0].products[0].quantity\` must be an integer from 1 to 1000; got ${bad}.`);
    }
  });
});
