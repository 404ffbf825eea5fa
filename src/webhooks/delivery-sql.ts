// The dispatcher's set-based statements, in raw SQL: one statement claims a batch (and returns each
// delivery with its event's stored snapshot), one small transaction records every outcome of a batch.
// Through the ORM the same work took ~9 statements per delivery. The SQL is shared by both databases;
// only how a JSON array becomes rows (json_each / jsonb_array_elements), the timestamp format inside
// that JSON, and the row locks PostgreSQL needs differ (`Sql` below).
import type { Database } from "../db/client.js";

/** Builds one statement's text and parameters in text order ($n on PostgreSQL, ? on SQLite). */
class Sql {
  readonly params: unknown[] = [];
  constructor(readonly pg: boolean) {}
  p(value: unknown): string {
    this.params.push(value);
    return this.pg ? `$${this.params.length}` : "?";
  }
  /** An integer parameter (typed, so PostgreSQL's LIMIT and arithmetic take it). */
  int(value: number): string {
    return this.pg ? `${this.p(value)}::int` : this.p(value);
  }
  /** A timestamp parameter (typed where PostgreSQL could not infer it). */
  at(value: Date): string {
    return this.pg ? `${this.p(value)}::timestamp(3)` : this.p(value);
  }
  /** A JSON array of arrays as rows with the named columns (one parameter). */
  rows(values: unknown[][], cols: [name: string, type: "text" | "int" | "ts"][]): string {
    if (this.pg) {
      const pgType = { text: "text", int: "int", ts: "timestamp(3)" };
      return `(SELECT ${cols.map(([c, t], i) => `(e->>${i})::${pgType[t]} AS "${c}"`).join(", ")} FROM jsonb_array_elements(${this.p(JSON.stringify(values))}::jsonb) AS e)`;
    }
    return `(SELECT ${cols.map(([c], i) => `json_extract(value, '$[${i}]') AS "${c}"`).join(", ")} FROM json_each(${this.p(JSON.stringify(values))}))`;
  }
  /** A timestamp inside JSON as each database stores it (SQLite: Prisma's ISO text with +00:00). */
  ts(d: Date | null): string | null {
    if (!d) return null;
    return this.pg ? d.toISOString() : d.toISOString().replace("Z", "+00:00");
  }
}

export interface ClaimRequest {
  owner: string;
  now: Date;
  leaseUntil: Date;
  /** Deliveries to lease at most. */
  max: number;
  /** Due deliveries looked at (ranked by store turn) to choose them. */
  candidates: number;
  skipStores: string[];
  skipWebhooks: string[];
  /** Attempts this process has in flight per store, and the cap per store (fairness.ts). */
  busyStores: [string, number][];
  storeCap: number;
}

export interface ClaimedDelivery {
  seq: number;
  id: string;
  storeId: string;
  webhookId: string;
  subjectId: string;
  /** The event's type; for kind "loop" the platform's trigger. */
  type: string;
  attempts: number;
  leaseExpiresAt: Date;
  payload: string | null;
  eventId: string | null;
  eventPayload: string | null;
  eventSequence: number | null;
}

// Several replicas (issue 34: three must cost at most 1.2× one's CPU and statements per delivery, replicas
// and PostgreSQL together). Measured with `npm run bench -- --db postgresql webhook` (one store, 400 subjects
// × 10 events, share 32 per replica; CPU µs per delivery of the replicas + PostgreSQL's processes, read from
// /proc; statements counted client-side; load average 3–8 on the shared 2-core box, so ±15 % run to run):
// - As it was (cold replicas): one replica 623 + 515 = 1 138 µs and 0.17 statements, three 1 464 + 1 473 =
//   2 937 µs and 0.39: 2.58× and 2.3×. Three replicas' claims came back empty 148 times in 520 (one's: 21 in
//   241): each chose the same oldest heads, found them locked (SKIP LOCKED) or leased meanwhile (the re-check),
//   and slept until its next poll; and each replica wrote its outcomes in batches a third as large (20 a
//   transaction against 46), since a batch was what ended within 3 ms, and each replica saw a third of the rate.
// - Batches gathered by count (dispatcher.ts gather: a claim waits for half a share of freed slots, a write
//   for two shares of outcomes, at most 50 / 100 ms, never when nothing is in flight): 2.04× CPU, 1.95×
//   statements (cold); warm, with writes waiting for half a share and random heads: 1.5× and 1.7×.
// - Each store's due heads taken in random order on PostgreSQL (below): concurrent claims mostly choose
//   different heads, empty claims 33 in 306 (one replica 16 in 266), three replicas' throughput 402 → 581/s.
// - Warm replicas (the bench's uncounted warm-up drain: each process compiles its code and Prisma its
//   statements once, ~1.5 s of CPU that cold three-replica runs paid three times). As it was: 1 134 against
//   2 418 µs, 0.18 against 0.31 statements: 2.13× and 1.72× (load 4.0–4.3). With both changes and writes
//   waiting at most 100 ms: one replica 566 + 625 = 1 191 µs and 0.15 statements, three 876 + 870 = 1 746 µs
//   and 0.19: 1.47× and 1.28× (load 7.9–5.4); the writes were then 92 transactions against 66.
// - Writes waiting at most 200 ms (a busy replica's stream waits that long for its next delivery; an idle
//   one never): one replica 630 + 690 = 1 320 µs and 0.154 statements, three 859 + 753 = 1 611 µs and 0.169:
//   1.22× and 1.10× (load 2.9–3.1); commit-to-delivery at a steady pace 25 / 70 ms p50 / p99. Again:
//   606 + 695 = 1 301 against 1 177 + 923 = 2 099 µs, 0.152 against 0.184: 1.61× and 1.21× (load 3.6–4.7):
//   the replicas' own CPU moves with the box's load (three processes on two shared cores), one's does not.
// Weighed, not built: SKIP LOCKED on the candidate scan itself (graphile-worker's getJob shape) locks all
// 4 × free candidates of every claim (~400 row locks, each a WAL record) to lease ≤ 32; subject partitions
// (hash(subject) mod N leased per replica, or advisory locks per partition) remove the shared head but need
// a membership table and rebalancing when a replica starts or dies, and once claims stopped colliding the
// shared head was no longer the cost; LISTEN/NOTIFY wakes idle replicas, while the cost was in a backlog.
// Next lever: the outcome transaction as one statement (data-modifying CTEs; now BEGIN, four statements and
// COMMIT), which makes a smaller batch cheap and would let writes wait less.
/**
 * Leases up to `max` due deliveries to `owner` in one statement and returns them (in seq order) with
 * their event's snapshot. Only a stream's head is ever `pending` (outbox.ts), so per-subject order
 * holds. Due candidates are ranked per store (each store's first turn, then each store's second…; the
 * oldest first on SQLite, at random among the candidates on PostgreSQL)
 * and a store gets no more turns than its cap minus what it has in flight. The WHERE is re-checked on
 * each locked row: PostgreSQL locks candidates FOR UPDATE SKIP LOCKED (a row another replica is
 * leasing is skipped; one it leased meanwhile no longer matches); on SQLite the statement runs under
 * the database's one write lock.
 */
export async function claimDue(db: Database, r: ClaimRequest): Promise<ClaimedDelivery[]> {
  const q = new Sql(db.provider === "postgresql");
  // (The CASE in the re-check keeps SQLite looking the chosen rows up by seq: with a plain status test
  // it scanned every pending delivery by the status index to re-check them, on every claim.)
  const text = `UPDATE "WebhookDelivery" SET "leaseOwner" = ${q.p(r.owner)}, "leaseExpiresAt" = ${q.p(r.leaseUntil)}
    WHERE seq IN (
      SELECT seq FROM "WebhookDelivery" WHERE seq IN (
        SELECT ranked.seq FROM (
          SELECT due.seq, due."storeId", due."nextAttemptAt", row_number() OVER (PARTITION BY due."storeId" ORDER BY ${
            // Replicas claiming at once choose different heads (see above); SQLite has one writer.
            q.pg ? "random()" : 'due."nextAttemptAt", due.seq'
          }) AS turn
          FROM (
            SELECT seq, "storeId", "nextAttemptAt" FROM "WebhookDelivery"
            WHERE status = 'pending' AND "nextAttemptAt" <= ${q.p(r.now)} AND ("leaseExpiresAt" IS NULL OR "leaseExpiresAt" < ${q.p(r.now)})
              AND "storeId" NOT IN (SELECT k FROM ${q.rows(
                r.skipStores.map((s) => [s]),
                [["k", "text"]],
              )} skip_s)
              AND "webhookId" NOT IN (SELECT k FROM ${q.rows(
                r.skipWebhooks.map((w) => [w]),
                [["k", "text"]],
              )} skip_w)
            ORDER BY "nextAttemptAt", seq
            LIMIT ${q.int(r.candidates)}) due) ranked
        LEFT JOIN ${q.rows(r.busyStores, [
          ["k", "text"],
          ["n", "int"],
        ])} busy ON busy.k = ranked."storeId"
        WHERE ranked.turn + COALESCE(busy.n, 0) <= ${q.int(r.storeCap)}
        ORDER BY ranked.turn, ranked."nextAttemptAt", ranked.seq
        LIMIT ${q.int(r.max)})
      AND CASE WHEN status = 'pending' THEN 1 ELSE 0 END = 1 AND ("leaseExpiresAt" IS NULL OR "leaseExpiresAt" < ${q.p(r.now)})
      ${q.pg ? "FOR UPDATE SKIP LOCKED" : ""})
    RETURNING seq, id, "storeId", "webhookId", "subjectId", type, attempts, "leaseExpiresAt", payload, "eventId",
      (SELECT e.payload FROM "DomainEvent" e WHERE e.id = "WebhookDelivery"."eventId") AS "eventPayload",
      (SELECT e.sequence FROM "DomainEvent" e WHERE e.id = "WebhookDelivery"."eventId") AS "eventSequence"`;
  // On the driver adapter (src/db/direct.ts: Prisma's runtime cost as much CPU as the statement).
  const rows = await db.direct.query(text, q.params);
  return rows
    .map((row) => ({
      seq: Number(row.seq),
      id: String(row.id),
      storeId: String(row.storeId),
      webhookId: String(row.webhookId),
      subjectId: String(row.subjectId),
      type: String(row.type),
      attempts: Number(row.attempts),
      leaseExpiresAt: new Date(row.leaseExpiresAt as Date | string),
      payload: (row.payload as string | null) ?? null,
      eventId: (row.eventId as string | null) ?? null,
      eventPayload: (row.eventPayload as string | null) ?? null,
      eventSequence: row.eventSequence === null || row.eventSequence === undefined ? null : Number(row.eventSequence),
    }))
    .sort((a, b) => a.seq - b.seq);
}

export interface Outcome {
  seq: number;
  deliveryId: string;
  webhookId: string;
  subjectId: string;
  /** The attempt's number (the delivery's new attempt count). */
  number: number;
  /** delivered | discarded (final) or pending (a retry at nextAttemptAt). */
  status: "delivered" | "discarded" | "pending";
  nextAttemptAt: Date | null;
  attemptId: string;
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
  latencyMs: number;
}

/**
 * Records a batch of attempts in one transaction of three statements (four on PostgreSQL): each
 * delivery's new state (only while this owner still holds it), the attempt log rows (for deliveries
 * that still exist), and for each stream whose delivery finished, its oldest waiting delivery becomes
 * pending (unless the stream still has a pending one). PostgreSQL first locks the finished streams'
 * rows in one order, which serialises with enqueues (outbox.ts); SQLite's write lock already does.
 */
export async function recordOutcomes(db: Database, owner: string, now: Date, outcomes: Outcome[]): Promise<void> {
  const pg = db.provider === "postgresql";
  const finals = outcomes.filter((o) => o.status !== "pending").map((o) => [o.webhookId, o.subjectId]);
  const statements: [string, unknown[]][] = [];
  const streamCols: [string, "text"][] = [
    ["w", "text"],
    ["s", "text"],
  ];
  if (pg && finals.length) {
    const q = new Sql(pg);
    const text = `UPDATE "WebhookStream" SET version = version + 1 WHERE ("webhookId", "subjectId") IN (
      SELECT st."webhookId", st."subjectId" FROM "WebhookStream" st JOIN ${q.rows(finals, streamCols)} f ON f.w = st."webhookId" AND f.s = st."subjectId"
      ORDER BY st."webhookId", st."subjectId" FOR UPDATE OF st)`;
    statements.push([text, q.params]);
  }
  {
    const q = new Sql(pg);
    const rows = outcomes.map((o) => [
      o.seq,
      o.status,
      o.number,
      o.statusCode,
      o.error,
      q.ts(o.nextAttemptAt),
      o.status === "pending" ? null : q.ts(now),
    ]);
    const text = `UPDATE "WebhookDelivery" AS d SET status = o.status, attempts = o.attempts, "lastStatusCode" = o."statusCode", "lastError" = o.error,
        "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "nextAttemptAt" = o."nextAttemptAt", "finishedAt" = o."finishedAt"
      FROM ${q.rows(rows, [
        ["seq", "int"],
        ["status", "text"],
        ["attempts", "int"],
        ["statusCode", "int"],
        ["error", "text"],
        ["nextAttemptAt", "ts"],
        ["finishedAt", "ts"],
      ])} o
      WHERE d.seq = o.seq AND CASE WHEN d.status = 'pending' THEN 1 ELSE 0 END = 1 AND d."leaseOwner" = ${q.p(owner)}`;
    // (The CASE keeps SQLite from scanning every pending delivery by the status index instead of looking
    // the batch's rows up by seq: it has no statistics on the JSON rows.)
    statements.push([text, q.params]);
  }
  {
    const q = new Sql(pg);
    const rows = outcomes.map((o) => [
      o.seq,
      o.attemptId,
      o.deliveryId,
      o.webhookId,
      o.number,
      o.ok ? "success" : "failure",
      o.statusCode,
      o.latencyMs,
      o.responseBody,
      o.error,
    ]);
    const text = `INSERT INTO "WebhookAttempt" (id, "deliveryId", "webhookId", number, at, outcome, "statusCode", "latencyMs", "responseBody", error)
      SELECT o.id, o."deliveryId", o."webhookId", o.number, ${q.at(now)}, o.outcome, o."statusCode", o."latencyMs", o."responseBody", o.error
      FROM ${q.rows(rows, [
        ["seq", "int"],
        ["id", "text"],
        ["deliveryId", "text"],
        ["webhookId", "text"],
        ["number", "int"],
        ["outcome", "text"],
        ["statusCode", "int"],
        ["latencyMs", "int"],
        ["responseBody", "text"],
        ["error", "text"],
      ])} o
      WHERE EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d.seq = o.seq)`;
    statements.push([text, q.params]);
  }
  if (finals.length) {
    const q = new Sql(pg);
    const text = `UPDATE "WebhookDelivery" SET status = 'pending', "nextAttemptAt" = ${q.p(now)}
      WHERE seq IN (
        SELECT (SELECT MIN(w.seq) FROM "WebhookDelivery" w WHERE w."webhookId" = f.w AND w."subjectId" = f.s AND w.status = 'waiting')
        FROM ${q.rows(finals, streamCols)} f
        WHERE NOT EXISTS (SELECT 1 FROM "WebhookDelivery" p WHERE p."webhookId" = f.w AND p."subjectId" = f.s AND p.status = 'pending'))`;
    statements.push([text, q.params]);
  }
  await db.direct.transaction(statements);
}
