// Small builders for OpenAPI JSON schemas: fixed-shape objects (every key required, no others),
// nullable types and arrays, so route fragments stay readable.
import { LIST_BOUNDS, TEXT_BOUNDS, type ListBound, type TextBound } from "../../src/core/bounds.js";

export type Schema = Record<string, unknown>;

export const str: Schema = { type: "string" };
export const int: Schema = { type: "integer" };
export const num: Schema = { type: "number" };
export const bool: Schema = { type: "boolean" };
export const dateTime: Schema = { type: "string", format: "date-time" };
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** An object whose listed keys are all required and which has no others. */
export function obj(properties: Record<string, Schema>, optional: string[] = []): Schema {
  return { type: "object", required: Object.keys(properties).filter((k) => !optional.includes(k)), additionalProperties: false, properties };
}

export function nullable(schema: Schema): Schema {
  if (schema.$ref) return { oneOf: [{ type: "null" }, schema] };
  const t = schema.type;
  return { ...schema, type: Array.isArray(t) ? [...t, "null"] : [t, "null"] };
}

export const arr = (items: Schema): Schema => ({ type: "array", items });

/** Request text bounded as the core bounds it (src/core/bounds.ts), so the document states the same number. */
export const text = (bound: TextBound, extra: Schema = {}): Schema => ({ type: "string", maxLength: TEXT_BOUNDS[bound], ...extra });
/** A request list bounded as the core bounds it. */
export const list = (items: Schema, bound: ListBound, extra: Schema = {}): Schema => ({ type: "array", items, maxItems: LIST_BOUNDS[bound], ...extra });

export const pathParam = (name: string) => ({ name, in: "path", required: true, schema: text("id") });

export function json(description: string, schema: Schema) {
  return { description, content: { "application/json": { schema } } };
}

/** `{ error: string }` bodies documented by the Orders API. */
export function errorResponses(statuses: Record<string, string>) {
  const out: Record<string, unknown> = {};
  for (const [s, d] of Object.entries(statuses)) out[s] = json(d, obj({ error: str }));
  return out;
}
