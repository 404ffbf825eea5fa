// The shape of one compat route and of the call its handler gets (the routes in routes.ts, the door
// that runs them in index.ts); apart so the two need not import each other.
import type { Request, Response } from "express";
import type { GraphQLFormattedError } from "graphql";
import type { Operation } from "../executor.js";
import type { RouteBase } from "../http.js";

export interface CompatRoute extends RouteBase {
  /** The platform's operation id (also the OpenAPI operationId). */
  operationId: string;
  summary: string;
  /** The scope the core enforces (documentation and the auth-matrix tests). */
  scope: "returns_read" | "returns_write";
  /** Handles a request whose credentials the core accepted; `call.run` answers auth and rate-limit failures itself. */
  handle(req: Request, res: Response, call: CompatCall): Promise<void>;
}

export interface CompatCall {
  params: Record<string, string>;
  /** Base of absolute links (page URLs): PUBLIC_URL or a validated request host. */
  publicBase: string;
  /**
   * Runs an operation. Failures every route answers the same way (bad key 401, missing scope 403,
   * rate limit 429) are sent here and `null` is returned; otherwise the data and any domain errors.
   */
  run<T = any>(op: Operation, variables: Record<string, unknown>): Promise<{ data: T | null; errors?: readonly GraphQLFormattedError[] } | null>;
}
