// The warehouse compatibility door (/api/v1/warehouse): accepts requests written for the
// third-party returns platform's warehouse API. It only translates; the returns domain decides.
// Auth: `X-Authorization: <secret>` (the platform's header) or `Authorization: Bearer <secret>`.
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { CoreUnavailableError, operation, type Executor, type Operation } from "../executor.js";
import { publicBaseOf, RouteTable, requestId } from "../http.js";
import { rateLimitHeaders } from "../../src/core/rate-limit.js";
import { noteOf } from "../../src/core/log.js";
import { STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE } from "../../src/core/errors.js";
import { BODY_BOUNDS, bytesText } from "../../src/core/bounds.js";
import { routes, compatRouteOperations } from "./routes.js";
import type { CompatRoute } from "./route.js";
import { compatOpenApiDocument } from "./openapi.js";

export const UNAUTHORIZED_BODY = { error: { code: "401", http_code: "GEN-UNAUTHORIZED", message: "Unauthorized." } };
/** A valid key without the scope: our spec's 403, in the platform's envelope shape. */
export const FORBIDDEN_BODY = { error: { code: "403", http_code: "GEN-FORBIDDEN", message: "Forbidden." } };
/** The platform runs on Laravel, whose throttle answers this body with 429. */
export const TOO_MANY_BODY = { message: "Too Many Attempts." };

const whoAmI = operation(`query CompatViewer { viewer { __typename ... on ApiClientViewer { storeId } } }`);

/** The ten endpoints (routes.ts); the door itself handles auth and unknown paths. */
export const compatRoutes: CompatRoute[] = routes;

export function compatOperations(): Operation[] {
  return [whoAmI, ...compatRouteOperations()];
}

/** The platform's header, or ours, as the Authorization header the core understands. */
export function compatAuthorization(req: Request): string | undefined {
  const platform = req.get("x-authorization");
  if (platform) return /^Bearer\s/i.test(platform) ? platform : `Bearer ${platform.trim()}`;
  return req.get("authorization") ?? undefined;
}

/** 503 in the platform's documented error envelope, with Retry-After (core or storage unavailable). */
function sendUnavailable(res: Response): void {
  res.status(503).set("Retry-After", String(STORAGE_RETRY_AFTER_SECONDS)).json({ errors: { message: "Service unavailable.", code: "UNEXPECTED_ERROR" } });
}

export interface CompatFacadeOptions {
  executor: Executor;
  log: { error(obj: object, msg: string): void };
  /** PUBLIC_URL: the base of the page URLs (else a validated request host). */
  publicUrl?: string | null;
}

export function createCompatFacade(opts: CompatFacadeOptions): Router {
  const table = new RouteTable<CompatRoute>(compatRoutes);
  const router = express.Router();
  const openapi = JSON.stringify(compatOpenApiDocument());
  router.get("/openapi.json", (_req, res) => {
    res.type("application/json").send(openapi);
  });
  router.use(express.json({ limit: BODY_BOUNDS.compat }));

  router.use(async (req: Request, res: Response, next: NextFunction) => {
    const note = noteOf(res);
    const caller = { authorization: compatAuthorization(req), requestId: requestId(req), door: "compat" as const, note };
    try {
      if (!caller.authorization) return void res.status(401).json(UNAUTHORIZED_BODY);
      const match = table.match(req.method, req.path);
      if (match.kind !== "found") {
        // Unknown path: a bad key still gets the platform's 401 first.
        const who = await opts.executor.run(whoAmI, {}, caller);
        if (who.data?.viewer?.__typename !== "ApiClientViewer") return void res.status(401).json(UNAUTHORIZED_BODY);
        if (match.kind === "method") res.set("Allow", match.allow.join(", "));
        return void res.status(match.kind === "method" ? 405 : 404).json({ error: { message: match.kind === "method" ? "Method not allowed." : "Not found." } });
      }
      note.route = req.baseUrl + match.route.path;
      await match.route.handle(req, res, {
        params: match.params,
        publicBase: publicBaseOf(req, opts.publicUrl ?? null),
        run: async (op, variables) => {
          const out = await opts.executor.run(op, variables, caller);
          if (out.rateLimit) res.set(rateLimitHeaders(out.rateLimit));
          const code = out.errors?.[0]?.extensions?.code;
          if (code === "UNAUTHENTICATED") return void res.status(401).json(UNAUTHORIZED_BODY), null;
          if (code === "FORBIDDEN") return void res.status(403).json(FORBIDDEN_BODY), null;
          if (code === "RATE_LIMITED") return void res.status(429).json(TOO_MANY_BODY), null;
          if (code === STORAGE_UNAVAILABLE) return void sendUnavailable(res), null;
          return out;
        },
      });
    } catch (err) {
      next(err);
    }
  });

  router.use((err: any, req: Request, res: Response, _next: NextFunction) => {
    if (err?.type === "entity.parse.failed") return void res.status(422).json({ message: "The given data was invalid.", errors: { body: ["The request body is not valid JSON."] } });
    if (err?.type === "entity.too.large") return void res.status(413).json({ message: `Request body too large: at most ${bytesText(BODY_BOUNDS.compat)}.` });
    if (err instanceof CoreUnavailableError) return void sendUnavailable(res);
    opts.log.error({ err, requestId: requestId(req) }, "unexpected error in compat facade");
    res.status(500).json({ errors: { message: "An unexpected error occurred.", code: "UNEXPECTED_ERROR" } });
  });
  return router;
}
