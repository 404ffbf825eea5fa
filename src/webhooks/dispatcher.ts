// The delivery dispatcher. Runs in every server process (WEBHOOK_DISPATCHER=false disables it) and
// is safe with several replicas on one PostgreSQL:
// - A delivery is claimed by a compare-and-set on its lease (leaseOwner, leaseExpiresAt): only one
//   replica holds it; the lease outlives the HTTP timeout, so an attempt always ends (or is aborted)
//   before anyone else may take the delivery over. A crashed replica's leases expire and are taken over.
// - Only the oldest unfinished delivery of a (webhook, subject) stream is "pending" (see outbox.ts),
//   so subjects are delivered in order and in parallel with each other.
// - The outcome, the attempt log row and the promotion of the stream's next delivery commit together;
//   a crash before that commit repeats the attempt (at-least-once; `webhook-id` lets subscribers de-dup).
// - Batched for throughput (delivery-sql.ts): one statement claims a batch and returns it with each
//   event's stored snapshot (rendered once per event, payload.ts); the HTTP exchanges run concurrently
//   over kept-alive connections (an undici Agent: one pool per origin); the outcomes of exchanges that
//   end together are written by one transaction of three statements (four on PostgreSQL). A busy process
//   gathers a batch's worth before claiming or writing (gather), so three replicas batch as one does. A slot is
//   held for the HTTP exchange only: the delivery stays leased and pending until its outcome commits,
//   so nothing is claimed twice meanwhile. If a batch write fails, each outcome is written on its own.
//   An outcome not yet written when the process dies is lost with it: the lease expires and the
//   attempt is repeated (at-least-once).
// - Fair: each store and each callback origin holds at most its share of this process's slots
//   (fairness.ts). The claim skips saturated stores and webhooks of saturated origins and takes stores
//   in turns; a claimed delivery whose origin filled up meanwhile is given back (one statement per tick).
// Its parts: the claim (claim.ts), one attempt (attempt.ts), the webhooks it sends to (webhook-cache.ts),
// how the loop waits and gathers (wake.ts), the batch write of outcomes (outcome-writer.ts). This file holds
// the loop, the slots and the start, stop and crash.
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import type { Services } from "../core/context.js";
import type { WebhookConfig } from "../config.js";
import { recordOutcomes, type ClaimedDelivery } from "./delivery-sql.js";
import { renderPendingSnapshots } from "./payload.js";
import { Shares } from "./fairness.js";
import { postVia, type PostVia } from "./http-post.js";
import { OutcomeWriter } from "./outcome-writer.js";
import { WebhookCache } from "./webhook-cache.js";
import { listenForDeliveries, type Listening } from "./listen.js";
import { Wakeups } from "./wake.js";
import { claimDeliveries, exclusions, giveBack, nextDueAt } from "./claim.js";
import { attempt, type AttemptHost } from "./attempt.js";

export interface DispatcherOptions {
  /** Identifies this dispatcher's leases (default: random per process). */
  owner?: string;
  /** Overrides of the configured knobs (tests, benchmarks). */
  config?: Partial<WebhookConfig>;
}

/**
 * How long a busy process's batch write waits at most for two shares of outcomes. They hold no slot meanwhile, but
 * their streams' next deliveries wait: with 100 ms three replicas cost 1.28× one's statements per delivery, with
 * 200 ms 1.10–1.21× (delivery-sql.ts, above claimDue). An idle process writes at once.
 */
const WRITE_GATHER_MAX_MS = 200;

/** Connections one process keeps to one callback origin (fair shares keep it lower, see fairness.ts). */
const MAX_CONNECTIONS_PER_ORIGIN = 256;

export class Dispatcher {
  readonly owner: string;
  private readonly cfg: WebhookConfig;
  private running = false;
  private crashed = false;
  private loopDone: Promise<void> | null = null;
  private readonly inFlight = new Map<number, { promise: Promise<void> }>();
  /** Aborts every attempt in flight at a crash (tests): one signal for all, not a controller per attempt. */
  private aborts = new AbortController();
  /** Attempts in flight per store and per callback origin (fair shares, see fairness.ts). */
  private readonly shares: Shares;
  /** The URL policy and the Agent (a kept-alive pool per origin) every POST goes through; new at each start. */
  private via: PostVia;
  private readonly listener = () => {
    this.renderDue = this.dueChanged = true;
    this.wake();
  };
  /** Set by commits (and each idle poll): render new events' snapshots on the next tick. */
  private renderDue = true;
  /** Something may have become due since the last empty claim: a commit, a recorded batch, a freed share, a poll. */
  private dueChanged = true;
  private readonly wakeups = new Wakeups(() => this.sending);
  /** PostgreSQL: notifications of deliveries queued by any process (listen.ts). */
  private listening: Listening | null = null;
  /** Slots freed since the last claim. */
  private freed = 0;
  /** A batch's worth (claims and outcome writes): half a store's share (see gather and claim). */
  private readonly batch: number;
  /** The last claim skipped saturated stores or origins: a freed slot may make their deliveries claimable. */
  private capped = false;
  /** HTTP exchanges in flight (the slots; `inFlight` also holds attempts whose outcome awaits recording). */
  private sending = 0;
  /** Writes outcomes in batches (outcome-writer.ts). */
  private readonly writer: OutcomeWriter;
  /** Claims made, those that leased nothing, and deliveries leased (benchmarks and tests read them). */
  readonly stats = { claims: 0, emptyClaims: 0, claimed: 0 };
  /** Webhook rows with decrypted secrets, cached briefly (an update takes effect within a second). */
  private readonly webhooks: WebhookCache;
  private readonly host: AttemptHost;

  constructor(
    private readonly services: Services,
    opts: DispatcherOptions = {},
  ) {
    this.owner = opts.owner ?? `dsp_${randomUUID()}`;
    this.cfg = { ...services.config.webhooks, ...(opts.config ?? {}) };
    this.via = postVia({ allowPrivateUrls: this.cfg.allowPrivateUrls }, MAX_CONNECTIONS_PER_ORIGIN);
    this.batch = Math.max(1, Math.floor(Math.min(this.cfg.concurrency, this.cfg.perStoreConcurrency) / 2));
    this.shares = new Shares(this.cfg.perStoreConcurrency, this.cfg.perOriginConcurrency);
    this.webhooks = new WebhookCache(services, this.cfg.encryptionKey);
    this.writer = new OutcomeWriter({
      gather: () => this.wakeups.gather(() => this.writer.queued >= 4 * this.batch, WRITE_GATHER_MAX_MS),
      crashed: () => this.crashed,
      write: async (outcomes) => {
        await recordOutcomes(this.services.db, this.owner, new Date(), outcomes);
        // Finished deliveries promoted their streams' next ones: same webhook, so same store and origin.
        // When all of those are at their share, a claim now could take none of them and would only scan
        // past them: the next slot one of them frees claims them instead (`capped` makes a release do so).
        if (outcomes.some((o) => this.mayClaimFor(o.webhookId))) this.dueChanged = true;
        else this.capped = true;
        this.wake();
      },
    });
    this.host = {
      services,
      owner: this.owner,
      cfg: this.cfg,
      webhooks: this.webhooks,
      writer: this.writer,
      via: () => this.via,
      crashed: () => this.crashed,
      progressed: () => this.wakeups.progressed(),
    };
  }

  start(): this {
    if (this.running) return this;
    this.running = true;
    this.crashed = false;
    if (this.aborts.signal.aborted) this.aborts = new AbortController();
    setMaxListeners(0, this.aborts.signal); // each POST in flight listens to it (up to 2 × concurrency)
    if (this.via.agent.destroyed) this.via = postVia(this.via.policy, MAX_CONNECTIONS_PER_ORIGIN);
    this.services.afterCommit.add(this.listener);
    this.listening = listenForDeliveries(this.services, this.listener);
    this.loopDone = this.loop();
    return this;
  }

  /** Graceful: stop claiming, let in-flight attempts finish and record their outcome. */
  async stop(): Promise<void> {
    this.running = false;
    this.services.afterCommit.delete(this.listener);
    await this.stopListening();
    this.wake();
    await this.loopDone;
    await Promise.allSettled([...this.inFlight.values()].map((f) => f.promise));
    await this.via.agent.destroy();
  }

  /** Simulates a crash (tests): abandons in-flight attempts without recording anything; leases stay until they expire. */
  async crash(): Promise<void> {
    this.crashed = true;
    this.running = false;
    this.services.afterCommit.delete(this.listener);
    await this.stopListening();
    this.wake();
    this.aborts.abort();
    await this.loopDone;
    await Promise.allSettled([...this.inFlight.values()].map((f) => f.promise));
    await this.via.agent.destroy();
  }

  wake(): void {
    this.wakeups.wake();
  }

  private async stopListening(): Promise<void> {
    const l = this.listening;
    this.listening = null;
    await l?.close();
  }

  /** Launches what this process may send now; gives back (in one statement) deliveries whose origin is at its share. */
  private async launchFairly(rows: ClaimedDelivery[]): Promise<void> {
    await this.webhooks.load(rows.map((r) => r.webhookId));
    const back: number[] = [];
    for (const row of rows) {
      const origin = this.webhooks.cached(row.webhookId)?.origin ?? "";
      if (this.shares.originFull(origin)) back.push(row.seq);
      else this.launch(row, origin);
    }
    await giveBack(this.services, this.owner, back);
  }

  /** Whether a delivery of this webhook could be claimed now: its store and its origin are below their share (unknown: yes). */
  private mayClaimFor(webhookId: string): boolean {
    const row = this.webhooks.cached(webhookId);
    return !row || this.shares.below(row.storeId, row.origin);
  }

  private async loop(): Promise<void> {
    while (this.running) {
      try {
        if (this.renderDue) {
          this.renderDue = false;
          await renderPendingSnapshots(this.services);
        }
        // Slots are HTTP exchanges; outcomes awaiting their batch write may add up to as many again.
        const free = Math.min(this.cfg.concurrency - this.sending, 2 * this.cfg.concurrency - this.inFlight.size);
        // An empty claim is repeated only once something may have become due (or claimable) since.
        if (free > 0 && this.dueChanged) {
          this.dueChanged = false;
          const claimed = await this.claim(free);
          if (claimed.length) {
            this.dueChanged = true;
            await this.launchFairly(claimed);
          }
        }
      } catch (err) {
        if (!this.running) break;
        this.dueChanged = true; // try again on the next tick
        this.services.log.error({ err }, "webhook dispatcher tick failed");
      }
      if (!this.running) break;
      // Saturated: wait for a slot (a finishing attempt wakes us). Otherwise until the next delivery it
      // knows of comes due, or a commit (here, or NOTIFY from another process on PostgreSQL) wakes us.
      const polled = await this.wakeups.idle(await this.idleWait());
      if (polled) this.renderDue = this.dueChanged = true;
      // Woken by a finishing exchange: let the others finishing alongside free their slots too, so one claim fills them all.
      else await this.wakeups.gather(() => this.freed >= this.batch);
    }
  }

  /**
   * How long the loop may sleep: with nothing in flight, until the next retry or lease expiry it knows of
   * (nextDueAt), at most the poll interval, which only catches what no wake-up reports (another process's
   * writes on SQLite). With exchanges in flight their ends wake it, and the interval stands.
   */
  private async idleWait(): Promise<number> {
    if (this.inFlight.size) return this.cfg.pollIntervalMs;
    if (this.dueChanged) return Math.min(this.cfg.pollIntervalMs, 1_000); // a failed tick is tried again soon
    try {
      const due = await nextDueAt(this.services);
      return due ? Math.min(this.cfg.pollIntervalMs, Math.max(0, due.getTime() - Date.now())) : this.cfg.pollIntervalMs;
    } catch (err) {
      this.services.log.warn({ err }, "webhook dispatcher could not read its next due delivery; polling");
      return Math.min(this.cfg.pollIntervalMs, 1_000);
    }
  }

  /** Claims up to `max` due deliveries (see claim.ts), counting the claim in `stats`. */
  private async claim(max: number): Promise<ClaimedDelivery[]> {
    this.freed = 0;
    const skip = exclusions(this.shares, this.webhooks);
    this.capped = skip.capped;
    const rows = await claimDeliveries(this.services, {
      owner: this.owner,
      cfg: this.cfg,
      shares: this.shares,
      skip,
      max,
      inFlight: this.inFlight.size,
    });
    this.stats.claims++;
    if (!rows.length) this.stats.emptyClaims++;
    this.stats.claimed += rows.length;
    // A row of ours whose lease ran out while its outcome waits to be recorded: the attempt in flight records it.
    return rows.filter((r) => !this.inFlight.has(r.seq));
  }

  private launch(row: ClaimedDelivery, origin: string): void {
    const seq = row.seq;
    // The slot (and the store's and origin's share) is held while the HTTP exchange runs; recording the
    // outcome happens in batches after it (the delivery stays leased and pending until then).
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      this.sending--;
      this.shares.release(row.storeId, origin);
      if (this.capped) this.dueChanged = true;
      this.freed++;
      this.wakeups.progressed();
      this.wake();
    };
    this.sending++;
    this.shares.take(row.storeId, origin);
    const promise = attempt(this.host, row, this.aborts.signal, release)
      .catch((err) => {
        if (!this.crashed) this.services.log.error({ err, seq }, "webhook delivery failed unexpectedly; retried after its lease expires");
      })
      .finally(() => {
        release();
        this.inFlight.delete(seq);
        this.wake();
      });
    this.inFlight.set(seq, { promise });
  }
}

export function startDispatcher(services: Services, opts?: DispatcherOptions): Dispatcher {
  return new Dispatcher(services, opts).start();
}
