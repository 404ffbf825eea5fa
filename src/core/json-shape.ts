// Published shapes leave an optional field out when it has no value; GraphQL answers null. Guided by
// a JSON Schema, `dropAbsent` removes the null of every optional field whose schema does not admit
// null (and every key the schema does not declare), so one shape decides, not lists of keys.
type JsonSchema = Record<string, any>;

function admitsNull(s: JsonSchema): boolean {
  if (!s || typeof s !== "object") return true;
  if (s.type === "null" || (Array.isArray(s.type) && s.type.includes("null"))) return true;
  if (s.const === null || (Array.isArray(s.enum) && s.enum.includes(null))) return true;
  const union = s.anyOf ?? s.oneOf;
  if (Array.isArray(union)) return union.some(admitsNull);
  return s.type === undefined && !s.properties && !s.items && !s.$ref;
}

/** The branch of a union that describes this object: the first whose required keys it holds. */
function branchFor(union: JsonSchema[], value: Record<string, unknown>): JsonSchema | undefined {
  return union.find(
    (b) =>
      b && (b.properties || b.type === "object") && (b.required ?? []).every((k: string) => value[k] !== undefined && value[k] !== null),
  );
}

/**
 * Removes what the shape leaves out (see the top of the file). Every response of the REST and compat
 * doors and every event's payload passes through it, so it runs a function compiled once per schema
 * (each object's keys, whether each admits null, is required and has an empty form, worked out once)
 * instead of walking the schema's keywords on every call; `dropAbsentByWalk` is that walk, kept as
 * the reference the unit test compares it with.
 */
export function dropAbsent(schema: unknown, value: unknown): unknown {
  return dropperOf(schema)(value);
}

type Dropper = (value: unknown) => unknown;

const identity: Dropper = (value) => value;
const droppers = new WeakMap<object, Dropper>();

function dropperOf(schema: unknown): Dropper {
  const s = schema as JsonSchema;
  if (!s || typeof s !== "object") return identity;
  let d = droppers.get(s);
  if (!d) {
    d = compileDropper(s);
    droppers.set(s, d);
  }
  return d;
}

interface PropertyPlan {
  key: string;
  drop: Dropper;
  admitsNull: boolean;
  required: boolean;
  /** Whether a required key without a value gets its empty form (made fresh each time: it may be changed later). */
  hasEmpty: boolean;
  schema: JsonSchema;
}

function compileDropper(s: JsonSchema): Dropper {
  const union: JsonSchema[] | undefined = Array.isArray(s.anyOf ?? s.oneOf) ? (s.anyOf ?? s.oneOf) : undefined;
  // Children are compiled on first use, so a schema that refers to itself compiles too.
  let items: Dropper | undefined;
  const itemsOf = () => (items ??= dropperOf(s.items));
  let plan: PropertyPlan[] | undefined;
  const planOf = () => (plan ??= propertyPlan(s));
  const declared: Record<string, unknown> | undefined = s.properties;
  const extra = s.additionalProperties !== undefined && s.additionalProperties !== false;
  return (value) => {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) {
      if (!s.items) return value;
      const drop = itemsOf();
      const out = new Array(value.length);
      for (let k = 0; k < value.length; k++) out[k] = drop(value[k]);
      return out;
    }
    if (union) {
      const b = branchFor(union, value as Record<string, unknown>);
      return b ? dropperOf(b)(value) : value;
    }
    if (!declared) return value;
    const obj = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const p of planOf()) {
      const v = obj[p.key];
      if (v === undefined || (v === null && !p.admitsNull)) {
        if (p.hasEmpty) out[p.key] = emptyOf(p.schema);
        else if (v === null && p.required) out[p.key] = null;
        continue;
      }
      out[p.key] = p.drop(v);
    }
    if (extra) for (const key of Object.keys(obj)) if (!(key in declared)) out[key] = obj[key];
    return out;
  };
}

function propertyPlan(s: JsonSchema): PropertyPlan[] {
  const required: string[] = s.required ?? [];
  return Object.entries<JsonSchema>(s.properties).map(([key, schema]) => ({
    key,
    drop: dropperOf(schema),
    admitsNull: admitsNull(schema),
    required: required.includes(key),
    hasEmpty: required.includes(key) && emptyOf(schema) !== undefined,
    schema,
  }));
}

/** The same as `dropAbsent`, by walking the schema on every call (the reference of the unit test). */
export function dropAbsentByWalk(schema: unknown, value: unknown): unknown {
  const s = schema as JsonSchema;
  if (value === null || typeof value !== "object" || !s || typeof s !== "object") return value;
  if (Array.isArray(value)) return s.items ? value.map((v) => dropAbsentByWalk(s.items, v)) : value;
  const union = s.anyOf ?? s.oneOf;
  if (Array.isArray(union)) {
    const b = branchFor(union, value as Record<string, unknown>);
    return b ? dropAbsentByWalk(b, value) : value;
  }
  if (!s.properties) return value;
  const obj = value as Record<string, unknown>;
  const required: string[] = s.required ?? [];
  const out: Record<string, unknown> = {};
  for (const [key, propSchema] of Object.entries<JsonSchema>(s.properties)) {
    const v = obj[key];
    if (v === undefined || (v === null && !admitsNull(propSchema))) {
      // A required key is always there: with no value, its empty form (decisions guide, "required keys without a value").
      const empty = required.includes(key) ? emptyOf(propSchema) : undefined;
      if (empty !== undefined) out[key] = empty;
      else if (v === null && required.includes(key)) out[key] = null;
      continue;
    }
    out[key] = dropAbsentByWalk(propSchema, v);
  }
  if (s.additionalProperties !== undefined && s.additionalProperties !== false) {
    for (const [key, v] of Object.entries(obj)) if (!(key in s.properties)) out[key] = v;
  }
  return out;
}

/**
 * The value of a required key that has none: "" for a plain string, [] for a list, and for an object
 * the object with its own required keys empty. Nothing for a number, a boolean, an enum or a formatted
 * string (a date, an amount): no value of those would be true, so they stay as the data has them.
 */
function emptyOf(s: JsonSchema): unknown {
  if (!s || typeof s !== "object") return undefined;
  if (s.type === "string") return s.format || s.pattern || s.enum || s.const !== undefined ? undefined : "";
  if (s.type === "array") return [];
  if (s.properties) {
    const out: Record<string, unknown> = {};
    for (const key of s.required ?? []) {
      const e = emptyOf(s.properties[key]);
      if (e === undefined) return undefined;
      out[key] = e;
    }
    return out;
  }
  return undefined;
}

/** Names a shape: an OpenAPI document holds it once under components.schemas and refers to it. */
export function component<S extends object>(name: string, schema: S): S {
  return { ...schema, "x-component": name } as S;
}

/** Adds null to a schema's type (only where a published reference marks the field nullable). */
export function nullable<S extends object>(schema: S): S {
  const s = schema as JsonSchema;
  if (s.type === undefined) return { anyOf: [schema, { type: "null" }] } as unknown as S;
  return { ...s, type: Array.isArray(s.type) ? [...s.type, "null"] : [s.type, "null"] } as unknown as S;
}

/** A key the published shape names differently from the GraphQL field it comes from (an alias). */
export function from<S extends object>(field: string, schema: S): S {
  return { ...schema, "x-from": field } as S;
}

/** The GraphQL selection set that fetches exactly a shape whose keys are the fields' names. */
export function selectionOf(schema: unknown): string {
  const s = schema as JsonSchema;
  const inner = s.items ?? (s.anyOf ?? s.oneOf)?.find((b: JsonSchema) => b.properties || b.items) ?? s;
  if (inner !== s) return selectionOf(inner);
  if (!s.properties) return "";
  return Object.entries<JsonSchema>(s.properties)
    .map(([k, v]) => {
      const sub = selectionOf(v);
      const field = typeof v["x-from"] === "string" && v["x-from"] !== k ? `${k}: ${v["x-from"]}` : k;
      return sub ? `${field} { ${sub} }` : field;
    })
    .join(" ");
}
