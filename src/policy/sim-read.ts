// The simulation's read of a chunk of past returns (src/policy/simulation-run.ts, simulation-jobs.ts): the
// store's returns after a keyset in [from, to), oldest first, with everything the evaluator needs of them
// in six statements whatever the chunk's size, on the driver itself (`db.readRows`, src/db/direct.ts),
// selecting only the columns it uses:
//   1. the returns joined to their orders (the (storeId, createdAt) index, a range from the keyset on);
//   2. every item of their orders with its return's status (the chunk's own items, and the units already
//      returned of each line: the live returns' items summed);  3. the orders' lines;
//   4. the orders' fulfillments with the lines each names;
//   5. the catalogue families of product ids not read before (cached for the whole run);
//   6. the customers' returns in the history rules' window (by customer record, else e-mail).
// Each list of ids is one parameter (SQLite json_each, PostgreSQL = ANY), so no chunk meets SQLite's 999
// bound parameters, and grouping is by Map (the Prisma path filtered every page's rows once per order).
//
// Strategies weighed (SQLite, a store of 1 000 000 returns, the newest 50 000 returns = 100 000 lines, the
// bench's draft with a 90-day serial-returner rule; the machine shared, load average beside each):
// - Prisma (`findMany` with includes, `groupBy`), pages of 500 through GraphQL, before this file: 9.99 s
//   (load 1–1.5): ~100 ms a page, the evaluator ~10 ms of it; Prisma's row materialisation and
//   O(orders × rows) grouping (`filter` once per order).
// - These statements on the driver, chunks of 2 000, items and returned units apart (seven): 11.06 s at
//   load 4.4 for the whole run; items and returned units in one read (six): 11.94 s at load 5.9. A CPU
//   profile (load 4.4): SQLite executing 5.9 s, the rows mapped 1.4 s, the driver's wrapper 1.1 s, the
//   evaluator 2.7 s. Timed alone (test/bench/sim-probe.ts): 0.8–1.5 s per statement per 50 000 returns,
//   15–25 µs a row fetched by key from a 5.5 GB file the page cache does not hold: bound by rows visited.
// - The history as a sliding window (src/policy/sim-history.ts: the run keeps the returns it has read by
//   customer): done for a chunk whose window lies inside the range; a chunk whose window reaches before it
//   is still looked up (statement 6). Reading the window before the range once instead (~120 000 rows at
//   90 days) cost more than the lookups of a 100 000-line run (36 days): statements 6.23 → 6.79 s.
// - The evaluator's sentences only for the returns the draft changes (simulate.ts): 100 000 lines CPU
//   8.86 → 8.63 s. Both together, measured (service CPU user + system / statements / wall, load before):
//   100 000 lines 8.86 / 6.23 / 11.95 s (3.9) before, 8.63 / 6.79 / 11.77 s (2.1) after; 1 000 000 lines
//   69.0 / 42.0 / 86.5 s (4.0) before, 48.6 / 27.8 / 58.1 s (3.6) after (performance guide, simulation).
// - SQLite `mmap_size` 2 GB and `cache_size` 500 MB on the connection: 10–20 % in the probe, within the
//   noise at load 5: not changed for the service.
// - The evaluator as set-based SQL: only the window and the history rule are simple enough; fees, bonus,
//   exclusions by tag and time zones are not, and two evaluators would have to agree forever. Not done.
// - Pipelining the next chunk's read while evaluating: on SQLite the driver is synchronous on this thread,
//   so nothing overlaps; on PostgreSQL the run reads the next chunk while it evaluates this one.
import type { Database } from "../db/client.js";
import type { SqlText } from "../db/direct.js";
import { formatReturnNumber } from "../returns/list.js";
import { RELEASED_STATUSES } from "../returns/transitions.js";
import type { OrderInput, OrderLineInput } from "./evaluate.js";
import { type HistoryEntry, HistoryWindow } from "./sim-history.js";
import type { PastReturn } from "./simulate.js";

const DAY_MS = 86_400_000;

export interface Keyset {
  at: number;
  id: string;
}

type Family = { tags: string[]; productType: string | null };

export interface ChunkRead {
  returns: PastReturn[];
  /** The keyset of the chunk's last return (null when it was empty). */
  last: Keyset | null;
  /** Returns read (those whose order is gone are read but not evaluated). */
  read: number;
}

const parseTags = (text: string | null): string[] => {
  if (!text || text === "[]") return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
};

/** A timestamp as read: epoch ms (PostgreSQL, selected so) or Prisma's ISO text (SQLite). */
const ms = (v: unknown): number => (typeof v === "number" ? v : v == null ? Number.NaN : Date.parse(v as string));
const msOrNull = (v: unknown): Date | null => (v == null ? null : new Date(ms(v)));

/** A piece of a statement: text, or a value bound in its place. */
type Piece = string | { value: unknown };
class Frag {
  constructor(readonly pieces: Piece[]) {}
}

/** The dialect's pieces: placeholders, a timestamp bound and read, a list of ids as one parameter. */
class Sql {
  readonly pg: boolean;
  constructor(provider: Database["provider"]) {
    this.pg = provider === "postgresql";
  }
  /** A statement from parts: a `Frag` in place, any other value bound (`$1`… on PostgreSQL, `?` on SQLite). */
  build(parts: TemplateStringsArray, ...values: unknown[]): SqlText {
    const pieces: Piece[] = [];
    parts.forEach((part, i) => {
      pieces.push(part);
      if (i >= values.length) return;
      const v = values[i];
      if (v instanceof Frag) pieces.push(...v.pieces);
      else pieces.push({ value: v });
    });
    let text = "";
    let sql = "";
    const bound: unknown[] = [];
    for (const p of pieces) {
      if (typeof p === "string") {
        text += p;
        sql += p;
      } else {
        bound.push(p.value);
        text += `$${bound.length}`;
        sql += "?";
      }
    }
    return { text, sql: this.pg ? text : sql, values: bound };
  }
  raw(text: string): Frag {
    return new Frag([text]);
  }
  /** A timestamp column read as epoch ms (PostgreSQL) or as stored (SQLite). */
  at(col: string): Frag {
    return new Frag([this.pg ? `(extract(epoch from ${col}) * 1000)::float8` : col]);
  }
  /** A bound instant as the column stores it. */
  time(at: number): Frag {
    const iso = new Date(at).toISOString();
    return this.pg ? new Frag([{ value: iso.slice(0, -1) }, "::timestamp"]) : new Frag([{ value: iso.replace("Z", "+00:00") }]);
  }
  /** `col IN (the ids)`, the ids as one parameter. */
  inList(col: string, ids: string[]): Frag {
    return this.pg
      ? new Frag([`${col} = ANY(`, { value: ids }, "::text[])"])
      : new Frag([`${col} IN (SELECT value FROM json_each(`, { value: JSON.stringify(ids) }, "))"]);
  }
}

type ReturnRow = {
  id: string;
  compatId: Int | null;
  at: unknown;
  status: string;
  orderId: string;
  name: string;
  currency: string;
  placedAt: unknown;
  tags: string | null;
  rec: string | null;
  email: string | null;
};
// Integers as the driver gives them: SQLite's are BigInt (safe integers), PostgreSQL's numbers.
type Int = number | bigint;
type ItemRow = {
  returnId: string;
  orderId: string;
  lineItemId: string | null;
  quantity: Int;
  reasonCode: string | null;
  compensation: string;
  position: Int;
  status: string;
};
type LineRow = {
  orderId: string;
  id: string;
  externalId: string;
  productId: string;
  sku: string | null;
  vendor: string | null;
  quantity: Int;
  unitPrice: Int;
  discount: Int;
};
type FulfillmentRow = { orderId: string; id: string; at: unknown; deliveredAt: unknown; lineItemId: string | null };
type HistoryRow = { rec: string | null; email: string | null; at: unknown };

function group<T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/** Reads a store's past returns in chunks, oldest first; one reader per run (it caches the catalogue). */
export class SimulationReader {
  private readonly sql: Sql;
  private readonly families = new Map<string, Family | null>();
  /** Streaming: the history window and the keyset of the last chunk added to it. */
  private window: HistoryWindow | null = null;
  private windowEnd: Keyset | null = null;

  constructor(
    private readonly db: Database,
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
  }

  /** How many returns the range holds (the run's progress is counted against it). */
  async count(): Promise<number> {
    const s = this.sql;
    const [row] = await this.db.readRows<{ n: Int | string }>(
      s.build`SELECT COUNT(*) AS n FROM "Return" r WHERE r."storeId" = ${this.storeId} AND r."createdAt" >= ${s.time(this.from.getTime())} AND r."createdAt" < ${s.time(this.to.getTime())} AND r."orderId" IS NOT NULL`,
    );
    return Number(row?.n ?? 0);
  }

  /** The next `take` returns after `after` (null: from the range's start). */
  async chunk(after: Keyset | null, take: number): Promise<ChunkRead> {
    const { db, sql: s, storeId } = this;
    const lo = s.time(after ? after.at : this.from.getTime());
    const hi = s.time(this.to.getTime());
    const rets = await db.readRows<ReturnRow>(
      after
        ? s.build`SELECT r."id", r."compatId", ${s.at('r."createdAt"')} AS "at", r."status", r."orderId", o."name", o."currency", ${s.at('o."placedAt"')} AS "placedAt", o."tags", o."customerRecordId" AS "rec", o."customerEmail" AS "email"
          FROM "Return" r JOIN "Order" o ON o."id" = r."orderId"
          WHERE r."storeId" = ${storeId} AND r."createdAt" >= ${lo} AND r."createdAt" < ${hi}
            AND (r."createdAt" > ${lo} OR r."id" > ${after.id})
          ORDER BY r."createdAt", r."id" LIMIT ${take}`
        : s.build`SELECT r."id", r."compatId", ${s.at('r."createdAt"')} AS "at", r."status", r."orderId", o."name", o."currency", ${s.at('o."placedAt"')} AS "placedAt", o."tags", o."customerRecordId" AS "rec", o."customerEmail" AS "email"
          FROM "Return" r JOIN "Order" o ON o."id" = r."orderId"
          WHERE r."storeId" = ${storeId} AND r."createdAt" >= ${lo} AND r."createdAt" < ${hi}
          ORDER BY r."createdAt", r."id" LIMIT ${take}`,
    );
    if (!rets.length) return { returns: [], last: null, read: 0 };
    const lastRow = rets[rets.length - 1]!;
    const last = { at: ms(lastRow.at), id: lastRow.id };
    const returnIds = rets.map((r) => r.id);
    const orderIds = [...new Set(rets.map((r) => r.orderId))];
    const released = RELEASED_STATUSES as readonly string[];
    const [orderItems, lines, fulfillments] = await Promise.all([
      // Every item of the chunk's orders with its return's status: the chunk's own items, and the units
      // already returned of each line, in one read (by the (orderId, lineItemId) index).
      db.readRows<ItemRow>(
        s.build`SELECT ri."returnId", ri."orderId", ri."lineItemId", ri."quantity", ri."reasonCode", ri."compensation", ri."position", r2."status"
          FROM "ReturnItem" ri JOIN "Return" r2 ON r2."id" = ri."returnId" WHERE ${s.inList('ri."orderId"', orderIds)}`,
      ),
      db.readRows<LineRow>(
        s.build`SELECT "orderId", "id", "externalId", "productId", "sku", "vendor", "quantity", "unitPrice", "discount" FROM "OrderLineItem"
          WHERE ${s.inList('"orderId"', orderIds)} ORDER BY "orderId", "position"`,
      ),
      db.readRows<FulfillmentRow>(
        s.build`SELECT f."orderId", f."id", ${s.at('f."createdAt"')} AS "at", ${s.at('f."deliveredAt"')} AS "deliveredAt", fl."lineItemId"
          FROM "Fulfillment" f LEFT JOIN "FulfillmentLineItem" fl ON fl."fulfillmentId" = f."id"
          WHERE ${s.inList('f."orderId"', orderIds)} ORDER BY f."createdAt", f."id"`,
      ),
    ]);
    const chunkIds = new Set(returnIds);
    const items = orderItems.filter((i) => chunkIds.has(i.returnId)).sort((x, y) => Number(x.position) - Number(y.position));
    const returnedOf = new Map<string, number>();
    for (const i of orderItems) {
      if (!i.lineItemId || released.includes(i.status)) continue;
      const k = `${i.orderId}:${i.lineItemId}`;
      returnedOf.set(k, (returnedOf.get(k) ?? 0) + Number(i.quantity));
    }
    const linesOf = group(lines, (l) => l.orderId);
    await this.readFamilies(lines);
    const historyOf = await this.historyFor(after, rets, last);
    // Fulfillments per order, oldest first, each with the line ids it names.
    const fulfilled = new Map<string, { at: Date; deliveredAt: Date | null; lines: Set<string> }[]>();
    const byId = new Map<string, { at: Date; deliveredAt: Date | null; lines: Set<string> }>();
    for (const f of fulfillments) {
      let x = byId.get(f.id);
      if (!x) {
        x = { at: new Date(ms(f.at)), deliveredAt: msOrNull(f.deliveredAt), lines: new Set() };
        byId.set(f.id, x);
        const list = fulfilled.get(f.orderId);
        if (list) list.push(x);
        else fulfilled.set(f.orderId, [x]);
      }
      if (f.lineItemId) x.lines.add(f.lineItemId);
    }
    const orders = new Map<string, OrderInput>();
    const orderOf = (r: ReturnRow): OrderInput => {
      let o = orders.get(r.orderId);
      if (o) return o;
      const theirs = fulfilled.get(r.orderId) ?? [];
      o = {
        id: r.orderId,
        name: r.name,
        currency: r.currency,
        placedAt: new Date(ms(r.placedAt)),
        tags: parseTags(r.tags),
        lines: (linesOf.get(r.orderId) ?? []).map((l): OrderLineInput => {
          // A line's fulfillment is the first that names it (or, without line lists, the order's first).
          const f = theirs.find((x) => x.lines.has(l.id) || x.lines.has(l.externalId)) ?? theirs[0];
          const family = this.families.get(l.productId);
          return {
            id: l.id,
            externalId: l.externalId,
            productId: l.productId,
            sku: l.sku,
            productType: family?.productType ?? null,
            vendor: l.vendor,
            tags: family?.tags ?? [],
            quantity: Number(l.quantity),
            unitPrice: Number(l.unitPrice),
            discount: Number(l.discount),
            returned: returnedOf.get(`${r.orderId}:${l.id}`) ?? 0,
            fulfilledAt: f?.at ?? null,
            deliveredAt: f?.deliveredAt ?? null,
          };
        }),
      };
      orders.set(r.orderId, o);
      return o;
    };
    const itemsOf = group(items, (i) => i.returnId);
    const window = this.historyDays * DAY_MS;
    const out: PastReturn[] = [];
    for (const r of rets) {
      const base = orderOf(r);
      const mine = itemsOf.get(r.id) ?? [];
      // Units already returned of each line, this return's own left out (as at its admission).
      let order = base;
      if (!released.includes(r.status) && mine.length) {
        const own = new Map<string, number>();
        for (const it of mine) if (it.lineItemId) own.set(it.lineItemId, (own.get(it.lineItemId) ?? 0) + Number(it.quantity));
        order = { ...base, lines: base.lines.map((l) => (own.has(l.id) ? { ...l, returned: l.returned - own.get(l.id)! } : l)) };
      }
      const lineIds = new Set(order.lines.map((l) => l.id));
      const at = ms(r.at);
      // The customer's returns in the rules' window before this one.
      const dates = historyOf(r);
      const returnDates: Date[] = [];
      for (const d of dates) if (d >= at - window && d < at) returnDates.push(new Date(d));
      out.push({
        id: r.id,
        number: formatReturnNumber(r.compatId == null ? null : Number(r.compatId)),
        createdAt: new Date(at),
        order,
        items: mine
          .filter((it) => it.lineItemId && lineIds.has(it.lineItemId))
          .map((it) => ({ lineId: it.lineItemId!, quantity: Number(it.quantity), reasonCode: it.reasonCode, outcome: it.compensation })),
        history: { returnDates },
      });
    }
    return { returns: out, last, read: rets.length };
  }

  private async readFamilies(lines: LineRow[]) {
    const unknown = [...new Set(lines.map((l) => l.productId))].filter((p) => !this.families.has(p));
    if (!unknown.length) return;
    const s = this.sql;
    const rows = await this.db.readRows<{ externalId: string; tags: string; productType: string | null }>(
      s.build`SELECT "externalId", "tags", "productType" FROM "ProductFamily" WHERE "storeId" = ${this.storeId} AND ${s.inList('"externalId"', unknown)}`,
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
  private async historyFor(after: Keyset | null, rets: ReturnRow[], last: Keyset): Promise<(r: ReturnRow) => readonly number[]> {
    const first = ms(rets[0]!.at);
    if (this.streaming && this.historyDays) {
      if (!after && !this.window) {
        this.window = new HistoryWindow(this.historyDays * DAY_MS);
        this.windowEnd = null;
      }
      const w = this.window;
      if (w && (after ? this.windowEnd?.at === after.at && this.windowEnd.id === after.id : !this.windowEnd)) {
        w.add(rets.map((r): HistoryEntry => ({ rec: r.rec, email: r.email, at: ms(r.at) })));
        w.forgetBefore(first);
        this.windowEnd = last;
        if (first - this.historyDays * DAY_MS >= this.from.getTime()) return (r) => w.datesOf(r.rec, r.email);
      } else this.window = null; // out of order: looked up per chunk from here on
    }
    const history = await this.readHistory(rets, first, last.at);
    return (r) => (r.rec ? history.rec.get(r.rec) : r.email ? history.email.get(r.email) : undefined) ?? [];
  }

  /** The chunk's customers' returns from the first one's window to the last one's creation, by record and by e-mail. */
  private async readHistory(rets: ReturnRow[], first: number, last: number) {
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
      this.db.readRows<HistoryRow>(
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
