// The OpenAPI 3.1 description of the warehouse compat door, served at /api/v1/warehouse/openapi.json
// and listed on /docs. Tests validate every compat response against it.
// COMPAT_CHOICES is the one place that records how the door resolved the platform's open questions
// (docs vs real behaviour); change a choice here and in the code it names.
import { BODY_BOUNDS, bytesText, LIST_BOUNDS, TEXT_BOUNDS } from "../../src/core/bounds.js";

const LIST_UNPAGED_MAX = 10_000; // src/returns/warehouse-rules.ts LIST_UNPAGED_MAX (the core enforces it)

export const COMPAT_CHOICES: string[] = [
  "**Action success body**: the JSON boolean `true` (`Content-Type: application/json`), as real clients test for (the docs render the string `\"true\"`).",
  "**Refusals and unknown returns** answer **HTTP 200** with the platform's bodies, as the real platform does: unknown return `{\"errors\":{\"message\":\"No return found with this ID.\"}}` on every action and on notes (also on `remove`, where the docs name a 403); on details `{\"error\":{\"message\":\"No return found with this ID.\"}}`. Naming no return at all is answered the same way.",
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
  "**Rate limit**: 300 requests per minute per key; over it → 429 `{\"message\":\"Too Many Attempts.\"}` with `Retry-After` and `RateLimit-*` headers.",
];

const str = { type: "string" };
/** Request texts bounded as the core bounds them (src/core/bounds.ts). */
const text = (bound: keyof typeof TEXT_BOUNDS) => ({ type: "string", maxLength: TEXT_BOUNDS[bound] });
const nstr = { type: ["string", "null"] };
const money = { type: "string", pattern: "^-?\\d+\\.\\d{2}$" };
const ts = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$" };
const nts = { anyOf: [ts, { type: "null" }] };
const STATES = ["open", "closed", "cancelled", "expired", "review"];
const OUTCOMES = ["exchange", "upsell", "refund", "credit", "exchange+refund", "exchange+credit", "credit+refund"];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown, description: string) => ({ description, content: { "application/json": { schema } } });

const lineItem = {
  type: "object",
  required: ["line_item_id", "provider_line_item_id", "sku", "title", "price", "tax", "refund", "return_reason", "outcome"],
  properties: {
    line_item_id: str,
    provider_line_item_id: str,
    product_id: nstr,
    variant_id: nstr,
    sku: nstr,
    title: str,
    quantity: { type: "integer" },
    price: money,
    discount: money,
    tax: money,
    refund: money,
    refund_item: money,
    refund_tax: money,
    refund_shipping: money,
    refund_shipping_tax: money,
    returned_at: nts,
    exchange_variant: str,
    return_reason: str,
    parent_return_reason: str,
    return_comment: str,
    barcode: str,
    outcome: str,
    provider_restock_location_id: nstr,
    status: { type: "string", description: "Our item status: open, processed, rejected or complete." },
    line_item_title: str,
    variant_title: str,
    image: nstr,
  },
};

const returnProps = {
  service_id: { type: "string", description: "Our return id." },
  state: { enum: STATES },
  created_at: ts,
  updated_at: ts,
  edited_at: nts,
  total: money,
  outcome: { enum: OUTCOMES },
  order_id: str,
  order_name: str,
  provider_order_id: str,
  order_number: str,
  provider_order_number: str,
  customer: nstr,
  origin_country: nstr,
  origin_country_code: nstr,
  multi_currency: { type: "boolean" },
  currency: str,
  return_product_total: money,
  return_discount_total: money,
  return_tax_total: money,
  return_total: money,
  refund_shipping_total: money,
  refund_shipping_tax_total: money,
  return_credit_total: money,
  exchange_product_total: money,
  exchange_discount_total: money,
  exchange_tax_total: money,
  exchange_total: money,
  exchange_credit_total: money,
  exchange: money,
  gift_card: money,
  gift_card_order_name: nstr,
  gift_card_order_id: nstr,
  handling_fee: money,
  refund: money,
  upsell: money,
  line_items: { type: "array", items: ref("LineItem") },
  exchanges: { type: "array", items: { type: "object" } },
  carrier: nstr,
  tracking_number: nstr,
  label_status: nstr,
  label_url: nstr,
  label_rate: nstr,
  status_page_url: nstr,
  label_updated_at: nts,
  destination_id: { type: ["integer", "string", "null"] },
  return_method: { type: ["object", "null"] },
  package_reference: nstr,
  type: { enum: ["standard", "warranty"] },
  labels: {
    type: "array",
    items: { type: "object", required: ["url", "tracking_number", "carrier", "status", "rate"], properties: { url: nstr, tracking_number: nstr, carrier: nstr, status: nstr, rate: nstr } },
  },
};
const returnRequired = ["id", ...Object.keys(returnProps).filter((k) => k !== "edited_at")];

const asnKeys = [
  "return_line_item_id", "order_id", "order_name", "order_number", "provider_order_number", "customer_email", "title", "sku", "barcode", "carrier", "service", "label_status",
  "tracking_number", "integration_tracking_url", "restock_status", "currency", "label_url", "label_rate", "return_reason", "actioned_by", "return_method", "return_method_rma_code",
  "return_method_state", "date_delivered", "scannable_id", "package_reference", "shipping_box_barcode", "destination_id", "destination_name", "destination_address1",
  "destination_address2", "destination_city", "destination_state", "destination_zip", "consolidation_tracking",
];
const asnRow = {
  type: "object",
  required: ["id", "service_id", "return_line_item_id", "order_id", "order_name", "state", "created_at", "updated_at", "purchase_price", "outcome"],
  properties: {
    id: { type: ["integer", "null"], description: "The return's compat id (one row per line item: not unique)." },
    service_id: str,
    ...Object.fromEntries(asnKeys.map((k) => [k, nstr])),
    state: { enum: STATES },
    purchase_price: money,
    outcome: { enum: OUTCOMES },
    label_updated_at: nts,
    closed_at: nts,
    updated_at: ts,
    created_at: ts,
    provider_created_at: nts,
  },
};

const schemas = {
  LineItem: lineItem,
  ReturnListItem: { type: "object", required: returnRequired, properties: { id: { type: "string", description: "The compat id, as a string." }, ...returnProps } },
  ReturnDetails: {
    type: "object",
    required: [...returnRequired, "exchange_order_name", "exchange_order_id", "refunds"],
    properties: { id: { type: ["integer", "null"], description: "The compat id." }, ...returnProps, exchange_order_name: nstr, exchange_order_id: nstr, refunds: { type: "array" } },
  },
  ReturnListPage: {
    type: "object",
    required: ["returns", "nextPageUrl", "previousPageUrl"],
    additionalProperties: false,
    properties: { returns: { type: "array", items: ref("ReturnListItem") }, nextPageUrl: { type: ["string", "null"], format: "uri" }, previousPageUrl: { type: ["string", "null"], format: "uri" } },
  },
  AsnRow: asnRow,
  Note: { type: "object", required: ["id", "content", "created_at"], additionalProperties: false, properties: { id: { type: "integer" }, content: str, created_at: ts } },
  Success: { const: true, description: "The JSON boolean true." },
  NotFound: { type: "object", required: ["errors"], properties: { errors: { type: "object", required: ["message"], properties: { message: { const: "No return found with this ID." } } } } },
  DetailsNotFound: { type: "object", required: ["error"], properties: { error: { type: "object", required: ["message"], properties: { message: { const: "No return found with this ID." } } } } },
  UnprocessableStateReturn: {
    type: "object",
    required: ["errors"],
    properties: { errors: { type: "object", required: ["message", "code"], properties: { message: str, code: { enum: ["UNPROCESSABLE_RETURN", "UNPROCESSABLE_FLAGGED_RETURN"] } } } },
  },
  MessageRefusal: { type: "object", required: ["message"], additionalProperties: false, properties: { message: str } },
  ContentRefusal: { type: "object", required: ["content"], additionalProperties: false, properties: { content: str } },
  Validation: {
    type: "object",
    required: ["message", "errors"],
    properties: { message: str, errors: { type: "object", additionalProperties: { type: "array", items: str } } },
    description: "Laravel's validation envelope: errors by field.",
  },
  GatewayError: {
    type: "object",
    required: ["error"],
    properties: { error: { type: "object", required: ["code", "http_code", "message"], properties: { code: str, http_code: str, message: str } } },
    description: "401 `GEN-UNAUTHORIZED` / 403 `GEN-FORBIDDEN`.",
  },
  TooMany: { type: "object", required: ["message"], properties: { message: str } },
  Unexpected: { type: "object", required: ["errors"], properties: { errors: { type: "object", required: ["message"], properties: { message: str, code: str } } } },
};

const common = {
  "401": json(ref("GatewayError"), "Missing or invalid key"),
  "403": json(ref("GatewayError"), "The key lacks the scope"),
  "429": json(ref("TooMany"), "Over 300 requests per minute for this key"),
  "500": json(ref("Unexpected"), "Unexpected error"),
  "503": json(ref("Unexpected"), "The core is unavailable"),
};

const pathId = { name: "return_id", in: "path", required: true, schema: { type: "integer" }, description: "The compat id, or `0` with one of the query identifiers." };
const queryIds = [
  { name: "service_return_id", in: "query", schema: text("id"), description: "Our return id (`service_id`)." },
  { name: "order_name", in: "query", schema: text("short"), description: "The order's name, with or without `#`." },
  { name: "order_id", in: "query", schema: text("id"), description: "The order's platform id, or our `ord_…` id." },
];

const actionRefusals = { oneOf: [ref("NotFound"), ref("UnprocessableStateReturn"), ref("MessageRefusal"), ref("ContentRefusal")] };

function action(operationId: string, summary: string, extra: Record<string, unknown> = {}, more: Record<string, unknown> = {}) {
  return {
    post: {
      operationId,
      summary,
      "x-scope": "returns_write",
      parameters: [pathId, ...queryIds, ...((extra.parameters as unknown[]) ?? [])],
      ...(extra.requestBody ? { requestBody: extra.requestBody } : {}),
      responses: {
        "200": json({ oneOf: [ref("Success"), actionRefusals] }, "`true`, or the platform's refusal (unknown return, state refusals)"),
        ...more,
        ...common,
      },
    },
  };
}

export function compatOpenApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "Retour warehouse compat API",
      version: "1.0.0",
      description: [
        "The third-party returns platform's ten warehouse endpoints, so integrations written for it work against Retour by changing only the base URL and key. Every value comes from Retour's returns domain; this door only translates.",
        "## Choices where the platform's documentation is silent or contradicts its real behaviour",
        ...COMPAT_CHOICES.map((c) => `- ${c}`),
        `Bounds: a request body holds at most ${bytesText(BODY_BOUNDS.compat)} (413 past it); texts and lists state their bounds (\`maxLength\`, \`maxItems\`). Past one: 422 naming the field and the bound.`,
      ].join("\n\n"),
    },
    servers: [{ url: "/api/v1/warehouse" }],
    security: [{ XAuthorization: [] }, { Bearer: [] }],
    components: {
      securitySchemes: { XAuthorization: { type: "apiKey", in: "header", name: "X-Authorization" }, Bearer: { type: "http", scheme: "bearer" } },
      schemas,
    },
    paths: {
      "/return/details": {
        get: {
          operationId: "getReturnDetails",
          summary: "Get Return Details",
          "x-scope": "returns_read",
          parameters: [
            { name: "return_id", in: "query", schema: { type: "integer" }, description: "The compat id." },
            ...queryIds,
            { name: "currency_type", in: "query", schema: { enum: ["shop", "presentment"] } },
          ],
          responses: { "200": json({ oneOf: [ref("ReturnDetails"), ref("DetailsNotFound")] }, "The return, or the not-found body"), "422": json(ref("Validation"), "Invalid currency_type"), ...common },
        },
      },
      "/return/list": {
        get: {
          operationId: "getDetailedReturnsList",
          summary: "Detailed Returns List",
          "x-scope": "returns_read",
          parameters: [
            { name: "from", in: "query", schema: text("short") },
            { name: "to", in: "query", schema: text("short") },
            { name: "filter", in: "query", schema: { enum: ["created_at", "updated_at"] } },
            { name: "state", in: "query", schema: { enum: STATES } },
            { name: "paginate", in: "query", schema: { type: "boolean" } },
            { name: "pageSize", in: "query", schema: { type: "integer", minimum: 1, maximum: 750, default: 100 } },
            { name: "cursor", in: "query", schema: text("cursor") },
          ],
          responses: {
            "200": json({ oneOf: [{ type: "array", items: ref("ReturnListItem") }, ref("ReturnListPage")] }, "A bare array, or a page with paginate=true"),
            "422": json(ref("Validation"), "Invalid window, filter, state, page size or cursor"),
            ...common,
          },
        },
      },
      "/return/{return_id}/process": action("processReturn", "Process Return", {
        requestBody: { required: false, content: { "application/json": { schema: { type: "object", additionalProperties: true, description: `Additional details, kept on the timeline: at most ${TEXT_BOUNDS.note} characters as JSON.` } } } },
      }, { "422": json(ref("Validation"), "The body is not a JSON object") }),
      "/return/{return_id}/flag": action("flagReturn", "Flag Return"),
      "/return/{return_id}/close": action("closeReturn", "Close Return"),
      "/return/{return_id}/cancel": action("cancelReturn", "Cancel Return"),
      "/return/{return_id}/remove": action(
        "removeLineItems",
        "Remove Line Items",
        { parameters: [{ name: "line_item_id", in: "query", required: true, schema: { type: "string", maxLength: LIST_BOUNDS.returnItems * (TEXT_BOUNDS.id + 1) }, description: `One id or comma-separated ids: at most ${LIST_BOUNDS.returnItems} ids of at most ${TEXT_BOUNDS.id} characters.` }] },
        {
          "422": json(
            { oneOf: [ref("MessageRefusal"), { type: "object", required: ["error"], properties: { error: { type: "object", required: ["message"], properties: { message: str } } } }] },
            "line_item_id missing, the return cannot be modified, or items do not qualify",
          ),
        },
      ),
      "/return/{return_id}/note": action(
        "createReturnNote",
        "Create Return Note",
        { requestBody: { required: true, content: { "application/json": { schema: { type: "object", required: ["content"], properties: { content: { type: "string", minLength: 1, maxLength: 254 } } } } } } },
        { "422": json({ oneOf: [ref("Validation"), { type: "object", required: ["errors"], properties: { errors: { type: "object", required: ["message"], properties: { message: str } } } }] }, "Content missing, empty or 255 characters or more") },
      ),
      "/return/{return_id}/notes": {
        get: {
          operationId: "getReturnNotes",
          summary: "Get Return Notes",
          "x-scope": "returns_read",
          parameters: [pathId, ...queryIds],
          responses: {
            "200": json({ oneOf: [{ type: "array", minItems: 1, items: ref("Note") }, ref("NotFound")] }, "The notes, oldest first, or the not-found body"),
            "422": json({ const: false }, "The return has no notes: the bare body false"),
            ...common,
          },
        },
      },
      "/reporting/asn": {
        get: {
          operationId: "getAdvancedShippingNotice",
          summary: "Advanced Shipping Notice",
          "x-scope": "returns_read",
          parameters: [
            { name: "from", in: "query", schema: text("short"), description: "Default: 7 days before now." },
            { name: "to", in: "query", schema: text("short"), description: "Default: now; a bare date includes that whole day." },
          ],
          responses: { "200": json({ type: "array", items: ref("AsnRow") }, "One row per returned line item"), "422": json(ref("Validation"), "Invalid dates or window"), ...common },
        },
      },
    },
  };
}
