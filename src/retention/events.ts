// Domain events past the replay window (RETENTION_EVENTS_DAYS, which is also how far back a replay may
// start: src/webhooks/service.ts). An event goes with its finished deliveries and their attempts, once no
// delivery still has to send it (pending or waiting). One event of every subject stays: its latest,
// because the next event's sequence follows it (src/core/events.ts); past the window its rendered
// payloads are cleared (they are ~3.5 kB and nothing sends them any more) and its deliveries go too.
//
// Two walks, each in bounded batches, so a sweep's work follows what happened since the last one and not
// the size of the table:
// - the expired walk: events that crossed the window since the last sweep, by (occurredAt, id) from
//   `expiredFrom` (an event still to be sent holds the mark back, so it is looked at again);
// - the recent walk: subjects with an event recorded since the last sweep (`recentFrom`): their older
//   latest event, kept when it crossed the window, is now superseded and goes.
import type { PrismaClient, TransactionClient } from "../db/client.js";
import type { Marks } from "./lease.js";

/** Deliveries that still have to send their event. */
const LIVE = ["pending", "waiting"];
/** A transaction still open when a sweep started commits within this (the recent walk starts this much earlier). */
const IN_FLIGHT_MS = 10 * 60_000;

export interface Step {
  /** One more batch is allowed (false: stop, the lease is lost or the service is closing). */
  next(): Promise<boolean>;
  batch: number;
  prisma: PrismaClient;
  /** Runs one batch's writes in one short transaction. */
  tx<T>(work: (tx: TransactionClient) => Promise<T>): Promise<T>;
}

interface Candidate {
  id: string;
  topic: string;
  subjectId: string;
  sequence: number;
  occurredAt: Date;
  _count: { deliveries: number };
}

const CANDIDATE = {
  id: true,
  topic: true,
  subjectId: true,
  sequence: true,
  occurredAt: true,
  _count: { select: { deliveries: { where: { status: { in: LIVE } } } } },
} as const;

export interface EventsOutcome {
  deleted: { events: number; deliveries: number; attempts: number; payloadsCleared: number };
  marks: Marks;
  finished: boolean;
}

/** Deletes the candidates that are neither needed by a delivery nor their subject's latest; clears the latest's payloads. */
async function purge(step: Step, rows: Candidate[], out: EventsOutcome["deleted"]): Promise<Date | null> {
  if (!rows.length) return null;
  const idle = rows.filter((r) => r._count.deliveries === 0);
  const held = rows.filter((r) => r._count.deliveries > 0);
  const latest = new Map<string, number>();
  if (idle.length) {
    const maxima = await step.prisma.domainEvent.groupBy({
      by: ["topic", "subjectId"],
      where: { topic: { in: [...new Set(idle.map((r) => r.topic))] }, subjectId: { in: [...new Set(idle.map((r) => r.subjectId))] } },
      _max: { sequence: true },
    });
    for (const m of maxima) latest.set(`${m.topic}\u0000${m.subjectId}`, m._max.sequence ?? 0);
  }
  const isLatest = (r: Candidate) => (latest.get(`${r.topic}\u0000${r.subjectId}`) ?? 0) <= r.sequence;
  const doomed = idle.filter((r) => !isLatest(r)).map((r) => r.id);
  const kept = idle.filter(isLatest).map((r) => r.id);
  await step.tx(async (tx) => {
    // Re-checked in the transaction: a delivery queued meanwhile keeps its event as it is.
    const stillNeeded = await tx.webhookDelivery.findMany({
      where: { eventId: { in: [...doomed, ...kept] }, status: { in: LIVE } },
      select: { eventId: true },
    });
    const needed = new Set(stillNeeded.map((d) => d.eventId));
    const gone = doomed.filter((id) => !needed.has(id));
    const cleared = kept.filter((id) => !needed.has(id));
    // The finished deliveries of both go (with their attempts): none may be re-sent from a cleared payload.
    const deliveries = (await tx.webhookDelivery.findMany({ where: { eventId: { in: [...gone, ...cleared] } }, select: { id: true } })).map(
      (d) => d.id,
    );
    if (deliveries.length) {
      out.attempts += (await tx.webhookAttempt.deleteMany({ where: { deliveryId: { in: deliveries } } })).count;
      out.deliveries += (await tx.webhookDelivery.deleteMany({ where: { id: { in: deliveries } } })).count;
    }
    if (gone.length) out.events += (await tx.domainEvent.deleteMany({ where: { id: { in: gone } } })).count;
    if (cleared.length)
      out.payloadsCleared += (
        await tx.domainEvent.updateMany({
          where: { id: { in: cleared }, OR: [{ payload: { not: null } }, { platformPayload: { not: null } }] },
          data: { payload: null, platformPayload: null },
        })
      ).count;
  });
  // The oldest event a delivery still holds: the expired walk resumes there next time.
  return held.reduce<Date | null>((min, r) => (!min || r.occurredAt < min ? r.occurredAt : min), null);
}

/** Both walks; `now` (default the clock; tests move it) and `windowDays` decide the cut. */
export async function sweepEvents(step: Step, marks: Marks, now: Date, windowDays: number): Promise<EventsOutcome> {
  // The recent walk follows when events were recorded (the clock), whatever moment retention is counted from.
  const started = new Date();
  const cut = new Date(now.getTime() - windowDays * 86_400_000);
  const deleted = { events: 0, deliveries: 0, attempts: 0, payloadsCleared: 0 };
  const out: EventsOutcome = { deleted, marks: { ...marks }, finished: false };

  // The expired walk: [expiredFrom, cut).
  let heldFrom: Date | null = null;
  let after: { occurredAt: Date; id: string } | null = null;
  for (;;) {
    if (!(await step.next())) {
      // Stopped: resume at the oldest of what a delivery holds and where the walk was.
      const reached = after?.occurredAt ?? marks.expiredFrom;
      out.marks.expiredFrom = heldFrom && reached && heldFrom < reached ? heldFrom : reached;
      return out;
    }
    const a: { occurredAt: Date; id: string } | null = after;
    const rows: Candidate[] = await step.prisma.domainEvent.findMany({
      where: {
        // The keyset's own time as a plain bound too, so each batch is an index range from where the last ended.
        occurredAt: { lt: cut, ...(a ? { gte: a.occurredAt } : marks.expiredFrom ? { gte: marks.expiredFrom } : {}) },
        ...(a ? { OR: [{ occurredAt: { gt: a.occurredAt } }, { occurredAt: a.occurredAt, id: { gt: a.id } }] } : {}),
      },
      orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
      take: step.batch,
      select: CANDIDATE,
    });
    const held = await purge(step, rows, deleted);
    if (held && (!heldFrom || held < heldFrom)) heldFrom = held;
    if (rows.length < step.batch) break;
    after = { occurredAt: rows[rows.length - 1]!.occurredAt, id: rows[rows.length - 1]!.id };
  }
  out.marks.expiredFrom = heldFrom && heldFrom < cut ? heldFrom : cut;

  // The recent walk: subjects with an event since recentFrom (none the first time: the expired walk saw everything).
  const since = marks.recentFrom ? new Date(marks.recentFrom.getTime() - IN_FLIGHT_MS) : null;
  let recent: { occurredAt: Date; id: string } | null = null;
  while (since) {
    if (!(await step.next())) return out; // recentFrom unchanged: the next sweep walks it again
    const r: { occurredAt: Date; id: string } | null = recent;
    const fresh: { id: string; topic: string; subjectId: string; occurredAt: Date }[] = await step.prisma.domainEvent.findMany({
      where: {
        occurredAt: { gte: r ? r.occurredAt : since },
        ...(r ? { OR: [{ occurredAt: { gt: r.occurredAt } }, { occurredAt: r.occurredAt, id: { gt: r.id } }] } : {}),
      },
      orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
      take: step.batch,
      select: { id: true, topic: true, subjectId: true, occurredAt: true },
    });
    if (!fresh.length) break;
    const topics = [...new Set(fresh.map((e) => e.topic))];
    const subjects = [...new Set(fresh.map((e) => e.subjectId))];
    const old: Candidate[] = await step.prisma.domainEvent.findMany({
      where: { topic: { in: topics }, subjectId: { in: subjects }, occurredAt: { lt: cut } },
      take: step.batch * 4,
      select: CANDIDATE,
    });
    await purge(step, old, deleted);
    if (fresh.length < step.batch) break;
    recent = { occurredAt: fresh[fresh.length - 1]!.occurredAt, id: fresh[fresh.length - 1]!.id };
  }
  out.marks.recentFrom = started;
  out.finished = true;
  return out;
}
