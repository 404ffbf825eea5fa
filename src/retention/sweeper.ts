// The retention sweep: deletes, in bounded batches, what is past its retention (rules.ts, events.ts; the
// settings are RETENTION_* in src/config.ts, the rules in the operations guide's "Retention"), then asks
// SQLite to refresh its statistics (src/db/optimize.ts). One process at a time per database (lease.ts).
// The service runs it every RETENTION_SWEEP_INTERVAL (startRetentionSweeper, unless RETENTION_SWEEP=false);
// an operator runs it at once with `npm run cli -- maintenance sweep`.
import { randomUUID } from "node:crypto";
import { setImmediate as yieldToRequests } from "node:timers/promises";
import type { Services } from "../core/context.js";
import { optimizePeriodically } from "../db/optimize.js";
import { sweepEvents, type Step } from "./events.js";
import { renewLease, releaseLease, takeLease } from "./lease.js";
import { rulesOf, type Counts } from "./rules.js";

const JOB = "retention";
/** The first sweep waits this long after start, so it never competes with start-up. */
const FIRST_DELAY_MS = 30_000;

export type SweepResult = { ran: true; finished: boolean; deleted: Counts } | { ran: false; reason: string };

export interface SweepOptions {
  /** Identifies this process in the lease. */
  owner?: string;
  /** Run even if another process finished a sweep moments ago (the CLI; never while one is running). */
  force?: boolean;
  /** Asked between batches: true stops the sweep where it is (the service is closing). */
  stopping?: () => boolean;
  /** The moment retention is counted from (default now). */
  now?: Date;
}

function add(into: Counts, from: Counts) {
  for (const [k, v] of Object.entries(from)) if (v) into[k] = (into[k] ?? 0) + v;
}

/** One sweep: every rule until nothing is left past retention, then the events, then the statistics. */
export async function sweep(services: Services, opts: SweepOptions = {}): Promise<SweepResult> {
  const { db, config, log } = services;
  const cfg = config.retention;
  const prisma = db.prisma;
  const owner = opts.owner ?? `sweep_${randomUUID()}`;
  const lease = await takeLease(prisma, JOB, owner, opts.force ? {} : { minGapMs: cfg.intervalMs / 2 });
  if (!lease) return { ran: false, reason: "another process is sweeping, or swept moments ago" };
  const now = opts.now ?? new Date();
  const deleted: Counts = {};
  let lost = false;
  let batches = 0;
  // Between batches: let requests run, renew the lease now and then, stop when asked or when it was lost.
  const next = async () => {
    if (lost || opts.stopping?.()) return false;
    await yieldToRequests();
    if (++batches % 20 === 0 && !(await renewLease(prisma, lease))) {
      lost = true;
      log.warn({ job: JOB }, "retention sweep: lease lost to another process; stopping");
    }
    return !lost && !opts.stopping?.();
  };
  const step: Step = { next, batch: cfg.batch, prisma, tx: (work) => prisma.$transaction(work) };
  let finished = false;
  let marks = lease.marks;
  try {
    for (const rule of rulesOf(cfg)) {
      for (;;) {
        if (!(await next())) break;
        const batch = await prisma.$transaction((tx) => rule.run(tx, now, cfg.batch));
        add(deleted, batch.deleted);
        // A full batch that changed nothing (rows it found but may not touch) would find them again: stop.
        if (batch.found < cfg.batch || !Object.values(batch.deleted).some((n) => n > 0)) break;
      }
    }
    const events = await sweepEvents(step, lease.marks, now, cfg.eventsDays);
    marks = events.marks;
    add(deleted, {
      domainEvents: events.deleted.events,
      webhookDeliveries: events.deleted.deliveries,
      webhookAttempts: events.deleted.attempts,
      eventPayloadsCleared: events.deleted.payloadsCleared,
    });
    finished = events.finished && !lost && !opts.stopping?.();
    if (finished) await optimizePeriodically(db);
  } finally {
    await releaseLease(prisma, lease, { finished, result: deleted, marks }).catch((err) =>
      log.warn({ err }, "retention sweep: could not give the lease back (it lapses on its own)"),
    );
  }
  if (Object.keys(deleted).length) log.info({ deleted, finished }, "retention sweep");
  return { ran: true, finished, deleted };
}

export interface RetentionSweeper {
  /** Sweeps now (waits for a sweep in progress first). */
  runOnce(opts?: Omit<SweepOptions, "owner" | "stopping">): Promise<SweepResult>;
  /** Stops at the next batch and waits for it. */
  stop(): Promise<void>;
}

/** Sweeps every RETENTION_SWEEP_INTERVAL in this process (the first one shortly after start). */
export function startRetentionSweeper(services: Services): RetentionSweeper {
  const owner = `sweep_${randomUUID()}`;
  let stopped = false;
  let running: Promise<SweepResult> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const run = (opts: Omit<SweepOptions, "owner" | "stopping"> = {}) => {
    const p: Promise<SweepResult> = (running ?? Promise.resolve(null))
      .catch(() => null)
      .then(() => sweep(services, { ...opts, owner, stopping: () => stopped }));
    running = p;
    return p.finally(() => {
      if (running === p) running = null;
    });
  };
  const loop = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      run()
        .catch((err) => services.log.warn({ err }, "retention sweep failed; the next one retries"))
        .finally(() => loop(services.config.retention.intervalMs));
    }, delay);
    timer.unref();
  };
  loop(Math.min(FIRST_DELAY_MS, services.config.retention.intervalMs));
  return {
    runOnce: (opts) => run(opts),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
