// The one way facades run GraphQL: in-process against the core (default), or over HTTP with
// graphql-request against a remote core (CORE_URL), so the facades can be deployed apart from it.
// Documents are parsed when declared and validated once when the executor is built — never per request.
import { GraphQLError, Kind, parse, validate, type DocumentNode, type GraphQLFormattedError } from "graphql";
import { outcomeOf } from "../src/core/errors.js";
import type { RequestNote } from "../src/core/log.js";
import { ClientError, GraphQLClient } from "graphql-request";
import type { Core } from "../src/core/index.js";
import type { Run } from "../src/core/compiled.js";
import { doorToken, type Door, type RateLimitDecision } from "../src/core/rate-limit.js";

/**
 * An operation a door sends. `TData` is its result as generated from schema.graphql and the document
 * (facades/codegen/operations.ts, `npm run codegen`): a type only, nothing of it exists at run time.
 */
export interface Operation<TData = unknown> {
  readonly source: string;
  readonly document: DocumentNode;
  /** Never set: carries `TData` (a method, so typed and untyped operations fit one list: bivariant). */
  __data?(data: TData): void;
}

/** Declares an operation a facade sends; parsed once, at module load. */
export function operation<TData = unknown>(source: string): Operation<TData> {
  return { source, document: parse(source) };
}

export interface Caller {
  /** The Authorization header to forward, as the caller sent it (or as the facade normalised it). */
  authorization?: string;
  requestId: string;
  /** Which door the caller came through (each has its own rate limit). */
  door: Door;
  /** The request's note for the access log: the operation run and the API client (in-process only). */
  note?: RequestNote;
}

export interface Outcome<T> {
  data: T | null;
  errors?: readonly GraphQLFormattedError[];
  /** The caller's rate-limit window, for RateLimit-* response headers. */
  rateLimit?: RateLimitDecision | null;
}

export interface Executor {
  run<T>(op: Operation<T>, variables: Record<string, unknown>, caller: Caller): Promise<Outcome<T>>;
}

/** Thrown when the remote core cannot be reached; facades answer 503. */
export class CoreUnavailableError extends Error {}

export function inProcessExecutor(core: Core, operations: Operation[]): Executor {
  // Validated and compiled once, here. An operation not listed runs interpreted and is not kept: nothing a
  // caller's request could vary grows this map or compiles per request.
  const prepared = new Map<Operation, { name: string | undefined; run: Run }>();
  for (const op of operations) {
    if (prepared.has(op)) continue;
    const errors = validate(core.schema, op.document);
    if (errors.length) throw new Error(`Facade operation does not validate against schema.graphql: ${errors[0].message}\n${op.source}`);
    prepared.set(op, { name: operationNameOf(op), run: core.prepare(op.document) });
  }
  const interpreted = (op: Operation) => ({
    name: operationNameOf(op),
    run: (variables: Record<string, unknown>, ctx: Parameters<Run>[1]) => core.execute(op.document, variables, ctx),
  });
  return {
    async run<T>(op: Operation<T>, variables: Record<string, unknown>, caller: Caller): Promise<Outcome<T>> {
      const own = prepared.get(op) ?? interpreted(op);
      const name = own.name;
      if (caller.note) caller.note.operation = name;
      let contextValue;
      try {
        contextValue = await core.createContext(caller.authorization, caller.requestId, caller.door);
      } catch (err) {
        // Refused before the operation ran (storage unavailable): the same error shape as from /graphql.
        if (err instanceof GraphQLError) return { data: null, errors: [core.formatError(err.toJSON(), err)] };
        throw err;
      }
      if (caller.note && contextValue.principal.kind === "apiClient") caller.note.apiClientId = contextValue.principal.clientId;
      const result = await own.run(variables, contextValue);
      const errors = result.errors?.map((e) => core.formatError(e.toJSON(), e));
      core.services.metrics?.graphqlOperation(name, outcomeOf(errors));
      // The document was validated against the schema it ran on: its data is the operation's generated type.
      return { data: (result.data ?? null) as T | null, errors, rateLimit: contextValue.rateLimit };
    },
  };
}

/** `doorSecret` is CURSOR_SECRET, shared with the core: it signs the door the request came through. */
export function remoteExecutor(coreUrl: string, doorSecret: string): Executor {
  const endpoint = new URL("/graphql", coreUrl).toString();
  const client = new GraphQLClient(endpoint);
  return {
    async run<T>(op: Operation<T>, variables: Record<string, unknown>, caller: Caller): Promise<Outcome<T>> {
      const headers: Record<string, string> = { "x-request-id": caller.requestId, "x-retour-door": doorToken(doorSecret, caller.door) };
      if (caller.authorization) headers.authorization = caller.authorization;
      try {
        const res = await client.rawRequest<T>(op.source, variables, headers);
        return { data: res.data ?? null, errors: res.errors as GraphQLFormattedError[] | undefined, rateLimit: rateLimitFrom(res.headers) };
      } catch (err) {
        if (err instanceof ClientError && (err.response.errors || err.response.data)) {
          return {
            data: (err.response.data ?? null) as T | null,
            errors: err.response.errors as GraphQLFormattedError[] | undefined,
            rateLimit: rateLimitFrom(err.response.headers as Headers | undefined),
          };
        }
        throw new CoreUnavailableError(`GraphQL core at ${endpoint} did not answer: ${(err as Error).message}`);
      }
    },
  };
}

function operationNameOf(op: Operation): string | undefined {
  const def = op.document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  return def?.kind === Kind.OPERATION_DEFINITION ? def.name?.value : undefined;
}

/** Reads the core's RateLimit-* headers back into a decision (remote executor). */
function rateLimitFrom(headers: Headers | undefined): RateLimitDecision | null {
  const limit = headers?.get("ratelimit-limit");
  if (!headers || !limit) return null;
  const remaining = Number(headers.get("ratelimit-remaining") ?? 0);
  return {
    limit: Number(limit),
    remaining,
    resetSeconds: Number(headers.get("ratelimit-reset") ?? 60),
    allowed: !headers.get("retry-after"),
  };
}
