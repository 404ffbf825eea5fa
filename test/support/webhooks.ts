// Helpers for webhook tests: write outbox events the way a domain does (recordEvent in a transaction,
// eventsCommitted after commit).
import type { Services } from "../../src/core/context.js";
import { eventsCommitted, recordEvent } from "../../src/core/events.js";

export async function emit(services: Services, storeId: string, subjectId: string, type = "updated", topic = "return") {
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
