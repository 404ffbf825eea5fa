// What a REST v2.2 route is: an HTTP shape translated into one GraphQL operation and back.
import type { Request } from "express";
import type { Executor, Operation } from "../executor.js";
import type { RouteBase } from "../http.js";
import { queryValue } from "../http.js";

export interface RestInput {
  req: Request;
  params: Record<string, string>;
  body: any;
  query(name: string): string | undefined;
  header(name: string): string | undefined;
}

export interface RestResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RestRoute extends RouteBase {
  operationId: string;
  /** The scope the core enforces for this route (documentation and the auth-matrix tests). */
  scope: string | null;
  operation: Operation;
  variables(input: RestInput): Record<string, unknown>;
  respond(data: any, input: RestInput): RestResult;
  /** Routes of the Orders API answer their documented errors as `{ error }` instead of problems. */
  errorBody?: { statuses: number[] };
  /** Streams a response itself (large CSV) using the executor; replaces operation/respond. */
  stream?(input: RestInput, run: Runner, res: import("express").Response): Promise<void>;
}

export type Runner = <T = any>(op: Operation, variables: Record<string, unknown>) => Promise<T>;

/** A request the facade cannot even translate (wrong type of a query parameter, say): 400. */
export class RestInputError extends Error {
  constructor(message: string, readonly field?: string) {
    super(message);
  }
}

/** A translated "no such object" (a null from the core) or similar, answered as a problem. */
export class RestProblem extends Error {
  constructor(readonly status: number, readonly type: string, readonly title: string, detail: string) {
    super(detail);
  }
}

export function inputOf(req: Request, params: Record<string, string>): RestInput {
  return {
    req,
    params,
    body: req.body,
    query: (name) => queryValue(req, name),
    header: (name) => req.get(name) ?? undefined,
  };
}

/** Cursor paging: query `page-size` / `page-continue`, or the headers `X-Page-Size` / `X-Page-Continue`. */
export function pageArgs(input: RestInput): { first?: number; after?: string } {
  const size = input.query("page-size") ?? input.header("x-page-size");
  const after = input.query("page-continue") ?? input.header("x-page-continue");
  const out: { first?: number; after?: string } = {};
  if (size !== undefined) {
    if (!/^-?\d{1,9}$/.test(size.trim())) throw new RestInputError(`\`page-size\` must be an integer; got ${JSON.stringify(size)}.`, "page-size");
    out.first = Number(size);
  }
  if (after !== undefined && after !== "") out.after = after;
  return out;
}

/** `X-Page-Next` is present exactly when more results exist. */
export function pageHeaders(pageInfo: { hasNextPage: boolean; endCursor: string | null }): Record<string, string> {
  return pageInfo.hasNextPage && pageInfo.endCursor ? { "X-Page-Next": pageInfo.endCursor } : {};
}

export function booleanQuery(input: RestInput, name: string): boolean | undefined {
  const v = input.query(name);
  if (v === undefined) return undefined;
  if (v === "true") return true;
  if (v === "false") return false;
  throw new RestInputError(`\`${name}\` must be \`true\` or \`false\`; got ${JSON.stringify(v)}.`, name);
}

/** Drops null-valued keys the merchant API documents as absent rather than null. */
export function omitNull<T extends Record<string, unknown>>(obj: T, keys: (keyof T)[]): T {
  const out = { ...obj };
  for (const k of keys) if (out[k] === null || out[k] === undefined) delete out[k];
  return out;
}

export type { Executor };
