// A door's route, declared once: method, path, the GraphQL operation, the request's schemas and one
// response schema per status. Everything else is derived from the declaration: the OpenAPI operation,
// the scope (from the schema's @scope on the fields the operation selects), the request validation
// (ajv, every problem at once, named as the client sent it) and the serialiser (fast-json-stringify,
// with optional fields absent rather than null). Door-neutral: REST and compat both declare with it.
import { readFileSync } from "node:fs";
import { buildSchema, type GraphQLSchema, type DocumentNode } from "graphql";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fastJson from "fast-json-stringify";
import { Type, type TSchema } from "typebox";
import type { Operation } from "./executor.js";
import type { Method, RouteBase } from "./http.js";
import { component, dropAbsent, from, nullable as Nullable, selectionOf } from "../src/core/json-shape.js";
import { scopesOfDocument } from "../src/core/access-plan.js";
import { LIST_BOUNDS, pastListBound, TEXT_BOUNDS, type ListBound, type TextBound } from "../src/core/bounds.js";

export { Type as T, component, dropAbsent, from, Nullable, selectionOf };
export type { TSchema };
export type Schema = TSchema | Record<string, unknown>;

export interface ParamDecl {
  schema: Schema;
  description?: string;
  required?: boolean;
  example?: unknown;
}

export interface ResponseDecl {
  description: string;
  /** The body's schema (JSON unless `contentType` says otherwise); none for an empty body. */
  schema?: Schema;
  contentType?: string;
  headers?: Record<string, { description: string; schema: Schema }>;
}

export interface RouteDecl extends RouteBase {
  method: Method;
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  /** The operation whose root field's @scope is the route's scope (prepared once with `operation()`). */
  operation: Operation;
  /** Query parameters: validated (booleans accept true/false in any case and 1/0) before `variables`. */
  query?: Record<string, ParamDecl>;
  headers?: Record<string, ParamDecl>;
  /** The request body's schema; validated with every problem reported at once. */
  body?: Schema;
  responses: Record<number, ResponseDecl>;
  /** The door's error statuses to document (problem bodies, or the route's own error shape). */
  errors?: number[] | Record<number, string>;
  /** Examples of path parameters, for the document. */
  pathExamples?: Record<string, string>;
}

// ─── Schema helpers ──────────────────────────────────────────────────────────

/** An object whose keys are required unless wrapped in `Type.Optional`, and which has no others. */
export const Obj = (properties: Record<string, TSchema>, options: Record<string, unknown> = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

/** Request text bounded as the core bounds it (src/core/bounds.ts). */
export const Text = (bound: TextBound, options: Record<string, unknown> = {}) => Type.String({ maxLength: TEXT_BOUNDS[bound], ...options });
/** A request list bounded as the core bounds it. */
export const List = (items: TSchema, bound: ListBound, options: Record<string, unknown> = {}) =>
  Type.Array(items, { maxItems: LIST_BOUNDS[bound], ...options });

// ─── Scope, from the schema ──────────────────────────────────────────────────

const SDL_PATH = new URL("../schema.graphql", import.meta.url);
let sdlSchema: GraphQLSchema | undefined;
function schemaOfDirectives(): GraphQLSchema {
  sdlSchema ??= buildSchema(readFileSync(SDL_PATH, "utf8"));
  return sdlSchema;
}

/**
 * Every @scope the operation's selected fields and the types they lead to require, root fields first:
 * the core's own rule (src/core/access-plan.ts), so a route declares what the core will check.
 */
export function scopesOf(document: DocumentNode, schema: GraphQLSchema = schemaOfDirectives()): string[] {
  return scopesOfDocument(schema, document);
}

/** The route's scope: what the first scoped field it selects requires (null: no scope needed). */
export function scopeOf(op: Operation): string | null {
  return scopesOf(op.document)[0] ?? null;
}

// ─── Validation of requests ──────────────────────────────────────────────────

const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);

export interface InputProblem {
  /** Where, as the client sent it: `data.items[0].quantity`, `page-size`. */
  field: string;
  detail: string;
}

/** Compiles a validator: returns every problem of the value at once, named from `root`. */
export function validatorOf(schema: Schema, root = ""): (value: unknown) => InputProblem[] {
  const validate = ajv.compile(schema as object);
  return (value) => {
    if (validate(value)) return [];
    const problems: InputProblem[] = [];
    const seen = new Set<string>();
    const unions = (validate.errors ?? []).filter((e) => e.keyword === "oneOf" || e.keyword === "anyOf").map((e) => e.instancePath);
    for (const e of validate.errors ?? []) {
      // Inside a union, the union's own message says it better than each branch's.
      if (
        e.keyword !== "oneOf" &&
        e.keyword !== "anyOf" &&
        /\/(oneOf|anyOf)\//.test(e.schemaPath) &&
        unions.some((p) => e.instancePath.startsWith(p))
      )
        continue;
      const at =
        e.keyword === "required" ? `${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}` : e.instancePath;
      const field = fieldName(root, at);
      const detail = plainWords(field, e, valueAt(value, e.instancePath));
      if (seen.has(detail)) continue;
      seen.add(detail);
      problems.push({ field, detail });
    }
    return problems;
  };
}

function fieldName(root: string, pointer: string): string {
  let out = root;
  for (const raw of pointer.split("/").slice(1)) {
    const seg = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    out += /^\d+$/.test(seg) ? `[${seg}]` : out ? `.${seg}` : seg;
  }
  return out || "body";
}

function valueAt(value: unknown, pointer: string): unknown {
  let v = value;
  for (const seg of pointer.split("/").slice(1))
    v = v !== null && typeof v === "object" ? (v as Record<string, unknown>)[seg.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
  return v;
}

/** A JSON Schema node, as the words below read it (the schema an error's keyword is part of). */
interface SchemaNode {
  type?: string | string[];
  minimum?: unknown;
  maximum?: unknown;
  properties?: Record<string, unknown>;
  [keyword: string]: unknown;
}

/** Integers bounded on both sides are stated as the core states them ("an integer from 1 to 1000"). */
const intRange = (s: SchemaNode | undefined): s is SchemaNode & { minimum: number; maximum: number } =>
  s?.type === "integer" && typeof s.minimum === "number" && typeof s.maximum === "number";

const got = (v: unknown) => (v === undefined ? "" : `; got ${excerpt(v, 80)}`);

/**
 * JSON text of a value, cut at `budget` characters: it reads at most that much of the value, never
 * all of it (a body's value may be megabytes wide or thousands of levels deep).
 */
export function excerpt(value: unknown, budget: number): string {
  let out = "";
  const put = (s: string) => {
    out += s;
    return out.length < budget;
  };
  const walk = (v: unknown, depth: number): boolean => {
    if (typeof v === "string") return put(JSON.stringify(v.length > budget ? `${v.slice(0, budget)}…` : v));
    if (v === null || typeof v !== "object") return put(String(JSON.stringify(v) ?? v));
    if (depth >= 4) return put(Array.isArray(v) ? "[…]" : "{…}");
    const array = Array.isArray(v);
    if (!put(array ? "[" : "{")) return false;
    let first = true;
    for (const key in v) {
      if (!first && !put(",")) return false;
      first = false;
      if (!array && !put(`${JSON.stringify(key.slice(0, budget))}:`)) return false;
      if (!walk((v as Record<string, unknown>)[key], depth + 1)) return false;
    }
    return put(array ? "]" : "}");
  };
  walk(value, 0);
  return out.length > budget ? `${out.slice(0, budget)}…` : out;
}

/** Ajv's error in words; its `params` are ajv's own, whose shape depends on the keyword. */
function plainWords(field: string, e: Pick<ErrorObject, "keyword" | "params" | "parentSchema">, value: unknown): string {
  const p = e.params;
  const parent = e.parentSchema as SchemaNode | undefined;
  const f = `\`${field}\``;
  switch (e.keyword) {
    case "required":
      return `${f} is required.`;
    case "type": {
      if (intRange(parent)) return `${f} must be an integer from ${parent.minimum} to ${parent.maximum}${got(value)}.`;
      const types = ([] as string[]).concat(p.type);
      const named = types.map((t) =>
        t === "integer" ? "an integer" : t === "object" ? "an object" : t === "array" ? "an array" : t === "null" ? "null" : `a ${t}`,
      );
      return `${f} must be ${named.join(" or ")}${got(value)}.`;
    }
    case "enum":
      return `${f} must be one of ${p.allowedValues.map((v: unknown) => JSON.stringify(v)).join(", ")}${got(value)}.`;
    case "const":
      return `${f} must be ${JSON.stringify(p.allowedValue)}${got(value)}.`;
    case "maxLength":
      return `${f} has ${[...String(value)].length} characters; at most ${p.limit} are allowed (maxLength); shorten it.`;
    case "minLength":
      return p.limit === 1 ? `${f} must not be empty.` : `${f} must be at least ${p.limit} characters long.`;
    case "maxItems":
      return `${f} ${pastListBound(Array.isArray(value) ? value.length : p.limit + 1, p.limit)}.`;
    case "minItems":
      return p.limit === 1 ? `${f} must hold at least one item.` : `${f} must hold at least ${p.limit} items.`;
    case "minimum":
    case "exclusiveMinimum":
    case "maximum":
    case "exclusiveMaximum":
      if (intRange(parent)) return `${f} must be an integer from ${parent.minimum} to ${parent.maximum}${got(value)}.`;
      return `${f} must be ${p.comparison} ${p.limit}${got(value)}.`;
    case "format":
      return p.format === "date-time"
        ? `${f} must be an ISO 8601 date-time such as 2026-01-31T00:00:00Z${got(value)}.`
        : `${f} must be a valid ${p.format}${got(value)}.`;
    case "pattern":
      return `${f} has the wrong form (expected to match ${p.pattern})${got(value)}.`;
    case "minProperties":
    case "maxProperties":
      return `${f} must hold exactly one of ${Object.keys(parent?.properties ?? {})
        .map((k) => `\`${k}\``)
        .join(" or ")}.`;
    case "additionalProperties":
      return `${f} has an unknown field \`${p.additionalProperty}\`.`;
    case "unevaluatedProperties":
      return `${f} has an unknown field \`${p.unevaluatedProperty}\`; remove it (only the documented fields are accepted).`;
    case "oneOf":
    case "anyOf": {
      const shapes = ((parent?.[e.keyword] ?? []) as SchemaNode[]).map((s) =>
        s.properties ? `{ ${Object.keys(s.properties).join(", ")} }` : (s.type ?? "a value"),
      );
      return `${f} must be exactly one of ${shapes.join(" or ")}.`;
    }
    default:
      return `${f} is invalid${got(value)}.`;
  }
}

/** Reads declared query (or header) parameters: coerces booleans (any case, 1/0) and numbers, then validates. */
export function paramReader(
  params: Record<string, ParamDecl> | undefined,
): (raw: (name: string) => string | undefined) => { values: Record<string, unknown>; problems: InputProblem[] } {
  const entries = Object.entries(params ?? {});
  const schema = Type.Object(
    Object.fromEntries(entries.map(([n, p]) => [n, p.required ? (p.schema as TSchema) : Type.Optional(p.schema as TSchema)])),
  );
  const validate = validatorOf(schema);
  // A route without such parameters (most reads): nothing to read or validate per request.
  const none = Object.freeze({ values: Object.freeze({}), problems: Object.freeze([]) as unknown as InputProblem[] });
  if (!entries.length) return () => none;
  return (raw) => {
    const values: Record<string, unknown> = {};
    for (const [name, p] of entries) {
      const v = raw(name);
      if (v === undefined) continue;
      values[name] = coerceParam(p.schema as Record<string, unknown>, v);
    }
    return { values, problems: validate(values) };
  };
}

function coerceParam(schema: Record<string, unknown>, v: string): unknown {
  const types = ([] as unknown[]).concat(schema.type);
  if (types.includes("boolean")) {
    const l = v.trim().toLowerCase();
    return l === "true" || l === "1" ? true : l === "false" || l === "0" ? false : v;
  }
  if ((types.includes("integer") || types.includes("number")) && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return v;
}

// ─── Serialisation ───────────────────────────────────────────────────────────

const serializers = new WeakMap<object, (v: unknown) => string>();
/** Serialises a value by its response schema (compiled once per schema): optional fields without a value are left out, never null. */
export function serialize(schema: Schema, value: unknown): string {
  let stringify = serializers.get(schema);
  if (!stringify) serializers.set(schema, (stringify = fastJson(schema as object) as (v: unknown) => string));
  return stringify(dropAbsent(schema, value));
}

// ─── OpenAPI ─────────────────────────────────────────────────────────────────

export interface OpenApiStyle {
  /** The documented error responses of a route (problem details, or the door's own shape). */
  errors?(route: RouteDecl): Record<string, unknown>;
  /** Responses every route of the door has, documented like a route's own. */
  common?: Record<number, ResponseDecl>;
  /** The schema of path parameters. */
  pathParam: Schema;
  /** Extra fields of each operation (security, x-scope…). */
  extra?(route: RouteDecl): Record<string, unknown>;
}

/** The OpenAPI `paths` and `components.schemas` of a door's routes. */
export function openApiOf(
  routes: RouteDecl[],
  style: OpenApiStyle,
): { paths: Record<string, Record<string, unknown>>; schemas: Record<string, unknown> } {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {};
  const doc = (s: unknown): unknown => toDocument(s, schemas);
  for (const r of routes) {
    const template = r.path.replace(/:([A-Za-z_]+)/g, "{$1}");
    const names = [...r.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
    const item = (paths[template] ??= names.length
      ? {
          parameters: names.map((name) => ({
            name,
            in: "path",
            required: true,
            schema: doc(style.pathParam),
            ...(r.pathExamples?.[name] ? { example: r.pathExamples[name] } : {}),
          })),
        }
      : {});
    const parameters = [
      ...Object.entries(r.query ?? {}).map(([name, p]) => param(name, "query", p, doc)),
      ...Object.entries(r.headers ?? {}).map(([name, p]) => param(name, "header", p, doc)),
    ];
    const responses: Record<string, unknown> = {};
    for (const [status, res] of Object.entries({ ...r.responses, ...style.common })) {
      responses[status] = {
        description: res.description,
        ...(res.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(res.headers).map(([h, d]) => [h, { description: d.description, schema: doc(d.schema) }]),
              ),
            }
          : {}),
        ...(res.schema ? { content: { [res.contentType ?? "application/json"]: { schema: doc(res.schema) } } } : {}),
      };
    }
    Object.assign(responses, style.errors?.(r));
    item[r.method.toLowerCase()] = {
      operationId: r.operationId,
      summary: r.summary,
      ...(r.description ? { description: r.description } : {}),
      ...(r.tags ? { tags: r.tags } : {}),
      ...(style.extra?.(r) ?? {}),
      ...(parameters.length ? { parameters } : {}),
      ...(r.body ? { requestBody: { required: true, content: { "application/json": { schema: doc(r.body) } } } } : {}),
      responses,
    };
  }
  return { paths, schemas };
}

/** What `coerceParam` accepts for a boolean, said once for every boolean parameter. */
const BOOLEAN_SPELLINGS = "`true`/`false` in any letter case, or `1`/`0`.";

function param(name: string, where: string, p: ParamDecl, doc: (s: unknown) => unknown) {
  const isBoolean = ([] as unknown[]).concat((p.schema as Record<string, unknown>).type).includes("boolean");
  const description = [p.description, isBoolean ? BOOLEAN_SPELLINGS : undefined].filter(Boolean).join(" ");
  return {
    name,
    in: where,
    required: p.required ?? false,
    ...(description ? { description } : {}),
    schema: doc(p.schema),
    ...(p.example !== undefined ? { example: p.example } : {}),
  };
}

/** A plain JSON copy of a schema with each named component replaced by a `$ref` (collected in `schemas`). */
export function toDocument(s: unknown, schemas: Record<string, unknown>, top = false): unknown {
  if (Array.isArray(s)) return s.map((x) => toDocument(x, schemas));
  if (!s || typeof s !== "object") return s;
  const o = s as Record<string, unknown>;
  const name = o["x-component"];
  if (typeof name === "string" && !top) {
    if (!(name in schemas)) {
      schemas[name] = {};
      schemas[name] = toDocument(o, schemas, true);
    }
    return { $ref: `#/components/schemas/${name}` };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (k !== "x-component" && k !== "x-from") out[k] = toDocument(v, schemas);
  return out;
}
