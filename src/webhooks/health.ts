// A subscription's health, from its delivery log (WebhookAttempt, indexed by webhook and time) and
// "Send test event": a clearly marked delivery through the normal outbox, so it shows in the log.
// Kept apart from service.ts (subscriptions, replay) and dispatcher.ts (delivery).
import { refuse } from "./refusals.js";
import type { RequestContext } from "../core/context.js";
import { eventsCommitted } from "../core/events.js";
import { newId } from "../core/ids.js";
import { enqueueDelivery } from "./outbox.js";
import { getWebhook } from "./service.js";

export interface WebhookHealth {
  status: "healthy" | "failing" | "never_delivered";
  failingSince: Date | null;
  lastSuccessAt: Date | null;
  consecutiveFailures: number;
}

/**
 * One indexed read when the last attempt succeeded (or there is none); when failing, three more reads
 * bounded by the failures since the last success (all on the (webhookId, at) index).
 */
export async function webhookHealth(ctx: RequestContext, webhookId: string): Promise<WebhookHealth> {
  const attempts = ctx.prisma.webhookAttempt;
  const last = await attempts.findFirst({
    where: { webhookId },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    select: { at: true, outcome: true },
  });
  if (!last) return { status: "never_delivered", failingSince: null, lastSuccessAt: null, consecutiveFailures: 0 };
  if (last.outcome === "success") return { status: "healthy", failingSince: null, lastSuccessAt: last.at, consecutiveFailures: 0 };
  const success = await attempts.findFirst({ where: { webhookId, outcome: "success" }, orderBy: { at: "desc" }, select: { at: true } });
  const since = { webhookId, outcome: "failure", ...(success ? { at: { gt: success.at } } : {}) };
  const [firstFailure, consecutiveFailures] = await Promise.all([
    attempts.findFirst({ where: since, orderBy: { at: "asc" }, select: { at: true } }),
    attempts.count({ where: since }),
  ]);
  return { status: "failing", failingSince: firstFailure?.at ?? last.at, lastSuccessAt: success?.at ?? null, consecutiveFailures };
}

export const TEST_EVENT_TYPE = "test";

/**
 * Queues one test delivery to the webhook: type and reason `test`, a payload that says so, and a subject
 * of its own (`test_…`) so it never waits behind, nor holds up, a real subject's deliveries.
 */
export async function sendTestEvent(ctx: RequestContext, webhookId: string) {
  const webhook = await getWebhook(ctx, webhookId);
  if (!webhook) throw refuse("WEBHOOK_NOT_FOUND", { id: webhookId });
  const store = await ctx.prisma.store.findUnique({ where: { id: webhook.storeId }, select: { name: true } });
  const subjectId = newId("test");
  const payload = JSON.stringify({
    type: TEST_EVENT_TYPE,
    at: new Date().toISOString(),
    merchantName: store?.name ?? "",
    test: true,
    message: "A test event sent from Retour to check this endpoint. It refers to no real return; acknowledge it with a 2xx.",
    webhookId: webhook.id,
    topic: webhook.topic,
  });
  const queued = await ctx.prisma.$transaction(async (tx) => {
    const id = await enqueueDelivery(tx, {
      webhookId: webhook.id,
      storeId: webhook.storeId,
      eventId: null,
      subjectId,
      type: TEST_EVENT_TYPE,
      payload,
      reason: "test",
      format: webhook.kind,
    });
    // Read in the transaction: the answer is the test delivery as queued (a dispatcher may send it at commit).
    return tx.webhookDelivery.findUniqueOrThrow({ where: { id } });
  });
  eventsCommitted(ctx.services, "webhooks");
  return queued;
}
