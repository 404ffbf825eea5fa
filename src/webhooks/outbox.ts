// From outbox events to deliveries. A delivery joins its (webhook, subject) stream under the stream's
// row lock: it is "pending" (sendable) when the stream has no unfinished delivery, else "waiting".
// When a delivery finishes (delivered or discarded) the stream's next waiting one becomes pending in
// the same transaction (the dispatcher's batch write, delivery-sql.ts). So event n+1 of a subject is never sent to a webhook before event n finished
// there, whichever replica sends it, and different subjects never wait for each other.
import type { TransactionClient } from "../db/client.js";
import { newId } from "../core/ids.js";
import type { EventHooks } from "../core/events.js";
import { deliveryFormats, triggersColumn, triggersOf } from "./formats.js";

/** Locks the (webhook, subject) stream row for the rest of the transaction. */
export async function lockStream(tx: TransactionClient, webhookId: string, subjectId: string): Promise<void> {
  await tx.webhookStream.upsert({
    where: { webhookId_subjectId: { webhookId, subjectId } },
    create: { webhookId, subjectId, version: 1 },
    update: { version: { increment: 1 } },
  });
}

export interface EnqueueInput {
  webhookId: string;
  storeId: string;
  eventId: string | null;
  subjectId: string;
  type: string;
  /** Only for deliveries without an event (backfill snapshots). */
  payload?: string | null;
  /** The webhook's kind ("redo" when omitted); for a registered format (formats.ts), `type` is its trigger. */
  format?: string;
  reason: "event" | "backfill" | "replay" | "retry" | "test";
}

/** Appends a delivery to its stream; the caller holds no other stream lock of a different order. */
export async function enqueueDelivery(tx: TransactionClient, input: EnqueueInput, now = new Date()): Promise<string> {
  await lockStream(tx, input.webhookId, input.subjectId);
  const busy = await tx.webhookDelivery.count({
    where: { webhookId: input.webhookId, subjectId: input.subjectId, status: { in: ["pending", "waiting"] } },
  });
  const id = newId("msg");
  await tx.webhookDelivery.create({
    data: { id, ...input, status: busy ? "waiting" : "pending", nextAttemptAt: busy ? null : now },
  });
  return id;
}

/**
 * Called by recordEvent inside the change's transaction (transactional outbox): one delivery per
 * subscription of the event's topic in its store: every `redo` one, and each active one of a registered
 * format (formats.ts) whose trigger the event fires (its delivery's type is that trigger). Rolled back
 * with the change; committed with it.
 */
export async function fanOutEvent(
  tx: TransactionClient,
  event: { id: string; storeId: string; topic: string; subjectId: string; type: string; triggers: string[] },
): Promise<void> {
  const hooks = await tx.webhook.findMany({
    where: {
      storeId: event.storeId,
      topic: event.topic,
      OR: [
        { kind: "redo" },
        ...(event.triggers.length
          ? deliveryFormats().map((f) => ({ kind: f.kind, status: "active", trigger: { in: event.triggers } }))
          : []),
      ],
    },
    select: { id: true, kind: true, trigger: true },
    orderBy: { id: "asc" },
  });
  for (const hook of hooks) {
    const triggered = hook.kind !== "redo";
    await enqueueDelivery(tx, {
      webhookId: hook.id,
      storeId: event.storeId,
      eventId: event.id,
      subjectId: event.subjectId,
      type: triggered ? hook.trigger! : event.type,
      reason: "event",
      format: hook.kind,
    });
  }
}

/** What the core's recordEvent asks of the webhooks (given at assembly, src/domains.ts). */
export const WEBHOOK_EVENT_HOOKS: EventHooks = {
  columnsOf(e) {
    // An object stored with the event is in the format of the subscriptions it fires.
    const owner = e.platformObject ? deliveryFormats().find((f) => f.triggersOf(e).length) : undefined;
    return {
      platformTriggers: triggersColumn(triggersOf(e)),
      platformPayload: e.platformObject && owner ? owner.objectBytes(e.platformObject) : null,
    };
  },
  recorded: (tx, e) =>
    fanOutEvent(tx, { id: e.id, storeId: e.storeId, topic: e.topic, subjectId: e.subjectId, type: e.type, triggers: triggersOf(e) }),
};
