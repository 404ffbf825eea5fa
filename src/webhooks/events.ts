// Domain events: every change to a subject (e.g. a return) records an event row in the SAME
// database transaction as the change, with a per-subject sequence number (transactional outbox).
// The webhooks module turns them into deliveries. No event for a rolled-back change; none lost
// for a committed one.
import type { TransactionClient } from "../db/client.js";
import type { Services } from "../core/context.js";
import { newId } from "../core/ids.js";
import { fanOutEvent } from "./outbox.js";

export interface DomainEventInput {
  storeId: string;
  /** e.g. "return". Topics are declared by the webhooks module's topic registry. */
  topic: string;
  subjectId: string;
  /** e.g. "created" | "updated". */
  type: string;
}

/**
 * Records an event inside the caller's transaction. The caller must hold the subject's row lock
 * (or otherwise serialise writes to the subject) so sequences are gap-free; the unique index on
 * (topic, subjectId, sequence) refuses duplicates regardless.
 */
export async function recordEvent(tx: TransactionClient, event: DomainEventInput): Promise<{ id: string; sequence: number }> {
  const last = await tx.domainEvent.findFirst({
    where: { topic: event.topic, subjectId: event.subjectId },
    orderBy: { sequence: "desc" },
    select: { sequence: true },
  });
  const sequence = (last?.sequence ?? 0) + 1;
  const id = newId("evt");
  await tx.domainEvent.create({
    data: { id, storeId: event.storeId, topic: event.topic, subjectId: event.subjectId, sequence, type: event.type },
  });
  // Same transaction: one delivery per subscription of the topic (none if the change rolls back).
  await fanOutEvent(tx, { id, storeId: event.storeId, topic: event.topic, subjectId: event.subjectId, type: event.type });
  return { id, sequence };
}

/** Call after a transaction that recorded events commits: wakes listeners (the dispatcher). */
export function eventsCommitted(services: Services, topic: string): void {
  for (const listener of services.afterCommit) {
    try {
      listener(topic);
    } catch (err) {
      services.log.warn({ err }, "afterCommit listener failed");
    }
  }
}
