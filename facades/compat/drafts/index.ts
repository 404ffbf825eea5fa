// The Draft Returns door: /api/{v1|2026-07|2026-10|unstable|latest}/draft-returns. It translates the
// platform's requests into the core's draft operations and the answers into its envelope; the core
// decides every rule (who is a storefront key, the shopper token, states, eligibility). Errors are the
// platform's `errors: [{code, message}]`: 404 for a draft not found (a missing or wrong
// `X-Loop-Shopper-Token` included), 422 with the documented codes for the rest.
import type { Request, Router } from "express";
import type { GraphQLFormattedError } from "graphql";
import type { Executor } from "../../executor.js";
import { createDoor, json, type Dialect, type Reply } from "../../door.js";
import { isJsonShapeError, thrown } from "../../json-body.js";
import { type Refusal, STORAGE_RETRY_AFTER_SECONDS } from "../../../src/core/errors.js";
import { BODY_BOUNDS, bytesText } from "../../../src/core/bounds.js";
import { compatAuthorization } from "../index.js";
import { notEligibleMessage } from "./eligibility.js";
import { type Draft, envelope, type Format } from "./format.js";
import { DraftActionRefused, DraftRefusal, type DraftRoute, draftRoutes, formatOf, reply, type Version } from "./routes.js";

const errors = (code: string, message: string) => ({ errors: [{ code, message }] });

/** The core's draft refusals (src/drafts/errors.ts) as the platform names them; another drafts/<code> is sent as <code>. */
const PLATFORM_CODES: Record<string, string> = {
  "drafts/closed": "terminal-state",
  "drafts/wrong-state": "action-validation-failed",
  "drafts/line-not-returnable": "item-not-eligible",
  "drafts/exchange-variant-unavailable": "product-variant-unavailable",
  "drafts/policy-refused": "returns-unavailable-for-order",
  // The platform has no code for "this order now opens only with its email"; its lookup failure is the nearest.
  "drafts/order-lookup-needs-email": "order-lookup-failed",
};

/** The core's error type (drafts/<code>) as the platform's code; the status the platform answers it with. */
function codeOf(err: GraphQLFormattedError): [status: number, code: string] {
  const ext = (err.extensions ?? {}) as { code?: string; status?: number; type?: string };
  const type = ext.type ?? "";
  if (ext.code === "UNAUTHENTICATED") return [401, "NOT_AUTHORIZED"];
  if (ext.code === "FORBIDDEN") return [403, "NOT_AUTHORIZED"];
  if (ext.code === "RATE_LIMITED") return [429, type === "drafts/order-lookup-throttled" ? "order-lookup-failed" : "too-many-requests"];
  if (type === "drafts/not-found" || type === "stores/not-found") return [404, "NOT_FOUND"];
  if (type === "drafts/order-not-found") return [422, "order-not-found"];
  if (type.startsWith("drafts/")) return [422, PLATFORM_CODES[type] ?? type.slice("drafts/".length)];
  if (ext.status === 400 || ext.code === "BAD_USER_INPUT" || ext.status === 404 || ext.status === 409) return [422, "validation-failed"];
  if (ext.status === 503) return [503, "UNEXPECTED_ERROR"];
  return [500, "UNEXPECTED_ERROR"];
}

function formatFor(req: Request, version: Version): Format {
  return formatOf(version, req.get("accept") ?? undefined);
}

/** The core's argument names as this API's body fields. */
const WIRE_FIELDS: Record<string, string> = { method: "return_method", creditType: "credit_type" };
/**
 * The core's address words as this door has always named them in a refusal, field and message alike (the
 * names this API answered before the core's draft address took the core's words; unchanged for its clients).
 */
const ADDRESS_WIRE: Record<string, string> = { "address.line1": "address.address1", "address.country": "address.countryCode" };

function coreReply(req: Request, version: Version, err: GraphQLFormattedError, draft?: Draft | null, base?: string): Reply {
  const [status, code] = codeOf(err);
  const ext = (err.extensions ?? {}) as {
    field?: string;
    retryAfter?: number;
    refusal?: Refusal;
    problems?: { field?: string; detail: string; refusal?: Refusal }[];
  };
  const format = formatFor(req, version);
  const list = (ext.problems ?? [{ field: ext.field, detail: err.message, refusal: ext.refusal }]).map((p) => {
    const address = p.field ? ADDRESS_WIRE[p.field] : undefined;
    const detail =
      p.refusal?.code === "LINE_NOT_RETURNABLE"
        ? notEligibleMessage(p.refusal.params)
        : address
          ? p.detail.replaceAll(`\`${p.field}\``, `\`${address}\``)
          : p.detail;
    return {
      code,
      message: status >= 500 ? "Unexpected error." : detail,
      ...(p.field ? { field: address ?? WIRE_FIELDS[p.field] ?? p.field } : {}),
    };
  });
  const headers: Record<string, string> = {};
  if (status === 429 || status === 503) headers["Retry-After"] = String(ext.retryAfter ?? STORAGE_RETRY_AFTER_SECONDS);
  const body = draft && base && status === 422 ? { ...envelope(draft, base, format), errors: list } : { errors: list };
  return { ...reply(status, body, format), headers };
}

function dialectFor(version: Version): Dialect<DraftRoute> {
  return {
    door: "compat",
    bodyLimit: BODY_BOUNDS.compat,
    // API keys only (a shopper session's token is the portal's credential, not this API's).
    authorization: (req) => {
      const a = compatAuthorization(req);
      return a && /^Bearer\s+rtr_sh_/i.test(a) ? undefined : a;
    },
    anonymous: json(401, errors("NOT_AUTHORIZED", "Send the API key as `X-Authorization: <key>`.")),
    unmatched: (_req, match) =>
      match.kind === "method"
        ? json(405, errors("method-not-allowed", "Method not allowed."), { Allow: match.allow.join(", ") })
        : json(404, errors("NOT_FOUND", "No such endpoint.")),
    invalid: (req, err) =>
      reply(
        422,
        {
          errors: (err.problems ?? [{ field: err.field ?? "body", detail: err.message }]).map((p) => ({
            code: "validation-failed",
            message: p.detail,
            field: p.field,
          })),
        },
        formatFor(req, version),
      ),
    coreProblems: () => [],
    coreError: (req, err) => coreReply(req, version, err),
    bodyError(req, err) {
      const e = thrown(err);
      if (e.type === "entity.parse.failed")
        return reply(422, errors("validation-failed", "The request body is not valid JSON."), formatFor(req, version));
      if (isJsonShapeError(err)) return reply(422, errors("validation-failed", err.message), formatFor(req, version));
      if (e.type === "entity.too.large")
        return json(413, errors("validation-failed", `Request body too large: at most ${bytesText(BODY_BOUNDS.compat)}.`));
      return null;
    },
    unavailable: () =>
      json(503, errors("UNEXPECTED_ERROR", "Service unavailable."), { "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS) }),
    internal: () => json(500, errors("UNEXPECTED_ERROR", "Unexpected error.")),
    routeError(req, err) {
      if (err instanceof DraftRefusal) return reply(err.status, errors(err.code, err.message), formatFor(req, version));
      // A refused action on an open draft: the platform's code, with the draft as it stays.
      if (err instanceof DraftActionRefused) return coreReply(req, version, err.errors[0]!, err.draft, err.base);
      return null;
    },
  };
}

export function createDraftReturnsFacade(opts: {
  executor: Executor;
  log: { error(obj: object, msg: string): void };
  publicUrl?: string | null;
  version: Version;
}): Router {
  return createDoor({
    executor: opts.executor,
    log: opts.log,
    routes: draftRoutes(opts.version),
    dialect: dialectFor(opts.version),
    publicUrl: opts.publicUrl,
  });
}
