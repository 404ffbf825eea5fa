// Payload snapshots: `{type, at, merchantName, ...topic.render()}` as JSON, rendered once per event
// and stored in DomainEvent.payload, so retries and replays re-send the original snapshot byte for
// byte. The dispatcher renders events right after their commit wakes it; an event whose process
// crashed before rendering is rendered at its first delivery (first write wins).
import type { Services } from "../core/context.js";
import { topicOf } from "./topics.js";

export async function renderSnapshot(
  services: Services,
  e: { storeId: string; topic: string; subjectId: string; type: string; at: Date },
): Promise<string> {
  const topic = topicOf(e.topic);
  if (!topic) throw new Error(`no topic ${e.topic} is registered`);
  const store = await services.db.prisma.store.findUnique({ where: { id: e.storeId }, select: { name: true } });
  const subject = await topic.render(services, e.storeId, e.subjectId);
  return JSON.stringify({ type: e.type, at: e.at.toISOString(), merchantName: store?.name ?? "", ...subject });
}

/** The event's stored snapshot, rendering and storing it first if missing. */
export async function ensureEventPayload(services: Services, eventId: string): Promise<string | null> {
  const prisma = services.db.prisma;
  const event = await prisma.domainEvent.findUnique({ where: { id: eventId } });
  if (!event) return null;
  if (event.payload !== null) return event.payload;
  const payload = await renderSnapshot(services, {
    storeId: event.storeId,
    topic: event.topic,
    subjectId: event.subjectId,
    type: event.type,
    at: event.occurredAt,
  });
  const won = await prisma.domainEvent.updateMany({ where: { id: eventId, payload: null }, data: { payload } });
  if (won.count === 1) return payload;
  const stored = await prisma.domainEvent.findUnique({ where: { id: eventId }, select: { payload: true } });
  return stored?.payload ?? payload;
}

/** Renders the snapshots of events that have unfinished deliveries and no payload yet. */
export async function renderPendingSnapshots(services: Services, limit = 100): Promise<number> {
  const rows = await services.db.prisma.webhookDelivery.findMany({
    where: { status: { in: ["pending", "waiting"] }, format: "redo", eventId: { not: null }, event: { payload: null } },
    select: { eventId: true },
    distinct: ["eventId"],
    take: limit,
  });
  for (const r of rows) {
    try {
      await ensureEventPayload(services, r.eventId!);
    } catch (err) {
      services.log.warn({ err, eventId: r.eventId }, "webhook payload render failed; retried at delivery");
    }
  }
  return rows.length;
}
