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
import { randomUUID, type KeyObject } from "node:crypto";
import { setMaxListeners } from "node:events";
import type { Services } from "../core/context.js";
import type { WebhookConfig } from "../config.js";
import { sign, signingKeyOf, decryptSecret } from "./crypto.js";
import { claimDue, recordOutcomes, type ClaimedDelivery } from "./delivery-sql.js";
import { ensureEventPayload, renderPendingSnapshots } from "./payload.js";
import { originOf } from "./ssrf.js";
import { adjust, saturated } from "./fairness.js";
import { bearerTokenOf } from "./service.js";
import { formatOf } from "./formats.js";
import { parseUrl, postJson, postVia, type PostVia, type SendResult } from "./http-post.js";
import { logOutcome, outcomeOf, OutcomeWriter } from "./outcome-writer.js";

const USER_AGENT = "Retour-Webhooks/1.0";

export interface DispatcherOptions {
  /** Identifies this dispatcher's leases (default: random per process). */
  owner?: string;
  /** Overrides of the configured knobs (tests, benchmarks). */
  config?: Partial<WebhookConfig>;
}

type DeliveryRow = ClaimedDelivery;

/** `url` is parsed once per cache load (null: unparseable). A registered format may sign with a secret of its own (formats.ts secretsOf). */
type WebhookRow = {
  id: string;
  storeId: string;
  kind: string;
  active: boolean;
  topic: string;
  callbackUrl: string;
  url: URL | null;
  origin: string;
  secret: string;
  /** The secret's HMAC key, decoded once per cache load. */
  signingKey: KeyObject;
  token: string | null;
};

/** Due deliveries a claim looks at per free slot (the rest of a busy store's backlog waits its turn). */
const CANDIDATES_PER_SLOT = 4;

/** How long a busy process's claim waits at most for a batch's worth of freed slots (see gather). */
const GATHER_MAX_MS = 50;
/**
 * The same for a batch write of two shares of outcomes. They hold no slot meanwhile, but their streams' next
 * deliveries wait: with 100 ms three replicas cost 1.28× one's statements per delivery, with 200 ms 1.10–1.21×
 * (delivery-sql.ts, above claimDue). An idle process writes at once.
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
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private readonly inFlight = new Map<number, { promise: Promise<void> }>();
  /** Aborts every attempt in flight at a crash (tests): one signal for all, not a controller per attempt. */
  private aborts = new AbortController();
  /** Attempts in flight per store and per callback origin (fair shares, see fairness.ts). */
  private readonly busyStores = new Map<string, number>();
  private readonly busyOrigins = new Map<string, number>();
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
  /** Called when an exchange ends and when an outcome is queued: gather's waiter checks whether it has enough. */
  private progress: (() => void) | null = null;
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
  private readonly webhookCache = new Map<string, { at: number; row: WebhookRow | null }>();

  constructor(
    private readonly services: Services,
    opts: DispatcherOptions = {},
  ) {
    this.owner = opts.owner ?? `dsp_${randomUUID()}`;
    this.cfg = { ...services.config.webhooks, ...(opts.config ?? {}) };
    this.via = postVia({ allowPrivateUrls: this.cfg.allowPrivateUrls }, MAX_CONNECTIONS_PER_ORIGIN);
    this.batch = Math.max(1, Math.floor(Math.min(this.cfg.concurrency, this.cfg.perStoreConcurrency) / 2));
    this.writer = new OutcomeWriter({
      gather: () => this.gather(() => this.writer.queued >= 4 * this.batch, WRITE_GATHER_MAX_MS),
      crashed: () => this.crashed,
      write: async (outcomes) => {
        await recordOutcomes(this.services.db, this.owner, new Date(), outcomes);
        // Finished deliveries promoted their streams' next ones (same webhook: same store and origin). If all are at
        // their share a claim could take none of them: the next slot one frees claims them (`capped`).
        if (outcomes.some((o) => this.mayClaimFor(o.webhookId))) this.dueChanged = true;
        else this.capped = true;
        this.wake();
      },
    });
  }

  start(): this {
    if (this.running) return this;
    this.running = true;
    this.crashed = false;
    if (this.aborts.signal.aborted) this.aborts = new AbortController();
    setMaxListeners(0, this.aborts.signal); // each POST in flight listens to it (up to 2 × concurrency)
    if (this.via.agent.destroyed) this.via = postVia(this.via.policy, MAX_CONNECTIONS_PER_ORIGIN);
    this.services.afterCommit.add(this.listener);
    this.loopDone = this.loop();
    return this;
  }

  /** Graceful: stop claiming, let in-flight attempts finish and record their outcome. */
  async stop(): Promise<void> {
    this.running = false;
    this.services.afterCommit.delete(this.listener);
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
    this.wake();
    this.aborts.abort();
    await this.loopDone;
    await Promise.allSettled([...this.inFlight.values()].map((f) => f.promise));
    await this.via.agent.destroy();
  }

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Waits for a wake-up or the poll interval; true when the poll interval elapsed. */
  private async idle(ms: number): Promise<boolean> {
    if (this.woken) {
      this.woken = false;
      return false;
    }
    const polled = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(true), ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve(false);
      };
    });
    this.wakeUp = null;
    this.woken = false;
    return polled;
  }

  /**
   * Waits while HTTP exchanges are still in flight, until `enough()` (a batch's worth has ended), none is in
   * flight any more, or GATHER_MAX_MS passed: freed slots are then claimed, and outcomes written, in one
   * statement each, and a batch is as large with three replicas as with one (see claim's notes). An idle
   * process never waits: the first event after a quiet spell is claimed and recorded at once.
   */
  private async gather(enough: () => boolean, maxMs = GATHER_MAX_MS): Promise<void> {
    if (this.sending === 0 || enough()) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, maxMs);
      const previous = this.progress;
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.progress = () => {
        previous?.();
        if (this.sending === 0 || enough()) done();
      };
    });
    this.progress = null;
  }

  private async webhook(id: string) {
    const hit = this.webhookCache.get(id);
    if (hit && Date.now() - hit.at < 1000) return hit.row;
    await this.loadWebhooks([id]);
    return this.webhookCache.get(id)!.row;
  }

  /** Caches the webhooks of a claimed batch, those not cached lately in one query. */
  private async loadWebhooks(ids: string[]): Promise<void> {
    const now = Date.now();
    const stale = [...new Set(ids)].filter((id) => !(now - (this.webhookCache.get(id)?.at ?? 0) < 1000));
    if (!stale.length) return;
    const prisma = this.services.db.prisma;
    const found = await prisma.webhook.findMany({ where: { id: { in: stale } } });
    // Secrets of registered formats, one read per format present in the batch.
    const secrets = new Map<string, Map<string, string>>();
    for (const kind of new Set(found.map((w) => w.kind))) {
      const format = formatOf(kind);
      if (format)
        secrets.set(kind, await format.secretsOf(prisma, [...new Set(found.filter((w) => w.kind === kind).map((w) => w.storeId))]));
    }
    if (this.webhookCache.size > 10_000) this.webhookCache.clear();
    for (const id of stale) this.webhookCache.set(id, { at: now, row: null });
    for (const w of found) {
      const secret = decryptSecret(this.cfg.encryptionKey, secrets.get(w.kind)?.get(w.storeId) || w.signingSecretEnc);
      this.webhookCache.set(w.id, {
        at: now,
        row: {
          id: w.id,
          storeId: w.storeId,
          kind: w.kind,
          active: w.status === "active",
          topic: w.topic,
          callbackUrl: w.callbackUrl,
          url: parseUrl(w.callbackUrl),
          origin: originOf(w.callbackUrl),
          secret,
          signingKey: signingKeyOf(secret),
          token: bearerTokenOf(this.services, w),
        },
      });
    }
  }

  /** Launches what this process may send now; gives back (in one statement) deliveries whose origin is at its share. */
  private async launchFairly(rows: DeliveryRow[]): Promise<void> {
    await this.loadWebhooks(rows.map((r) => r.webhookId));
    const giveBack: number[] = [];
    for (const row of rows) {
      const origin = this.webhookCache.get(row.webhookId)?.row?.origin ?? "";
      if ((this.busyOrigins.get(origin) ?? 0) >= this.cfg.perOriginConcurrency) giveBack.push(row.seq);
      else this.launch(row, origin);
    }
    if (giveBack.length) {
      await this.services.db.prisma.webhookDelivery.updateMany({
        where: { seq: { in: giveBack }, leaseOwner: this.owner },
        data: { leaseOwner: null, leaseExpiresAt: null },
      });
    }
  }

  /** Whether a delivery of this webhook could be claimed now: its store and its origin are below their share (unknown: yes). */
  private mayClaimFor(webhookId: string): boolean {
    const row = this.webhookCache.get(webhookId)?.row;
    if (!row) return true;
    return (
      (this.busyStores.get(row.storeId) ?? 0) < this.cfg.perStoreConcurrency &&
      (this.busyOrigins.get(row.origin) ?? 0) < this.cfg.perOriginConcurrency
    );
  }

  /** What a claim must skip: stores at their share, and the (known) webhooks of origins at theirs. */
  private excluded(): { stores: string[]; webhooks: string[] } {
    const fullOrigins = new Set(saturated(this.busyOrigins, this.cfg.perOriginConcurrency));
    const webhooks = fullOrigins.size
      ? [...this.webhookCache.values()].flatMap((e) => (e.row && fullOrigins.has(e.row.origin) ? [e.row.id] : []))
      : [];
    return { stores: saturated(this.busyStores, this.cfg.perStoreConcurrency), webhooks };
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
      // Saturated: wait for a slot (a finishing attempt wakes us). Otherwise poll, or a commit wakes us.
      const polled = await this.idle(this.cfg.pollIntervalMs);
      if (polled) this.renderDue = this.dueChanged = true;
      // Woken by a finishing exchange: let the others finishing alongside free their slots too, so one claim fills them all.
      else await this.gather(() => this.freed >= this.batch);
    }
  }

  // Claim strategies measured (`npm run bench -- webhook`, SQLite, 200 subjects × 10 events, one store,
  // concurrency 32 so a store's share is 8; the box's 2 cores were shared, load average 10-15, so the
  // deliveries per CPU-second of the dispatching process, subscriber included, are the comparable figure):
  // - ORM per delivery (read candidates, compare-and-set updateMany, re-read the batch; each outcome
  //   in an interactive transaction of ~6 statements): 9.9 statements and 154 deliveries per CPU-second.
  // - One UPDATE … RETURNING claim, set-based outcome writes, slot per exchange: 0.8 statements and
  //   612 per CPU-second (4×). Its CPU profile: ~28% SQLite executing and preparing statements (the
  //   claim's ranking query most), ~13% Prisma's client per statement, ~25% node's HTTP client and the
  //   in-process subscriber's server, the rest GC and event-loop glue. With concurrency 128 (share 32)
  //   batches are 4× larger: 0.4 statements, 839 per CPU-second.
  // - SELECT … FOR UPDATE SKIP LOCKED then UPDATE (graphile-worker's shape) costs a statement more per
  //   claim and needs a transaction around both; PostgreSQL takes the locking sub-select inside the
  //   UPDATE instead, and SQLite (one writer) needs no lock at all.
  // Decision: the single-statement claim on both databases, with SKIP LOCKED inside it on PostgreSQL.
  // The share (2026-11-27, quiet box): at concurrency 32 (8 per store) one store's drain left the dispatcher idle a
  // third of its time; at 128 (32) it ran 3 100–3 500/s past its first 1 000 deliveries, against 2 300–2 700. So 128.
  /** Claims up to `max` due deliveries (leases them to this dispatcher) in one statement, in seq order. */
  private async claim(max: number): Promise<ClaimedDelivery[]> {
    this.freed = 0;
    const now = new Date();
    const skip = this.excluded();
    this.capped = skip.stores.length > 0 || skip.webhooks.length > 0 || this.busyStores.size > 0;
    const rows = await claimDue(this.services.db, {
      owner: this.owner,
      now,
      leaseUntil: new Date(now.getTime() + this.cfg.leaseMs),
      max,
      candidates: CANDIDATES_PER_SLOT * max + this.inFlight.size,
      skipStores: skip.stores,
      skipWebhooks: skip.webhooks,
      busyStores: [...this.busyStores],
      storeCap: this.cfg.perStoreConcurrency,
    });
    this.stats.claims++;
    if (!rows.length) this.stats.emptyClaims++;
    this.stats.claimed += rows.length;
    // A row of ours whose lease ran out while its outcome waits to be recorded: the attempt in flight records it.
    return rows.filter((r) => !this.inFlight.has(r.seq));
  }

  private launch(row: DeliveryRow, origin: string): void {
    const seq = row.seq;
    // The slot (and the store's and origin's share) is held while the HTTP exchange runs; recording the
    // outcome happens in batches after it (the delivery stays leased and pending until then).
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      this.sending--;
      adjust(this.busyStores, row.storeId, -1);
      adjust(this.busyOrigins, origin, -1);
      if (this.capped) this.dueChanged = true;
      this.freed++;
      this.progress?.();
      this.wake();
    };
    this.sending++;
    adjust(this.busyStores, row.storeId, 1);
    adjust(this.busyOrigins, origin, 1);
    const promise = this.deliver(row, this.aborts.signal, release)
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

  private async deliver(d: DeliveryRow, signal: AbortSignal, sent: () => void): Promise<void> {
    const { services } = this;
    const prisma = services.db.prisma;
    const seq = d.seq;
    const webhook = await this.webhook(d.webhookId);
    if (!webhook) return; // deleted meanwhile (its deliveries go with it)
    const format = formatOf(webhook.kind);
    let body = d.payload ?? (format ? null : d.eventPayload) ?? null;
    if (body === null && d.eventId)
      body = format ? await format.body(services, d.eventId, d.type) : await ensureEventPayload(services, d.eventId);
    // The attempt must end before the lease does, or another replica may send it too (a duplicate
    // without any crash). When claiming and rendering ate into the lease (a busy process), renew it.
    if (d.leaseExpiresAt.getTime() - Date.now() < this.cfg.timeoutMs + (this.cfg.leaseMs - this.cfg.timeoutMs) / 2) {
      const renewed = await prisma.webhookDelivery.updateMany({
        where: { seq, status: "pending", leaseOwner: this.owner },
        data: { leaseExpiresAt: new Date(Date.now() + this.cfg.leaseMs) },
      });
      if (renewed.count === 0) return; // taken over meanwhile
    }
    let result: SendResult;
    const timestamp = Math.floor(Date.now() / 1000);
    if (body === null) {
      result = { ok: false, statusCode: null, body: null, error: "the event no longer exists", latencyMs: 0 };
    } else if (!webhook.active) {
      // An inactive subscription is sent nothing: what was queued before it was switched off is discarded.
      result = { ok: false, statusCode: null, body: null, error: "the webhook is inactive", latencyMs: 0 };
    } else if (format) {
      // The format's headers only: no Standard Webhooks headers, no bearer token.
      const headers = { "content-type": "application/json", "user-agent": USER_AGENT, ...format.headers(webhook.secret, body) };
      result = await postJson(this.via, webhook.url, headers, body, signal, format.timeoutMs(this.cfg));
    } else {
      const { signingKey, token } = webhook;
      const headers: Record<string, string> = {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "webhook-id": d.id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": sign(signingKey, d.id, timestamp, body),
        "x-retour-topic": webhook.topic,
        "x-retour-subject-id": d.subjectId,
        "x-retour-attempt": String(d.attempts + 1),
      };
      if (d.eventSequence !== null) headers["x-retour-sequence"] = String(d.eventSequence);
      if (token) headers.authorization = `Bearer ${token}`;
      result = await postJson(this.via, webhook.url, headers, body, signal, this.cfg.timeoutMs);
    }
    sent();
    if (this.crashed) return;
    if (body !== null && webhook.active) services.metrics?.deliveryAttempt(result.ok, result.latencyMs);
    const outcome = outcomeOf(this.cfg, d, result, webhook.kind, webhook.active);
    // The attempt happened: record it, retrying transient database errors (pool exhausted, serialisation).
    for (let i = 1; ; i++) {
      try {
        // First with the batch that finishes alongside; a retry records this outcome on its own.
        if (i === 1) {
          const recorded = this.writer.record(outcome);
          this.progress?.();
          await recorded;
        } else await recordOutcomes(services.db, this.owner, new Date(), [outcome]);
        logOutcome(this.services.log, outcome);
        return;
      } catch (err) {
        if (i >= 4 || this.crashed) {
          // Give the delivery back at once rather than at lease expiry: it is sent again (at-least-once).
          await prisma.webhookDelivery
            .updateMany({ where: { seq, leaseOwner: this.owner }, data: { leaseOwner: null, leaseExpiresAt: null } })
            .catch(() => {});
          throw err;
        }
        services.log.warn({ err, deliveryId: d.id, try: i }, "recording a webhook attempt failed; retrying");
        await new Promise((r) => setTimeout(r, 50 * i));
      }
    }
  }
}

export function startDispatcher(services: Services, opts?: DispatcherOptions): Dispatcher {
  return new Dispatcher(services, opts).start();
}
