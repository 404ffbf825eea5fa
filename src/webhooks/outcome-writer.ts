// The dispatcher's batch writer of delivery outcomes: outcomes of exchanges that end together are
// written by one transaction (recordOutcomes, delivery-sql.ts), up to RECORD_BATCH at a time. Each
// caller waits for its own outcome's commit; when a batch fails, each of its callers retries alone.
import type { Outcome } from "./delivery-sql.js";

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
