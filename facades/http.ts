// Small routing helpers shared by the facades: a route table matched by method and path, so a
// known path with the wrong method answers 405 with `Allow`, and an unknown one 404.
import type { Request, Response } from "express";
import type { GraphQLFormattedError } from "graphql";
import { isIP } from "node:net";
import { isHostname } from "../src/config.js";
import { rateLimitHeaders } from "../src/core/rate-limit.js";
import type { Caller, Executor, Operation } from "./executor.js";

export type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

export interface RouteBase {
  method: Method;
  /** Path template with `:param` segments, relative to the facade's mount point. */
  path: string;
}

interface Compiled<R extends RouteBase> {
  route: R;
  regex: RegExp;
  names: string[];
}

export type Match<R> = { kind: "found"; route: R; params: Record<string, string> } | { kind: "method"; allow: string[] } | { kind: "none" };

export class RouteTable<R extends RouteBase> {
  private readonly compiled: Compiled<R>[];

  constructor(readonly routes: R[]) {
    this.compiled = routes.map((route) => {
      const names: string[] = [];
      const pattern = route.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:([A-Za-z_]+)/g, (_, name) => {
        names.push(name);
        return "([^/]+)";
      });
      return { route, names, regex: new RegExp(`^${pattern}/?$`) };
    });
  }

  match(method: string, path: string): Match<R> {
    const allow = new Set<string>();
    for (const c of this.compiled) {
      const m = c.regex.exec(path);
      if (!m) continue;
      if (c.route.method === method || (method === "HEAD" && c.route.method === "GET")) {
        const params: Record<string, string> = {};
        try {
          c.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1])));
        } catch {
          continue; // malformed percent-encoding: not a match
        }
        return { kind: "found", route: c.route, params };
      }
      allow.add(c.route.method);
    }
    return allow.size ? { kind: "method", allow: [...allow] } : { kind: "none" };
  }
}

/** A single query or header value (first one when repeated). */
export function queryValue(req: Request, name: string): string | undefined {
  const v = req.query[name];
  if (Array.isArray(v)) return typeof v[0] === "string" ? v[0] : undefined;
  return typeof v === "string" ? v : undefined;
}

/** An operation's GraphQL errors, thrown by a request's runner so that one `catch` of the door answers them. */
export class OperationFailed extends Error {
  constructor(readonly errors: readonly GraphQLFormattedError[]) {
    super(errors[0]?.message ?? "GraphQL error");
  }
}

/** Runs operations for one request: sets the caller's rate-limit headers (while they can be sent), throws the errors. */
export function runnerFor(executor: Executor, caller: Caller, res: Response) {
  return async <T>(op: Operation<T>, variables: Record<string, unknown>): Promise<T> => {
    const out = await executor.run<T>(op, variables, caller);
    if (out.rateLimit && !res.headersSent) res.set(rateLimitHeaders(out.rateLimit));
    if (out.errors?.length) throw new OperationFailed(out.errors);
    return out.data as T;
  };
}

export function requestId(req: Request): string {
  return (req as Request & { id: string }).id;
}

/**
 * The base of absolute links this service hands out: PUBLIC_URL when configured; otherwise the
 * request's scheme and Host, accepted only when they are http(s) and a valid host (a client's
 * X-Forwarded-Proto or Host must not turn a link into `javascript:` or another site's path).
 */
export function publicBaseOf(req: Request, publicUrl: string | null): string {
  if (publicUrl) return publicUrl;
  const scheme =
    req.protocol === "https" || req.protocol === "http"
      ? req.protocol
      : (req.socket as { encrypted?: boolean }).encrypted
        ? "https"
        : "http";
  const host = req.get("host") ?? "";
  if (isValidHostHeader(host)) return `${scheme}://${host}`;
  const local = req.socket.localAddress ?? "127.0.0.1";
  return `${scheme}://${local.includes(":") ? `[${local}]` : local}:${req.socket.localPort}`;
}

/** host or host:port: a DNS name, an IPv4 address or a bracketed IPv6 address, and a port 1-65535. */
function isValidHostHeader(host: string): boolean {
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(host);
  if (!m) return false;
  const [, name, port] = m;
  const nameOk = name.startsWith("[") ? isIP(name.slice(1, -1)) === 6 : isIP(name) === 4 || isHostname(name);
  return nameOk && (port === undefined || (Number(port) >= 1 && Number(port) <= 65_535));
}
