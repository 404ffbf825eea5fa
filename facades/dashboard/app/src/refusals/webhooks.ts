// The webhooks' refusals (src/webhooks/refusals.ts) in the merchant's words.
import { type RefusalWords, typed, when } from "./types.js";

/** Why a callback URL is refused (src/webhooks/ssrf.ts UrlReason). */
export const URL_WORDS: Record<string, string> = {
  NOT_ABSOLUTE: "is not a full web address (it starts with https://)",
  CREDENTIALS: "must not hold a user name or password; enter the subscriber's token instead",
  TOO_LONG: "is too long (2048 characters at most)",
  NOT_HTTP: "must start with http:// or https://",
  NOT_HTTPS: "must start with https://",
  NON_PUBLIC: "must reach a public server, not a private, local or loopback address",
};

export const WEBHOOK_WORDS: RefusalWords = {
  CALLBACK_URL_REQUIRED: () => "Enter the address to send the webhook to.",
  CALLBACK_URL_INVALID: (p) => `The address ${typed(p.value)} ${URL_WORDS[p.reason] ?? "cannot be used"}.`,
  CALLBACK_TOKEN_EMPTY: () => "Enter the subscriber's token, or choose to send none.",
  CALLBACK_TOKEN_TOO_LONG: (p) => `The subscriber's token is too long (${p.max} characters at most).`,
  CALLBACK_TOKEN_LINE_BREAK: () => "The subscriber's token must be on one line.",
  CALLBACK_TOKEN_MASKED_ELSEWHERE: (p) =>
    `The saved token is only kept while the webhook sends to ${p.origin}; for ${p.newOrigin}, enter the subscriber's token again, or choose to send none.`,
  CALLBACK_TOKEN_MASKED_NEW: () => "Enter the subscriber's token: a new webhook has no saved token to keep.",
  EXTERNAL_ID_LENGTH: (p) => `Your reference for the webhook must have ${p.min} to ${p.max} characters, or be left empty.`,
  DELIVERY_STATUS_UNKNOWN: (p) => `${typed(p.value)} is not a delivery status.`,
  DELIVERY_NOT_FOUND: () => "This delivery no longer exists, or belongs to a store you cannot see.",
  DELIVERY_WAITING: () => "This delivery waits for an earlier one about the same return (they are sent in order); retry that one instead.",
  WEBHOOK_NOT_FOUND: () => "This webhook no longer exists, or belongs to a store you cannot see.",
  WEBHOOK_DELETED_SINCE: () => "The webhook this request created has been deleted since.",
  REPLAY_START_INVALID: () => "Enter the replay start as a date and time.",
  REPLAY_START_FUTURE: () => "The replay start is in the future; choose a past time.",
  REPLAY_START_TOO_OLD: (p) => `Events are kept ${p.days} days: choose a replay start after ${when(p.oldest)}.`,
  WEBHOOK_TOPIC_UNKNOWN: (p) => `${typed(p.value)} is not something a webhook can follow.`,
  WEBHOOK_KIND_UNKNOWN: (p) => `${typed(p.value)} is not a kind of webhook.`,
  WEBHOOK_KIND_OWN_CREATE: () => "Warehouse platform webhooks are added in their own section, with their event and trigger.",
  WEBHOOK_KIND_OWN_UPDATE: () => "This is a warehouse platform webhook: change it in its own section.",
  TOO_MANY_WEBHOOKS: (p) => `A store can have at most ${p.max} webhooks: delete one you no longer need, or change an existing one.`,
  EXTERNAL_ID_TAKEN: (p) => `Another webhook of this store already has the reference ${typed(p.externalId)}; choose another.`,
};
