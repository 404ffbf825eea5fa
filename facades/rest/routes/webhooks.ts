// Webhook subscriptions (merchant API §1.8 and the get/update/delete operations of §2).
import { operation } from "../../executor.js";
import { RestInputError, RestProblem, type RestInput, type RestRoute, type LegacyRoute } from "../route.js";
import { problemResponses, type OpenApiFragment } from "../openapi-common.js";
import { LIST_BOUNDS, REPLAY_BOUNDS, TEXT_BOUNDS } from "../../../src/core/bounds.js";
import { pathParam } from "../schema-helpers.js";

const WEBHOOK_FIELDS = `id topic kind externalId callback { url auth { bearer { token } } } createdAt updatedAt`;

const createWebhook = operation(`mutation RestCreateWebhook($storeId: ID!, $input: CreateWebhookInput!, $key: String) {
  createWebhook(storeId: $storeId, input: $input, idempotencyKey: $key) { created replayed signingSecret webhook { ${WEBHOOK_FIELDS} } }
}`);
const listWebhooks = operation(`query RestListWebhooks($storeId: ID!) { webhooks(storeId: $storeId) { ${WEBHOOK_FIELDS} } }`);
const getWebhook = operation(`query RestGetWebhook($id: ID!) { webhook(id: $id) { ${WEBHOOK_FIELDS} } }`);
const updateWebhook = operation(`mutation RestUpdateWebhook($id: ID!, $input: UpdateWebhookInput!) { updateWebhook(id: $id, input: $input) { id } }`);
const deleteWebhook = operation(`mutation RestDeleteWebhook($id: ID!) { deleteWebhook(id: $id) { webhookId } }`);
const replayWebhook = operation(`mutation RestReplayWebhook($id: ID!, $start: DateTime!) { replayWebhook(id: $id, start: $start) { webhookId deliveriesQueued nextStart } }`);

function webhookBody(input: RestInput): Record<string, any> {
  const body = input.body;
  if (!body || typeof body !== "object" || Array.isArray(body) || !body.webhook || typeof body.webhook !== "object" || Array.isArray(body.webhook)) {
    throw new RestInputError("The body must be `{\"webhook\": {…}}`.", "webhook");
  }
  return body.webhook;
}

function callbackOf(w: Record<string, any>) {
  const cb = w.callback;
  if (!cb || typeof cb !== "object" || Array.isArray(cb)) throw new RestInputError("`webhook.callback` must be an object `{url, auth}`.", "webhook.callback");
  return { url: cb.url, auth: cb.auth ?? null };
}

const notFound = (id: string) => new RestProblem(404, "webhooks/not-found", "Webhook not found", `No webhook ${id} in the stores these credentials can access.`);

export const webhookRoutes: LegacyRoute[] = [
  {
    method: "POST",
    path: "/stores/:storeId/webhooks",
    operationId: "Webhook create",
    scope: "webhooks_write",
    operation: createWebhook,
    variables: (input) => {
      const w = webhookBody(input);
      return {
        storeId: input.params.storeId,
        input: { topic: w.topic, callback: callbackOf(w), kind: w.kind ?? null, externalId: w.externalId ?? null, backfill: w.backfill ?? false },
        key: input.header("idempotency-key") ?? null,
      };
    },
    respond: (data) => {
      const { created, replayed, signingSecret, webhook } = data.createWebhook;
      if (created && replayed) return { status: 200, body: { webhook: { ...webhook, signingSecret } } };
      return created ? { status: 201, body: { webhook: { ...webhook, signingSecret } } } : { status: 200, body: { webhook } };
    },
  },
  {
    method: "GET",
    path: "/stores/:storeId/webhooks",
    operationId: "Webhooks list",
    scope: "webhooks_read",
    operation: listWebhooks,
    variables: ({ params }) => ({ storeId: params.storeId }),
    respond: (data) => ({ status: 200, body: { webhooks: data.webhooks } }),
  },
  {
    method: "GET",
    path: "/webhooks/:webhookId",
    operationId: "Webhook get",
    scope: "webhooks_read",
    operation: getWebhook,
    variables: ({ params }) => ({ id: params.webhookId }),
    respond: (data, { params }) => {
      if (!data.webhook) throw notFound(params.webhookId);
      return { status: 200, body: { webhook: data.webhook } };
    },
  },
  {
    method: "PUT",
    path: "/webhooks/:webhookId",
    operationId: "Webhook update",
    scope: "webhooks_write",
    operation: updateWebhook,
    variables: (input) => {
      const w = webhookBody(input);
      const out: Record<string, unknown> = { callback: callbackOf(w) };
      if ("externalId" in w) out.externalId = w.externalId;
      return { id: input.params.webhookId, input: out };
    },
    respond: () => ({ status: 204 }),
  },
  {
    method: "DELETE",
    path: "/webhooks/:webhookId",
    operationId: "Webhook delete",
    scope: "webhooks_write",
    operation: deleteWebhook,
    variables: ({ params }) => ({ id: params.webhookId }),
    respond: () => ({ status: 204 }),
  },
  {
    method: "POST",
    path: "/webhooks/:webhookId/replay",
    operationId: "Webhook replay",
    scope: "webhooks_write",
    operation: replayWebhook,
    variables: (input) => {
      const start = input.body?.start;
      if (typeof start !== "string") throw new RestInputError("`start` is required: an ISO 8601 date-time such as \"2026-01-31T12:00:00Z\".", "start");
      return { id: input.params.webhookId, start };
    },
    respond: (data) => {
      const { deliveriesQueued, nextStart } = data.replayWebhook;
      return { status: 202, body: nextStart ? { deliveriesQueued, nextStart } : { deliveriesQueued } };
    },
  },
];

const webhookIdParam = pathParam("webhookId");
const storeIdParam = pathParam("storeId");
const webhookEnvelope = { type: "object", required: ["webhook"], additionalProperties: false, properties: { webhook: { $ref: "#/components/schemas/Webhook" } } };
const callbackInput = {
  type: "object",
  required: ["url"],
  properties: {
    url: { type: "string", format: "uri", maxLength: TEXT_BOUNDS.url, description: "https only, never a private, loopback or link-local address (checked again at connect time; redirects are not followed), unless the operator set WEBHOOK_ALLOW_PRIVATE_URLS=true." },
    auth: {
      oneOf: [
        { type: "null" },
        { type: "object", required: ["bearer"], properties: { bearer: { type: "object", required: ["token"], properties: { token: { type: "string", format: "password", maxLength: TEXT_BOUNDS.token, description: "Sent back as `Authorization: Bearer <token>`. `********` keeps the stored token while the URL keeps its origin (scheme, host, port); moving to another origin needs the token again (400 otherwise)." } } } } },
      ],
    },
  },
};
const noContent = (description: string) => ({ description });

/** The webhook as read; the 201 of a create adds the signing secret, shown only then. */
function webhookSchema(withSecret: boolean) {
  const properties: Record<string, unknown> = {
    id: { type: "string" },
    topic: { type: "string", enum: ["return"] },
    kind: { type: "string", enum: ["redo", "loop"] },
    externalId: { type: ["string", "null"] },
    callback: { $ref: "#/components/schemas/WebhookCallback" },
    createdAt: { type: "string", format: "date-time" },
    updatedAt: { type: "string", format: "date-time" },
  };
  if (withSecret) properties.signingSecret = { type: "string", pattern: "^whsec_", description: "Standard Webhooks signing secret; returned only here." };
  return { type: "object", required: Object.keys(properties), additionalProperties: false, properties };
}

export const webhookOpenApi: OpenApiFragment = {
  paths: {
    "/stores/{storeId}/webhooks": {
      parameters: [storeIdParam],
      post: {
        operationId: "Webhook create",
        parameters: [{ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", maxLength: 255 }, description: "Same key and body within 24 h → the first response again with `Idempotent-Replayed: true`; other body → 422; still running → 409." }],
        summary: "Create a webhook, or update the store's webhook with the same externalId",
        description:
          "Deliveries are HTTP POSTs of `{type, at, merchantName, return, order}` with `Authorization: Bearer <callback.auth.bearer.token>` and Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`, signed with `signingSecret`, which only the 201 response carries). Events are delivered in order per subject; failed attempts are retried on a schedule, then discarded. " +
          `A store has at most ${LIST_BOUNDS.storeWebhooks} webhooks: creating another is refused with 400.`,
        tags: ["Webhooks"],
        security: [{ Bearer: [] }],
        "x-scope": "webhooks_write",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["webhook"],
                properties: {
                  webhook: {
                    type: "object",
                    required: ["topic", "callback"],
                    properties: {
                      topic: { type: "string", enum: ["return"] },
                      callback: callbackInput,
                      kind: { type: "string", enum: ["redo", "loop"], default: "redo" },
                      externalId: { type: ["string", "null"], maxLength: TEXT_BOUNDS.id, default: null },
                      backfill: { type: "boolean", default: false },
                    },
                  },
                },
              },
            },
          },
        },
        responses: {
          "201": {
            description: "Created; `webhook.signingSecret` is shown this once",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["webhook"],
                  additionalProperties: false,
                  properties: { webhook: { $ref: "#/components/schemas/WebhookWithSecret" } },
                },
              },
            },
          },
          "200": {
            description: "An existing webhook with that externalId was updated; or (with `Idempotent-Replayed: true`) the replay of a creation, `signingSecret` included",
            content: {
              "application/json": {
                schema: {
                  oneOf: [
                    webhookEnvelope,
                    { type: "object", required: ["webhook"], additionalProperties: false, properties: { webhook: { $ref: "#/components/schemas/WebhookWithSecret" } } },
                  ],
                },
              },
            },
          },
          ...problemResponses(["400", "401", "403", "409", "422"]),
        },
      },
      get: {
        operationId: "Webhooks list",
        summary: "List the store's webhooks (not paginated)",
        tags: ["Webhooks"],
        security: [{ Bearer: [] }],
        "x-scope": "webhooks_read",
        responses: {
          "200": {
            description: "The webhooks, oldest first",
            content: {
              "application/json": {
                schema: { type: "object", required: ["webhooks"], additionalProperties: false, properties: { webhooks: { type: "array", items: { $ref: "#/components/schemas/Webhook" } } } },
              },
            },
          },
          ...problemResponses(["401", "403"]),
        },
      },
    },
    "/webhooks/{webhookId}": {
      parameters: [webhookIdParam],
      get: {
        operationId: "Webhook get",
        summary: "Read a webhook",
        tags: ["Webhooks"],
        security: [{ Bearer: [] }],
        "x-scope": "webhooks_read",
        responses: { "200": { description: "The webhook", content: { "application/json": { schema: webhookEnvelope } } }, ...problemResponses(["401", "403", "404"]) },
      },
      put: {
        operationId: "Webhook update",
        summary: "Replace the callback (and optionally the externalId)",
        tags: ["Webhooks"],
        security: [{ Bearer: [] }],
        "x-scope": "webhooks_write",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["webhook"],
                properties: { webhook: { type: "object", required: ["callback"], properties: { callback: callbackInput, externalId: { type: ["string", "null"], maxLength: TEXT_BOUNDS.id } } } },
              },
            },
          },
        },
        responses: { "204": noContent("Updated"), ...problemResponses(["400", "401", "403", "404", "409"]) },
      },
      delete: {
        operationId: "Webhook delete",
        summary: "Delete a webhook and its delivery log",
        tags: ["Webhooks"],
        security: [{ Bearer: [] }],
        "x-scope": "webhooks_write",
        responses: { "204": noContent("Deleted"), ...problemResponses(["401", "403", "404"]) },
      },
    },
    "/webhooks/{webhookId}/replay": {
      parameters: [webhookIdParam],
      post: {
        operationId: "Webhook replay",
        summary: "Re-deliver every event since `start`, in original order per subject (discarded ones included)",
        description: `\`start\` must be within the last ${REPLAY_BOUNDS.windowDays} days. Events already waiting to be sent to this webhook are not queued again. One call queues at most ${REPLAY_BOUNDS.deliveries} deliveries, oldest first; \`nextStart\` is then where the next call continues.`,
        tags: ["Webhooks"],
        security: [{ Bearer: [] }],
        "x-scope": "webhooks_write",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object", required: ["start"], properties: { start: { type: "string", format: "date-time" } } } } },
        },
        responses: {
          "202": {
            description: "Queued",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["deliveriesQueued"],
                  additionalProperties: false,
                  properties: {
                    deliveriesQueued: { type: "integer", minimum: 0, maximum: REPLAY_BOUNDS.deliveries },
                    nextStart: { type: "string", format: "date-time", description: "Present when this call stopped at its bound: replay again from here." },
                  },
                },
              },
            },
          },
          ...problemResponses(["400", "401", "403", "404"]),
        },
      },
    },
  },
  schemas: {
    WebhookCallback: {
      type: "object",
      required: ["url", "auth"],
      additionalProperties: false,
      properties: {
        url: { type: "string" },
        auth: {
          oneOf: [
            { type: "null" },
            {
              type: "object",
              required: ["bearer"],
              additionalProperties: false,
              properties: { bearer: { type: "object", required: ["token"], additionalProperties: false, properties: { token: { type: "string", const: "********", description: "Never returned: always masked." } } } },
            },
          ],
        },
      },
    },
    Webhook: webhookSchema(false),
    WebhookWithSecret: webhookSchema(true),
  },
};
