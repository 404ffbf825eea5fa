// The warehouse platform's webhooks on the compat door: its programmatic webhooks API
// (GET/POST /api/v1/webhooks, PUT/DELETE /api/v1/webhooks/{id}; reference warehouse-compat-webhooks.md
// §1.2) as four declarations, and the schemas of what its deliveries carry (§3.1), which the warehouse
// domain renders and sends (src/warehouse/platform-return.ts, webhook-format.ts). The core decides
// (src/warehouse/webhooks.ts); here are only names and shapes.
import type { GraphQLFormattedError } from "graphql";
import type * as gen from "../codegen/operations.js";
import { operation } from "../executor.js";
import { Obj, T, Text, Nullable, component, type ResponseDecl } from "../declare.js";
import { LIST_BOUNDS } from "../../src/core/bounds.js";
import { declareCompatRoutes, type CompatInput, type CompatReply, type CompatRoute } from "./route.js";
import { COMPAT_RETURN_FIELDS, REFUSALS } from "./shapes.js";

// ─── The subscriptions API ────────────────────────────────────────────────────

/** How the door resolved the platform's open questions about webhooks (reference §5), in the served document. */
export const WEBHOOK_CHOICES: string[] = [
  "**Subscriptions**: `GET /api/v1/webhooks` → 200 `{webhooks}` (oldest first, not paginated, at most " +
    LIST_BOUNDS.storeWebhooks +
    '); `POST` → **200** with the webhook, `status` default `inactive`; `PUT /webhooks/{id}` (topic, trigger and url required again, status optional) and `DELETE` → **204**; an unknown id → 404 `{"errors":{"code":"NOT_FOUND"}}`; every bad field → 422 in the Laravel envelope. Scope: `webhooks_read` (GET) or `webhooks_write` (the platform\'s Developer Tools). `id` is numbered per store; `shop_id` is the store\'s account number.',
  "**Topics**: `return` (`return.created`, `return.updated`, `return.closed`), `return.processing` (`return.processing.failed`) and `label` (`label.created` when Retour issues a return's prepaid label; `label.updated` when a labelled return's parcel is in transit or delivered, `label_status` `in_transit` or `delivered`: Retour has no carrier feed, so it knows the parcel only through the return's status; `label.requested` and `label.closed` are not sent); `restock`, `label.request`, `giftcard`, `happy.returns.shipment` are refused (422): Retour has no facts for them. Cross pairs are accepted but send nothing: a topic with another topic's trigger (e.g. `label` with `return.created`, `return` with `label.created`): each event is delivered to its own topic's subscriptions only.",
  "**Deliveries**: `POST` of the flat payload (topic, trigger, then the object) as PHP `json_encode` bytes (`\\/`, `\\uXXXX`), headers `Content-Type: application/json`, `X-Loop-Signature: base64(HMAC-SHA256(secret, raw body))` and a User-Agent only. One signing secret per store for every subscription, shown once in the dashboard. 6 attempts (30 s, 1, 2, 4, 8 min ±25%); any 2xx succeeds; network errors, timeouts (10 s), 408, 429 and 5xx are retried; `Retry-After` is honoured up to 1800 s (above it the delivery is given up); other statuses are not retried. Never deactivated automatically. In order per return.",
];

const S = T.String();
export const PlatformWebhook = component(
  "PlatformWebhook",
  Obj({
    id: T.Integer({ description: "The webhook's id in this API (`/api/v1/webhooks/{id}`)." }),
    shop_id: T.Integer({ description: "The store's account number." }),
    topic: T.String({ enum: ["return", "return.processing", "label"] }),
    trigger: T.String({
      enum: ["return.created", "return.updated", "return.closed", "return.processing.failed", "label.created", "label.updated"],
    }),
    url: S,
    status: T.String({ enum: ["active", "inactive"] }),
  }),
);
const WebhookList = component(
  "PlatformWebhookList",
  Obj({ webhooks: T.Array(PlatformWebhook, { maxItems: LIST_BOUNDS.storeWebhooks, description: "Oldest first, not paginated." }) }),
);
/** 404 of an unknown webhook id, as the platform answers it. */
export const WEBHOOK_NOT_FOUND_BODY = { errors: { code: "NOT_FOUND" } };
const WebhookNotFound = component("PlatformWebhookNotFound", Obj({ errors: Obj({ code: T.Literal("NOT_FOUND") }) }));

const FIELDS = `platformId shopId topic trigger status callback { url }`;
type CoreWebhook = gen.CompatWebhooksQuery["warehouseWebhooks"][number];
const platformWebhook = (w: CoreWebhook) => ({
  id: w.platformId,
  shop_id: w.shopId,
  topic: w.topic,
  trigger: w.trigger,
  url: w.callback.url,
  status: w.status,
});

const BODY = T.Object(
  {
    topic: T.Optional(Text("short", { description: "`return`, `return.processing` or `label`." })),
    trigger: T.Optional(
      Text("short", {
        description: "`return.created`, `return.updated`, `return.closed`, `return.processing.failed`, `label.created` or `label.updated`.",
      }),
    ),
    url: T.Optional(Text("url", { description: "https; no private or loopback hosts." })),
    status: T.Optional(Text("short", { description: "`active` or `inactive` (on create, default `inactive`)." })),
  },
  { description: "topic, trigger and url are required (also on PUT); status is optional." },
);
const MESSAGES = {
  topic: "The topic must be a string.",
  trigger: "The trigger must be a string.",
  url: "The url must be a string.",
  status: "The status must be a string.",
};

/** The body as the core's input: a missing field is sent empty, so the core names every missing or bad field at once. */
function inputOf(input: CompatInput) {
  const b = (input.body ?? {}) as Record<string, string | undefined>;
  return { topic: b.topic ?? "", trigger: b.trigger ?? "", url: b.url ?? "", ...(b.status !== undefined ? { status: b.status } : {}) };
}

/** A path id as the core's platformId: anything but a small positive integer names no webhook (404). */
const platformIdOf = (input: CompatInput) => (/^\d{1,9}$/.test(input.params.id) ? Number(input.params.id) : -1);

/** The core's refusals in the platform's bodies: 404 `NOT_FOUND`; 422 naming every bad field. */
function webhookRefusal(err: GraphQLFormattedError): CompatReply | null {
  const ext = (err.extensions ?? {}) as { status?: number; problems?: { field: string; detail: string }[] };
  if (ext.status === 404) return { status: 404, body: WEBHOOK_NOT_FOUND_BODY };
  if (ext.status === 400 && ext.problems?.length) {
    const errors: Record<string, string[]> = {};
    for (const p of ext.problems) (errors[p.field] ??= []).push(p.detail);
    return { status: 422, body: { message: ext.problems[0].detail, errors } };
  }
  return null;
}

const ok = (description: string, schema: import("../declare.js").Schema): ResponseDecl => ({ description, schema });
const NO_CONTENT: ResponseDecl = { description: "Done (no body)" };
const UNPROCESSABLE = ok("A missing or unsupported topic, trigger, url or status, each named", REFUSALS.Validation);

/** The platform's webhooks API, served at /api/v1 (beside the warehouse door at /api/v1/warehouse). */
export const compatWebhookRoutes: CompatRoute[] = declareCompatRoutes([
  {
    method: "GET",
    path: "/webhooks",
    operationId: "getWebhooks",
    summary: "List webhooks",
    description: "Every subscription of the key's store (made through this API or the dashboard), oldest first; not paginated.",
    operation: operation<gen.CompatWebhooksQuery>(`query CompatWebhooks { warehouseWebhooks { ${FIELDS} } }`),
    responses: { 200: ok("The store's webhooks", WebhookList) },
    variables: () => ({}),
    respond: (data) => ({
      status: 200,
      body: { webhooks: data.warehouseWebhooks.map(platformWebhook) },
      shape: WebhookList,
    }),
  },
  {
    method: "POST",
    path: "/webhooks",
    operationId: "createWebhook",
    summary: "Create webhook",
    description: "A new subscription starts `inactive` unless `status` says `active` (the platform's default); activate it with PUT.",
    operation: operation<gen.CompatCreateWebhookMutation>(
      `mutation CompatCreateWebhook($input: WarehouseWebhookInput!) { createWarehouseWebhook(input: $input) { ${FIELDS} } }`,
    ),
    body: BODY,
    messages: MESSAGES,
    responses: { 200: ok("The webhook", PlatformWebhook), 422: UNPROCESSABLE },
    variables: (input) => ({ input: inputOf(input) }),
    respond: (data) => ({
      status: 200,
      body: platformWebhook(data.createWarehouseWebhook),
      shape: PlatformWebhook,
    }),
    onCoreError: webhookRefusal,
  },
  {
    method: "PUT",
    path: "/webhooks/:id",
    operationId: "updateWebhook",
    summary: "Update webhook",
    description: "topic, trigger and url are required again; `status` omitted keeps it. Activating sends only what happens from then on.",
    operation: operation<gen.CompatUpdateWebhookMutation>(
      `mutation CompatUpdateWebhook($id: Int!, $input: WarehouseWebhookInput!) { updateWarehouseWebhook(platformId: $id, input: $input) { platformId } }`,
    ),
    body: BODY,
    messages: MESSAGES,
    responses: { 204: NO_CONTENT, 404: ok("No such webhook in the store", WebhookNotFound), 422: UNPROCESSABLE },
    variables: (input) => ({ id: platformIdOf(input), input: inputOf(input) }),
    respond: () => ({ status: 204, body: undefined }),
    onCoreError: webhookRefusal,
  },
  {
    method: "DELETE",
    path: "/webhooks/:id",
    operationId: "deleteWebhook",
    summary: "Delete webhook",
    description: "Deletes the subscription and whatever it still had to send.",
    operation: operation<gen.CompatDeleteWebhookMutation>(
      `mutation CompatDeleteWebhook($id: Int!) { deleteWarehouseWebhook(platformId: $id) { webhookId } }`,
    ),
    responses: { 204: NO_CONTENT, 404: ok("No such webhook in the store", WebhookNotFound) },
    variables: (input) => ({ id: platformIdOf(input) }),
    respond: () => ({ status: 204, body: undefined }),
    onCoreError: webhookRefusal,
  },
]);

// ─── The platform's return object in deliveries (§3.1) ────────────────────────

/** COMPAT_RETURN_FIELDS and what the webhook adds (the customer's name, address and phone): what src/warehouse/return-object.ts builds. */
export const WEBHOOK_RETURN_FIELDS = `${COMPAT_RETURN_FIELDS}
  source { name { given surname } mailingAddress { line1 line2 city state postalCode country } phoneNumber }`;

/** The delivery body's schema (documented on the door's OpenAPI `webhooks`; the tests validate deliveries against it). */
export const PlatformReturnEvent = component(
  "PlatformReturnEvent",
  T.Object(
    {
      topic: T.Literal("return"),
      trigger: T.String({ enum: ["return.created", "return.updated", "return.closed"] }),
      shop_id: T.Integer(),
      id: S,
      state: T.String({ enum: ["open", "closed", "cancelled", "expired", "review"] }),
      created_at: T.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+00:00$" }),
      edited_at: Nullable(S),
      updated_at: T.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+00:00$" }),
      total: T.String({ pattern: "^-?\\d+\\.\\d{2}$" }),
      order_id: S,
      provider_order_id: S,
      order_number: S,
      provider_order_number: Nullable(T.Integer()),
      customer_detail: T.Object({}),
      address: T.Object({}),
      refunds: T.Array(T.Object({})),
      line_items: T.Array(T.Object({ line_item_id: S, returned_at: T.String({ pattern: "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$" }) })),
      is_gift_return: T.Boolean(),
    },
    { description: "The `return` topic's payload: flat, topic and trigger first, then the return (reference §3.1)." },
  ),
);
export const PlatformProcessingEvent = component(
  "PlatformProcessingEvent",
  Obj({
    topic: T.Literal("return.processing"),
    trigger: T.Literal("return.processing.failed"),
    return_id: Nullable(T.Integer()),
    return_state: S,
    message: Nullable(S),
    source: Nullable(T.String({ enum: ["warehouse", "admin", "api"] })),
  }),
);
export const PlatformLabelEvent = component(
  "PlatformLabelEvent",
  Obj(
    {
      topic: T.Literal("label"),
      trigger: T.String({ enum: ["label.created", "label.updated"] }),
      shop_id: T.Integer(),
      id: T.String({ description: "The return's id (as in the `return` topic)." }),
      order_id: S,
      provider_order_id: S,
      carrier: S,
      tracking_number: S,
      label_status: T.String({ enum: ["pre_transit", "in_transit", "delivered", "N/A"] }),
      label_updated_at: T.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+00:00$" }),
      shipment_id: Nullable(S),
      updated_at: T.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+00:00$" }),
    },
    { description: "The `label` topic's payload (reference §3.3): flat, topic and trigger first, then the return's label." },
  ),
);
