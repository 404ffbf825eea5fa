// Payload snapshots: `{type, at, merchantName, ...topic.render()}` as JSON, rendered once per event
// and stored in DomainEvent.payload, so retries and replays re-send the original snapshot byte for
// byte. The dispatcher renders events right after their commit wakes it; an event whose process
// crashed before rendering is rendered at its first delivery (first write wins).
import type { Services } from "../core/context.js";
import { topicOf } from "./topics.js";
import { deliveryFormats } from "./formats.js";

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

/**
 * Renders the snapshots of events that have unfinished deliveries and none yet: Retour's own (`payload`)
 * for `redo` deliveries, a registered format's object (`platformPayload`, formats.ts) for its own.
 */
export async function renderPendingSnapshots(services: Services, limit = 100): Promise<number> {
  const formats = [
    { format: "redo", missing: { payload: null }, ensure: ensureEventPayload },
    ...deliveryFormats().map((f) => ({ format: f.kind, missing: { platformPayload: null }, ensure: f.ensurePayload })),
  ];
  let rendered = 0;
  for (const f of formats) {
    // Most deployments have no webhook of another format: one look at the small webhook table spares scanning the backlog again.
    if (f.format !== "redo" && !(await services.db.prisma.webhook.findFirst({ where: { kind: f.format }, select: { id: true } }))) continue;
    const rows = await services.db.prisma.webhookDelivery.findMany({
      where: { status: { in: ["pending", "waiting"] }, format: f.format, eventId: { not: null }, event: f.missing },
      select: { eventId: true },
      distinct: ["eventId"],
      take: limit,
    });
    for (const r of rows) {
      try {
        await f.ensure(services, r.eventId!);
      } catch (err) {
        services.log.warn({ err, eventId: r.eventId, format: f.format }, "webhook payload render failed; retried at delivery");
      }
    }
    rendered += rows.length;
  }
  return rendered;
}
