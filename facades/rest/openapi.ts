// The OpenAPI 3.1 description of the REST v2.2 facade, served at /v2.2/openapi.json. Tests validate
// every response they receive against it, so it cannot drift from the code.
import { commonSchemas, PROBLEM_DESCRIPTIONS } from "./openapi-common.js";
import { restRoutes } from "./routes/index.js";
import { openApiOf, Text, T, toDocument, type RouteDecl } from "../declare.js";
import { GiftCardWebhookEvent, WebhookEvent } from "./routes/webhooks.js";
import type { RestRoute } from "./route.js";
import { BODY_BOUNDS, bytesText } from "../../src/core/bounds.js";

export function openApiDocument(serviceName: string) {
  const { paths, schemas } = openApiOf(restRoutes, restStyle);
  const eventSchemas: Record<string, unknown> = {};
  const webhooks = {
    return: {
      post: {
        operationId: "Return event",
        summary: "A return was created or changed: delivered to each `return` webhook",
        requestBody: { required: true, content: { "application/json": { schema: toDocument(WebhookEvent, eventSchemas) } } },
        responses: { "2XX": { description: "Received; any other answer is retried" } },
      },
    },
    gift_card: {
      post: {
        operationId: "Gift card event",
        summary: "A gift card was redeemed or a redemption reversed: delivered to each `gift_card` webhook",
        requestBody: { required: true, content: { "application/json": { schema: toDocument(GiftCardWebhookEvent, eventSchemas) } } },
        responses: { "2XX": { description: "Received; any other answer is retried" } },
      },
    },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Retour merchant API",
      version: "2.2.1",
      description: [
        "Returns and post-purchase commerce API. Authenticate with `Authorization: Bearer <API secret>`; each operation names its scope in `x-scope`.",
        "Errors are RFC 9457 problem details (`application/problem+json`) with `type` `com." + serviceName + ".api:<area>/<code>`.",
        "Lists are cursor-paginated: `page-size` and `page-continue` query parameters (or the `X-Page-Size` / `X-Page-Continue` headers); the `X-Page-Next` response header carries the next cursor and is absent on the last page. Cursors are opaque and signed: pass them back unchanged.",
        `Bounds: a request body holds at most ${bytesText(BODY_BOUNDS.rest)} (413 \`request/too-large\` past it); every list and text field states its bound (\`maxItems\`, \`maxLength\` in characters). Past one: 400 naming the field and the bound.`,
      ].join("\n\n"),
    },
    servers: [{ url: "/v2.2" }],
    components: {
      securitySchemes: { Bearer: { type: "http", scheme: "bearer" } },
      schemas: { ...commonSchemas, ...schemas, ...eventSchemas },
    },
    webhooks,
    paths,
  };
}

const restStyle = {
  pathParam: Text("id"),
  extra: (r: RouteDecl) => ({ security: [{ Bearer: [] }], "x-scope": (r as RestRoute).scope }),
  errors(r: RouteDecl) {
    const own = (r as RestRoute).errorBody ?? {};
    const errors: Record<string, string | undefined> = Array.isArray(r.errors)
      ? Object.fromEntries(r.errors.map((s) => [s, undefined]))
      : { ...r.errors, ...own };
    // Every route needs a secret with its scope: 401 and 403 are every route's.
    errors[401] ??= undefined;
    errors[403] ??= undefined;
    // Another store's id is not found, like any object of another tenant: derived from the path, never 403.
    if (r.path.includes(":storeId")) errors[404] ||= "Not found; another store's id too (`stores/not-found`)";
    const out: Record<string, unknown> = { default: PROBLEM };
    for (const [s, d] of Object.entries(errors)) {
      const content = s in own ? { "application/json": { schema: ERROR_BODY } } : PROBLEM.content;
      out[s] = { description: d || PROBLEM_DESCRIPTIONS[s] || "Error", content };
    }
    return out;
  },
};

const PROBLEM = { description: "Error", content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } } };
const ERROR_BODY = T.Object(
  { error: T.String(), errors: T.Optional(T.Array(T.String(), { description: "Every problem, when the request has several." })) },
  { additionalProperties: false },
);
