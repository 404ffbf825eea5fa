// Domain events: every change to a subject (e.g. a return) records an event row in the SAME
// database transaction as the change, with a per-subject sequence number (transactional outbox).
// Every domain records them; what turns them into deliveries (the webhooks domain) plugs in at
// assembly (src/domains.ts: setEventHooks), so the core and the recording domains name no consumer.
// No event for a rolled-back change; none lost for a committed one.
import type { TransactionClient } from "../db/client.js";
import type { Services } from "./context.js";
import { newId } from "./ids.js";

export interface DomainEventInput {
  storeId: string;
  /** e.g. "return". Topics are declared by the webhooks domain's topic registry. */
  topic: string;
  subjectId: string;
  /** e.g. "created" | "updated". */
  type: string;
  /** The subject's status before and after, when the change moved it (decides the warehouse platform's `return.closed`). */
  statusChange?: { from: string; to: string } | null;
  /** The warehouse platform's object of this event when it is a fact of the moment (a processing failure). */
  platformObject?: Record<string, unknown> | null;
  /**
   * The subject was made in this transaction and the change says what it knows of it, so neither the
   * recording nor its consumers read it back: its first event (sequence 1, nothing sent for it yet), its
   * order, the shopper's e-mail on that order, how many gift cards it issued.
   */
  newSubject?: { orderId: string | null; shopperEmail: string | null; giftCardsIssued: number };
}

/** What the event's consumers add, given at assembly: the row's extra columns and the fan-out. */
export interface EventHooks {
  /** Columns of the event row that deliveries of another format read (its triggers, its stored object). */
  columnsOf(event: DomainEventInput): { platformTriggers: string | null; platformPayload: string | null };
  /** In the change's transaction, once the row is written: e.g. one delivery per subscription. */
  recorded(tx: TransactionClient, event: DomainEventInput & { id: string; sequence: number }): Promise<void>;
}

let hooks: EventHooks | null = null;

/** Called once by the assembly (src/domains.ts). */
export function setEventHooks(h: EventHooks): void {
  hooks = h;
}

/**
 * Records an event inside the caller's transaction. The caller must hold the subject's row lock
 * (or otherwise serialise writes to the subject) so sequences are gap-free; the unique index on
 * (topic, subjectId, sequence) refuses duplicates regardless.
 */
export async function recordEvent(tx: TransactionClient, event: DomainEventInput): Promise<{ id: string; sequence: number }> {
  if (!hooks) throw new Error("recording an event needs its consumers, registered by the assembly (src/domains.ts)");
  const last = event.newSubject
    ? null
    : await tx.domainEvent.findFirst({
        where: { topic: event.topic, subjectId: event.subjectId },
        orderBy: { sequence: "desc" },
        select: { sequence: true },
      });
  const sequence = (last?.sequence ?? 0) + 1;
  const id = newId("evt");
  await tx.domainEvent.create({
    data: {
      id,
      storeId: event.storeId,
      topic: event.topic,
      subjectId: event.subjectId,
      sequence,
      type: event.type,
      ...hooks.columnsOf(event),
    },
  });
  // Same transaction: the consumers' rows (none if the change rolls back).
  await hooks.recorded(tx, { ...event, id, sequence });
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
