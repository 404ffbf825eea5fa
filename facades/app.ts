// Composes the HTTP service: the GraphQL core at /graphql, the REST v2.2 facade at /v2.2, the
// warehouse-compat facade at /api/v1/warehouse, the merchant dashboard at /dashboard, the shopper portal
// at /portal, the API
// reference at /docs, and health probes. With CORE_URL set, facades run
// their operations against that remote core instead of in-process.
import { randomUUID } from "node:crypto";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import { ApolloServer, HeaderMap } from "@apollo/server";
import { expressMiddleware } from "@as-integrations/express5";
import type { Logger } from "pino";
import type { Config } from "../src/config.js";
import type { Core } from "../src/core/index.js";
import type { RequestContext } from "../src/core/context.js";
import {
  DEFAULT_MAX_COST,
  DEFAULT_MAX_PAGE_ROWS,
  DOOR_DOCUMENT_MAX_COST,
  DOOR_DOCUMENT_MAX_PAGE_ROWS,
  queryLimitsRule,
} from "../src/core/limits.js";
import { checkOperation } from "../src/core/operation-checks.js";
import { BODY_BOUNDS, bytesText } from "../src/core/bounds.js";
import { DomainError, fail, outcomeOf, STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE } from "../src/core/errors.js";
import { DOOR_PREFIX, loggablePath, noteOf, startNote } from "../src/core/log.js";
import { metricsHandler, type Metrics } from "../src/core/metrics.js";
import { doorFromToken, rateLimitHeaders } from "../src/core/rate-limit.js";
import type { ApolloServerPlugin } from "@apollo/server";
import { inProcessExecutor, remoteExecutor, type Executor } from "./executor.js";
import { isJsonShapeError, jsonBody, thrown } from "./json-body.js";
import { anonymousRefusal, graphqlPreflight } from "./graphql-preflight.js";
import { DOCUMENT_LIMITS } from "../src/core/document-limits.js";
import { createRestFacade, restOperations } from "./rest/index.js";
import { compatOperations, compatWebhookRoutes, createCompatFacade } from "./compat/index.js";
import { createDraftReturnsFacade } from "./compat/drafts/index.js";
import { draftOperations, VERSIONS } from "./compat/drafts/routes.js";
import { createDashboard, createDocs, createExplorerAssets, explorerPage, favicon } from "./dashboard/index.js";
import { createPortal, portalOperations } from "./portal/index.js";
import { ALL_OPERATIONS as DASHBOARD_OPERATIONS } from "./dashboard/app/src/operations.js";
import { Kind, parse } from "graphql";
import { ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";

export interface AppOptions {
  config: Config;
  log: Logger;
  /** The core, when this process serves it (absent for a facade-only deployment). */
  core: Core | null;
  /** Start-up finished and not shutting down (the server owns it). */
  readiness?: Readiness;
  metrics?: Metrics;
}

export interface Readiness {
  ready: boolean;
}

export interface App {
  app: Express;
  stop(): Promise<void>;
}

export async function createApp({ config, log, core, readiness = { ready: true }, metrics }: AppOptions): Promise<App> {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.set("etag", false);

  // Request id, access log and request metrics (no headers logged: they hold credentials). Both
  // read what the doors noted on the request (door, route pattern, operation, API client): no database work.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get("x-request-id");
    const id = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    (req as Request & { id: string }).id = id;
    res.set("X-Request-Id", id);
    // Security headers for every response; doors that serve pages set their own CSP.
    res.set({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "no-referrer",
      "Cross-Origin-Resource-Policy": "same-origin",
      ...(config.production ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
    });
    const note = startNote(res, req.path);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = note.route ?? (res.statusCode === 404 ? "unmatched" : `${DOOR_PREFIX[note.door] ?? ""}/*`);
      metrics?.request(note.door, route, req.method, res.statusCode, seconds);
      // The entry is built only when it will be written (LOG_LEVEL above info skips the access log).
      if (log.isLevelEnabled("info"))
        log.info(
          {
            requestId: id,
            method: req.method,
            path: loggablePath(req.originalUrl.split("?")[0] ?? ""),
            door: note.door,
            route,
            ...(note.operation ? { operation: note.operation } : {}),
            ...(note.apiClientId ? { apiClientId: note.apiClientId } : {}),
            status: res.statusCode,
            ms: seconds * 1000,
          },
          "request",
        );
    });
    next();
  });

  app.use(corsMiddleware(new Set(config.corsOrigins)));

  app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
  // Ready: start-up finished, not shutting down, and the database takes writes (a no-op UPDATE).
  app.get("/readyz", async (_req, res) => {
    if (!readiness.ready)
      return void res.status(503).set("Retry-After", "1").json({ status: "unavailable", reason: "starting or stopping" });
    try {
      await core?.services.db.probeWrite();
      res.json({ status: "ready" });
    } catch {
      res
        .status(503)
        .set("Retry-After", String(STORAGE_RETRY_AFTER_SECONDS))
        .json({ status: "unavailable", reason: "the database does not take writes" });
    }
  });
  // With METRICS_TOKEN, /metrics is served here to bearers of it (METRICS_PORT serves it apart, see server.ts).
  if (metrics && config.metrics.token) {
    const serve = metricsHandler(metrics, config.metrics.token);
    app.get("/metrics", (req, res) => void serve(req, res));
  }

  metrics?.knowOperations(serverOperationNames());

  let apollo: ApolloServer<RequestContext> | null = null;
  if (core) {
    apollo = new ApolloServer<RequestContext>({
      schema: core.schema,
      formatError: core.formatError,
      includeStacktraceInErrorResponses: false,
      validationRules: [queryLimitsRule()],
      // The preflight below refuses documents past the limits first; Apollo's own parse keeps the token bound too.
      parseOptions: { maxTokens: DOCUMENT_LIMITS.maxTokens },
      // One operation per HTTP request: batching multiplies cost past the limits above.
      allowBatchedHttpRequests: false,
      introspection: config.graphqlIntrospection,
      // Shutdown is ours (server.ts): stop listening, finish in-flight requests, then stop Apollo.
      stopOnTerminationSignals: false,
      // Apollo's default landing page loads from a CDN; outside production GET /graphql serves a
      // locally hosted GraphiQL instead (facades/dashboard).
      plugins: [
        rateLimitHeadersPlugin(),
        accessBeforeValidationPlugin(core),
        outcomePlugin(metrics),
        ApolloServerPluginLandingPageDisabled(),
      ],
      logger: { debug: () => {}, info: () => {}, warn: (m) => log.warn(m), error: (m) => log.error(m) },
    });
    await apollo.start();
    const explorer = !config.production;
    if (explorer) app.get("/graphql", explorerPage());
    app.use(
      "/graphql",
      jsonBody({ limit: BODY_BOUNDS.graphql }),
      graphqlPreflight({
        limiter: core.services.rateLimiter,
        anonymousPerMinute: config.rateLimits.anonymous,
        fromDoor: (req) => doorFromToken(config.cursorSecret, req.get("x-retour-door")) !== "graphql",
      }),
      expressMiddleware(apollo, {
        context: async ({ req, res }) => {
          const note = noteOf(res);
          note.route = "/graphql";
          try {
            const ctx = await core.createContext(
              req.headers.authorization,
              (req as Request & { id: string }).id,
              doorFromToken(config.cursorSecret, req.get("x-retour-door")),
              req.ip,
            );
            if (ctx.principal.kind === "apiClient") note.apiClientId = ctx.principal.clientId;
            // Credentials that name no one: counted as the address's anonymous requests (the preflight counted the rest).
            if (ctx.principal.kind === "invalid" && ctx.door === "graphql") {
              const refused = await anonymousRefusal(core.services.rateLimiter, config.rateLimits.anonymous, req.ip);
              if (refused) throw withHttpStatus(fail.rateLimited(refused.message, refused.retryAfter));
            }
            ctx.note = note;
            return ctx;
          } catch (err) {
            // Refused before any operation ran (storage unavailable): answer with its HTTP status.
            if (err instanceof DomainError) throw withHttpStatus(err);
            throw err;
          }
        },
      }),
    );
  }

  // A body past the JSON shape bounds, answered as GraphQL clients read refusals.
  app.use("/graphql", (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!isJsonShapeError(err)) return next(err);
    res
      .status(400)
      .json({ errors: [{ message: err.message, extensions: { code: "BAD_USER_INPUT", status: 400, type: "request/invalid" } }] });
  });

  if (config.serveFacades) {
    const executor: Executor = config.coreUrl
      ? remoteExecutor(config.coreUrl, config.cursorSecret)
      : core
        ? inProcessExecutor(core, [...restOperations(), ...compatOperations(), ...draftOperations(), ...portalOperations()])
        : (() => {
            throw new Error("Facades need either CORE_URL or a local core");
          })();
    app.use("/v2.2", createRestFacade({ executor, serviceName: config.serviceName, log, publicUrl: config.publicUrl }));
    app.use("/api/v1/warehouse", createCompatFacade({ executor, log, publicUrl: config.publicUrl }));
    // The platform's Draft Returns API, under each of its version paths.
    for (const version of VERSIONS)
      app.use(`/api/${version}/draft-returns`, createDraftReturnsFacade({ executor, log, publicUrl: config.publicUrl, version }));
    app.use("/portal/photos", (await import("./portal/photos.js")).createPortalPhotos(executor));
    // The platform's webhooks API sits beside its warehouse API: /api/v1/webhooks.
    app.use("/api/v1", createCompatFacade({ executor, log, publicUrl: config.publicUrl, routes: compatWebhookRoutes }));
    // The dashboard is a door too; it reaches the core through /graphql on this origin.
    app.get("/", (_req, res) => res.redirect(302, "/dashboard/"));
    app.get(["/favicon.svg", "/favicon.ico"], favicon());
    app.use("/dashboard", createDashboard());
    // The shopper portal: /portal/{handle} and its status pages /portal/{handle}/returns/{token}.
    app.use("/portal", createPortal({ executor }));
    app.use("/docs/explorer", createExplorerAssets());
    app.use("/docs", createDocs({ explorer: !!core && !config.production }));
  }

  app.use((req: Request, res: Response) => {
    res
      .status(404)
      .type("application/problem+json")
      .json({
        type: `com.${config.serviceName}.api:request/route-not-found`,
        title: "Not found",
        status: 404,
        detail: `No route ${req.method} ${req.path}.`,
        instance: req.path,
      });
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const e = thrown(err);
    if (e.type === "entity.too.large") {
      return void res
        .status(413)
        .type("application/problem+json")
        .json({
          type: `com.${config.serviceName}.api:request/too-large`,
          title: "Request body too large",
          status: 413,
          detail: `The request body exceeds the limit of ${bytesText(BODY_BOUNDS.graphql)} (${BODY_BOUNDS.graphql} bytes); send less per request.`,
          instance: req.path,
        });
    }
    const status = e.status !== undefined && e.status >= 400 && e.status < 500 ? e.status : 500;
    if (status === 500) log.error({ err, requestId: (req as Request & { id: string }).id }, "unexpected error");
    res
      .status(status)
      .type("application/problem+json")
      .json({
        type: status === 500 ? `com.${config.serviceName}.api:internal` : `com.${config.serviceName}.api:request/invalid`,
        title: status === 500 ? "Internal server error" : "Invalid request",
        status,
        detail: status === 500 ? "The server failed to handle the request; it has been logged with the request id." : e.message,
        instance: req.path,
      });
  });

  return {
    app,
    async stop() {
      await apollo?.stop();
    },
  };
}

/** The names of the operations this server's doors and dashboard send: the only operation labels of the metrics. */
function serverOperationNames(): string[] {
  const documents = [...restOperations(), ...compatOperations(), ...draftOperations()].map((op) => op.document);
  documents.push(...Object.values(DASHBOARD_OPERATIONS).map((source) => parse(source)));
  return documents.flatMap((doc) => doc.definitions.flatMap((d) => (d.kind === Kind.OPERATION_DEFINITION && d.name ? [d.name.value] : [])));
}

/**
 * Strict CORS: the dashboard is served from this origin and needs none. Other origins (a dashboard
 * hosted elsewhere) must be listed exactly in CORS_ORIGINS; any other origin gets no CORS headers,
 * and its preflight is refused with 403.
 */
function corsMiddleware(origins: Set<string>) {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.get("origin");
    res.vary("Origin");
    if (!origin) return next();
    const allowed = origins.has(origin);
    if (allowed) {
      res.set({
        "Access-Control-Allow-Origin": origin,
        "Access-Control-Expose-Headers":
          "X-Request-Id, X-Page-Next, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Idempotent-Replayed",
      });
    }
    if (req.method === "OPTIONS" && req.get("access-control-request-method")) {
      if (!allowed) {
        res
          .status(403)
          .type("application/problem+json")
          .json({
            type: "com.retour.api:request/cors-origin-forbidden",
            title: "Origin not allowed",
            status: 403,
            detail: `Cross-origin requests from ${origin} are not allowed; list the origin in CORS_ORIGINS.`,
            instance: req.path,
          });
        return;
      }
      res.set({
        "Access-Control-Allow-Methods": "GET, POST, PUT, DELETE, PATCH",
        "Access-Control-Allow-Headers": "Authorization, Content-Type, Idempotency-Key, X-Request-Id, X-Page-Size, X-Page-Continue",
        "Access-Control-Max-Age": "600",
      });
      res.status(204).end();
      return;
    }
    next();
  };
}

/** RateLimit-* headers for API clients; any refusal with `retryAfter` (e.g. login throttling) answers 429 with Retry-After. */
function rateLimitHeadersPlugin(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ contextValue, response }) {
          if (contextValue.rateLimit)
            for (const [k, v] of Object.entries(rateLimitHeaders(contextValue.rateLimit))) response.http.headers.set(k.toLowerCase(), v);
          const errors = response.body.kind === "single" ? response.body.singleResult.errors : undefined;
          const retryAfter = errors?.find((e) => e.extensions?.code === "RATE_LIMITED")?.extensions?.retryAfter;
          if (typeof retryAfter === "number") {
            response.http.status = 429;
            response.http.headers.set("retry-after", String(retryAfter));
          }
        },
      };
    },
  };
}

/** A request-level DomainError that Apollo answers with its own HTTP status (and Retry-After when it has one). */
function withHttpStatus(err: DomainError): DomainError {
  const retryAfter = err.info.extra?.retryAfter;
  const headers = typeof retryAfter === "number" ? new HeaderMap([["retry-after", String(retryAfter)]]) : undefined;
  return new DomainError({
    ...err.info,
    extra: { ...(err.info.extra ?? {}), http: { status: err.info.status, ...(headers ? { headers } : {}) } },
  });
}

/**
 * Notes the operation for the log and the metrics; storage unavailable mid-operation answers 503
 * with Retry-After (the error's extensions say so; execution errors otherwise keep HTTP 200).
 */
function outcomePlugin(metrics: Metrics | undefined): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ contextValue, response, operationName, request }) {
          const name = operationName ?? request.operationName;
          if (contextValue.note && name) contextValue.note.operation = name;
          const errors = response.body.kind === "single" ? response.body.singleResult.errors : undefined;
          metrics?.graphqlOperation(name, outcomeOf(errors));
          const storage = errors?.find((e) => e.extensions?.code === STORAGE_UNAVAILABLE);
          if (storage) {
            response.http.status = 503;
            response.http.headers.set("retry-after", String(storage.extensions?.retryAfter ?? STORAGE_RETRY_AFTER_SECONDS));
          }
        },
      };
    },
  };
}

/** Checks credentials, scope and store access before variables are coerced (see checkOperationAccess). */
function accessBeforeValidationPlugin(core: Core): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operationName, request, contextValue }) {
          try {
            // A remote door proved itself (its signed header set the context's door): its fixed documents get their bound.
            checkOperation(
              core.schema,
              document,
              operationName,
              request.variables,
              contextValue,
              contextValue.door === "graphql" ? DEFAULT_MAX_COST : DOOR_DOCUMENT_MAX_COST,
              contextValue.door === "graphql" ? DEFAULT_MAX_PAGE_ROWS : DOOR_DOCUMENT_MAX_PAGE_ROWS,
            );
          } catch (err) {
            // A request-level refusal (nothing executed): answer with its real HTTP status.
            if (err instanceof DomainError) throw withHttpStatus(err);
            throw err;
          }
        },
      };
    },
  };
}
