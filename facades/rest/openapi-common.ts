// Shared pieces of the REST OpenAPI 3.1 document.
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

export const commonSchemas = {
  Problem: {
    type: "object",
    description:
      "RFC 9457 problem details. `type` is `com.<service>.api:<area>/<code>`; `field` names the offending input when one is to blame.",
    required: ["type", "title", "status", "detail", "instance"],
    properties: {
      type: { type: "string" },
      title: { type: "string" },
      status: { type: "integer" },
      detail: { type: "string" },
      instance: { type: "string" },
      field: { type: "string" },
      errors: {
        type: "array",
        description: "Every problem of the request when there are several; `field` and `detail` name the first.",
        items: { type: "object", required: ["field", "detail"], properties: { field: { type: "string" }, detail: { type: "string" } } },
      },
    },
  },
  Money: {
    type: "object",
    required: ["amount", "currency"],
    additionalProperties: false,
    properties: { amount: { type: "string", pattern: "^-?\\d+(\\.\\d+)?$" }, currency: { type: "string" } },
  },
};
