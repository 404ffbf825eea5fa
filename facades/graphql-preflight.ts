// What /graphql does before Apollo sees a request, so that work before authentication stays bounded
// by the request's size: callers without credentials count in their own tight per-address limit,
// and the document is parsed under its limits (tokens, depth, selections, aliases, directives;
// src/core/document-limits.ts) before any validation rule, access check or cost walk runs.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { GraphQLError } from "graphql";
import { isIPv6 } from "node:net";
import { parseWithinLimits } from "../src/core/document-limits.js";
import type { RateLimiter } from "../src/core/rate-limit.js";

/** The key of a caller's address: IPv6 by its /64 (one subscriber's whole prefix), IPv4 as it is. */
export function addressKey(address: string | undefined): string {
  if (!address) return "unknown";
  if (address.startsWith("::ffff:") && address.includes(".")) return address.slice(7);
  if (!isIPv6(address)) return address;
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** Counts an anonymous request of this address; the refusal to answer, or null when within the limit. */
export async function anonymousRefusal(
  limiter: RateLimiter | undefined,
  perMinute: number,
  address: string | undefined,
): Promise<{ retryAfter: number; message: string } | null> {
  if (!limiter || perMinute <= 0) return null;
  const d = await limiter.hit(`anonymous:graphql:${addressKey(address)}`, perMinute, 60_000);
  if (d.allowed) return null;
  return {
    retryAfter: d.resetSeconds,
    message: `More than ${perMinute} requests without credentials from this address this minute; retry in ${d.resetSeconds} s, or send an API key.`,
  };
}

function refuse(res: Response, status: number, errors: { message: string; extensions: Record<string, unknown> }[]): void {
  res.status(status).type("application/json").send(JSON.stringify({ errors }));
}

const plain = (e: GraphQLError) => ({ message: e.message, extensions: { ...e.extensions } });

export function graphqlPreflight(opts: {
  limiter?: RateLimiter;
  anonymousPerMinute: number;
  /** A door deployed apart (its signed header): its address is the door's, not its callers'. */
  fromDoor: (req: Request) => boolean;
}): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (!req.headers.authorization && !opts.fromDoor(req)) {
        const refused = await anonymousRefusal(opts.limiter, opts.anonymousPerMinute, req.ip);
        if (refused) {
          res.set("Retry-After", String(refused.retryAfter));
          return refuse(res, 429, [
            { message: refused.message, extensions: { code: "RATE_LIMITED", status: 429, retryAfter: refused.retryAfter } },
          ]);
        }
      }
      const source = req.method === "POST" ? (req.body as { query?: unknown } | undefined)?.query : req.query.query;
      if (typeof source === "string") {
        const { errors } = parseWithinLimits(source);
        if (errors.length) return refuse(res, 400, errors.map(plain));
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}
