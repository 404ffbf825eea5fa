// The request context: every service takes it first. It carries the database, the caller
// (principal), per-request loaders, and a logger bound to the request id.
import { refuse } from "./core-refusals.js";
import type { GraphQLSchema } from "graphql";
import type { Logger } from "pino";
import type { Database, PrismaClient } from "../db/client.js";
import type { Config } from "../config.js";
import { Loaders } from "./loaders.js";
import type { CursorCodec } from "./pagination.js";
import { fail } from "./errors.js";
import type { Door, RateLimitDecision, RateLimiter } from "./rate-limit.js";
import type { RequestNote } from "./log.js";
import type { Metrics } from "./metrics.js";

export type Principal =
  | { kind: "anonymous" }
  /** Credentials were sent but are not valid (unknown, malformed, revoked or expired). */
  | { kind: "invalid"; reason: string }
  | {
      kind: "apiClient";
      clientId: string;
      storeId: string;
      scopes: ReadonlySet<string>;
      /** The client's name as authentication read it (what a return records as its creator); absent: read it. */
      name?: string;
    }
  | { kind: "staff"; userId: string; sessionId: string; storeIds: ReadonlySet<string> }
  /** A shopper's session (src/drafts): reaches its one draft return and that draft's order, nothing of the store. */
  | { kind: "shopper"; draftId: string; storeId: string };
/** The principals the schema's `Viewer` tells apart (the rest read as `Anonymous`). */
export type ApiClientPrincipal = Extract<Principal, { kind: "apiClient" }>;
export type StaffPrincipal = Extract<Principal, { kind: "staff" }>;
export type AnonymousPrincipal = Exclude<Principal, ApiClientPrincipal | StaffPrincipal>;

export interface Services {
  db: Database;
  config: Config;
  cursors: CursorCodec;
  log: Logger;
  /** Hooks other domains can use after a commit (e.g. to wake the webhook dispatcher). */
  afterCommit: Set<(topic: string) => void>;
  rateLimiter?: RateLimiter;
  /** Counters of the running service (absent in the CLI). */
  metrics?: Metrics;
  /** The core's executable schema, for operations run in-process as the system (event payloads); absent in the CLI. */
  schema?: GraphQLSchema;
}

export class RequestContext {
  readonly loaders = new Loaders();
  /** The caller's rate-limit window for this request (API clients only). */
  rateLimit: RateLimitDecision | null = null;
  door: Door = "graphql";
  /** The HTTP request's note for the access log (set by the /graphql door). */
  note?: RequestNote;
  /** The caller's address as the HTTP server sees it (for login throttling); unset in-process. */
  clientAddress?: string;
  private ownLog: Logger | null = null;
  /**
   * `log`: the request's logger; or, with `bindRequestId`, the logger of which the request's own (bound
   * to its id) is made at its first use: most requests never log, and a pino child costs every request.
   */
  constructor(
    readonly services: Services,
    readonly principal: Principal,
    readonly requestId: string,
    private readonly parentLog: Logger,
    private readonly bindRequestId = false,
  ) {}

  get log(): Logger {
    return (this.ownLog ??= this.bindRequestId ? this.parentLog.child({ requestId: this.requestId }) : this.parentLog);
  }

  get prisma(): PrismaClient {
    return this.services.db.prisma;
  }

  /** Reads that tolerate a read replica's lag (the returns list, its counts, the overview): see `Database.laggingReads`. */
  get laggingReads(): PrismaClient {
    return this.services.db.laggingReads;
  }

  get config(): Config {
    return this.services.config;
  }

  /** Store ids the caller may act on. */
  storeIds(): string[] {
    const p = this.principal;
    if (p.kind === "apiClient") return [p.storeId];
    if (p.kind === "staff") return [...p.storeIds];
    return [];
  }

  canAccessStore(storeId: string): boolean {
    const p = this.principal;
    return (p.kind === "apiClient" && p.storeId === storeId) || (p.kind === "staff" && p.storeIds.has(storeId));
  }

  requireAuthenticated(): void {
    if (this.principal.kind === "anonymous") throw fail.unauthenticated();
    if (this.principal.kind === "invalid") throw fail.unauthenticated(this.principal.reason);
  }

  requireStore(storeId: string): void {
    this.requireAuthenticated();
    // Another tenant's store is not found, like any other object of another tenant (and like a store that does not exist).
    if (!this.canAccessStore(storeId)) throw refuse("STORE_NOT_FOR_CREDENTIALS", { storeId });
  }

  /** Who did it, for timelines and audit: "api_client:<id>" or "staff:<id>". */
  actor(): { type: "api_client" | "staff" | "system" | "shopper"; id: string | null } {
    const p = this.principal;
    if (p.kind === "apiClient") return { type: "api_client", id: p.clientId };
    if (p.kind === "staff") return { type: "staff", id: p.userId };
    if (p.kind === "shopper") return { type: "shopper", id: p.draftId };
    return { type: "system", id: null };
  }
}

/** A context for trusted internal callers (CLI, seeding, background jobs) acting on one store. */
export function systemContext(services: Services, storeId: string, purpose = "system"): RequestContext {
  return new RequestContext(
    services,
    { kind: "staff", userId: "system", sessionId: purpose, storeIds: new Set([storeId]) },
    purpose,
    services.log.child({ purpose }),
  );
}
