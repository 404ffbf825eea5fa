// One request pipeline for every HTTP door (REST /v2.2, compat /api/v1, the doors to come): media type,
// body limits, route matching, the caller, validation, running the route's GraphQL operation through
// the executor, serialisation. A door supplies its routes (declared with facades/declare.ts, made
// runnable by its route.ts) and its dialect: how it answers each kind of refusal, and where its
// credentials sit when not in `Authorization`. The steps are written once, here.
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type { GraphQLFormattedError } from "graphql";
import { CoreUnavailableError, operation, type Caller, type Executor, type Operation } from "./executor.js";
import { OperationFailed, publicBaseOf, queryValue, RouteTable, requestId, runnerFor, type RouteBase } from "./http.js";
import { jsonBody } from "./json-body.js";
import type { InputProblem } from "./declare.js";
import type { Door as DoorName } from "../src/core/rate-limit.js";
import { noteOf } from "../src/core/log.js";

/** Asked before answering a malformed request, so a caller without access to the route learns nothing of it. */
export const accessCheck = operation(
  `query DoorAccessCheck($scope: Scope, $storeId: ID) { accessCheck(scope: $scope, storeId: $storeId) }`,
);

/** One request as a route reads it. */
export interface DoorInput {
  req: Request;
  params: Record<string, string>;
  /** The request body as parsed JSON: a route reads it through `admitted`, after its declared schema validated it. */
  body: unknown;
  /** The declared query and header parameters, coerced and validated (absent when not sent or refused). */
  q: Record<string, unknown>;
  /** Problems `variables` finds (dates, say), told all at once with the declaration's own. */
  problems: InputProblem[];
  query(name: string): string | undefined;
  header(name: string): string | undefined;
  /** Base of absolute links (page URLs): PUBLIC_URL or a validated request host. */
  readonly publicBase: string;
}

/**
 * The request body as the route's declared schema admitted it (validated before `variables` runs; {} when none was
 * sent): `T` names what that schema describes, by the generated GraphQL input types where the body is passed on.
 */
export const admitted = <T>(body: unknown): T => (body ?? {}) as T;

/** What the door writes: a status, headers, a body (none: an empty one), or a body it streams itself. */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** The body's media type (default `application/json`). */
  type?: string;
  text?: string;
  stream?(res: Response): Promise<void>;
}

/** Runs an operation for a route: its data, typed by the operation (facades/codegen/operations.ts). */
export type Runner = <T>(op: Operation<T>, variables: Record<string, unknown>) => Promise<T>;

/** A request the door cannot translate: every problem of its parameters and body. */
export class InputError extends Error {
  constructor(
    message: string,
    readonly field?: string,
    readonly problems?: InputProblem[],
  ) {
    super(message);
  }
  static of(problems: InputProblem[]): InputError {
    return new InputError(problems.map((p) => p.detail).join(" "), problems[0].field, problems);
  }
}

/** What the pipeline asks of a route (each door's route.ts derives it from the declaration). */
export interface DoorRoute extends RouteBase {
  operation: Operation;
  /** From the schema's @scope on the fields the operation selects. */
  readonly scope: string | null;
  /**
   * The operation's variables, or the request's problems. With problems, a read's `retry` holds the
   * variables without the refused parameters, to learn what the core finds wrong with the others.
   */
  translate(input: DoorInput): { variables: Record<string, unknown> } | { refused: InputError; retry?: () => Record<string, unknown> };
  /** Runs the operation (as often as the answer needs) and says what to write. */
  answer(run: Runner, variables: Record<string, unknown>, input: DoorInput): Promise<Reply>;
}

/** How a door answers, in its own words, what the pipeline refuses. */
export interface Dialect<R extends DoorRoute> {
  door: DoorName;
  bodyLimit: number;
  /** Only these media types are parsed as the body; with `refuseMediaType`, another one with a body is refused. */
  mediaTypes?: string[];
  refuseMediaType?(req: Request): Reply;
  /** The caller's credentials as the Authorization header the core understands (default: `Authorization`). */
  authorization?(req: Request): string | undefined;
  /** Answered to a request without credentials before anything else (default: the core decides). */
  anonymous?: Reply;
  /** No route (`none`) or not this method (`method`, with what is allowed); `ask` runs an operation as the caller. */
  unmatched(req: Request, match: { kind: "none" } | { kind: "method"; allow: string[] }, ask: Ask): Reply | Promise<Reply>;
  /** The request's problems (the door's and the core's). */
  invalid(req: Request, err: InputError, route: R, input: DoorInput): Reply;
  /** The core's problems of a read's other parameters, named as the request named them; `told`: the door's own. */
  coreProblems(err: GraphQLFormattedError, route: R, input: DoorInput, told: InputProblem[]): InputProblem[];
  /** The core refused the operation. */
  coreError(req: Request, err: GraphQLFormattedError, route: R, input: DoorInput): Reply;
  /** The body parser refused the body (malformed, too large, too deep): null for the internal error. */
  bodyError(req: Request, err: unknown, route?: R): Reply | null;
  /** The core cannot be reached. */
  unavailable(req: Request, route?: R): Reply;
  internal(req: Request, route?: R): Reply;
  /** A door's own error thrown by a route (REST's RestProblem): its reply, or null. */
  routeError?(req: Request, err: unknown, route: R): Reply | null;
}

export type Ask = <T>(
  op: Operation<T>,
  variables: Record<string, unknown>,
) => Promise<{ data: T | null; errors?: readonly GraphQLFormattedError[] }>;

export interface DoorOptions<R extends DoorRoute> {
  executor: Executor;
  routes: R[];
  dialect: Dialect<R>;
  log: { error(obj: object, msg: string): void };
  /** Served at GET /openapi.json. */
  openapi?: object;
  /** PUBLIC_URL: the base of absolute links (else a validated request host). */
  publicUrl?: string | null;
  /** Requests none of the routes matches pass on to the next handler (a door sharing its prefix). */
  passUnmatched?: boolean;
}

export function inputOf(req: Request, params: Record<string, string>, publicUrl: string | null = null): DoorInput {
  let base: string | undefined;
  return {
    req,
    params,
    body: req.body,
    q: {},
    problems: [],
    query: (name) => queryValue(req, name),
    header: (name) => req.get(name) ?? undefined,
    get publicBase() {
      return (base ??= publicBaseOf(req, publicUrl));
    },
  };
}

/** Writes a reply. */
export function send(res: Response, reply: Reply): void {
  res.status(reply.status);
  if (reply.headers) res.set(reply.headers);
  if (reply.text === undefined) res.end();
  else res.type(reply.type ?? "application/json").send(reply.text);
}

/** A JSON reply of a plain value. */
export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  text: JSON.stringify(body),
  ...(headers ? { headers } : {}),
});

export function createDoor<R extends DoorRoute>(opts: DoorOptions<R>): Router {
  const { executor, dialect, log } = opts;
  const table = new RouteTable<R>(opts.routes);
  const router = express.Router();
  const authorization = dialect.authorization ?? ((req: Request) => req.get("authorization"));

  if (opts.openapi) {
    const text = JSON.stringify(opts.openapi);
    router.get("/openapi.json", (_req, res) => {
      res.type("application/json").send(text);
    });
  }
  const refuseMediaType = dialect.refuseMediaType;
  if (refuseMediaType && dialect.mediaTypes) {
    const types = dialect.mediaTypes;
    router.use((req, res, next) => {
      if (Number(req.get("content-length") ?? 0) > 0 && !req.is(types)) return send(res, refuseMediaType(req));
      next();
    });
  }
  router.use(jsonBody({ limit: dialect.bodyLimit, ...(dialect.mediaTypes ? { type: dialect.mediaTypes } : {}) }));

  router.use(async (req: Request, res: Response, next: NextFunction) => {
    const match = table.match(req.method, req.path);
    if (opts.passUnmatched && match.kind === "none") return next();
    const note = noteOf(res);
    const caller: Caller = { authorization: authorization(req), requestId: requestId(req), door: dialect.door, note };
    if (dialect.anonymous && !caller.authorization) return send(res, dialect.anonymous);
    const run = runnerFor(executor, caller, res);
    const ask: Ask = (op, variables) => executor.run(op, variables, caller);
    let route: R | undefined;
    let input: DoorInput | undefined;
    try {
      if (match.kind !== "found") return send(res, await dialect.unmatched(req, match, ask));
      route = match.route;
      note.route = req.baseUrl + route.path;
      input = inputOf(req, match.params, opts.publicUrl ?? null);
      const translated = route.translate(input);
      if ("refused" in translated) {
        // A malformed request: told only to a caller who may use this route (else 401/403 as for any request).
        await run(accessCheck, { scope: route.scope, storeId: match.params.storeId ?? null });
        const told = translated.refused.problems;
        if (route.method !== "GET" || !told?.length) throw translated.refused;
        // A read also tells what the core finds wrong with its other parameters (a cursor, a page size).
        const problems = [...told, ...(await coreProblems(route, input, told, translated.retry, ask))];
        throw InputError.of(problems);
      }
      const reply = await route.answer(run, translated.variables, input);
      if (reply.stream) return await reply.stream(res);
      send(res, reply);
    } catch (err) {
      if (res.headersSent) {
        log.error({ err, requestId: requestId(req) }, "error after the response started");
        res.destroy();
      } else if (route && input) send(res, answerError(req, err, route, input));
      else if (err instanceof CoreUnavailableError) send(res, dialect.unavailable(req));
      else next(err);
    }
  });

  // Body parser failures (malformed JSON, too large, too deep) and anything unexpected.
  router.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const matched = table.match(req.method, req.path);
    const route = matched.kind === "found" ? matched.route : undefined;
    const reply = dialect.bodyError(req, err, route);
    if (reply) return send(res, reply);
    if (err instanceof CoreUnavailableError) return send(res, dialect.unavailable(req));
    log.error({ err, requestId: requestId(req) }, `unexpected error in the ${dialect.door} door`);
    send(res, dialect.internal(req));
  });

  /** The core's input problems of a read, asked with the parameters the door refused left out. */
  async function coreProblems(
    route: R,
    input: DoorInput,
    told: InputProblem[],
    retry: (() => Record<string, unknown>) | undefined,
    ask: Ask,
  ) {
    let variables: Record<string, unknown>;
    try {
      if (!retry) return [];
      variables = retry();
    } catch {
      return [];
    }
    const out = await ask(route.operation, variables);
    return out.errors?.length ? dialect.coreProblems(out.errors[0], route, input, told) : [];
  }

  function answerError(req: Request, err: unknown, route: R, input: DoorInput): Reply {
    if (err instanceof InputError) return dialect.invalid(req, err, route, input);
    if (err instanceof OperationFailed) return dialect.coreError(req, err.errors[0], route, input);
    if (err instanceof CoreUnavailableError) {
      log.error({ err, requestId: requestId(req) }, "core unavailable");
      return dialect.unavailable(req, route);
    }
    const own = dialect.routeError?.(req, err, route);
    if (own) return own;
    log.error({ err, requestId: requestId(req) }, `unexpected error in the ${dialect.door} door`);
    return dialect.internal(req, route);
  }

  return router;
}
