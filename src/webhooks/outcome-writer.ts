// The delivery outcome of an attempt (outcomeOf, logOutcome), and the dispatcher's batch writer of outcomes: outcomes of exchanges that end together are
// written by one transaction (recordOutcomes, delivery-sql.ts), up to RECORD_BATCH at a time. Each
// caller waits for its own outcome's commit; when a batch fails, each of its callers retries alone.
import type { Logger } from "pino";
import type { WebhookConfig } from "../config.js";
import { newId } from "../core/ids.js";
import type { ClaimedDelivery, Outcome } from "./delivery-sql.js";
import { formatOf } from "./formats.js";
import type { SendResult } from "./http-post.js";

/** Outcomes recorded in one transaction at most. */
const RECORD_BATCH = 64;

export interface OutcomeWriterHooks {
  /** Waits briefly while HTTP exchanges are still in flight, so their outcomes join the batch. */
  gather: () => Promise<void>;
  /** A crashed process (tests) records nothing: its leases expire. */
  crashed: () => boolean;
  /** Writes one batch in one transaction. */
  write: (outcomes: Outcome[]) => Promise<void>;
}

export class OutcomeWriter {
  private queue: { o: Outcome; resolve: () => void; reject: (err: unknown) => void }[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly hooks: OutcomeWriterHooks) {}

  /** Outcomes waiting for their batch. */
  get queued(): number {
    return this.queue.length;
  }

  /** Queues an outcome for the batch writer; resolves once it is committed. */
  record(o: Outcome): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ o, resolve, reject });
      this.start();
    });
  }

  /**
   * Runs the batch writer unless it runs. An outcome queued after the writer's last look at the queue
   * but before it was marked done would otherwise wait for the next outcome: the writer restarts itself.
   */
  private start(): void {
    if (this.running) return;
    this.running = this.writeBatches().finally(() => {
      this.running = null;
      if (this.queue.length) this.start();
    });
  }

  /** Writes queued outcomes, up to RECORD_BATCH per transaction, until the queue is empty. */
  private async writeBatches(): Promise<void> {
    while (this.queue.length) {
      if (this.queue.length < RECORD_BATCH) await this.hooks.gather();
      const batch = this.queue.splice(0, RECORD_BATCH);
      if (this.hooks.crashed()) {
        for (const b of batch) b.resolve();
        continue;
      }
      try {
        await this.hooks.write(batch.map((b) => b.o));
        for (const b of batch) b.resolve();
      } catch (err) {
        for (const b of batch) b.reject(err); // each is retried on its own (the dispatcher's deliver)
      }
    }
  }
}

/** The delivery's new state after this attempt: delivered, a retry after the schedule's delay (±20%), or discarded. */
export function outcomeOf(
  cfg: WebhookConfig,
  d: ClaimedDelivery,
  r: SendResult,
  kind: string,
  active: boolean,
): Outcome & { delay: number } {
  const schedule = cfg.retrySchedule;
  const number = d.attempts + 1;
  // A registered format retries by its own policy (formats.ts); an inactive webhook's delivery ends at once.
  const format = formatOf(kind);
  const formatDelay = format ? format.retryDelay(cfg, number, r) : null;
  const final = !active || (format ? formatDelay === null : r.ok || number > schedule.length);
  const delay = final ? 0 : (formatDelay ?? Math.round(schedule[number - 1] * (0.8 + Math.random() * 0.4)));
  return {
    seq: d.seq,
    deliveryId: d.id,
    webhookId: d.webhookId,
    subjectId: d.subjectId,
    number,
    status: r.ok ? "delivered" : final ? "discarded" : "pending",
    nextAttemptAt: final ? null : new Date(Date.now() + delay),
    attemptId: newId("wha"),
    ok: r.ok,
    statusCode: r.statusCode,
    // PostgreSQL text (and the batch's jsonb) cannot hold NUL: a binary answer would fail every write.
    error: r.error?.replaceAll("\0", "") ?? null,
    responseBody: r.body?.replaceAll("\0", "") ?? null,
    latencyMs: r.latencyMs,
    delay,
  };
}

export function logOutcome(log: Logger, o: Outcome & { delay: number }): void {
  if (o.status === "pending")
    log.info(
      { deliveryId: o.deliveryId, attempt: o.number, error: o.error, retryInMs: o.delay },
      "webhook delivery failed; retry scheduled",
    );
  else if (!o.ok)
    log.warn({ deliveryId: o.deliveryId, attempts: o.number, error: o.error }, "webhook delivery discarded after its last attempt");
}
