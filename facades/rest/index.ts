// The REST v2.2 merchant API: a route table over GraphQL operations, problem+json errors.
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { CoreUnavailableError, operation, type Caller, type Executor, type Operation } from "../executor.js";
import { OperationFailed, RouteTable, requestId, runnerFor } from "../http.js";
import { jsonBody } from "../json-body.js";
import { INTERNAL_DETAIL, problemFor, problemFromGraphQL, requestProblems, sendProblem, type Problem } from "./problem.js";
import { inputOf, requestField, RestInputError, RestProblem, type RestInput, type RestRoute } from "./route.js";
import { restRoutes } from "./routes/index.js";
import { openApiDocument } from "./openapi.js";
import { noteOf } from "../../src/core/log.js";
import { STORAGE_RETRY_AFTER_SECONDS } from "../../src/core/errors.js";
import { BODY_BOUNDS, bytesText } from "../../src/core/bounds.js";

export { restRoutes };

const accessCheck = operation(`query RestAccessCheck($scope: Scope, $storeId: ID) { accessCheck(scope: $scope, storeId: $storeId) }`);

/** The problems the door answers itself: status, type, title, detail. */
const DOOR_PROBLEMS = {
  unsupportedMediaType: [
    415,
    "request/unsupported-media-type",
    "Unsupported media type",
    "Send the request body as JSON with `Content-Type: application/json`.",
  ],
  malformedJson: [
    400,
    "request/malformed-json",
    "Malformed JSON",
    "The request body is not valid JSON (a JSON object or array is expected).",
  ],
  tooLarge: [
    413,
    "request/too-large",
    "Request body too large",
    `The request body exceeds the limit of ${bytesText(BODY_BOUNDS.rest)} (${BODY_BOUNDS.rest} bytes); send less per request.`,
  ],
  internal: [500, "internal", "Internal server error", INTERNAL_DETAIL],
  coreUnavailable: [503, "core-unavailable", "Service unavailable", "The service is temporarily unavailable; retry shortly."],
} satisfies Record<string, [number, string, string, string]>;

export function restOperations(): Operation[] {
  return [accessCheck, ...restRoutes.flatMap((r) => (r.operation ? [r.operation] : []))];
}

export interface RestFacadeOptions {
  executor: Executor;
  serviceName: string;
  log: { error(obj: object, msg: string): void };
}

export function createRestFacade(opts: RestFacadeOptions): Router {
  const { executor, serviceName } = opts;
  const table = new RouteTable<RestRoute>(restRoutes);
  const router = express.Router();
  const openapi = JSON.stringify(openApiDocument(serviceName));
  const doorProblem = (req: Request, name: keyof typeof DOOR_PROBLEMS) => problemFor(serviceName, req, ...DOOR_PROBLEMS[name]);

  router.get("/openapi.json", (_req, res) => {
    res.type("application/json").send(openapi);
  });

  router.use((req, res, next) => {
    if (Number(req.get("content-length") ?? 0) > 0 && !req.is(["application/json", "application/*+json"]))
      return sendProblem(res, doorProblem(req, "unsupportedMediaType"));
    next();
  });
  router.use(jsonBody({ limit: BODY_BOUNDS.rest, type: ["application/json", "application/*+json"] }));

  router.use(async (req: Request, res: Response) => {
    const match = table.match(req.method, req.path);
    if (match.kind === "none") {
      const detail = `No route ${req.method} ${req.baseUrl}${req.path}.`;
      return sendProblem(res, problemFor(serviceName, req, 404, "request/route-not-found", "Not found", detail));
    }
    if (match.kind === "method") {
      res.set("Allow", match.allow.join(", "));
      const detail = `${req.method} is not supported here; use ${match.allow.join(" or ")}.`;
      return sendProblem(res, problemFor(serviceName, req, 405, "request/method-not-allowed", "Method not allowed", detail));
    }
    const route = match.route;
    const note = noteOf(res);
    note.route = req.baseUrl + route.path;
    const input = inputOf(req, match.params);
    const caller = { authorization: req.get("authorization"), requestId: requestId(req), door: "rest" as const, note };
    const run = runnerFor(executor, caller, res);
    try {
      const variables = route.variablesOf(input);
      if (variables instanceof RestInputError) {
        // The body or query is malformed: say so (every problem at once) only to a caller who may use this route.
        await run(accessCheck, { scope: route.scope, storeId: match.params.storeId ?? null });
        // A read also tells what the core finds wrong with the other parameters (a cursor, a page size).
        const problems = variables.problems;
        if (route.method !== "GET" || !problems?.length) throw variables;
        problems.push(...(await coreProblems(route, input, problems, caller)));
        throw new RestInputError(problems.map((p) => p.detail).join(" "), problems[0].field, problems);
      }
      const data = await run(route.operation, variables);
      const result = route.respond(data, input);
      if (result.stream) return await result.stream(run, res);
      // An idempotent replay (IETF Idempotency-Key draft): the first request's result, marked as such.
      if (Object.values(data ?? {}).some((v) => (v as { replayed?: unknown } | null)?.replayed === true))
        res.set("Idempotent-Replayed", "true");
      if (result.headers) res.set(result.headers);
      res.status(result.status);
      const text = route.serialize(result.status, result.body);
      if (text === undefined) res.end();
      else res.type("application/json").send(text);
    } catch (err) {
      sendError(req, res, route, input, err);
    }
  });

  // Body parser failures (malformed JSON, too large) and anything unexpected.
  router.use((err: any, req: Request, res: Response, _next: NextFunction) => {
    // Routes that document `{ error }` bodies for a status get that shape here too.
    const matched = table.match(req.method, req.path);
    const send = (problem: Problem) => answer(res, matched.kind === "found" ? matched.route : undefined, problem);
    if (err?.type === "entity.parse.failed") return send(doorProblem(req, "malformedJson"));
    if (err?.type === "entity.too.large") return send(doorProblem(req, "tooLarge"));
    if (err?.status >= 400 && err?.status < 500)
      return send(problemFor(serviceName, req, err.status, "request/invalid", "Invalid request", String(err.message)));
    opts.log.error({ err, requestId: requestId(req) }, "unexpected error in REST facade");
    sendProblem(res, doorProblem(req, "internal"));
  });

  /** The core's input problems of a read, asked with the parameters the door refused left out. */
  async function coreProblems(route: RestRoute, input: RestInput, refused: { field: string }[], caller: Caller) {
    for (const p of refused) delete input.q[p.field];
    let variables: Record<string, unknown>;
    try {
      variables = route.variables(input);
    } catch {
      return [];
    }
    const out = await executor.run(route.operation, variables, caller);
    const ext = (out.errors?.[0]?.extensions ?? {}) as { status?: number; field?: string; problems?: { field?: string; detail: string }[] };
    if (ext.status !== 400) return [];
    const found = ext.problems ?? [{ field: ext.field, detail: out.errors![0].message }];
    return requestProblems(found, (f) => requestField(route, input, f)).map((p) => ({ field: p.field ?? "query", detail: p.detail }));
  }

  function sendError(req: Request, res: Response, route: RestRoute, input: RestInput, err: unknown) {
    if (res.headersSent) {
      opts.log.error({ err, requestId: requestId(req) }, "error after the response started");
      res.destroy();
      return;
    }
    let problem: Problem;
    if (err instanceof RestProblem) {
      problem = problemFor(serviceName, req, err.status, err.type, err.title, err.message);
    } else if (err instanceof RestInputError) {
      const extra = {
        ...(err.field ? { field: err.field } : {}),
        ...(err.problems && err.problems.length > 1 ? { errors: err.problems } : {}),
      };
      problem = problemFor(serviceName, req, 400, "request/invalid", "Invalid request", err.message, extra);
    } else if (err instanceof OperationFailed) {
      problem = problemFromGraphQL(serviceName, req, err.errors[0], (f) => requestField(route, input, f));
      const retryAfter = err.errors[0].extensions?.retryAfter;
      if (typeof retryAfter === "number") res.set("Retry-After", String(retryAfter));
    } else if (err instanceof CoreUnavailableError) {
      opts.log.error({ err, requestId: requestId(req) }, "core unavailable");
      res.set("Retry-After", String(STORAGE_RETRY_AFTER_SECONDS));
      problem = doorProblem(req, "coreUnavailable");
    } else {
      opts.log.error({ err, requestId: requestId(req) }, "unexpected error in REST facade");
      problem = doorProblem(req, "internal");
    }
    answer(res, route, problem);
  }

  /** A problem, or the `{ error }` body the route documents for its status instead. */
  function answer(res: Response, route: RestRoute | undefined, problem: Problem) {
    if (route?.errorBody?.[problem.status] === undefined) return sendProblem(res, problem);
    const errors = problem.errors as { detail: string }[] | undefined;
    res.status(problem.status).json({ error: problem.detail, ...(errors ? { errors: errors.map((e) => e.detail) } : {}) });
  }

  return router;
}
