// The OpenAPI 3.1 description of the warehouse compat door, served at /api/v1/warehouse/openapi.json
// and listed on /docs, derived from the route declarations. Tests validate every compat response against it.
// COMPAT_CHOICES is the one place that records how the door resolved the platform's open questions
// (docs vs real behaviour); change a choice here and in the code it names.
import { BODY_BOUNDS, bytesText, PAGE_SIZES } from "../../src/core/bounds.js";
import { openApiOf, T, toDocument, type ResponseDecl } from "../declare.js";
import type { CompatRoute } from "./route.js";
import { compatRoutes } from "./routes.js";
import { REFUSALS } from "./shapes.js";
import { draftReturnsPaths } from "./drafts/openapi.js";
import { compatWebhookRoutes, PlatformLabelEvent, PlatformProcessingEvent, PlatformReturnEvent, WEBHOOK_CHOICES } from "./webhooks.js";

const LIST_UNPAGED_MAX = PAGE_SIZES.warehouseReturns.unpaged;

export const COMPAT_CHOICES: string[] = [
  '**Action success body**: the JSON boolean `true` (`Content-Type: application/json`), as real clients test for (the docs render the string `"true"`).',
  '**Refusals and unknown returns** answer **HTTP 200** with the platform\'s bodies, as the real platform does: unknown return `{"errors":{"message":"No return found with this ID."}}` on every action and on notes (also on `remove`, where the docs name a 403); on details `{"error":{"message":"No return found with this ID."}}`. Naming no return at all is answered the same way.',
  "**401** uses the current `GEN-UNAUTHORIZED` envelope; a valid key lacking the scope gets **403** in the same shape (`GEN-FORBIDDEN`), per our spec (the platform documents 401). GETs need `returns_read`, POSTs `returns_write`. `X-Authorization: <secret>` and `Authorization: Bearer <secret>` are both accepted.",
  "**Naming a return**: a non-zero numeric path id is the compat `id`; with the placeholder `0` the first of `service_return_id` (our return id, `service_id`), `order_name` (with or without its `#`) and `order_id` (the order's platform id, or our `ord_…` id) is used. An order with several returns gives its **most recently created return that is not cancelled** (or the most recent one when all are cancelled). Details takes the same identifiers as query parameters (`return_id` for the compat id).",
  "**States**: our statuses map onto `open` (open, pre_shipment, in_transit, delivered, flagged), `review` (needs_review, in_review), `closed` (complete, rejected), `cancelled` (deleted). Nothing is ever `expired`. A flagged return stays `open`; `process` refuses it with `UNPROCESSABLE_FLAGGED_RETURN` unless the store allows processing flagged returns; `flag` on a flagged return succeeds and changes nothing.",
  "**Terminology**: `close` = our reject (status rejected, state closed); `cancel` = our reset (status deleted, state cancelled, items returnable again); `process` processes every remaining item at once (the return becomes closed) and keeps the optional JSON object body on the return's timeline as `additionalDetails`; a body that is not an object is a 422.",
  "**Refusal matrix**: process: cancelled → `{message}`, review → `{message}`, closed → `UNPROCESSABLE_RETURN`. close: cancelled → `{message}`, closed → `UNPROCESSABLE_RETURN`. cancel: flagged → `{content}`, closed/cancelled → `UNPROCESSABLE_RETURN`. flag: closed/cancelled → `UNPROCESSABLE_RETURN`. Messages read `Return is <state> and therefore cannot be processed.`",
  "**remove**: `line_item_id` (comma-separated; query, or JSON body) names `line_items[].line_item_id` (our return item ids; the order's line-item ids `provider_line_item_id` are accepted too). Only open items with a refund or store-credit outcome qualify; every named id must qualify (else 422 `Not all line items qualify for removal`; none → `There are no line items that qualify for removal`); a return that is not open (or flagged, unless the store allows processing flagged returns) → 422 `Return cannot be modified.`. The named items are removed and the rest processed in one transaction; naming every item cancels the return instead.",
  "**note / notes**: `content` (JSON body, or query) must be non-empty and shorter than 255 characters (254 is the longest accepted). Notes are our return comments (REST and GraphQL comments show here; image-only comments are left out). `notes` answers a **bare array** of `{id, content, created_at}` (`id` = the comment's position on the return, 1-based); no notes → 422 with the bare body `false`.",
  "**Formats**: timestamps `YYYY-MM-DD HH:MM:SS` in UTC everywhere; money decimal strings with two places; in the list every id is a string, in details `id` is a number (other ids stay strings: ours are not numeric). Every return object also carries `service_id` (our id). `currency_type` accepts `shop` and `presentment`; both answer the shop currency (orders are stored in one currency). Line items are ours: one per returned line with a `quantity` (not one per unit).",
  `**List**: without \`from\`/\`to\` the last 24 hours; \`from\` alone → the 24 hours after it; \`to\` alone is ignored; \`from\` after \`to\` or a span over 120 days → 422 (Laravel envelope naming the field); \`filter\` \`created_at\` (default) or \`updated_at\`; \`state\` one value, default open+closed+expired. Oldest first by the filtered timestamp. Without \`paginate=true\` a bare array of the whole window (at most ${LIST_UNPAGED_MAX}); with it \`{returns, nextPageUrl, previousPageUrl}\`, \`pageSize\` default 100, max 750. The page URLs are absolute and keep every filter; the cursor carries the window, so re-sending only \`paginate\`, \`pageSize\` and \`cursor\` also works (a cursor alone pages too).`,
  "**Dates accepted**: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS` (UTC), ISO 8601 with or without offset; anything else → 422 naming the parameter (the platform is said to read bad dates as the epoch; we refuse them).",
  "**ASN**: one row per returned line item of the returns **created** in `[from, to]`; defaults: the 7 days before now; a bare `to` date includes that whole day; over 120 days → 422; at most 5000 returns per report, oldest first.",
  '**Rate limit**: 300 requests per minute per key; over it → 429 `{"message":"Too Many Attempts."}` with `Retry-After` and `RateLimit-*` headers.',
];

/** What every route answers alike (index.ts). */
const common: Record<number, ResponseDecl> = {
  401: { description: "Missing or invalid key", schema: REFUSALS.Gateway },
  403: { description: "The key lacks the scope", schema: REFUSALS.Gateway },
  429: { description: "Over 300 requests per minute for this key", schema: REFUSALS.TooMany },
  500: { description: "Unexpected error", schema: REFUSALS.Unexpected },
  503: { description: "The core is unavailable", schema: REFUSALS.Unexpected },
};

/** The document, derived from the route declarations (routes.ts) and the shapes (shapes.ts). */
export function compatOpenApiDocument() {
  const { paths, schemas } = openApiOf(compatRoutes, {
    pathParam: T.Integer({ description: "The compat id, or `0` with one of the query identifiers." }),
    common,
    extra: (r) => ({ "x-scope": (r as CompatRoute).scope }),
  });
  // The platform's webhooks API lives at /api/v1, beside this door: its paths name their own server.
  const hooks = openApiOf(compatWebhookRoutes, {
    pathParam: T.Integer({ description: "The webhook's id." }),
    common,
    extra: (r) => ({ "x-scope": (r as CompatRoute).scope, tags: ["Webhooks"] }),
  });
  for (const [path, item] of Object.entries(hooks.paths)) paths[path] = { servers: [{ url: "/api/v1" }], ...item };
  // The platform's Draft Returns API, under its version paths (facades/compat/drafts).
  Object.assign(paths, draftReturnsPaths(schemas));
  const event = (description: string, schema: unknown) => ({
    post: {
      description,
      requestBody: { content: { "application/json": { schema: toDocument(schema, schemas) } } },
      responses: { 200: { description: "Any 2xx acknowledges the delivery." } },
    },
  });
  const events = {
    return: event(
      "The `return` topic (triggers `return.created`, `return.updated`, `return.closed`), signed with `X-Loop-Signature`.",
      PlatformReturnEvent,
    ),
    "return.processing": event("The `return.processing` topic (trigger `return.processing.failed`).", PlatformProcessingEvent),
    label: event(
      "The `label` topic (triggers `label.created` when Retour issues a return's label, `label.updated` when its parcel is in transit or delivered).",
      PlatformLabelEvent,
    ),
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Retour warehouse compat API",
      version: "1.0.0",
      description: [
        "The third-party returns platform's ten warehouse endpoints, so integrations written for it work against Retour by changing only the base URL and key. Every value comes from Retour's returns domain; this door only translates.",
        "## Choices where the platform's documentation is silent or contradicts its real behaviour",
        ...COMPAT_CHOICES.map((c) => `- ${c}`),
        "## The platform's webhooks (`/api/v1/webhooks`, deliveries)",
        ...WEBHOOK_CHOICES.map((c) => `- ${c}`),
        `Bounds: a request body holds at most ${bytesText(BODY_BOUNDS.compat)} (413 past it); texts and lists state their bounds (\`maxLength\`, \`maxItems\`). Past one: 422 naming the field and the bound.`,
      ].join("\n\n"),
    },
    servers: [{ url: "/api/v1/warehouse" }],
    security: [{ XAuthorization: [] }, { Bearer: [] }],
    components: {
      securitySchemes: {
        XAuthorization: { type: "apiKey", in: "header", name: "X-Authorization" },
        Bearer: { type: "http", scheme: "bearer" },
      },
      schemas: { ...schemas, ...hooks.schemas },
    },
    paths,
    webhooks: events,
  };
}
