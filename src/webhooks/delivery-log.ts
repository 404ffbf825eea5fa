// The delivery log: a webhook's deliveries (paged, filtered), one delivery, its retry, and the loaders
// of its attempts, events and webhooks.
import { refuse } from "./refusals.js";
import type { RequestContext } from "../core/context.js";
import { eventsCommitted } from "../core/events.js";
import { type PageArgs, pageOf } from "../core/pagination.js";
import { PAGE_SIZES } from "../core/bounds.js";
import { enqueueDelivery } from "./outbox.js";
import { findOwn, notFound } from "./subscriptions.js";

export const DELIVERY_STATUSES = ["waiting", "pending", "delivered", "discarded"];

export interface DeliveryFilter {
  webhookId: string;
  status?: string | null;
  eventId?: string | null;
  subjectId?: string | null;
}

export async function listDeliveries(ctx: RequestContext, filter: DeliveryFilter, args: PageArgs) {
  const webhook = await findOwn(ctx, filter.webhookId);
  if (!webhook) throw notFound(filter.webhookId);
  const where = {
    webhookId: webhook.id,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.eventId ? { eventId: filter.eventId } : {}),
    ...(filter.subjectId ? { subjectId: filter.subjectId } : {}),
  };
  return pageOf(ctx.services.cursors, {
    list: `webhookDeliveries:${webhook.id}:${filter.status ?? ""}:${filter.eventId ?? ""}:${filter.subjectId ?? ""}`,
    args,
    size: PAGE_SIZES.webhookDeliveries,
    sortField: "createdAt",
    checks: [
      () => {
        if (filter.status && !DELIVERY_STATUSES.includes(filter.status))
          throw refuse("DELIVERY_STATUS_UNKNOWN", { value: filter.status, statuses: DELIVERY_STATUSES.join(", ") });
      },
    ],
    where: { ...where },
    findMany: (q) => ctx.prisma.webhookDelivery.findMany(q),
  });
}

export async function getDelivery(ctx: RequestContext, id: string) {
  return ctx.prisma.webhookDelivery.findFirst({ where: { id, storeId: { in: ctx.storeIds() } } });
}

/** Retry now: a pending delivery is attempted at once; a finished one is queued again (new webhook-id). */
export async function retryDelivery(ctx: RequestContext, id: string) {
  const delivery = await getDelivery(ctx, id);
  if (!delivery) throw refuse("DELIVERY_NOT_FOUND", { id });
  if (delivery.status === "waiting") {
    throw refuse("DELIVERY_WAITING", { id, subjectId: delivery.subjectId });
  }
  if (delivery.status === "pending") {
    // The answer is the delivery as the retry left it (read before any dispatcher is woken, which may send it at once).
    const queued = await ctx.prisma.webhookDelivery.update({ where: { seq: delivery.seq }, data: { nextAttemptAt: new Date() } });
    eventsCommitted(ctx.services, "webhooks");
    return queued;
  }
  const queued = await ctx.prisma.$transaction(async (tx) => {
    const newId = await enqueueDelivery(tx, {
      webhookId: delivery.webhookId,
      storeId: delivery.storeId,
      eventId: delivery.eventId,
      subjectId: delivery.subjectId,
      type: delivery.type,
      payload: delivery.payload,
      reason: "retry",
      format: delivery.format,
    });
    // Read in the transaction: once it commits, a dispatcher (woken here or by NOTIFY) may send it at once.
    return tx.webhookDelivery.findUniqueOrThrow({ where: { id: newId } });
  });
  eventsCommitted(ctx.services, "webhooks");
  return queued;
}

// ─── Loaders for the delivery log ────────────────────────────────────────────

export function attemptsOf(ctx: RequestContext, deliveryId: string) {
  return ctx.loaders
    .hasMany(
      "webhookAttemptsByDelivery",
      (ids) => ctx.prisma.webhookAttempt.findMany({ where: { deliveryId: { in: ids } }, orderBy: [{ number: "asc" }] }),
      (r) => r.deliveryId,
    )
    .load(deliveryId);
}

export function eventOf(ctx: RequestContext, eventId: string) {
  return ctx.loaders.byId("webhookEventById", (ids) => ctx.prisma.domainEvent.findMany({ where: { id: { in: ids } } })).load(eventId);
}

export function webhookById(ctx: RequestContext, id: string) {
  return ctx.loaders.byId("webhookById", (ids) => ctx.prisma.webhook.findMany({ where: { id: { in: ids } } })).load(id);
}
