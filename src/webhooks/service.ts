// Webhooks as the doors see them, in parts by what they do: subscriptions (subscriptions.ts, their callback
// and token in callback.ts, a new one's backfill in backfill.ts), replay (replay.ts) and the delivery log with
// its retry (delivery-log.ts). Delivery itself is in dispatcher.ts.
export { type CallbackInput, MASKED_TOKEN, bearerTokenOf } from "./callback.js";
export {
  type CreateWebhookInput,
  type UpdateWebhookInput,
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  removeWebhook,
  updateWebhook,
} from "./subscriptions.js";
export { replayWebhook } from "./replay.js";
export {
  DELIVERY_STATUSES,
  type DeliveryFilter,
  attemptsOf,
  eventOf,
  getDelivery,
  listDeliveries,
  retryDelivery,
  webhookById,
} from "./delivery-log.js";
