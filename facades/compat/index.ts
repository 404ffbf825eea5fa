// The warehouse compatibility door (/api/v1/warehouse): accepts requests written for the
// third-party returns platform's warehouse API. It only translates; the returns domain decides.
// The integration's core side (its rules, states, objects and webhooks) is src/warehouse/.
// Auth: `X-Authorization: <secret>` (the platform's header) or `Authorization: Bearer <secret>`.
import type { Request, Router } from "express";
import type { GraphQLFormattedError } from "graphql";
import { operation, type Executor, type Operation } from "../executor.js";
import { accessCheck, createDoor, json, type Dialect, type Reply } from "../door.js";
import type { InputProblem } from "../declare.js";
import { isJsonShapeError, thrown } from "../json-body.js";
import { STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE } from "../../src/core/errors.js";
import { BODY_BOUNDS, bytesText } from "../../src/core/bounds.js";
import { compatRoutes } from "./routes.js";
import type { CompatRoute } from "./route.js";
import { UNEXPECTED_BODY } from "./shapes.js";
import { compatOpenApiDocument } from "./openapi.js";
import { compatWebhookRoutes } from "./webhooks.js";
import type { CompatViewerQuery } from "../codegen/operations.js";

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

const whoAmI = operation<CompatViewerQuery>(`query CompatViewer { viewer { __typename ... on ApiClientViewer { storeId } } }`);

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
function coreErrorReply(err: GraphQLFormattedError, route?: CompatRoute): Reply {
  const refused = REFUSED[String(err.extensions?.code)];
  const problems = coreInputProblems(err);
  const own = route?.onCoreError?.(err);
  if (refused) return refusedReply(refused);
  if (own) return json(own.status, own.body);
  if (problems.length) return json(422, validationBody(problems));
  return json(500, UNEXPECTED_BODY);
}

/** A refusal of REFUSED (503: with Retry-After). */
function refusedReply([status, body]: [number, unknown]): Reply {
  return json(status, body, status === 503 ? { "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS) } : undefined);
}

/** The platform's dialect: its envelopes (Laravel's 422, its 401/403), its `X-Authorization` header. */
export const compatDialect: Dialect<CompatRoute> = {
  door: "compat",
  bodyLimit: BODY_BOUNDS.compat,
  authorization: compatAuthorization,
  anonymous: refusedReply(REFUSED.UNAUTHENTICATED),
  async unmatched(_req, match, ask) {
    // Unknown path: a bad key still gets the platform's 401 first.
    const who = await ask(whoAmI, {});
    if (who.data?.viewer?.__typename !== "ApiClientViewer") return refusedReply(REFUSED.UNAUTHENTICATED);
    if (match.kind === "method") return json(405, { error: { message: "Method not allowed." } }, { Allow: match.allow.join(", ") });
    return json(404, { error: { message: "Not found." } });
  },
  invalid: (_req, err) => json(422, validationBody(err.problems ?? [{ field: err.field ?? "request", detail: err.message }])),
  coreProblems(err, _route, _input, told) {
    // Only the core's own words about a named input (never a GraphQL message).
    if (!err.extensions?.field) return [];
    const named = new Set(told.map((p) => p.field));
    return coreInputProblems(err).filter((p) => !named.has(p.field));
  },
  coreError: (_req, err, route) => coreErrorReply(err, route),
  bodyError(_req, err) {
    const e = thrown(err);
    if (e.type === "entity.parse.failed")
      return json(422, { message: "The given data was invalid.", errors: { body: ["The request body is not valid JSON."] } });
    // Nested or wide past the door's bounds: the platform's validation envelope, naming the bound.
    if (isJsonShapeError(err)) return json(422, validationBody([{ field: "body", detail: err.message }]));
    if (e.type === "entity.too.large") return json(413, { message: `Request body too large: at most ${bytesText(BODY_BOUNDS.compat)}.` });
    return null;
  },
  unavailable: () => refusedReply(REFUSED[STORAGE_UNAVAILABLE]),
  internal: () => json(500, UNEXPECTED_BODY),
};

export interface CompatFacadeOptions {
  executor: Executor;
  log: { error(obj: object, msg: string): void };
  /** PUBLIC_URL: the base of the page URLs (else a validated request host). */
  publicUrl?: string | null;
  /** Another set of the platform's routes (its webhooks API at /api/v1): requests none of them matches pass on. */
  routes?: CompatRoute[];
}

export function createCompatFacade(opts: CompatFacadeOptions): Router {
  return createDoor({
    executor: opts.executor,
    log: opts.log,
    routes: opts.routes ?? compatRoutes,
    dialect: compatDialect,
    publicUrl: opts.publicUrl,
    ...(opts.routes ? { passUnmatched: true } : { openapi: compatOpenApiDocument() }),
  });
}
