// The REST v2.2 merchant API: its route table over GraphQL operations (routes/) and its dialect,
// problem+json errors; the door pipeline (facades/door.ts) runs them.
import type { Request, Router } from "express";
import type { Executor, Operation } from "../executor.js";
import { accessCheck, createDoor, json, type Dialect, type DoorInput, type Reply } from "../door.js";
import { INTERNAL_DETAIL, problemFor, problemFromGraphQL, problemReply, requestProblems, type Problem } from "./problem.js";
import { requestField, RestProblem, type RestRoute } from "./route.js";
import { restRoutes } from "./routes/index.js";
import { openApiDocument } from "./openapi.js";
import { thrown } from "../json-body.js";
import { STORAGE_RETRY_AFTER_SECONDS } from "../../src/core/errors.js";
import { BODY_BOUNDS, bytesText } from "../../src/core/bounds.js";

export { restRoutes };

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
  /** PUBLIC_URL: the base of the redirects' Locations (else the request's validated host). */
  publicUrl?: string | null;
}

/** The REST dialect: problem+json (RFC 9457), or the `{ error }` body a route documents for a status. */
export function restDialect(serviceName: string): Dialect<RestRoute> {
  const doorProblem = (req: Request, name: keyof typeof DOOR_PROBLEMS) => problemFor(serviceName, req, ...DOOR_PROBLEMS[name]);
  const rename = (route: RestRoute, input: DoorInput) => (f: string) => requestField(route, input, f);
  return {
    door: "rest",
    bodyLimit: BODY_BOUNDS.rest,
    mediaTypes: ["application/json", "application/*+json"],
    refuseMediaType: (req) => problemReply(doorProblem(req, "unsupportedMediaType")),
    unmatched(req, match) {
      if (match.kind === "none") {
        const detail = `No route ${req.method} ${req.baseUrl}${req.path}.`;
        return problemReply(problemFor(serviceName, req, 404, "request/route-not-found", "Not found", detail));
      }
      const detail = `${req.method} is not supported here; use ${match.allow.join(" or ")}.`;
      const problem = problemFor(serviceName, req, 405, "request/method-not-allowed", "Method not allowed", detail);
      return problemReply(problem, { Allow: match.allow.join(", ") });
    },
    invalid(req, err, route) {
      const extra = {
        ...(err.field ? { field: err.field } : {}),
        ...(err.problems && err.problems.length > 1 ? { errors: err.problems } : {}),
      };
      return answer(route, problemFor(serviceName, req, 400, "request/invalid", "Invalid request", err.message, extra));
    },
    coreProblems(err, route, input) {
      const ext = (err.extensions ?? {}) as {
        status?: number;
        field?: string;
        problems?: { field?: string; detail: string; refusal?: unknown }[];
        refusal?: unknown;
      };
      if (ext.status !== 400) return [];
      const found = ext.problems ?? [{ field: ext.field, detail: err.message, refusal: ext.refusal }];
      return requestProblems(found, rename(route, input)).map((p) => ({ field: p.field ?? "query", detail: p.detail }));
    },
    coreError(req, err, route, input) {
      const retryAfter = err.extensions?.retryAfter;
      const headers = typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : undefined;
      const problem = problemFromGraphQL(serviceName, req, err, rename(route, input));
      // A refusal the route words itself (a code and its parameters from the core).
      const refusal = err.extensions?.refusal as { code: string; params: Record<string, string | number> } | undefined;
      const worded = refusal && route?.refusalWords?.(refusal);
      if (worded) problem.detail = worded;
      return answer(route, problem, headers);
    },
    bodyError(req, err, route) {
      const e = thrown(err);
      if (e.type === "entity.parse.failed") return answer(route, doorProblem(req, "malformedJson"));
      if (e.type === "entity.too.large") return answer(route, doorProblem(req, "tooLarge"));
      if (e.status !== undefined && e.status >= 400 && e.status < 500)
        return answer(route, problemFor(serviceName, req, e.status, "request/invalid", "Invalid request", e.message));
      return null;
    },
    unavailable: (req, route) => answer(route, doorProblem(req, "coreUnavailable"), { "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS) }),
    internal: (req, route) => answer(route, doorProblem(req, "internal")),
    routeError: (req, err, route) =>
      err instanceof RestProblem ? answer(route, problemFor(serviceName, req, err.status, err.type, err.title, err.message)) : null,
  };
}

/** A problem, or the `{ error }` body the route documents for its status instead. */
function answer(route: RestRoute | undefined, problem: Problem, headers?: Record<string, string>): Reply {
  if (route?.errorBody?.[problem.status] === undefined) return problemReply(problem, headers);
  const errors = problem.errors as { detail: string }[] | undefined;
  return json(problem.status, { error: problem.detail, ...(errors ? { errors: errors.map((e) => e.detail) } : {}) }, headers);
}

export function createRestFacade(opts: RestFacadeOptions): Router {
  return createDoor({
    executor: opts.executor,
    log: opts.log,
    routes: restRoutes,
    dialect: restDialect(opts.serviceName),
    openapi: openApiDocument(opts.serviceName),
    publicUrl: opts.publicUrl,
  });
}
