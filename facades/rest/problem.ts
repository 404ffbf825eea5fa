// RFC 9457 problem details for the REST facade. Domain errors arrive from the core as GraphQL errors
// whose extensions carry { status, type, title }; they are mapped here, generically, for every route.
import type { Request, Response } from "express";
import type { GraphQLFormattedError } from "graphql";

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  [extension: string]: unknown;
}

export function problemType(serviceName: string, suffix: string): string {
  return suffix === "about:blank" ? suffix : `com.${serviceName}.api:${suffix}`;
}

export function sendProblem(res: Response, problem: Problem): void {
  res.status(problem.status).type("application/problem+json").send(JSON.stringify(problem));
}

export function problemFor(serviceName: string, req: Request, status: number, suffix: string, title: string, detail: string, extra?: Record<string, unknown>): Problem {
  return { type: problemType(serviceName, suffix), title, status, detail, instance: req.originalUrl.split("?")[0], ...(extra ?? {}) };
}

/** Maps the first GraphQL error to a problem. */
export function problemFromGraphQL(serviceName: string, req: Request, error: GraphQLFormattedError): Problem {
  const ext = (error.extensions ?? {}) as Record<string, unknown>;
  const status = typeof ext.status === "number" ? ext.status : 500;
  const extra: Record<string, unknown> = {};
  if (typeof ext.field === "string") extra.field = ext.field;
  return problemFor(
    serviceName,
    req,
    status,
    typeof ext.type === "string" ? ext.type : status >= 500 ? "internal" : "request/invalid",
    typeof ext.title === "string" ? ext.title : status >= 500 ? "Internal server error" : "Invalid request",
    // 503 (storage unavailable) says what to do; other 5xx say nothing of the cause.
    status >= 500 && status !== 503 ? "The server failed to handle the request; it has been logged with the request id." : cleanMessage(error.message),
    extra,
  );
}

/** GraphQL's variable-coercion messages name `$variables`; strip that noise for REST callers. */
function cleanMessage(message: string): string {
  return message.replace(/^Variable "\$\w+" got invalid value /, "Invalid value ").replace(/ at "(\w+)\./, ' at "');
}
