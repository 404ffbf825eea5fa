// The simulation's read of a chunk of past returns (src/policy/simulation-run.ts, simulation-jobs.ts): the
// store's returns after a keyset in [from, to), oldest first, with everything the evaluator needs of them.
// A chunk is one statement (src/policy/sim-sql.ts `chunkStatement`): the returns by the (storeId, createdAt)
// index, each with its order by key, and nested by the database as JSON (SQLite json_group_array, PostgreSQL
// json_agg) the order's lines, every item of the order with its return's status (the units already returned),
// and its fulfillments; the whole chunk one JSON value, parsed once. Besides it, at most: the catalogue
// families of products not read before (cached for the run), and the customers' history. A background run
// keeps the returns it has read by customer (src/policy/sim-history.ts), having first read the history's days
// before the range once (`readWindowBefore`); a page (or a chunk asked out of order) looks its customers up.
// A background run reads on its own read-only connection on a worker thread (db.readAside, src/db/read-worker.ts),
// so the next chunk is read while this one is evaluated; on SQLite it runs instead in parts of its range, each
// read and evaluated by this reader on a worker thread of its own (src/policy/sim-threads.ts, `parts`).
//
// Strategies weighed (SQLite, a store of 1 000 000 returns, the newest 50 000 returns = 100 000 lines, the
// bench's draft with a 90-day serial-returner rule; the machine shared, load average beside each; the
// performance guide has the figures through the service):
// - Prisma (`findMany` with includes, `groupBy`), pages of 500: 9.99 s (load 1–1.5).
// - Six statements a chunk on the driver, rows as objects: 11.8 s wall, 8.6 s CPU (load 2–4): rows fetched by key
//   and turned into objects one column at a time, then grouped by Map.
// - One statement a chunk, nested JSON: the same rows visited, but one string handed over; the statement alone
//   (raw driver, test/bench/sim-probe.ts) ~0.55 s CPU per 50 000 returns and its JSON.parse ~0.22 s; rows as
//   objects through readRows cost ~0.4 s more. Of the statement: returns and orders ~0.28 s, the lines ~0.28 s,
//   the items ~0.26 s; an ordered subquery per return (fulfillments) cost ~0.09 s even when empty, so the run
//   orders them itself.
// - The history: per-chunk lookups by customer (~0.5 s per 50 000 returns) against the window before the range
//   read once (~0.4 s for the 123 000 returns of 90 days at this store's density): equal at 100 000 lines,
//   and the lookups of a year's run (the first 90 days' chunks) cost ~1.5 s, so the window is read once.
// - The evaluator, 50 000 returns twice: 1.45 s → 0.5–0.7 s CPU with formatMinor without BigInt, the
//   currency's exponent cached, loops instead of filter/flatMap, and no inner named function in per-line code
//   (tsx's keepNames renames each at every call).
// - Smaller chunks (500, 1 000) against 2 000: within the noise. SQLite `mmap_size`/`cache_size`: within the
//   noise. The evaluator as set-based SQL: fees, bonus, exclusions by tag and time zones are not simple, and two
//   evaluators would have to agree forever. Not done.
// - PostgreSQL, a store of 200 000: the lists read set-based for the chunk's orders (a materialised CTE of the
//   returns, each list by its orderId index, grouped, hash-joined back) against the per-return subplans: its
//   statements 17.4 s against 11.0 s for 400 000 lines, at a lower load. Not kept.
// - Not tried: covering indexes for the lines and items (their table rows are read by key after the index).
import type { Database } from "../db/client.js";
import type { ReadRows } from "../db/direct.js";
import { formatReturnNumber } from "../returns/number.js";
import { RELEASED_STATUSES } from "../returns/transitions.js";
import type { OrderInput, OrderLineInput } from "./evaluate.js";
import { type HistoryEntry, HistoryWindow } from "./sim-history.js";
import {
  type ChunkTuple,
  chunkStatement,
  Frag,
  type FulfillmentTuple,
  type ItemTuple,
  type Keyset,
  type LineTuple,
  ms,
  msOrNull,
  parseTags,
  Sql,
} from "./sim-sql.js";
import type { PastReturn } from "./simulate.js";

export type { Keyset } from "./sim-sql.js";

const DAY_MS = 86_400_000;
/** The returns before the range read into the history window in one statement. */
const WINDOW_SLICE = 20_000;

type Family = { tags: string[]; productType: string | null };

export interface ChunkRead {
  returns: PastReturn[];
  /** The keyset of the chunk's last return (null when it was empty). */
  last: Keyset | null;
  /** Returns read (one whose order is gone is read but not evaluated). */
  read: number;
}

// Integers as the driver gives them: SQLite's are BigInt (safe integers), PostgreSQL's numbers.
type Int = number | bigint;
/** A chunk's return as the history and the assembly see it. */
type Head = { id: string; at: number; rec: string | null; email: string | null; row: ChunkTuple };
type HistoryRow = { rec: string | null; email: string | null; at: unknown };
type Fulfilled = { at: Date; deliveredAt: Date | null; lines: Set<string> };

const released = RELEASED_STATUSES as readonly string[];
/** The chunk's returns with their creation as epoch ms, in the returns' order (createdAt, id): SQLite's aggregate keeps its subquery's order; checked, not assumed. */
function inOrder(rows: ChunkTuple[]): { row: ChunkTuple; at: number }[] {
  const out = rows.map((row) => ({ row, at: ms(row[2]) }));
  for (let i = 1; i < out.length; i++) {
    const a = out[i - 1]!;
    const b = out[i]!;
    if (a.at > b.at || (a.at === b.at && a.row[0] > b.row[0]))
      return out.sort((x, y) => x.at - y.at || (x.row[0] < y.row[0] ? -1 : x.row[0] > y.row[0] ? 1 : 0));
  }
  return out;
}

/** Reads a store's past returns in chunks, oldest first; one reader per run (it caches the catalogue). */
export class SimulationReader {
  private readonly sql: Sql;
  /** Where the reader's statements run (`readWith`): the service's connection unless a run gives another. */
  private read: ReadRows;
  private readonly families = new Map<string, Family | null>();
  /** Streaming: the history window and the keyset of the last chunk added to it. */
  private window: HistoryWindow | null = null;
  private windowEnd: Keyset | null = null;

  constructor(
    db: Pick<Database, "provider" | "readRows">,
    private readonly storeId: string,
    private readonly from: Date,
    private readonly to: Date,
    /** How far back the history rules look, in days (0: no history read). */
    private readonly historyDays: number,
    /**
     * A run through the whole range, chunk after chunk: once a chunk's history window lies inside the
     * range, its customers' returns are the chunks already read (src/policy/sim-history.ts), not looked
     * up. A chunk asked out of that order is looked up as in a page.
     */
    private readonly streaming = false,
  ) {
    this.sql = new Sql(db.provider);
    this.read = db.readRows;
  }

  /** The statements on another reader from here on (a background run's: src/db/read-worker.ts). */
  readWith(read: ReadRows) {
    this.read = read;
  }

  /** How many returns the range holds (the run's progress is counted against it). */
  async count(): Promise<number> {
    const s = this.sql;
    const [row] = await this.read<{ n: Int | string }>(
      s.build`SELECT COUNT(*) AS n FROM "Return" r WHERE r."storeId" = ${this.storeId} AND r."createdAt" >= ${s.time(this.from.getTime())} AND r."createdAt" < ${s.time(this.to.getTime())} AND r."orderId" IS NOT NULL`,
    );
    return Number(row?.n ?? 0);
  }

  /**
   * The range cut in `parts` of about equal count of its `total` returns (src/policy/sim-threads.ts): the
   * creation time of the return at each share's offset along the (storeId, createdAt) index (returns without
   * an order counted too: the index alone answers), increasing (fewer parts when returns share a time); the
   * last part ends at `to`. Each part says whether it keeps its history in one pass (`streaming`, the window
   * before it read once) or looks each chunk's customers up: a part spanning less than a third of the
   * history's days reads fewer rows by looking them up (its returns against the window's).
   */
  async parts(parts: number, total: number): Promise<{ from: number; to: number; streaming: boolean }[]> {
    const s = this.sql;
    const at = async (order: "ASC" | "DESC", offset: number) => {
      const [row] = await this.read<{ at: unknown }>(
        s.build`SELECT ${s.at('r."createdAt"')} AS "at" FROM "Return" r
          WHERE r."storeId" = ${this.storeId} AND r."createdAt" >= ${s.time(this.from.getTime())} AND r."createdAt" < ${s.time(this.to.getTime())}
          ORDER BY r."createdAt" ${s.raw(order)} LIMIT 1 OFFSET ${offset}`,
      );
      return row ? ms(row.at) : Number.NaN;
    };
    const bounds = [this.from.getTime()];
    for (let i = 1; i < parts; i++) {
      const cut = await at("ASC", Math.floor((total * i) / parts));
      if (cut > bounds[bounds.length - 1]! && cut < this.to.getTime()) bounds.push(cut);
    }
    const newest = Math.min(this.to.getTime(), (await at("DESC", 0)) + 1 || this.to.getTime());
    const window = this.historyDays * DAY_MS;
    return bounds.map((from, i) => {
      const to = bounds[i + 1] ?? this.to.getTime();
      return { from, to, streaming: Math.min(to, newest) - from >= window / 3 };
    });
  }

  /** The next `take` returns after `after` (null: from the range's start). */
  async chunk(after: Keyset | null, take: number): Promise<ChunkRead> {
    const s = this.sql;
    const lo = s.time(after ? after.at : this.from.getTime());
    const [got] = await this.read<{ chunk: string }>(chunkStatement(s, this.storeId, lo, s.time(this.to.getTime()), after, take));
    const rows = inOrder(JSON.parse(got?.chunk ?? "[]") as ChunkTuple[]);
    if (!rows.length) return { returns: [], last: null, read: 0 };
    const heads: Head[] = [];
    for (const { row, at } of rows) if (row[5] != null) heads.push({ id: row[0], at, rec: row[9], email: row[10], row });
    const lastRow = rows[rows.length - 1]!;
    const last = { at: lastRow.at, id: lastRow.row[0] };
    if (!heads.length) return { returns: [], last, read: rows.length };
    // Each order once (several returns of one order each carry its lists): its lines, and per line the
    // units of every live return (this return's own taken off below, as at its admission).
    const orders = new Map<string, { order: OrderInput | null; lines: LineTuple[] }>();
    for (const h of heads) {
      const r = h.row;
      if (orders.has(r[4])) continue;
      const lines = r[11];
      if (lines.length > 1) lines.sort((x, y) => x[8] - y[8]);
      orders.set(r[4], { order: null, lines });
    }
    await this.readFamilies(orders);
    const historyOf = await this.historyFor(after, heads, last);
    const window = this.historyDays * DAY_MS;
    const out: PastReturn[] = [];
    for (const h of heads) {
      const r = h.row;
      const items = r[12];
      const o = orders.get(r[4])!;
      o.order ??= this.orderOf(r, o.lines, items);
      const mine: ItemTuple[] = [];
      for (const it of items) if (it[0] === 1 || it[0] === true) mine.push(it);
      if (mine.length > 1) mine.sort((x, y) => x[5] - y[5]);
      // Units already returned of each line, this return's own left out (as at its admission).
      let order = o.order;
      if (!released.includes(r[3]) && mine.length) {
        const own = new Map<string, number>();
        for (const it of mine) if (it[1]) own.set(it[1], (own.get(it[1]) ?? 0) + Number(it[2]));
        order = { ...order, lines: order.lines.map((l) => (own.has(l.id) ? { ...l, returned: l.returned - own.get(l.id)! } : l)) };
      }
      // The customer's returns in the rules' window before this one.
      const returnDates: Date[] = [];
      if (window) for (const d of historyOf(h)) if (d >= h.at - window && d < h.at) returnDates.push(new Date(d));
      const asked: PastReturn["items"] = [];
      for (const it of mine)
        if (it[1] && order.lines.some((l) => l.id === it[1]))
          asked.push({ lineId: it[1], quantity: Number(it[2]), reasonCode: it[3], outcome: it[4] });
      out.push({
        id: r[0],
        number: formatReturnNumber(r[1]),
        createdAt: new Date(h.at),
        order,
        items: asked,
        history: { returnDates },
      });
    }
    return { returns: out, last, read: rows.length };
  }

  /** An order as the evaluator takes it: its lines with their catalogue family, fulfillment and units already returned. */
  private orderOf(r: ChunkTuple, lines: LineTuple[], items: ItemTuple[]): OrderInput {
    const returned = new Map<string, number>();
    for (const it of items) if (it[1] && !released.includes(it[6])) returned.set(it[1], (returned.get(it[1]) ?? 0) + Number(it[2]));
    // Fulfillments oldest first, each with the line ids it names.
    const theirs: Fulfilled[] = [];
    const byId = new Map<string, Fulfilled>();
    const rows = r[13] as FulfillmentTuple[];
    if (rows.length > 1) {
      for (const f of rows) f[1] = ms(f[1]);
      rows.sort((x, y) => (x[1] as number) - (y[1] as number) || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
    }
    for (const [id, at, deliveredAt, lineItemId] of rows) {
      let x = byId.get(id);
      if (!x) {
        x = { at: new Date(ms(at)), deliveredAt: msOrNull(deliveredAt), lines: new Set() };
        byId.set(id, x);
        theirs.push(x);
      }
      if (lineItemId) x.lines.add(lineItemId);
    }
    return {
      id: r[4],
      name: r[5]!,
      currency: r[6],
      placedAt: new Date(ms(r[7])),
      tags: parseTags(r[8]),
      lines: lines.map(([id, externalId, productId, sku, vendor, quantity, unitPrice, discount]): OrderLineInput => {
        // A line's fulfillment is the first that names it (or, without line lists, the order's first).
        const f = theirs.length ? (theirs.find((x) => x.lines.has(id) || x.lines.has(externalId)) ?? theirs[0]) : undefined;
        const family = this.families.get(productId);
        return {
          id,
          externalId,
          productId,
          sku,
          productType: family?.productType ?? null,
          vendor,
          tags: family?.tags ?? [],
          quantity: Number(quantity),
          unitPrice: Number(unitPrice),
          discount: Number(discount),
          returned: returned.get(id) ?? 0,
          fulfilledAt: f?.at ?? null,
          deliveredAt: f?.deliveredAt ?? null,
        };
      }),
    };
  }

  /** The catalogue families of the chunk's products not read before (cached for the run). */
  private async readFamilies(orders: Map<string, { lines: LineTuple[] }>) {
    const unknown = new Set<string>();
    for (const o of orders.values()) for (const l of o.lines) if (!this.families.has(l[2])) unknown.add(l[2]);
    if (!unknown.size) return;
    const s = this.sql;
    const rows = await this.read<{ externalId: string; tags: string; productType: string | null }>(
      s.build`SELECT "externalId", "tags", "productType" FROM "ProductFamily" WHERE "storeId" = ${this.storeId} AND ${s.inList('"externalId"', [...unknown])}`,
    );
    for (const p of unknown) this.families.set(p, null);
    for (const f of rows) this.families.set(f.externalId, { tags: parseTags(f.tags), productType: f.productType });
    if (this.families.size > 200_000) this.families.clear(); // a catalogue that large is read again, chunk by chunk
  }

  /**
   * The creation times of each of the chunk's returns' customer's returns (those before it are filtered by
   * the caller). Streaming, the range's returns are kept as they are read (src/policy/sim-history.ts); a
   * chunk whose window reaches before the range looks its customers up (reading the window before the
   * range once costs more than the lookups of a run shorter than a window: ~120 000 rows against 50 000).
   */
  private async historyFor(after: Keyset | null, rets: Head[], last: Keyset): Promise<(r: Head) => readonly number[]> {
    const first = rets[0]!.at;
    if (this.streaming && this.historyDays) {
      if (!after && !this.window) {
        // The window before the range, read once: the returns of the days before `from` (then each chunk's).
        this.window = new HistoryWindow(this.historyDays * DAY_MS);
        this.windowEnd = null;
        await this.readWindowBefore(this.window);
      }
      const w = this.window;
      if (w && (after ? this.windowEnd?.at === after.at && this.windowEnd.id === after.id : !this.windowEnd)) {
        // Only what the history needs is kept (not the chunk's rows: the window holds up to its days of returns).
        w.add(rets.map((r): HistoryEntry => ({ rec: r.rec, email: r.email, at: r.at })));
        w.forgetBefore(first);
        this.windowEnd = last;
        return (r) => w.datesOf(r.rec, r.email);
      }
      this.window = null; // out of order: looked up per chunk from here on
    }
    const history = await this.readHistory(rets, first, last.at);
    return (r) => (r.rec ? history.rec.get(r.rec) : r.email ? history.email.get(r.email) : undefined) ?? [];
  }

  /**
   * The store's returns in the history's days before the range, oldest first, with their order's customer
   * record and e-mail: a range of the (storeId, createdAt) index and each order by its key, in slices of
   * WINDOW_SLICE returns, each one JSON value.
   */
  private async readWindowBefore(w: HistoryWindow) {
    const s = this.sql;
    const end = s.time(this.from.getTime());
    const cols = `o."customerRecordId", o."customerEmail", ${s.atText('r."createdAt"')}, r."id"`;
    const all = s.pg
      ? `coalesce(json_agg(json_build_array(${cols}) ORDER BY r."createdAt", r."id"), '[]'::json)::text`
      : `json_group_array(json_array(${cols}))`;
    let after: Keyset | null = null;
    for (;;) {
      const lo = s.time(after ? after.at : this.from.getTime() - this.historyDays * DAY_MS);
      const keyset: Frag = after ? new Frag(['AND (r."createdAt" > ', ...lo.pieces, ' OR r."id" > ', { value: after.id }, ")"]) : s.raw("");
      const [got]: { slice: string }[] = await this.read<{ slice: string }>(
        s.build`SELECT ${s.raw(all)} AS "slice"
          FROM (SELECT r."id", r."orderId", r."createdAt" FROM "Return" r
            WHERE r."storeId" = ${this.storeId} AND r."createdAt" >= ${lo} AND r."createdAt" < ${end} AND r."orderId" IS NOT NULL ${keyset}
            ORDER BY r."createdAt", r."id" LIMIT ${WINDOW_SLICE}) r
          LEFT JOIN "Order" o ON o."id" = r."orderId"`,
      );
      const rows: (HistoryEntry & { id: string })[] = (
        JSON.parse(got?.slice ?? "[]") as [string | null, string | null, unknown, string][]
      ).map(([rec, email, at, id]) => ({ rec, email, at: ms(at), id }));
      // Oldest first, as the window keeps them (SQLite's aggregate keeps its subquery's order; checked).
      if (rows.some((r, i) => i > 0 && (rows[i - 1]!.at > r.at || (rows[i - 1]!.at === r.at && rows[i - 1]!.id > r.id))))
        rows.sort((x, y) => x.at - y.at || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
      w.add(rows.filter((r) => r.rec || r.email));
      if (rows.length < WINDOW_SLICE) return;
      const last = rows[rows.length - 1]!;
      after = { at: last.at, id: last.id };
    }
  }

  /** The chunk's customers' returns from the first one's window to the last one's creation, by record and by e-mail. */
  private async readHistory(rets: Head[], first: number, last: number) {
    const rec = new Map<string, number[]>();
    const email = new Map<string, number[]>();
    if (!this.historyDays) return { rec, email };
    const records = [...new Set(rets.flatMap((r) => (r.rec ? [r.rec] : [])))];
    const emails = [...new Set(rets.flatMap((r) => (!r.rec && r.email ? [r.email] : [])))];
    const s = this.sql;
    const lo = s.time(first - this.historyDays * DAY_MS);
    const hi = s.time(last);
    // The order of the customer first (its index), then its returns by order id: never the store's range.
    const join = s.pg ? `JOIN` : `CROSS JOIN`;
    const read = (col: string, ids: string[]) =>
      this.read<HistoryRow>(
        s.build`SELECT o."customerRecordId" AS "rec", o."customerEmail" AS "email", ${s.at('r."createdAt"')} AS "at"
          FROM "Order" o ${s.raw(join)} "Return" r ON r."orderId" = o."id"
          WHERE ${s.inList(`o."${col}"`, ids)} AND o."storeId" = ${this.storeId} AND r."storeId" = ${this.storeId}
            AND r."createdAt" >= ${lo} AND r."createdAt" <= ${hi}`,
      );
    const [byRecord, byEmail] = await Promise.all([
      records.length ? read("customerRecordId", records) : [],
      emails.length ? read("customerEmail", emails) : [],
    ]);
    for (const h of byRecord) if (h.rec) (rec.get(h.rec) ?? rec.set(h.rec, []).get(h.rec)!).push(ms(h.at));
    for (const h of byEmail) if (h.email) (email.get(h.email) ?? email.set(h.email, []).get(h.email)!).push(ms(h.at));
    return { rec, email };
  }
}
