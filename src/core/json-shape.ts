// Published shapes leave an optional field out when it has no value; GraphQL answers null. Guided by
// a JSON Schema, `dropAbsent` removes the null of every optional field whose schema does not admit
// null (and every key the schema does not declare), so one shape decides, not lists of keys.
/** A JSON Schema node, with the keywords read here typed; the others are read as unknown. */
interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  additionalProperties?: unknown;
  $ref?: string;
  "x-from"?: string;
  [keyword: string]: unknown;
}

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
    (b) => b && (b.properties || b.type === "object") && (b.required ?? []).every((k) => value[k] !== undefined && value[k] !== null),
  );
}

export function dropAbsent(schema: unknown, value: unknown): unknown {
  const s = schema as JsonSchema;
  if (value === null || typeof value !== "object" || !s || typeof s !== "object") return value;
  if (Array.isArray(value)) return s.items ? value.map((v) => dropAbsent(s.items, v)) : value;
  const union = s.anyOf ?? s.oneOf;
  if (Array.isArray(union)) {
    const b = branchFor(union, value as Record<string, unknown>);
    return b ? dropAbsent(b, value) : value;
  }
  if (!s.properties) return value;
  const obj = value as Record<string, unknown>;
  const required: string[] = s.required ?? [];
  const out: Record<string, unknown> = {};
  for (const [key, propSchema] of Object.entries(s.properties)) {
    const v = obj[key];
    if (v === undefined || (v === null && !admitsNull(propSchema))) {
      // A required key is always there: with no value, its empty form (decisions guide, "required keys without a value").
      const empty = required.includes(key) ? emptyOf(propSchema) : undefined;
      if (empty !== undefined) out[key] = empty;
      else if (v === null && required.includes(key)) out[key] = null;
      continue;
    }
    out[key] = dropAbsent(propSchema, v);
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
function emptyOf(s: JsonSchema | undefined): unknown {
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
  const inner = s.items ?? (s.anyOf ?? s.oneOf)?.find((b) => b.properties || b.items) ?? s;
  if (inner !== s) return selectionOf(inner);
  if (!s.properties) return "";
  return Object.entries(s.properties)
    .map(([k, v]) => {
      const sub = selectionOf(v);
      const field = typeof v["x-from"] === "string" && v["x-from"] !== k ? `${k}: ${v["x-from"]}` : k;
      return sub ? `${field} { ${sub} }` : field;
    })
    .join(" ");
}
