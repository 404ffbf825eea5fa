// RFC 9457 problem details for the REST facade. Domain errors arrive from the core as GraphQL errors
// whose extensions carry { status, type, title }; they are mapped here, generically, for every route.
import type { Request } from "express";
import type { Reply } from "../door.js";
import type { GraphQLFormattedError } from "graphql";
import { restRefusalWords } from "./refusal-words.js";

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  [extension: string]: unknown;
}

export const INTERNAL_DETAIL = "The server failed to handle the request; it has been logged with the request id.";

export function problemType(serviceName: string, suffix: string): string {
  return suffix === "about:blank" ? suffix : `com.${serviceName}.api:${suffix}`;
}

/** A problem as the door pipeline writes it. */
export function problemReply(problem: Problem, headers?: Record<string, string>): Reply {
  return { status: problem.status, type: "application/problem+json", text: JSON.stringify(problem), ...(headers ? { headers } : {}) };
}

export function problemFor(
  serviceName: string,
  req: Request,
  status: number,
  suffix: string,
  title: string,
  detail: string,
  extra?: Record<string, unknown>,
): Problem {
  return { type: problemType(serviceName, suffix), title, status, detail, instance: req.originalUrl.split("?")[0], ...(extra ?? {}) };
}

/** Maps the first GraphQL error to a problem; `fieldPath` renames the core's field as the request names it. */
export function problemFromGraphQL(
  serviceName: string,
  req: Request,
  error: GraphQLFormattedError,
  fieldPath: (f: string) => string = (f) => f,
): Problem {
  const ext = (error.extensions ?? {}) as Record<string, unknown>;
  const status = typeof ext.status === "number" ? ext.status : 500;
  const extra: Record<string, unknown> = {};
  if (typeof ext.field === "string") extra.field = fieldPath(ext.field);
  // Several bad inputs at once (the core's `problems`): listed as the door's own input problems are.
  if (Array.isArray(ext.problems) && ext.problems.length > 1) extra.errors = requestProblems(ext.problems, fieldPath);
  // The core's refusal as data (a stable code and its parameters), its field named as the request names it.
  const refusal = refusalOf(ext.refusal);
  if (refusal)
    extra.refusal = refusal.params.field
      ? { ...refusal, params: { ...refusal.params, field: fieldPath(String(refusal.params.field)) } }
      : refusal;
  let detail =
    status >= 500 && status !== 503
      ? INTERNAL_DETAIL
      : renameInDetail(restRefusalWords(refusal) ?? error.message, fieldPath, typeof ext.field === "string" ? ext.field : undefined);
  // A value GraphQL could not coerce (the declared request schema let it through): name the field, not GraphQL.
  const coercion = status < 500 ? coercionProblem(error.message, fieldPath) : null;
  if (coercion) Object.assign(extra, { field: coercion.field }), (detail = coercion.detail);
  return problemFor(
    serviceName,
    req,
    status,
    typeof ext.type === "string" ? ext.type : status >= 500 ? "internal" : "request/invalid",
    typeof ext.title === "string" ? ext.title : status >= 500 ? "Internal server error" : "Invalid request",
    detail,
    extra,
  );
}

/** A well-formed `extensions.refusal` ({ code, params }), else null. */
export function refusalOf(raw: unknown): { code: string; params: Record<string, string | number> } | null {
  const r = raw as { code?: unknown; params?: unknown } | null | undefined;
  return typeof r?.code === "string" && r.params && typeof r.params === "object"
    ? { code: r.code, params: r.params as Record<string, string | number> }
    : null;
}

/**
 * The core quotes its fields in backticks (`items[0].itemId`): each quoted as the request names it. A
 * quoted word is a field when it is a path (has `.` or `[`), the error's own field, or one the door
 * renames outright (`endCursor` → `X-Page-Next`); any other quoted word is left as the core wrote it.
 */
function renameInDetail(detail: string, fieldPath: (f: string) => string, own?: string): string {
  return detail.replace(/`([\w.[\]]+)`/g, (quoted, field: string) => {
    const renamed = fieldPath(field);
    if (renamed === field) return quoted;
    const isField = /[.[]/.test(field) || field === own || !renamed.includes(field);
    return isField ? `\`${renamed}\`` : quoted;
  });
}

/**
 * The core's problems of several inputs, each `field` named as the request names it (`request` when none is to
 * blame), each detail in this door's words where it words the problem's refusal (refusal-words.ts).
 */
export function requestProblems(problems: { field?: string; detail: string; refusal?: unknown }[], fieldPath: (f: string) => string) {
  return problems.map((p) => ({
    field: p.field ? fieldPath(p.field) : "request",
    detail: renameInDetail(restRefusalWords(refusalOf(p.refusal)) ?? p.detail, fieldPath, p.field),
  }));
}

/** `Variable "$input" got invalid value … at "input.items[0]"; Field "x" … was not provided.` in plain words. */
export function coercionProblem(message: string, fieldPath: (f: string) => string): { field: string; detail: string } | null {
  const m = /^Variable "\$(\w+)" got invalid value .*?(?: at "([^"]*)")?; (.*)$/s.exec(message);
  if (!m) return null;
  let path = m[2] ? m[2].replace(/^\w+\.?/, "") : "";
  const missing = /Field "(\w+)" of required type .* was not provided/.exec(m[3]);
  if (missing) path = path ? `${path}.${missing[1]}` : missing[1];
  const field = path ? fieldPath(path) : m[1];
  if (missing) return { field, detail: `\`${field}\` is required.` };
  const scalar = /^(Int|Float|String|Boolean|ID) cannot represent [^:]*: (.*)$/s.exec(m[3]);
  const expected = scalar
    ? { Int: "an integer", Float: "a number", String: "a string", Boolean: "true or false", ID: "an id" }[scalar[1]]
    : undefined;
  return {
    field,
    detail: expected ? `\`${field}\` must be ${expected}; got ${scalar![2].slice(0, 80)}.` : `\`${field}\` has an invalid value.`,
  };
}
