// The core: one object holding the executable schema and what every request needs. The GraphQL
// HTTP endpoint and the in-process facade executor both run operations through it.
import { randomUUID } from "node:crypto";
import type { DocumentNode, ExecutionResult, GraphQLFormattedError, GraphQLSchema } from "graphql";
import { compiled, interpret, type Run } from "./compiled.js";
import type { Logger } from "pino";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { RequestContext, type Principal, type Services } from "./context.js";
import { fail, formatError, withoutSuggestions } from "./errors.js";
import { isStorageUnavailable } from "./db-errors.js";
import type { Metrics } from "./metrics.js";
import { CursorCodec } from "./pagination.js";
import { buildSchema, type SchemaParts } from "./schema.js";
import { createRateLimiter, type Door, sourceOf } from "./rate-limit.js";

export interface Core {
  schema: GraphQLSchema;
  services: Services;
  /** Builds the per-request context from the caller's Authorization header. */
  createContext(authorization: string | undefined, requestId?: string, door?: Door, clientAddress?: string): Promise<RequestContext>;
  formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError;
  /** Executes a validated document: access is checked before variables are coerced. */
  execute(document: DocumentNode, variables: Record<string, unknown>, ctx: RequestContext): Promise<ExecutionResult>;
  /** A door's fixed document compiled once (src/core/compiled.ts): the same checks and results as `execute`. */
  prepare(document: DocumentNode): Run;
}

/** What the domains give the core at assembly (src/domains.ts): the core imports no domain. */
export interface Domains extends SchemaParts {
  /** Who is calling, from the Authorization header (the identity domain decides). */
  authenticate(services: Services, authorization: string | undefined): Promise<Principal>;
}

export function createCore(config: Config, db: Database, log: Logger, domains: Domains, metrics?: Metrics): Core {
  const schema = buildSchema(domains);
  const services: Services = {
    db,
    config,
    cursors: new CursorCodec(config.cursorSecret),
    log,
    afterCommit: new Set(),
    rateLimiter: createRateLimiter(db),
    metrics,
    schema,
  };
  async function contextFor(
    authorization: string | undefined,
    requestId: string,
    door: Door,
    clientAddress: string | undefined,
  ): Promise<RequestContext> {
    const principal = await domains.authenticate(services, authorization);
    const ctx = new RequestContext(services, principal, requestId, log, true);
    ctx.door = door;
    ctx.clientAddress = clientAddress;
    const limit = config.rateLimits[door];
    if (principal.kind === "apiClient" && limit > 0 && services.rateLimiter) {
      ctx.rateLimit = await services.rateLimiter.hit(`${principal.clientId}:${door}`, limit, 60_000);
    }
    const perShopper = config.rateLimits.shopper;
    if (principal.kind === "shopper" && perShopper > 0 && services.rateLimiter) {
      // Per session and per source, so neither many requests on one token nor many tokens from one place get through.
      const [bySession, bySource] = await Promise.all([
        services.rateLimiter.hit(`shopper:${principal.draftId}`, perShopper, 60_000),
        services.rateLimiter.hit(`shopper-src:${sourceOf(clientAddress)}`, perShopper * 5, 60_000),
      ]);
      ctx.rateLimit = !bySource.allowed ? bySource : bySession;
    }
    return ctx;
  }
  return {
    schema,
    services,
    async createContext(authorization, requestId = randomUUID(), door = "graphql", clientAddress) {
      try {
        return await contextFor(authorization, requestId, door, clientAddress);
      } catch (err) {
        if (!isStorageUnavailable(err)) throw err;
        log.error({ err, requestId }, "storage unavailable");
        throw fail.storageUnavailable();
      }
    },
    execute: (document, variables, ctx) => interpret(schema, document, variables, ctx),
    prepare: (document) => compiled(schema, document, log),
    formatError(formatted, error) {
      const shaped = formatError(formatted, error, (err) => log.error({ err }, "unexpected error in GraphQL operation"));
      return config.graphqlIntrospection ? shaped : withoutSuggestions(shaped);
    },
  };
}
