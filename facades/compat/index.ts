// The warehouse compatibility door (/api/v1/warehouse): accepts requests written for the
// third-party returns platform's warehouse API. It only translates; the returns domain decides.
// Auth: `X-Authorization: <secret>` (the platform's header) or `Authorization: Bearer <secret>`.
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type { GraphQLFormattedError } from "graphql";
import { CoreUnavailableError, operation, type Executor, type Operation } from "../executor.js";
import { publicBaseOf, RouteTable, requestId } from "../http.js";
import type { InputProblem } from "../declare.js";
import { rateLimitHeaders } from "../../src/core/rate-limit.js";
import { noteOf } from "../../src/core/log.js";
import { STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE } from "../../src/core/errors.js";
import { BODY_BOUNDS, bytesText } from "../../src/core/bounds.js";
import { accessCheck, compatRoutes } from "./routes.js";
import { serialize, type CompatInput, type CompatRoute } from "./route.js";
import { compatOpenApiDocument } from "./openapi.js";
import { compatWebhookRoutes } from "./webhooks.js";

export { compatRoutes, compatWebhookRoutes };
export type { CompatRoute };

export const UNAUTHORIZED_BODY = { error: { code: "401", http_code: "GEN-UNAUTHORIZED", message: "Unauthorized." } };
/** A valid key without the scope: our spec's 403, in the platform's envelope shape. */
export const FORBIDDEN_BODY = { error: { code: "403", http_code: "GEN-FORBIDDEN", message: "Forbidden." } };
/** The platform runs on Laravel, whose throttle answers this body with 429. */
export const TOO_MANY_BODY = { message: "Too Many Attempts." };
const UNEXPECTED = { errors: { message: "An unexpected error occurred.", code: "UNEXPECTED_ERROR" } };

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

/** 503 in the platform's documented error envelope, with Retry-After (core or storage unavailable). */
function sendUnavailable(res: Response): void {
  res
    .status(503)
    .set("Retry-After", String(STORAGE_RETRY_AFTER_SECONDS))
    .json({ errors: { message: "Service unavailable.", code: "UNEXPECTED_ERROR" } });
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
  router.use(express.json({ limit: BODY_BOUNDS.compat }));

  router.use(async (req: Request, res: Response, next: NextFunction) => {
    const note = noteOf(res);
    const caller = { authorization: compatAuthorization(req), requestId: requestId(req), door: "compat" as const, note };
    /** Runs an operation; answers what every route answers alike (401, 403, 429, 503) and returns null then. */
    const run = async (
      op: Operation,
      variables: Record<string, unknown>,
    ): Promise<{ data: any; errors?: readonly GraphQLFormattedError[] } | null> => {
      const out = await opts.executor.run(op, variables, caller);
      if (out.rateLimit) res.set(rateLimitHeaders(out.rateLimit));
      const code = out.errors?.[0]?.extensions?.code;
      if (code === "UNAUTHENTICATED") return (void res.status(401).json(UNAUTHORIZED_BODY), null);
      if (code === "FORBIDDEN") return (void res.status(403).json(FORBIDDEN_BODY), null);
      if (code === "RATE_LIMITED") return (void res.status(429).json(TOO_MANY_BODY), null);
      if (code === STORAGE_UNAVAILABLE) return (void sendUnavailable(res), null);
      return out;
    };
    /** The core's refusal of an input (its `field`, its words) in the 422 envelope; anything else is unexpected. */
    const sendCoreError = (err: GraphQLFormattedError, route?: CompatRoute) => {
      const own = route?.onCoreError?.(err);
      if (own) return void res.status(own.status).json(own.body);
      const ext = (err.extensions ?? {}) as { status?: number; field?: string; code?: string };
      if (ext.status === 400 || ext.code === "BAD_USER_INPUT")
        return void res.status(422).json(validationBody([{ field: ext.field ?? "request", detail: err.message }]));
      res.status(500).json(UNEXPECTED);
    };
    try {
      const match = table.match(req.method, req.path);
      if (opts.routes && match.kind === "none") return next(); // not one of this door's paths
      if (!caller.authorization) return void res.status(401).json(UNAUTHORIZED_BODY);
      if (match.kind !== "found") {
        // Unknown path: a bad key still gets the platform's 401 first.
        const who = await opts.executor.run(whoAmI, {}, caller);
        if (who.data?.viewer?.__typename !== "ApiClientViewer") return void res.status(401).json(UNAUTHORIZED_BODY);
        if (match.kind === "method") res.set("Allow", match.allow.join(", "));
        return void res
          .status(match.kind === "method" ? 405 : 404)
          .json({ error: { message: match.kind === "method" ? "Method not allowed." : "Not found." } });
      }
      const route = match.route;
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
      const variables = route.variables(input); // adds its own problems (dates), so all are told at once
      if (input.problems.length) {
        // A malformed request: the 422 only to a caller who may use the route (else 401/403 as for any request).
        const access = await run(accessCheck, { scope: route.scope });
        if (!access) return;
        if (access.errors?.length) return sendCoreError(access.errors[0]);
        return void res.status(422).json(validationBody(input.problems));
      }
      const out = await run(route.operation, variables);
      if (!out) return;
      if (out.errors?.length) return sendCoreError(out.errors[0], route);
      const reply = route.respond(out.data, input);
      if (reply.status === 204) return void res.status(204).end();
      res
        .status(reply.status)
        .type("application/json")
        .send(reply.shape ? serialize(reply.shape, reply.body) : JSON.stringify(reply.body));
    } catch (err) {
      next(err);
    }
  });

  router.use((err: any, req: Request, res: Response, _next: NextFunction) => {
    if (err?.type === "entity.parse.failed")
      return void res
        .status(422)
        .json({ message: "The given data was invalid.", errors: { body: ["The request body is not valid JSON."] } });
    if (err?.type === "entity.too.large")
      return void res.status(413).json({ message: `Request body too large: at most ${bytesText(BODY_BOUNDS.compat)}.` });
    if (err instanceof CoreUnavailableError) return void sendUnavailable(res);
    opts.log.error({ err, requestId: requestId(req) }, "unexpected error in compat facade");
    res.status(500).json(UNEXPECTED);
  });
  return router;
}
