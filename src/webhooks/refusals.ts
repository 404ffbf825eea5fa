// What the webhooks domain refuses, as codes with their parameters (src/core/refusals.ts); each code's English
// is the detail every door has always answered. Lists are comma-separated; dates are ISO 8601.
import { quoted, refusalList } from "../core/refusals.js";
import { URL_REASONS, type UrlReason } from "./ssrf.js";

/** `a, b` as "`a`, `b`". */
const ticked = (list: string | number) =>
  String(list)
    .split(", ")
    .map((x) => `\`${x}\``)
    .join(", ");

export const WEBHOOK_REFUSALS = refusalList<{
  /** The callback has no URL. */
  CALLBACK_URL_REQUIRED: { field: string };
  /** The callback URL is refused for `reason` (src/webhooks/ssrf.ts UrlReason). */
  CALLBACK_URL_INVALID: { field: string; reason: UrlReason; value: string };
  /** The bearer token is empty. */
  CALLBACK_TOKEN_EMPTY: { field: string };
  /** The bearer token is longer than `max` characters. */
  CALLBACK_TOKEN_TOO_LONG: { field: string; max: number };
  /** The bearer token has a line break. */
  CALLBACK_TOKEN_LINE_BREAK: { field: string };
  /** The masked token keeps the stored one only on its origin `origin`; the new URL is on `newOrigin`. */
  CALLBACK_TOKEN_MASKED_ELSEWHERE: { field: string; masked: string; origin: string; newOrigin: string };
  /** A new webhook was sent the masked token. */
  CALLBACK_TOKEN_MASKED_NEW: Record<string, never>;
  /** The external id is empty or longer than 255 characters. */
  EXTERNAL_ID_LENGTH: { field: string; min: number; max: number };
  /** `value` is not one of the delivery statuses (`statuses`). */
  DELIVERY_STATUS_UNKNOWN: { value: string; statuses: string };
  /** No delivery `id` in the caller's stores. */
  DELIVERY_NOT_FOUND: { id: string };
  /** Delivery `id` waits for an earlier one of its subject `subjectId`. */
  DELIVERY_WAITING: { id: string; subjectId: string };
  /** No webhook `id` in the caller's stores. */
  WEBHOOK_NOT_FOUND: { id: string };
  /** The webhook `id` an idempotent create made was deleted since. */
  WEBHOOK_DELETED_SINCE: { id: string };
  /** The replay's start is not a date-time. */
  REPLAY_START_INVALID: Record<string, never>;
  /** The replay's start is in the future. */
  REPLAY_START_FUTURE: Record<string, never>;
  /** The replay's start `start` is before the window of `days` days (from `oldest`). */
  REPLAY_START_TOO_OLD: { days: number; oldest: string; start: string };
  /** `value` is not one of the topics (`topics`). */
  WEBHOOK_TOPIC_UNKNOWN: { value: string; topics: string };
  /** `value` is not one of the kinds (`kinds`). */
  WEBHOOK_KIND_UNKNOWN: { value: string; kinds: string };
  /** Webhooks of `kind` (`owner`'s) are created with their own operation `operation`. */
  WEBHOOK_KIND_OWN_CREATE: { kind: string; owner: string; operation: string };
  /** Webhook `id` is of `kind` (`owner`'s, `platformId`): changed with `operation`. */
  WEBHOOK_KIND_OWN_UPDATE: { id: string; kind: string; owner: string; platformId: string; operation: string };
  /** The store has `max` webhooks already. */
  TOO_MANY_WEBHOOKS: { max: number };
  /** Another webhook of the store has the external id `externalId`. */
  EXTERNAL_ID_TAKEN: { externalId: string };
}>("Webhooks", {
  CALLBACK_URL_REQUIRED: { status: 400, field: (p) => `${p.field}.url`, en: (p) => `\`${p.field}.url\` is required.` },
  CALLBACK_URL_INVALID: {
    status: 400,
    field: (p) => `${p.field}.url`,
    en: (p) => `\`${p.field}.url\` ${URL_REASONS[p.reason] ?? p.reason}; got ${quoted(p.value)}.`,
  },
  CALLBACK_TOKEN_EMPTY: {
    status: 400,
    field: (p) => `${p.field}.auth.bearer.token`,
    en: (p) => `\`${p.field}.auth.bearer.token\` must be a non-empty string, or send \`${p.field}.auth: null\`.`,
  },
  CALLBACK_TOKEN_TOO_LONG: {
    status: 400,
    field: (p) => `${p.field}.auth.bearer.token`,
    en: (p) => `\`${p.field}.auth.bearer.token\` must have at most ${p.max} characters.`,
  },
  CALLBACK_TOKEN_LINE_BREAK: {
    status: 400,
    field: (p) => `${p.field}.auth.bearer.token`,
    en: (p) => `\`${p.field}.auth.bearer.token\` must not contain line breaks.`,
  },
  CALLBACK_TOKEN_MASKED_ELSEWHERE: {
    status: 400,
    field: (p) => `${p.field}.auth.bearer.token`,
    en: (p) =>
      `\`${p.field}.auth.bearer.token\` is the masked value ${quoted(p.masked)}, which keeps the stored token only while the callback stays on ${p.origin}; ` +
      `the new URL is on ${p.newOrigin}: send the subscriber's token again, or \`${p.field}.auth: null\` to send none.`,
  },
  CALLBACK_TOKEN_MASKED_NEW: {
    status: 400,
    field: "webhook.callback.auth.bearer.token",
    en: () => "`webhook.callback.auth.bearer.token` must be the subscriber's token (the masked value only keeps an existing one).",
  },
  EXTERNAL_ID_LENGTH: {
    status: 400,
    field: (p) => p.field,
    en: (p) => `\`${p.field}\` must have ${p.min} to ${p.max} characters, or be null.`,
  },
  DELIVERY_STATUS_UNKNOWN: {
    status: 400,
    field: "status",
    en: (p) => `\`status\` must be one of ${p.statuses}; got ${quoted(p.value)}.`,
  },
  DELIVERY_NOT_FOUND: {
    status: 404,
    type: "webhooks/delivery-not-found",
    title: "Delivery not found",
    en: (p) => `No webhook delivery ${p.id} in the stores these credentials can access.`,
  },
  DELIVERY_WAITING: {
    status: 409,
    type: "webhooks/delivery-waiting",
    title: "Delivery is waiting",
    en: (p) =>
      `Delivery ${p.id} waits for an earlier delivery of subject ${p.subjectId} to finish (deliveries of one subject are sent in order); retry that one instead.`,
  },
  WEBHOOK_NOT_FOUND: {
    status: 404,
    type: "webhooks/not-found",
    title: "Webhook not found",
    en: (p) => `No webhook ${p.id} in the stores these credentials can access.`,
  },
  WEBHOOK_DELETED_SINCE: {
    status: 404,
    type: "webhooks/not-found",
    title: "Webhook not found",
    en: (p) => `Webhook ${p.id}, created by the first request with this idempotency key, has been deleted since.`,
  },
  REPLAY_START_INVALID: { status: 400, field: "start", en: () => "`start` must be an ISO 8601 date-time." },
  REPLAY_START_FUTURE: { status: 400, field: "start", en: () => "`start` must not be in the future." },
  REPLAY_START_TOO_OLD: {
    status: 400,
    field: "start",
    en: (p) =>
      `\`start\` must be within the last ${p.days} days, the replay window: events are kept that long (at or after ${p.oldest}); got ${p.start}.`,
  },
  WEBHOOK_TOPIC_UNKNOWN: {
    status: 400,
    field: "webhook.topic",
    en: (p) => `\`webhook.topic\` must be one of ${ticked(p.topics)}; got ${quoted(p.value)}.`,
  },
  WEBHOOK_KIND_UNKNOWN: {
    status: 400,
    field: "webhook.kind",
    en: (p) => `\`webhook.kind\` must be one of ${ticked(p.kinds)}; got ${quoted(p.value)}.`,
  },
  WEBHOOK_KIND_OWN_CREATE: {
    status: 400,
    field: "webhook.kind",
    en: (p) =>
      `\`webhook.kind\` \`${p.kind}\` (${p.owner}'s webhooks) is created with \`${p.operation}\`, which takes its topic and trigger.`,
  },
  WEBHOOK_KIND_OWN_UPDATE: {
    status: 400,
    field: "id",
    en: (p) => `Webhook ${p.id} is ${p.owner}'s (kind \`${p.kind}\`, platformId ${p.platformId}): change it with \`${p.operation}\`.`,
  },
  TOO_MANY_WEBHOOKS: {
    status: 400,
    type: "webhooks/too-many",
    field: "webhook",
    en: (p) =>
      `A store may have at most ${p.max} webhooks (\`webhook\`): delete one it no longer needs, or update an existing one (PUT, or create with its \`externalId\`).`,
  },
  EXTERNAL_ID_TAKEN: {
    status: 409,
    type: "webhooks/external-id-taken",
    title: "External id in use",
    en: (p) => `Another webhook of this store already has externalId ${quoted(p.externalId)}; choose another or update that webhook.`,
  },
});

export const refuse = WEBHOOK_REFUSALS.refuse;
