// A new webhook's backfill: a snapshot of now of every existing subject of its topic, to it alone.
import type { Services } from "../core/context.js";
import { eventsCommitted } from "../core/events.js";
import { topicOf } from "./topics.js";
import { enqueueDelivery } from "./outbox.js";
import { renderSnapshot } from "./payload.js";

/** One `backfill` delivery (a snapshot of now) per existing subject of the topic, to this webhook only. */
export async function backfill(services: Services, webhook: { id: string; storeId: string; topic: string }) {
  const topic = topicOf(webhook.topic)!;
  const subjects = await topic.listSubjectsForBackfill(services, webhook.storeId);
  const now = new Date();
  for (const subjectId of subjects) {
    const payload = await renderSnapshot(services, {
      storeId: webhook.storeId,
      topic: webhook.topic,
      subjectId,
      type: "backfill",
      at: now,
    });
    await services.db.prisma.$transaction(async (tx) => {
      await enqueueDelivery(tx, {
        webhookId: webhook.id,
        storeId: webhook.storeId,
        eventId: null,
        subjectId,
        type: "backfill",
        payload,
        reason: "backfill",
      });
    });
  }
  if (subjects.length) eventsCommitted(services, webhook.topic);
}
