import type { RequestContext } from "../core/context.js";
import type { PageArgs } from "../core/pagination.js";
import * as webhooks from "./service.js";
import { sendTestEvent, webhookHealth } from "./health.js";

type Ctx = RequestContext;

export const webhookResolvers = {
  Query: {
    webhooks: (_: unknown, a: { storeId: string }, ctx: Ctx) => webhooks.listWebhooks(ctx, a.storeId),
    webhook: (_: unknown, a: { id: string }, ctx: Ctx) => webhooks.getWebhook(ctx, a.id),
    webhookDeliveries: (_: unknown, a: webhooks.DeliveryFilter & PageArgs, ctx: Ctx) => webhooks.listDeliveries(ctx, a, a),
    webhookDelivery: (_: unknown, a: { id: string }, ctx: Ctx) => webhooks.getDelivery(ctx, a.id),
  },
  Mutation: {
    createWebhook: (_: unknown, a: { storeId: string; input: webhooks.CreateWebhookInput; idempotencyKey?: string | null }, ctx: Ctx) =>
      webhooks.createWebhook(ctx, a.storeId, a.input, a.idempotencyKey),
    updateWebhook: (_: unknown, a: { id: string; input: webhooks.UpdateWebhookInput }, ctx: Ctx) =>
      webhooks.updateWebhook(ctx, a.id, a.input),
    deleteWebhook: (_: unknown, a: { id: string }, ctx: Ctx) => webhooks.deleteWebhook(ctx, a.id),
    replayWebhook: (_: unknown, a: { id: string; start: Date }, ctx: Ctx) => webhooks.replayWebhook(ctx, a.id, a.start),
    retryWebhookDelivery: (_: unknown, a: { id: string }, ctx: Ctx) => webhooks.retryDelivery(ctx, a.id),
    sendWebhookTestEvent: (_: unknown, a: { id: string }, ctx: Ctx) => sendTestEvent(ctx, a.id),
  },
  Webhook: {
    callback: (w: { callbackUrl: string; authTokenEnc: string | null }) => ({
      url: w.callbackUrl,
      auth: w.authTokenEnc ? { bearer: { token: webhooks.MASKED_TOKEN } } : null,
    }),
    deliveries: (w: { id: string }, a: Omit<webhooks.DeliveryFilter, "webhookId"> & PageArgs, ctx: Ctx) =>
      webhooks.listDeliveries(ctx, { ...a, webhookId: w.id }, a),
    health: (w: { id: string }, _: unknown, ctx: Ctx) => webhookHealth(ctx, w.id),
  },
  WebhookDelivery: {
    attemptCount: (d: { attempts: number }) => d.attempts,
    attempts: (d: { id: string }, _: unknown, ctx: Ctx) => webhooks.attemptsOf(ctx, d.id),
    webhook: (d: { webhookId: string }, _: unknown, ctx: Ctx) => webhooks.webhookById(ctx, d.webhookId),
    event: (d: { eventId: string | null }, _: unknown, ctx: Ctx) => (d.eventId ? webhooks.eventOf(ctx, d.eventId) : null),
  },
};
