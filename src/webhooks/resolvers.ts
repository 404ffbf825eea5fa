import * as webhooks from "./service.js";
import { sendTestEvent, webhookHealth } from "./health.js";
import type { Resolvers } from "../core/generated/schema.js";

export const webhookResolvers = {
  Query: {
    webhooks: (_, a, ctx) => webhooks.listWebhooks(ctx, a.storeId),
    webhook: (_, a, ctx) => webhooks.getWebhook(ctx, a.id),
    webhookDeliveries: (_, a, ctx) => webhooks.listDeliveries(ctx, a, a),
    webhookDelivery: (_, a, ctx) => webhooks.getDelivery(ctx, a.id),
  },
  Mutation: {
    createWebhook: (_, a, ctx) => webhooks.createWebhook(ctx, a.storeId, a.input, a.idempotencyKey),
    updateWebhook: (_, a, ctx) => webhooks.updateWebhook(ctx, a.id, a.input),
    deleteWebhook: (_, a, ctx) => webhooks.deleteWebhook(ctx, a.id),
    replayWebhook: (_, a, ctx) => webhooks.replayWebhook(ctx, a.id, a.start),
    retryWebhookDelivery: (_, a, ctx) => webhooks.retryDelivery(ctx, a.id),
    sendWebhookTestEvent: (_, a, ctx) => sendTestEvent(ctx, a.id),
  },
  Webhook: {
    callback: (w) => ({
      url: w.callbackUrl,
      auth: w.authTokenEnc ? { bearer: { token: webhooks.MASKED_TOKEN } } : null,
    }),
    deliveries: (w, a, ctx) => webhooks.listDeliveries(ctx, { ...a, webhookId: w.id }, a),
    health: (w, _, ctx) => webhookHealth(ctx, w.id),
  },
  WebhookDelivery: {
    attemptCount: (d) => d.attempts,
    attempts: (d, _, ctx) => webhooks.attemptsOf(ctx, d.id),
    webhook: (d, _, ctx) => webhooks.webhookById(ctx, d.webhookId),
    event: (d, _, ctx) => (d.eventId ? webhooks.eventOf(ctx, d.eventId) : null),
  },
} satisfies Resolvers;
