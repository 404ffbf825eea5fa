// What the REST door derives from each route's declaration: its scope (from the schema's @scope, the
// same the core enforces), the document's x-scope, and published shapes where an optional field
// without a value is absent, never null.
import { readdirSync, readFileSync } from "node:fs";
import { Kind, parse, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { restRoutes } from "../../facades/rest/index.js";
import { openApiDocument } from "../../facades/rest/openapi.js";
import { dropAbsent } from "../../src/core/json-shape.js";
import { Return } from "../../facades/rest/shapes.js";
import { buildSchema } from "../../src/core/schema.js";
import { DOMAINS } from "../../src/domains.js";
import { restValidator } from "../support/openapi.js";
import { coercionProblem } from "../../facades/rest/problem.js";

const schema = buildSchema(DOMAINS);

/** The @scope the core enforces on the operation's root field (read from the executable schema). */
function rootScope(source: string): string | null {
  const op = parse(source).definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
  const root = op.operation === "mutation" ? schema.getMutationType()! : schema.getQueryType()!;
  const field = op.selectionSet.selections.find((s) => s.kind === Kind.FIELD)!;
  return ((root.getFields()[(field as { name: { value: string } }).name.value].extensions as { scope?: string }).scope ?? null) as
    | string
    | null;
}

describe("REST route declarations", () => {
  it.each(restRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s: the derived scope is the schema's @scope, and the document says so",
    (_label, route) => {
      expect(route.scope).not.toBeNull();
      expect(route.scope).toBe(rootScope(route.operation.source));
      const path = route.path.replace(/:([A-Za-z_]+)/g, "{$1}");
      expect((openApiDocument("retour").paths as any)[path][route.method.toLowerCase()]["x-scope"]).toBe(route.scope);
    },
  );

  it("no route file writes a scope by hand", () => {
    const dir = new URL("../../facades/rest/routes/", import.meta.url);
    for (const file of readdirSync(dir)) expect(readFileSync(new URL(file, dir), "utf8"), file).not.toMatch(/\bscope:\s*"|x-scope/);
  });

  it("drops optional nulls the reference does not mark nullable, keeps the ones it does", () => {
    const shaped = dropAbsent(Return, {
      id: "r",
      shipment: null,
      exchange: null,
      items: [{ id: "i", grade: null, reasonCode: null, exchangeItem: null }],
      destination: { mailingAddress: null, phoneNumber: null },
    }) as any;
    expect(shaped.shipment).toBeUndefined();
    expect(shaped.exchange).toBeUndefined();
    expect(shaped.items[0]).toMatchObject({ id: "i", grade: null });
    expect(shaped.items[0]).not.toHaveProperty("reasonCode");
    expect(shaped.items[0]).not.toHaveProperty("exchangeItem");
    expect(shaped.destination).toEqual({});
  });

  it("gives a required key without a value its empty form, once for every shape: never leaves it out", () => {
    const shaped = dropAbsent(Return, { id: "r", source: { name: { given: "Ada", surname: "L" }, emailAddress: null } }) as any;
    expect(shaped.source).toEqual({
      emailAddress: "",
      mailingAddress: { line1: "", line2: "", city: "", state: "", postalCode: "", country: "" },
      name: { given: "Ada", surname: "L" },
      phoneNumber: "",
    });
    expect(shaped.order).toEqual({ id: "", name: "" });
    // No true empty value for a date, an enum or an amount: those stay as the data has them.
    expect(shaped).not.toHaveProperty("createdAt");
    expect(shaped).not.toHaveProperty("status");
  });

  it("refuses an event payload whose optional field arrives as null", () => {
    expect(() =>
      restValidator.checkEvent("return", {
        type: "created",
        at: "2026-01-01T00:00:00Z",
        merchantName: "m",
        return: { shipment: null },
        order: {},
      }),
    ).toThrow(/\/return\/shipment must be object/);
  });

  it("documents another store's id as 404 `stores/not-found` on every route under a store, and 403 only for a missing scope", () => {
    const doc = openApiDocument("retour") as any;
    for (const [path, item] of Object.entries<any>(doc.paths))
      for (const [method, op] of Object.entries<any>(item)) {
        if (method === "parameters") continue;
        if (path.includes("{storeId}")) expect(op.responses[404]?.description, `${method} ${path}`).toBeTruthy();
        if (op.responses[403]) expect(op.responses[403].description, `${method} ${path}`).not.toMatch(/store/);
      }
    expect(doc.paths["/stores/{storeId}/returns"].get.responses[404].description).toMatch(/stores\/not-found/);
  });

  it("says a GraphQL coercion error in plain words, naming the field as the request sent it", () => {
    const inData = (f: string) => `data.${f}`;
    expect(
      coercionProblem(
        'Variable "$input" got invalid value { provider: "custom", items: [[Object]] }; Field "externalOrderId" of required type "String!" was not provided.',
        inData,
      ),
    ).toEqual({
      field: "data.externalOrderId",
      detail: "`data.externalOrderId` is required.",
    });
    expect(
      coercionProblem(
        'Variable "$input" got invalid value "one" at "input.items[0].quantity"; Int cannot represent non-integer value: "one"',
        inData,
      ),
    ).toEqual({
      field: "data.items[0].quantity",
      detail: '`data.items[0].quantity` must be an integer; got "one".',
    });
    expect(coercionProblem("Return not found", inData)).toBeNull();
  });
});
