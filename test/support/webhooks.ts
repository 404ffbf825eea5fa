// Helpers for webhook tests: write outbox events the way a domain does (recordEvent in a transaction,
// eventsCommitted after commit).
import type { Services } from "../../src/core/context.js";
import { eventsCommitted, recordEvent } from "../../src/core/events.js";
import "../../src/domains.js"; // the assembly: recordEvent fans out through the webhooks domain

export async function emit(services: Services, storeId: string, subjectId: string, type = "updated", topic = "return") {
  if (topic === "return") await ensureReturn(services, storeId, subjectId);
  const out = await services.db.prisma.$transaction((tx) => recordEvent(tx, { storeId, topic, subjectId, type }));
  eventsCommitted(services, topic);
  return out;
}

export const DELIVERIES = `query($id: ID!, $status: String, $eventId: ID) {
  webhookDeliveries(webhookId: $id, status: $status, eventId: $eventId, first: 100) {
    nodes { id subjectId type reason status attemptCount lastStatusCode lastError eventId event { sequence }
      attempts { number outcome statusCode latencyMs responseBody error } }
  }
}`;

/** The return topic renders the real return, so a subject must exist: a minimal order and return
 * with the given id, written without events (the test emits the events it wants). */
export async function ensureReturn(services: Services, storeId: string, returnId: string) {
  const prisma = services.db.prisma;
  if (await prisma.return.findUnique({ where: { id: returnId }, select: { id: true } })) return;
  const orderId = `ord_fixture_${storeId}`;
  await prisma.order.upsert({
    where: { id: orderId },
    update: {},
    create: {
      id: orderId,
      storeId,
      provider: "custom",
      externalId: `fixture-${storeId}`,
      name: "#fixture",
      source: "custom_sync",
      currency: "USD",
      placedAt: new Date("2026-11-01T10:00:00Z"),
    },
  });
  await prisma.return.create({ data: { id: returnId, storeId, orderId, status: "open", createdByType: "system" } });
}
