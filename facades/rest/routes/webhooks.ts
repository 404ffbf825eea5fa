// Webhook subscriptions (merchant API §1.8 and the get/update/delete operations of §2), and the
// events they deliver (the OpenAPI document's `webhooks`, validated in the tests like any response).
import { admitted } from "../../door.js";
import { operation } from "../../executor.js";
import { declareRoutes, IDEMPOTENCY_KEY, notFound } from "../route.js";
import { component, Nullable, Obj, selectionOf, T, Text } from "../../declare.js";
import { LIST_BOUNDS, REPLAY_BOUNDS } from "../../../src/core/bounds.js";
import { Money, Order, Return } from "../shapes.js";
import type * as gen from "../../codegen/operations.js";

const S = T.String();
const DateTime = T.String({ format: "date-time" });
const Topic = T.String({ enum: ["return", "gift_card"] });
const Kind = T.String({ enum: ["redo", "loop"] });
const WebhookCallback = component(
  "WebhookCallback",
  Obj({
    url: S,
    auth: Nullable(Obj({ bearer: Obj({ token: T.String({ const: "********", description: "Never returned: always masked." }) }) })),
  }),
);
const webhookFields = {
  id: S,
  topic: Topic,
  kind: Kind,
  externalId: Nullable(S),
  callback: WebhookCallback,
  createdAt: DateTime,
  updatedAt: DateTime,
};
const Webhook = component("Webhook", Obj(webhookFields));
/** The 201 of a create adds the signing secret, shown only then. */
const WebhookWithSecret = component(
  "WebhookWithSecret",
  Obj({
    ...webhookFields,
    signingSecret: T.String({ pattern: "^whsec_", description: "Standard Webhooks signing secret; returned only here." }),
  }),
);

const CallbackInput = Obj({
  url: Text("url", {
    format: "uri",
    description:
      "https only, never a private, loopback or link-local address (checked again at connect time; redirects are not followed), unless the operator set WEBHOOK_ALLOW_PRIVATE_URLS=true.",
  }),
  auth: T.Optional(
    Nullable(
      Obj({
        bearer: Obj({
          token: Text("token", {
            format: "password",
            description:
              "Sent back as `Authorization: Bearer <token>`. `********` keeps the stored token while the URL keeps its origin (scheme, host, port); moving to another origin needs the token again (400 otherwise).",
          }),
        }),
      }),
    ),
  ),
});

/** What a delivery POSTs: the event, and the return and order exactly as GET /returns/{id} shows them. */
const ReturnEvent = component(
  "ReturnEvent",
  Obj({ type: T.String({ enum: ["created", "updated", "backfill"] }), at: DateTime, merchantName: S, return: Return, order: Order }),
);
/** What "Send test event" POSTs: marked `type: test`, about no return (merchant API §6: no envelope field is required). */
const TestEvent = component(
  "WebhookTestEvent",
  Obj({ type: T.Literal("test"), at: DateTime, merchantName: S, test: T.Literal(true), message: S, webhookId: S, topic: Topic }),
);
export const WebhookEvent = T.Union([ReturnEvent, TestEvent]);

/** What a `gift_card` webhook receives: one movement of a card's ledger and the card's balance right after it. */
const GiftCardEvent = component(
  "GiftCardEvent",
  Obj({
    type: T.String({ enum: ["redeemed", "reversed", "backfill"] }),
    at: DateTime,
    merchantName: S,
    giftCard: Obj({ id: S, code: S, currency: S, balance: Money }),
    entry: Obj({
      id: S,
      kind: T.String({ enum: ["redemption", "reversal"] }),
      amount: Money,
      balanceAfter: Money,
      reference: Nullable(S),
      reversesId: Nullable(S),
      createdAt: DateTime,
    }),
  }),
);
export const GiftCardWebhookEvent = T.Union([GiftCardEvent, TestEvent]);

const WEBHOOK_FIELDS = selectionOf(Webhook);
const createWebhook =
  operation<gen.RestCreateWebhookMutation>(`mutation RestCreateWebhook($storeId: ID!, $input: CreateWebhookInput!, $key: String) {
  createWebhook(storeId: $storeId, input: $input, idempotencyKey: $key) { created replayed signingSecret webhook { ${WEBHOOK_FIELDS} } }
}`);
const listWebhooks = operation<gen.RestListWebhooksQuery>(
  `query RestListWebhooks($storeId: ID!) { webhooks(storeId: $storeId) { ${WEBHOOK_FIELDS} } }`,
);
const getWebhook = operation<gen.RestGetWebhookQuery>(`query RestGetWebhook($id: ID!) { webhook(id: $id) { ${WEBHOOK_FIELDS} } }`);
const updateWebhook = operation<gen.RestUpdateWebhookMutation>(
  `mutation RestUpdateWebhook($id: ID!, $input: UpdateWebhookInput!) { updateWebhook(id: $id, input: $input) { id } }`,
);
const deleteWebhook = operation<gen.RestDeleteWebhookMutation>(
  `mutation RestDeleteWebhook($id: ID!) { deleteWebhook(id: $id) { webhookId } }`,
);
const replayWebhook = operation<gen.RestReplayWebhookMutation>(
  `mutation RestReplayWebhook($id: ID!, $start: DateTime!) { replayWebhook(id: $id, start: $start) { webhookId deliveriesQueued nextStart } }`,
);

/** The body's `webhook` is the core's input, field for field; a callback without `auth` sends none. */
/** A webhook as the request's body holds it (validated by the route's schema); passed on with its auth made explicit. */
type WebhookBody = { callback: { url: string; auth?: unknown } } & Record<string, unknown>;
const inputOf = (w: WebhookBody) => ({
  ...w,
  callback: { ...w.callback, auth: w.callback.auth ?? null },
});
const inWebhook = (f: string) => (f.startsWith("webhook.") ? f : `webhook.${f.replace(/^input\./, "")}`);
export const webhookRoutes = declareRoutes("Webhooks", [
  {
    method: "POST",
    path: "/stores/:storeId/webhooks",
    operationId: "Webhook create",
    summary: "Create a webhook, or update the store's webhook with the same externalId",
    description:
      "Deliveries are HTTP POSTs of `{type, at, merchantName, return, order}` (the document's `webhooks.return`) with `Authorization: Bearer <callback.auth.bearer.token>` and Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`, signed with `signingSecret`, which only the 201 response carries). Events are delivered in order per subject; failed attempts are retried on a schedule, then discarded. " +
      `A store has at most ${LIST_BOUNDS.storeWebhooks} webhooks: creating another is refused with 400.`,
    operation: createWebhook,
    headers: IDEMPOTENCY_KEY,
    body: Obj({
      webhook: Obj({
        topic: Topic,
        callback: CallbackInput,
        kind: T.Optional(T.String({ enum: ["redo", "loop"], default: "redo" })),
        externalId: T.Optional(Nullable(Text("id", { default: null }))),
        backfill: T.Optional(T.Boolean({ default: false })),
      }),
    }),
    responses: {
      201: { description: "Created; `webhook.signingSecret` is shown this once", schema: Obj({ webhook: WebhookWithSecret }) },
      200: {
        description:
          "An existing webhook with that externalId was updated; or (with `Idempotent-Replayed: true`) the replay of a creation, `signingSecret` included",
        schema: T.Union([Obj({ webhook: WebhookWithSecret }), Obj({ webhook: Webhook })]),
      },
    },
    errors: [400, 409, 422],
    variables: ({ params, body, q }) => ({
      storeId: params.storeId,
      input: inputOf(admitted<{ webhook: WebhookBody }>(body).webhook),
      key: q["Idempotency-Key"] ?? null,
    }),
    fieldPath: inWebhook,
    respond: (data) => {
      const { created, replayed, signingSecret, webhook } = data.createWebhook;
      if (!created) return { status: 200, body: { webhook } };
      return { status: replayed ? 200 : 201, body: { webhook: { ...webhook, signingSecret } } };
    },
  },
  {
    method: "GET",
    path: "/stores/:storeId/webhooks",
    operationId: "Webhooks list",
    summary: "List the store's webhooks (not paginated)",
    operation: listWebhooks,
    responses: { 200: { description: "The webhooks, oldest first", schema: Obj({ webhooks: T.Array(Webhook) }) } },
    variables: ({ params }) => ({ storeId: params.storeId }),
    respond: (data) => ({ status: 200, body: data }),
  },
  {
    method: "GET",
    path: "/webhooks/:webhookId",
    operationId: "Webhook get",
    summary: "Read a webhook",
    operation: getWebhook,
    responses: { 200: { description: "The webhook", schema: Obj({ webhook: Webhook }) } },
    errors: [404],
    variables: ({ params }) => ({ id: params.webhookId }),
    respond: (data, { params }) => {
      if (!data.webhook)
        throw notFound("webhooks", "Webhook", `No webhook ${params.webhookId} in the stores these credentials can access.`);
      return { status: 200, body: data };
    },
  },
  {
    method: "PUT",
    path: "/webhooks/:webhookId",
    operationId: "Webhook update",
    summary: "Replace the callback (and optionally the externalId)",
    operation: updateWebhook,
    body: Obj({ webhook: Obj({ callback: CallbackInput, externalId: T.Optional(Nullable(Text("id"))) }) }),
    responses: { 204: { description: "Updated" } },
    errors: [400, 404, 409],
    // An absent externalId stays absent: the core keeps the stored one.
    variables: ({ params, body }) => ({ id: params.webhookId, input: inputOf(admitted<{ webhook: WebhookBody }>(body).webhook) }),
    fieldPath: inWebhook,
    respond: () => ({ status: 204 }),
  },
  {
    method: "DELETE",
    path: "/webhooks/:webhookId",
    operationId: "Webhook delete",
    summary: "Delete a webhook and its delivery log",
    operation: deleteWebhook,
    responses: { 204: { description: "Deleted" } },
    errors: [404],
    variables: ({ params }) => ({ id: params.webhookId }),
    respond: () => ({ status: 204 }),
  },
  {
    method: "POST",
    path: "/webhooks/:webhookId/replay",
    operationId: "Webhook replay",
    summary: "Re-deliver every event since `start`, in original order per subject (discarded ones included)",
    description: `\`start\` must be within the last ${REPLAY_BOUNDS.windowDays} days. Events already waiting to be sent to this webhook are not queued again. One call queues at most ${REPLAY_BOUNDS.deliveries} deliveries, oldest first; \`nextStart\` is then where the next call continues.`,
    operation: replayWebhook,
    body: Obj({ start: DateTime }),
    responses: {
      202: {
        description: "Queued",
        schema: Obj({
          deliveriesQueued: T.Integer({ minimum: 0, maximum: REPLAY_BOUNDS.deliveries }),
          nextStart: T.Optional(
            T.String({ format: "date-time", description: "Present when this call stopped at its bound: replay again from here." }),
          ),
        }),
      },
    },
    errors: [400, 404],
    variables: ({ params, body }) => ({ id: params.webhookId, start: admitted<{ start: string }>(body).start }),
    respond: (data) => ({ status: 202, body: data.replayWebhook }),
  },
]);
