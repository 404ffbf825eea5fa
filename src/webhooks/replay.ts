// Replay: the events of a webhook's topic since a date, delivered again in order per subject, in bounded calls.
import { refuse } from "./refusals.js";
import type { RequestContext } from "../core/context.js";
import { eventsCommitted } from "../core/events.js";
import { REPLAY_BOUNDS } from "../core/bounds.js";
import { enqueueDelivery } from "./outbox.js";
import { formatOf } from "./formats.js";
import { findOwn, notFound } from "./subscriptions.js";

/**
 * Re-delivers, in original order per subject, the events of the webhook's topic in its store that
 * occurred at or after `start`, discarded ones included. Each replayed event is a new delivery
 * (new `webhook-id`) appended to its subject's stream, so it never overtakes what is already queued.
 * Bounded so it cannot flood the dispatcher: `start` within the replay window (RETENTION_EVENTS_DAYS), events that
 * already wait to be sent to this webhook are skipped, and one call queues at most
 * REPLAY_BOUNDS.deliveries, oldest first; `nextStart` then says where the next call continues.
 */
export async function replayWebhook(ctx: RequestContext, id: string, start: Date) {
  const webhook = await findOwn(ctx, id);
  if (!webhook) throw notFound(id);
  if (Number.isNaN(start.getTime())) throw refuse("REPLAY_START_INVALID");
  if (start.getTime() > Date.now()) throw refuse("REPLAY_START_FUTURE");
  // The replay window is how long events are kept (RETENTION_EVENTS_DAYS, src/retention): older ones are gone.
  const windowDays = ctx.services.config.retention.eventsDays;
  const oldest = new Date(Date.now() - windowDays * 86_400_000);
  if (start < oldest) {
    throw refuse("REPLAY_START_TOO_OLD", { days: windowDays, oldest: oldest.toISOString(), start: start.toISOString() });
  }
  const prisma = ctx.prisma;
  const triggered = formatOf(webhook.kind) !== undefined;
  let queued = 0;
  let nextStart: Date | null = null;
  let cursor: { occurredAt: Date; id: string } | null = null;
  while (nextStart === null) {
    const c: { occurredAt: Date; id: string } | null = cursor;
    const events: { id: string; subjectId: string; sequence: number; type: string; occurredAt: Date }[] = await prisma.domainEvent.findMany(
      {
        where: {
          storeId: webhook.storeId,
          topic: webhook.topic,
          // A webhook of a registered format gets again the events that fired its trigger.
          ...(triggered ? { platformTriggers: { contains: `,${webhook.trigger},` } } : {}),
          occurredAt: { gte: start },
          ...(c ? { OR: [{ occurredAt: { gt: c.occurredAt } }, { occurredAt: c.occurredAt, id: { gt: c.id } }] } : {}),
        },
        orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
        take: 500,
        select: { id: true, subjectId: true, sequence: true, type: true, occurredAt: true },
      },
    );
    if (!events.length) break;
    cursor = events[events.length - 1];
    const waiting = await prisma.webhookDelivery.findMany({
      where: { webhookId: webhook.id, eventId: { in: events.map((e) => e.id) }, status: { in: ["pending", "waiting"] } },
      select: { eventId: true },
    });
    const skip = new Set(waiting.map((d) => d.eventId));
    let fresh = events.filter((e) => !skip.has(e.id));
    const room = REPLAY_BOUNDS.deliveries - queued;
    if (fresh.length > room) {
      nextStart = fresh[room].occurredAt;
      fresh = fresh.slice(0, room);
    }
    // Subject by subject (one stream lock per transaction), in sequence order within each subject.
    const bySubject = new Map<string, typeof fresh>();
    for (const e of fresh) bySubject.set(e.subjectId, [...(bySubject.get(e.subjectId) ?? []), e]);
    for (const [subjectId, group] of bySubject) {
      await prisma.$transaction(async (tx) => {
        for (const e of group.sort((a, b) => a.sequence - b.sequence)) {
          await enqueueDelivery(tx, {
            webhookId: webhook.id,
            storeId: webhook.storeId,
            eventId: e.id,
            subjectId,
            type: triggered ? webhook.trigger! : e.type,
            reason: "replay",
            format: webhook.kind,
          });
        }
      });
    }
    queued += fresh.length;
  }
  if (queued) eventsCommitted(ctx.services, webhook.topic);
  return { webhookId: webhook.id, deliveriesQueued: queued, nextStart };
}
