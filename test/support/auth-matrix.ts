// The auth matrix's generators (test/http/security/auth-matrix*.test.ts): from the GraphQL schema, every
// operation that needs a scope or staff, every nested scoped field by its shortest path, and a plausible
// value for any required argument.
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isAbstractType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from "graphql";
import { buildSchema } from "../../src/core/schema.js";
import { DOMAINS } from "../../src/domains.js";

export const schema: GraphQLSchema = buildSchema(DOMAINS);

/** A plausible value for a required argument (optional ones are left out), so lookups are what refuse. */
export function sampleValue(type: GraphQLInputType, depth = 0): unknown {
  if (!isNonNullType(type) && depth === 0) return undefined;
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) return [sampleValue(inner.ofType, depth + 1)];
  if (isEnumType(inner)) return inner.getValues()[0].value;
  if (isInputObjectType(inner)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(inner.getFields()))
      if (isNonNullType(f.type) && f.defaultValue === undefined) out[f.name] = sampleValue(f.type, depth + 1);
    return out;
  }
  const name = getNamedType(inner).name;
  return name === "Int" ? 1 : name === "Float" ? 1.5 : name === "Boolean" ? false : name === "DateTime" ? "2026-01-01T00:00:00Z" : "sample";
}

export function graphqlOperations() {
  const ops: { name: string; kind: "query" | "mutation"; scope: string | null; staffOnly: boolean; text: string }[] = [];
  for (const kind of ["query", "mutation"] as const) {
    const root = kind === "query" ? schema.getQueryType()! : schema.getMutationType()!;
    for (const field of Object.values(root.getFields()) as GraphQLField<unknown, unknown>[]) {
      const ext = field.extensions as { scope?: string | null; staffOnly?: boolean };
      if (!ext.scope && !ext.staffOnly) continue;
      const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
      const args = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
      const type = getNamedType(field.type);
      const selection = isObjectType(type) || isAbstractType(type) ? " { __typename }" : "";
      ops.push({
        name: field.name,
        kind,
        scope: ext.scope ?? null,
        staffOnly: !!ext.staffOnly,
        text: `${kind}${vars ? `(${vars})` : ""} { ${field.name}${args ? `(${args})` : ""}${selection} }`,
      });
    }
  }
  return ops;
}

/**
 * Every field below the root that declares a scope, reached from a root field that needs another
 * scope (the shortest such path through the schema): e.g. `return → fullOrder → customerDetails`.
 * A key holding every scope on the path but the field's own must be refused, before anything runs.
 */
export function nestedScopedPaths() {
  const out: { label: string; text: string; scope: string; pathScopes: string[] }[] = [];
  const scopeOf = (f: GraphQLField<unknown, unknown>) => (f.extensions as { scope?: string | null }).scope ?? null;
  const targets = Object.values(schema.getTypeMap()).flatMap((t) =>
    isObjectType(t) && t !== schema.getQueryType() && t !== schema.getMutationType() && !t.name.startsWith("__")
      ? Object.values(t.getFields())
          .filter((f) => scopeOf(f))
          .map((f) => ({ type: t.name, field: f }))
      : [],
  );
  for (const target of targets) {
    const wanted = scopeOf(target.field)!;
    // Breadth-first from each root query field with a different scope, through object-typed fields.
    type Step = { typeName: string; path: GraphQLField<unknown, unknown>[] };
    const queue: Step[] = Object.values(schema.getQueryType()!.getFields())
      .filter((f) => scopeOf(f) && scopeOf(f) !== wanted && isObjectType(getNamedType(f.type)))
      .map((f) => ({ typeName: getNamedType(f.type).name, path: [f] }));
    const visited = new Set<string>();
    let found: Step | undefined;
    while (queue.length && !found) {
      const step = queue.shift()!;
      if (step.typeName === target.type) found = step;
      else if (!visited.has(step.typeName) && step.path.length < 6) {
        visited.add(step.typeName);
        for (const f of Object.values((schema.getType(step.typeName) as import("graphql").GraphQLObjectType).getFields())) {
          if (isObjectType(getNamedType(f.type)) && !f.args.some((a) => isNonNullType(a.type)))
            queue.push({ typeName: getNamedType(f.type).name, path: [...step.path, f] });
        }
      }
    }
    if (!found) continue;
    const [rootField, ...rest] = found.path;
    const vars = rootField.args
      .filter((a) => isNonNullType(a.type))
      .map((a) => `$${a.name}: ${a.type.toString()}`)
      .join(", ");
    const args = rootField.args
      .filter((a) => isNonNullType(a.type))
      .map((a) => `${a.name}: $${a.name}`)
      .join(", ");
    const leaf = isObjectType(getNamedType(target.field.type)) || isAbstractType(getNamedType(target.field.type)) ? " { __typename }" : "";
    const inner = rest.reduceRight((acc, f) => `${f.name} { ${acc} }`, `${target.field.name}${leaf}`);
    out.push({
      label: `${[rootField, ...rest].map((f) => f.name).join(" → ")} → ${target.field.name}`,
      text: `query${vars ? `(${vars})` : ""} { ${rootField.name}${args ? `(${args})` : ""} { ${inner} } }`,
      scope: wanted,
      pathScopes: [...new Set(found.path.map(scopeOf).filter((s): s is string => !!s))],
    });
  }
  return out;
}
