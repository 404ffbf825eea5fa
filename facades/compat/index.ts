// The warehouse compatibility door (/api/v1/warehouse): accepts requests written for the
// third-party returns platform's warehouse API. It only translates; the returns domain decides.
// Auth: `X-Authorization: <secret>` (the platform's header) or `Authorization: Bearer <secret>`.
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type { GraphQLFormattedError } from "graphql";
import { CoreUnavailableError, operation, type Executor, type Operation } from "../executor.js";
import { OperationFailed, publicBaseOf, RouteTable, requestId, runnerFor } from "../http.js";
import { serialize, type InputProblem } from "../declare.js";
import { isJsonShapeError, jsonBody } from "../json-body.js";
import { noteOf } from "../../src/core/log.js";
import { STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE } from "../../src/core/errors.js";
import { BODY_BOUNDS, bytesText } from "../../src/core/bounds.js";
import { accessCheck, compatRoutes } from "./routes.js";
import type { CompatInput, CompatRoute } from "./route.js";
import { UNEXPECTED_BODY } from "./shapes.js";
import { compatOpenApiDocument } from "./openapi.js";
import { compatWebhookRoutes } from "./webhooks.js";

export { compatRoutes, compatWebhookRoutes };
export type { CompatRoute };

/** What every route answers alike when the core refuses the caller or cannot serve: by the core's error code. */
const REFUSED: Record<string, [status: number, body: unknown]> = {
  UNAUTHENTICATED: [401, { error: { code: "401", http_code: "GEN-UNAUTHORIZED", message: "Unauthorized." } }],
  // A valid key without the scope: our spec's 403, in the platform's envelope shape.
  FORBIDDEN: [403, { error: { code: "403", http_code: "GEN-FORBIDDEN", message: "Forbidden." } }],
  // The platform runs on Laravel, whose throttle answers this body with 429.
  RATE_LIMITED: [429, { message: "Too Many Attempts." }],
  // Storage unavailable: the platform's documented error envelope, with Retry-After.
  [STORAGE_UNAVAILABLE]: [503, { errors: { message: "Service unavailable.", code: "UNEXPECTED_ERROR" } }],
};

const whoAmI = operation(`query CompatViewer { viewer { __typename ... on ApiClientViewer { storeId } } }`);

export function compatOperations(): Operation[] {
  return [whoAmI, accessCheck, ...[...compatRoutes, ...compatWebhookRoutes].map((r) => r.operation)];
}

/** Laravel's validation envelope (HTTP 422): every problem by field, the first one as the message. */
export function validationBody(problems: InputProblem[]) {
  const errors: Record<string, string[]> = {};
  for (const p of problems) (errors[p.field] ??= []).push(p.detail);
  const more = problems.length - 1;
  return { message: problems[0].detail + (more ? ` (and ${more} more error${more === 1 ? "" : "s"})` : ""), errors };
}

/** The platform's header, or ours, as the Authorization header the core understands. */
export function compatAuthorization(req: Request): string | undefined {
  const platform = req.get("x-authorization");
  if (platform) return /^Bearer\s/i.test(platform) ? platform : `Bearer ${platform.trim()}`;
  return req.get("authorization") ?? undefined;
}

/** The core's refusal of the request's inputs (one, or its `problems`), by field; none for any other error. */
function coreInputProblems(err: GraphQLFormattedError): InputProblem[] {
  const ext = (err.extensions ?? {}) as { status?: number; field?: string; code?: string; problems?: { field?: string; detail: string }[] };
  if (ext.status !== 400 && ext.code !== "BAD_USER_INPUT") return [];
  return (ext.problems ?? [{ field: ext.field, detail: err.message }]).map((p) => ({ field: p.field ?? "request", detail: p.detail }));
}

/** The core's error: a refusal every route answers alike, a refused input (its `field`, its words) in the 422 envelope, else unexpected. */
function sendCoreError(res: Response, err: GraphQLFormattedError, route?: CompatRoute): void {
  const refused = REFUSED[String(err.extensions?.code)];
  const problems = coreInputProblems(err);
  const own = route?.onCoreError?.(err);
  if (refused) sendRefused(res, refused);
  else if (own) res.status(own.status).json(own.body);
  else if (problems.length) res.status(422).json(validationBody(problems));
  else res.status(500).json(UNEXPECTED_BODY);
}

/** Answers a refusal of REFUSED (503: with Retry-After). */
function sendRefused(res: Response, [status, body]: [number, unknown]): void {
  if (status === 503) res.set("Retry-After", String(STORAGE_RETRY_AFTER_SECONDS));
  res.status(status).json(body);
}

export interface CompatFacadeOptions {
  executor: Executor;
  log: { error(obj: object, msg: string): void };
  /** PUBLIC_URL: the base of the page URLs (else a validated request host). */
  publicUrl?: string | null;
  /** Another set of the platform's routes (its webhooks API at /api/v1): requests none of them matches pass on. */
  routes?: CompatRoute[];
}

export function createCompatFacade(opts: CompatFacadeOptions): Router {
  const table = new RouteTable<CompatRoute>(opts.routes ?? compatRoutes);
  const router = express.Router();
  if (!opts.routes) {
    const openapi = JSON.stringify(compatOpenApiDocument());
    router.get("/openapi.json", (_req, res) => {
      res.type("application/json").send(openapi);
    });
  }
  router.use(jsonBody({ limit: BODY_BOUNDS.compat }));

  router.use(async (req: Request, res: Response, next: NextFunction) => {
    const note = noteOf(res);
    const caller = { authorization: compatAuthorization(req), requestId: requestId(req), door: "compat" as const, note };
    const run = runnerFor(opts.executor, caller, res);
    let route: CompatRoute | undefined;
    try {
      const match = table.match(req.method, req.path);
      if (opts.routes && match.kind === "none") return next(); // not one of this door's paths
      if (!caller.authorization) return sendRefused(res, REFUSED.UNAUTHENTICATED);
      if (match.kind !== "found") {
        // Unknown path: a bad key still gets the platform's 401 first.
        const who = await opts.executor.run(whoAmI, {}, caller);
        if (who.data?.viewer?.__typename !== "ApiClientViewer") return sendRefused(res, REFUSED.UNAUTHENTICATED);
        if (match.kind === "method") res.set("Allow", match.allow.join(", "));
        return void res
          .status(match.kind === "method" ? 405 : 404)
          .json({ error: { message: match.kind === "method" ? "Method not allowed." : "Not found." } });
      }
      route = match.route;
      note.route = req.baseUrl + route.path;
      const input: CompatInput = {
        req,
        params: match.params,
        q: {},
        body: req.body,
        publicBase: publicBaseOf(req, opts.publicUrl ?? null),
        problems: [],
      };
      input.problems.push(...route.readInput(input));
      for (const p of input.problems) delete input.q[p.field]; // refused: the core is asked without them
      const variables = route.variables(input); // adds its own problems (dates), so all are told at once
      if (input.problems.length) {
        // A malformed request: the 422 only to a caller who may use the route (else 401/403 as for any request).
        await run(accessCheck, { scope: route.scope });
        // A read also tells what the core finds wrong with the other parameters (a page size, a cursor, a state).
        if (route.method === "GET") {
          const out = await opts.executor.run(route.operation, variables, caller);
          const told = new Set(input.problems.map((p) => p.field));
          // Only the core's own words about a named input (never a GraphQL message).
          if (out.errors?.[0].extensions?.field) input.problems.push(...coreInputProblems(out.errors[0]).filter((p) => !told.has(p.field)));
        }
        return void res.status(422).json(validationBody(input.problems));
      }
      const once = (v: Record<string, unknown>) => run(route!.operation, v);
      const reply = route.respond(await (route.collect ? route.collect(once, variables, input) : once(variables)), input);
      if (reply.status === 204) return void res.status(204).end();
      res
        .status(reply.status)
        .type("application/json")
        .send(reply.shape ? serialize(reply.shape, reply.body) : JSON.stringify(reply.body));
    } catch (err) {
      if (err instanceof OperationFailed) sendCoreError(res, err.errors[0], route);
      else next(err);
    }
  });

  router.use((err: any, req: Request, res: Response, _next: NextFunction) => {
    if (err?.type === "entity.parse.failed")
      return void res
        .status(422)
        .json({ message: "The given data was invalid.", errors: { body: ["The request body is not valid JSON."] } });
    // Nested or wide past the door's bounds: the platform's validation envelope, naming the bound.
    if (isJsonShapeError(err)) return void res.status(422).json(validationBody([{ field: "body", detail: err.message }]));
    if (err?.type === "entity.too.large")
      return void res.status(413).json({ message: `Request body too large: at most ${bytesText(BODY_BOUNDS.compat)}.` });
    if (err instanceof CoreUnavailableError) return sendRefused(res, REFUSED[STORAGE_UNAVAILABLE]);
    opts.log.error({ err, requestId: requestId(req) }, "unexpected error in compat facade");
    res.status(500).json(UNEXPECTED_BODY);
  });
  return router;
}
