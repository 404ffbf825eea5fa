// Shared pieces of the REST OpenAPI 3.1 document.
import { T } from "../declare.js";

export const PROBLEM_DESCRIPTIONS: Record<string, string> = {
  "400": "Invalid request (problem details naming the field)",
  "401": "Missing, malformed, unknown or revoked API secret",
  "403": "The secret lacks the required scope",
  "404": "Not found",
  "405": "Method not allowed",
  "409": "Conflict with the current state",
  "413": "Request body too large",
  "415": "Unsupported media type",
  "422": "Unprocessable request",
  "429": "Too many requests",
  "500": "Internal error",
  "503": "Service unavailable",
};

const S = T.String();
/** The problem body (the Money shape comes with the routes that use it: facades/rest/shapes.ts). */
export const commonSchemas = {
  Problem: T.Object(
    {
      type: S,
      title: S,
      status: T.Integer(),
      detail: S,
      instance: S,
      field: T.Optional(S),
      errors: T.Optional(
        T.Array(T.Object({ field: S, detail: S }), {
          description: "Every problem of the request when there are several; `field` and `detail` name the first.",
        }),
      ),
      refusal: T.Optional(
        T.Object(
          { code: S, params: T.Record(S, T.Union([S, T.Number()])) },
          {
            description:
              "The refusal as data, when the service states it so: a stable `code` (a reworded `detail` never changes it) and its parameters (amounts as decimal strings with their currency, dates as ISO 8601, `field` as the request names it).",
          },
        ),
      ),
    },
    {
      description:
        "RFC 9457 problem details. `type` is `com.<service>.api:<area>/<code>`; `field` names the offending input when one is to blame.",
    },
  ),
};
