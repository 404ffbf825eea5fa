// JSON logs (pino). Credentials are redacted wherever they could appear.
import { pino, type DestinationStream, type Logger } from "pino";

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: "retour" },
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers['x-authorization']",
        "headers.authorization",
        "headers['x-authorization']",
        "authorization",
        "secret",
        "password",
        "token",
        "*.secret",
        "*.password",
        "*.token",
      ],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * A request's path as the access log writes it: a credential a client put in the path by mistake (an API secret,
 * a session or shopper token: `rtr_<kind>_…`) and the capability segments of the shopper's links (a return's
 * signed status token, a photo's unguessable id) are written as `[redacted]`, so a log reader cannot use them.
 */
export function loggablePath(path: string): string {
  return path
    .replace(/rtr_[a-z]{2}_[A-Za-z0-9_%-]*/g, "[redacted]")
    .replace(/^(\/portal\/[^/]+\/returns\/)[^/]+/, "$1[redacted]")
    .replace(/^(\/portal\/photos\/)[^/]+/, "$1[redacted]");
}

/** What the doors note about a request for its access-log line and its metrics (never a secret). */
export interface RequestNote {
  door: string;
  /** The route pattern with its door's prefix (DOOR_PREFIX, then e.g. /stores/:storeId/returns), never the raw path. */
  route?: string;
  /** The GraphQL operation name (a REST or compat request notes the core operation it ran). */
  operation?: string;
  apiClientId?: string;
}

/** Where each door is mounted. */
export const DOOR_PREFIX: Record<string, string> = {
  graphql: "/graphql",
  rest: "/v2.2",
  compat: "/api/v1/warehouse",
  dashboard: "/dashboard",
  portal: "/portal",
  docs: "/docs",
};
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);

/** Starts the note of a request from its path. */
export function startNote(res: { locals: Record<string, unknown> }, path: string): RequestNote {
  let note: RequestNote;
  if (PROBES.has(path)) note = { door: "ops", route: path };
  else if (path === "/") note = { door: "dashboard", route: "/" };
  else {
    const door = Object.keys(DOOR_PREFIX).find((d) => path === DOOR_PREFIX[d] || path.startsWith(`${DOOR_PREFIX[d]}/`));
    note = { door: door ?? "none" };
  }
  res.locals.note = note;
  return note;
}

/** The note of a request (a blank one outside the app, e.g. in unit use of a router). */
export function noteOf(res: { locals: Record<string, unknown> }): RequestNote {
  return ((res.locals.note as RequestNote | undefined) ??= { door: "none" }) as RequestNote;
}
