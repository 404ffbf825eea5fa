// Access belongs to the type: generated from the schema, every field whose type carries a @scope
// (Return, Customer, Webhook, …) reached from Query or Mutation through any chain is refused to a key
// holding every scope on the way but the type's, before anything runs. Plus the attack's own query:
// `orders { nodes { returns { … } } }` with `orders_read` alone (issue 22, finding 5).
import {
  getNamedType,
  getNullableType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldRule, typeScope, waivedByWrite } from "../../../src/core/access-plan.js";
import { buildSchema } from "../../../src/core/schema.js";
import { DOMAINS } from "../../../src/domains.js";
import { ALL_SCOPES } from "../../../src/identity/scopes.js";
import { providers } from "../../support/env.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";

const schema = buildSchema(DOMAINS);
type Field = GraphQLField<unknown, unknown>;

function sample(type: GraphQLInputType): unknown {
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) return [sample(inner.ofType)];
  if (isEnumType(inner)) return inner.getValues()[0].value;
  if (isInputObjectType(inner)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(inner.getFields()))
      if (isNonNullType(f.type) && f.defaultValue === undefined) out[f.name] = sample(f.type);
    return out;
  }
  const name = getNamedType(inner).name;
  return name === "Int" ? 1 : name === "Float" ? 1.5 : name === "Boolean" ? false : name === "DateTime" ? "2026-01-01T00:00:00Z" : "sample";
}

interface ScopePath {
  label: string;
  kind: "query" | "mutation";
  text: string;
  variables: (storeId: string) => Record<string, unknown>;
  /** The scoped type reached, and its scope, which the key lacks. */
  type: string;
  scope: string;
  /** Every other scope the path needs, which the key holds. */
  held: string[];
}

/** The scopes a field asks for on its own and through the type it leads to (unless its mutation wrote it). */
function scopesOfStep(field: Field, rootMutationScope: string | null): string[] {
  const own = fieldRule(field).scope;
  const rule = typeScope(getNamedType(field.type));
  return [own, rule && !waivedByWrite(rule, rootMutationScope) ? rule.requires : null].filter((s): s is string => !!s);
}

/** For every field leading to a scoped type: the shortest chain from a root field that holds without the type's scope. */
function typeScopePaths(): ScopePath[] {
  const out: ScopePath[] = [];
  const parents = Object.values(schema.getTypeMap()).filter((t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith("__"));
  for (const parent of parents)
    for (const target of Object.values(parent.getFields())) {
      const rule = typeScope(getNamedType(target.type));
      if (!rule) continue;
      const own = fieldRule(target);
      const isMutation = parent === schema.getMutationType();
      // A staff-only root field, or a mutation showing what it wrote, is not a path around the type's scope.
      if ((parent === schema.getQueryType() || isMutation) && (own.staffOnly || (isMutation && own.scope === rule.written))) continue;
      for (const kind of ["query", "mutation"] as const) {
        const path = shortestPath(kind, parent, rule.requires, rule.written);
        if (path) out.push(render([...path.fields, target], path.kind, rule.requires));
      }
    }
  return out;
}

/** Breadth-first from each root field, never through a step that needs `scope` (nor a staff-only or written-waived root). */
function shortestPath(kind: "query" | "mutation", to: GraphQLObjectType, scope: string, written: string | null) {
  const root = kind === "query" ? schema.getQueryType()! : schema.getMutationType()!;
  if (to === root) return { kind, fields: [] as Field[] };
  if (to === schema.getQueryType() || to === schema.getMutationType()) return undefined;
  type Step = { kind: "query" | "mutation"; fields: Field[]; rootScope: string | null };
  const queue: Step[] = [];
  for (const f of Object.values(root.getFields())) {
    const own = fieldRule(f);
    const rootScope = kind === "mutation" ? own.scope : null;
    if (own.staffOnly || (kind === "mutation" && written !== null && rootScope === written)) continue;
    if (scopesOfStep(f, rootScope).includes(scope)) continue;
    queue.push({ kind, fields: [f], rootScope });
  }
  const visited = new Set<string>();
  while (queue.length) {
    const step = queue.shift()!;
    const at = getNamedType(step.fields[step.fields.length - 1].type);
    if (!isObjectType(at) || visited.has(`${step.kind}:${at.name}`)) continue;
    if (at === to) return step;
    visited.add(`${step.kind}:${at.name}`);
    if (step.fields.length >= 6) continue;
    for (const f of Object.values(at.getFields()))
      if (isObjectType(getNamedType(f.type)) && !scopesOfStep(f, step.rootScope).includes(scope))
        queue.push({ ...step, fields: [...step.fields, f] });
  }
  return undefined;
}

function render(fields: Field[], kind: "query" | "mutation", scope: string): ScopePath {
  const vars: string[] = [];
  const values: [string, Field["args"][number]][] = [];
  const rootMutationScope = kind === "mutation" ? fieldRule(fields[0]).scope : null;
  const held = new Set<string>();
  const parts = fields.map((f, i) => {
    for (const s of scopesOfStep(f, rootMutationScope)) if (s !== scope) held.add(s);
    const args = f.args
      .filter((a) => isNonNullType(a.type))
      .map((a) => {
        vars.push(`$a${i}_${a.name}: ${a.type.toString()}`);
        values.push([`a${i}_${a.name}`, a]);
        return `${a.name}: $a${i}_${a.name}`;
      });
    return `${f.name}${args.length ? `(${args.join(", ")})` : ""}`;
  });
  const last = getNamedType(fields[fields.length - 1].type);
  const leaf = isObjectType(last) || isAbstractType(last) ? " { __typename }" : "";
  const body = parts.reduceRight((acc, p, i) => (i === parts.length - 1 ? `${p}${leaf}` : `${p} { ${acc} }`), "");
  return {
    label: `${kind} ${fields.map((f) => f.name).join(" → ")}`,
    kind,
    text: `${kind}${vars.length ? `(${vars.join(", ")})` : ""} { ${body} }`,
    variables: (storeId) => Object.fromEntries(values.map(([n, a]) => [n, a.name === "storeId" ? storeId : sample(a.type)])),
    type: last.name,
    scope,
    held: [...held],
  };
}

const paths = typeScopePaths();

describe("scope paths generated from the schema", () => {
  it("reaches every scoped type, through the paths the attack used", () => {
    const labels = paths.map((p) => p.label);
    expect(labels).toEqual(expect.arrayContaining(["query order → returns", "mutation upsertOrder → order → returns"]));
    const scopedTypes = Object.values(schema.getTypeMap()).filter((t) => typeScope(t));
    expect(scopedTypes.map((t) => t.name)).toEqual(expect.arrayContaining(["Return", "Customer", "Webhook", "Invoice"]));
    // A type reached only under its own scope (e.g. DomainEvent, under webhooks) has no path around it yet.
    for (const t of ["Return", "Customer", "Fulfillment"]) expect(paths.filter((p) => p.type === t).length, t).toBeGreaterThan(0);
  });
});

describe.each(providers)("every path to a scoped type needs its scope (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  const keys = new Map<string, string>();
  /** One key per set of scopes (a key needs at least one: then one no path here asks for). */
  const keyFor = async (scopes: string[], lacking = "") => {
    const held = scopes.length ? [...scopes].sort() : [ALL_SCOPES.find((s) => s !== lacking)!];
    const id = held.join(",");
    if (!keys.has(id)) keys.set(id, (await svc.createApiClient(storeId, held)).secret);
    return keys.get(id)!;
  };

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore()).id;
  });
  afterAll(() => svc?.close());

  it.each(paths.map((p) => [p.label, p] as const))("%s", async (_label, path) => {
    const refused = await svc.http.graphql(path.text, path.variables(storeId), await keyFor(path.held, path.scope));
    expect(refused.data ?? null, JSON.stringify(refused)).toBeNull();
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", status: 403 });
    expect(refused.errors?.[0].message).toContain(`\`${path.scope}\``);
    if (path.kind === "mutation") return; // a mutation is not run for real with sample values
    const allowed = await svc.http.graphql(path.text, path.variables(storeId), await keyFor([...path.held, path.scope]));
    expect(allowed.errors?.map((e) => e.extensions.code) ?? []).not.toContain("FORBIDDEN");
  });

  it("the attack's query: orders_read alone reads no return through an order; with returns_read it does", async () => {
    const writer = await keyFor(["orders_write", "returns_write"]);
    const order = await pushOrder(svc.http, storeId, writer);
    const created = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0].id, quantity: 1 }]),
      { token: writer },
    );
    expect(created.status).toBe(201);
    const query = `query($s: ID!) { orders(storeId: $s) { nodes { id returns { id comments { id } timeline { __typename }
      source { emailAddress phoneNumber mailingAddress { __typename } } items { reason customerComment } tags { name } } } } }`;
    const refused = await svc.http.graphql(query, { s: storeId }, await keyFor(["orders_read"]));
    expect(refused.data ?? null).toBeNull();
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", type: "auth/missing-scope" });
    expect(refused.errors?.[0].message).toContain("`returns_read`");
    const read = await svc.http.graphql(query, { s: storeId }, await keyFor(["orders_read", "returns_read"]));
    expect(read.errors).toBeUndefined();
    expect((read.data as any).orders.nodes.flatMap((n: any) => n.returns.map((r: any) => r.id))).toContain(created.body.return.id);
    // The mutation that wrote a return still answers it with the write scope alone.
    expect(created.body.return.id).toBeTruthy();
  });
});
