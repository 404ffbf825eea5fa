// Domain events: every change to a subject (e.g. a return) records an event row in the SAME
// database transaction as the change, with a per-subject sequence number (transactional outbox).
// The webhooks module turns them into deliveries. No event for a rolled-back change; none lost
// for a committed one.
import type { TransactionClient } from "../db/client.js";
import type { Services } from "../core/context.js";
import { newId } from "../core/ids.js";
import { fanOutEvent } from "./outbox.js";
import { phpJson, platformTriggersOf, triggersColumn } from "./loop-format.js";

export interface DomainEventInput {
  storeId: string;
  /** e.g. "return". Topics are declared by the webhooks module's topic registry. */
  topic: string;
  subjectId: string;
  /** e.g. "created" | "updated". */
  type: string;
  /** The subject's status before and after, when the change moved it (decides the platform's `return.closed`). */
  statusChange?: { from: string; to: string } | null;
  /** The warehouse platform's object of this event when it is a fact of the moment (a processing failure). */
  platformObject?: Record<string, unknown> | null;
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
  const triggers = platformTriggersOf(event);
  await tx.domainEvent.create({
    data: {
      id,
      storeId: event.storeId,
      topic: event.topic,
      subjectId: event.subjectId,
      sequence,
      type: event.type,
      platformTriggers: triggersColumn(triggers),
      platformPayload: event.platformObject ? phpJson(event.platformObject) : null,
    },
  });
  // Same transaction: one delivery per subscription of the topic (none if the change rolls back).
  await fanOutEvent(tx, { id, storeId: event.storeId, topic: event.topic, subjectId: event.subjectId, type: event.type, triggers });
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

/** The warehouse platform's `source` of a processing failure. */
export type ProcessingSource = "warehouse" | "admin" | "api" | null;

/**
 * A return's processing failed (the warehouse platform's `return.processing.failed`, §3.2): recorded in
 * a transaction of its own, since the failed change rolled back and recorded nothing; the payload is
 * the facts of that moment, stored with the event.
 */
export async function recordProcessingFailure(
  services: Services,
  f: { storeId: string; returnId: string; compatId: number | null; state: string; message: string | null; source: ProcessingSource },
): Promise<void> {
  await services.db.prisma.$transaction((tx) =>
    recordEvent(tx, {
      storeId: f.storeId,
      topic: "return.processing",
      subjectId: f.returnId,
      type: "failed",
      platformObject: { return_id: f.compatId, return_state: f.state, message: f.message, source: f.source },
    }),
  );
  eventsCommitted(services, "return.processing");
}
