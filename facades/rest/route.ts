// What a REST v2.2 route is: one declaration (facades/declare.ts) translated into one GraphQL
// operation and back. The scope, the OpenAPI operation, the request validation and the serialiser
// are derived from it by `restRoute`.
import type { Executor, Operation } from "../executor.js";
import { InputError, type DoorInput, type DoorRoute, type Reply, type Runner } from "../door.js";
import { paramReader, scopeOf, serialize, validatorOf, type RouteDecl, type ParamDecl } from "../declare.js";
import { Text, T } from "../declare.js";

/** A request as a REST route reads it: the door pipeline's input. */
export type RestInput = DoorInput;
export type { Runner };

export interface RestResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Streams the body itself (a large CSV), running further operations for the next pages. */
  stream?(run: Runner, res: import("express").Response): Promise<void>;
}

/** A route: `respond` reads its own operation's result, typed by the operation (`operation<gen.RestFooQuery>`). */
export interface RestDecl<TData = unknown> extends RouteDecl {
  operation: Operation<TData>;
  variables(input: RestInput): Record<string, unknown>;
  respond(data: TData, input: RestInput): RestResult;
  /** Routes of the Orders API answer these documented errors (status → description) as `{ error }` instead of problems. */
  errorBody?: Record<number, string>;
  /** The core's refusal (`extensions.refusal`: a code and its parameters) in this route's words; undefined keeps the core's detail. */
  refusalWords?(refusal: { code: string; params: Record<string, string | number> }): string | undefined;
  /** Maps the core's `field` of an error to the request's path (e.g. `items[0]` → `data.items[0]`). */
  fieldPath?(coreField: string): string;
}

export interface RestRoute extends RestDecl, DoorRoute {
  /** Derived from the schema's @scope on the fields the operation selects. */
  readonly scope: string | null;
  serialize(status: number, body: unknown): string | undefined;
}

/** Derives what a declaration implies: scope, validators, serialisers. */
export function restRoute<TData>(decl: RestDecl<TData>): RestRoute {
  const readQuery = paramReader(decl.query);
  const readHeaders = paramReader(decl.headers);
  const validateBody = decl.body ? validatorOf(decl.body) : undefined;
  const route: RestRoute = {
    ...decl,
    scope: scopeOf(decl.operation),
    translate(input) {
      const q = readQuery(input.query);
      const h = readHeaders(input.header);
      Object.assign(input.q, h.values, q.values);
      const bodyProblems = validateBody?.(input.body ?? {});
      if (q.problems.length || h.problems.length || bodyProblems?.length) {
        const problems = [...q.problems, ...h.problems, ...(bodyProblems ?? [])];
        // The core is asked about the other parameters without the refused ones.
        const retry = () => {
          for (const p of problems) delete input.q[p.field];
          return decl.variables(input);
        };
        return { refused: InputError.of(problems), retry };
      }
      try {
        return { variables: decl.variables(input) };
      } catch (err) {
        if (err instanceof InputError) return { refused: err };
        throw err;
      }
    },
    async answer(run, variables, input) {
      // An operation's data: an object keyed by its root fields (each route's `respond` reads its own).
      const data = await run(decl.operation, variables);
      const result = decl.respond(data, input);
      const stream = result.stream;
      if (stream) return { status: result.status, stream: (res) => stream(run, res) };
      // An idempotent replay (IETF Idempotency-Key draft): the first request's result, marked as such.
      let replayed = false;
      for (const value of Object.values(data as Record<string, unknown>))
        if ((value as { replayed?: unknown } | null)?.replayed === true) replayed = true;
      let headers = result.headers;
      if (replayed) headers = { "Idempotent-Replayed": "true", ...headers };
      // One shape for every reply (no keys added or spread per request); `send` treats undefined as absent.
      return { status: result.status, headers, text: route.serialize(result.status, result.body) } satisfies Reply;
    },
    serialize(status, body) {
      const res = decl.responses[status];
      if (res?.schema && !res.contentType) return serialize(res.schema, body);
      return body === undefined ? undefined : JSON.stringify(body);
    },
  };
  return route;
}

/**
 * A domain's routes, each tagged with the domain's OpenAPI tag unless it names its own. Each route's
 * `respond` is typed by its own operation (inferred per element of the list).
 */
export function declareRoutes<T extends unknown[]>(tag: string, decls: { [K in keyof T]: RestDecl<T[K]> }): RestRoute[] {
  return (decls as RestDecl<unknown>[]).map((d) => restRoute({ tags: [tag], ...d }));
}

/** A request the facade cannot even translate (wrong type of a query parameter, say): 400. */
export const RestInputError = InputError;
export type RestInputError = InputError;

/** A translated "no such object" (a null from the core) or similar, answered as a problem. */
export class RestProblem extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** A translated "no such object" (a null from the core): 404 `<area>/not-found`. */
export const notFound = (area: string, what: string, detail: string) =>
  new RestProblem(404, `${area}/not-found`, `${what} not found`, detail);

const PAGE_SIZE = { type: "integer", minimum: 1, maximum: 500 };
/** Cursor paging: query `page-size` / `page-continue`, or the headers `X-Page-Size` / `X-Page-Continue`. */
export const PAGING: { query: Record<string, ParamDecl>; headers: Record<string, ParamDecl> } = {
  query: { "page-size": { schema: { ...PAGE_SIZE, default: 20 } }, "page-continue": { schema: Text("cursor") } },
  headers: { "X-Page-Size": { schema: { ...PAGE_SIZE, default: 20 } }, "X-Page-Continue": { schema: Text("cursor") } },
};

export function pageArgs(input: RestInput): { first?: number; after?: string } {
  const size = input.q["page-size"] ?? input.q["X-Page-Size"];
  const after = input.q["page-continue"] ?? input.q["X-Page-Continue"];
  const out: { first?: number; after?: string } = {};
  if (typeof size === "number") out.first = size;
  if (typeof after === "string" && after !== "") out.after = after;
  return out;
}

/**
 * The core's name of an argument (`first`, `after`, `filter.status`, `createdAtMin`) as the client sent
 * it: the paging parameter it used, else the declared parameter of that name (or its snake_case).
 */
export function requestField(route: RestDecl, input: RestInput, coreField: string): string {
  if (route.fieldPath) return route.fieldPath(coreField);
  const sent = (query: string, header: string) => (input.q[query] === undefined && input.q[header] !== undefined ? header : query);
  if (route.query?.["page-size"]) {
    if (coreField === "first" || coreField === "last") return sent("page-size", "X-Page-Size");
    if (coreField === "after" || coreField === "before") return sent("page-continue", "X-Page-Continue");
    if (coreField === "endCursor") return "X-Page-Next";
  }
  const name = coreField.slice(coreField.lastIndexOf(".") + 1);
  const snake = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return route.query?.[name] ? name : route.query?.[snake] ? snake : coreField;
}

/** `X-Page-Next` is present exactly when more results exist. */
export function pageHeaders(pageInfo: { hasNextPage: boolean; endCursor: string | null }): Record<string, string> {
  return pageInfo.hasNextPage && pageInfo.endCursor ? { "X-Page-Next": pageInfo.endCursor } : {};
}

/** The header of every create that can be retried safely (`key` of its operation). */
export const IDEMPOTENCY_KEY: Record<string, ParamDecl> = {
  "Idempotency-Key": {
    schema: Text("short"),
    description:
      "Same key and body within 24 h → the first response again with `Idempotent-Replayed: true`; other body → 422; still running → 409.",
  },
};

export const PAGE_NEXT = { "X-Page-Next": { description: "Cursor of the next page; absent on the last page", schema: T.String() } };

export type { Executor };
