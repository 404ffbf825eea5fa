// The policy simulation's statements in both dialects (src/policy/sim-read.ts): placeholders, timestamps
// bound and read, lists of ids as one parameter, and the chunk's one statement that reads a chunk of
// returns with their orders, the orders' lines, every item of those orders and their fulfillments, the
// nested lists built by the database as JSON (SQLite json_group_array, PostgreSQL json_agg).
import type { Database } from "../db/client.js";
import type { SqlText } from "../db/direct.js";

/** A piece of a statement: text, or a value bound in its place. */
type Piece = string | { value: unknown };
export class Frag {
  constructor(readonly pieces: Piece[]) {}
}

/** The dialect's pieces: placeholders, a timestamp bound and read, a list of ids as one parameter. */
export class Sql {
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
    return new Frag([this.atText(col)]);
  }
  atText(col: string): string {
    return this.pg ? `(extract(epoch from ${col}) * 1000)::float8` : col;
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
  /** The JSON array of `cols` per row of `from` ('[]' without rows), in no order. */
  list(cols: string[], from: string): string {
    return this.pg
      ? `(SELECT coalesce(json_agg(json_build_array(${cols.join(", ")})), '[]'::json) FROM ${from})`
      : `(SELECT json_group_array(json_array(${cols.join(", ")})) FROM ${from})`;
  }
}

/** A timestamp as read: epoch ms (PostgreSQL, selected so) or Prisma's ISO text (SQLite). */
export const ms = (v: unknown): number => (typeof v === "number" ? v : v == null ? Number.NaN : Date.parse(v as string));
export const msOrNull = (v: unknown): Date | null => (v == null ? null : new Date(ms(v)));

export const parseTags = (text: string | null): string[] => {
  if (!text || text === "[]") return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
};

export interface Keyset {
  at: number;
  id: string;
}

/**
 * One return of a chunk as its statement gives it: [id, compatId, createdAt, status, orderId, and of its order
 * (null when gone) name, currency, placedAt, tags, customer record, e-mail; then the order's lines, every item
 * of the order, its fulfillments].
 */
export type ChunkTuple = [
  string,
  number | null,
  unknown,
  string,
  string,
  string | null,
  string,
  unknown,
  string | null,
  string | null,
  string | null,
  LineTuple[],
  ItemTuple[],
  FulfillmentTuple[],
];
/** [id, externalId, productId, sku, vendor, quantity, unitPrice, discount, position] */
export type LineTuple = [string, string, string, string | null, string | null, number, number, number, number];
/** [this return's (1/0 or true/false), lineItemId, quantity, reasonCode, compensation, position, its return's status] */
export type ItemTuple = [number | boolean, string | null, number, string | null, string, number, string];
/** [fulfillment id, createdAt, deliveredAt, lineItemId], in no order */
export type FulfillmentTuple = [string, unknown, unknown, string | null];

/**
 * The chunk's one statement: the next `take` returns of the store in [lo, hi) after the keyset (its
 * (storeId, createdAt) index, a range), each with its order (by primary key) and, nested, the order's
 * lines, every item of the order (with its return's status: the units already returned), and its
 * fulfillments with the lines each names (each by its orderId index); one JSON array of ChunkTuple.
 * SQLite aggregates the subquery's rows in its order (checked by the caller).
 */
export function chunkStatement(s: Sql, storeId: string, lo: Frag, hi: Frag, after: Keyset | null, take: number): SqlText {
  const lines = s.list(
    [
      'li."id"',
      'li."externalId"',
      'li."productId"',
      'li."sku"',
      'li."vendor"',
      'li."quantity"',
      'li."unitPrice"',
      'li."discount"',
      'li."position"',
    ],
    `"OrderLineItem" li WHERE li."orderId" = o."id"`,
  );
  const items = s.list(
    [
      'ri."returnId" = r."id"',
      'ri."lineItemId"',
      'ri."quantity"',
      'ri."reasonCode"',
      'ri."compensation"',
      'ri."position"',
      `CASE WHEN ri."returnId" = r."id" THEN r."status" ELSE (SELECT r2."status" FROM "Return" r2 WHERE r2."id" = ri."returnId") END`,
    ],
    `"ReturnItem" ri WHERE ri."orderId" = o."id"`,
  );
  // Fulfillments unordered (an ordered subquery costs a sorter per return even for none): sim-read.ts orders them.
  const fulfillments = s.list(
    ['f."id"', s.atText('f."createdAt"'), s.atText('f."deliveredAt"'), 'fl."lineItemId"'],
    `"Fulfillment" f LEFT JOIN "FulfillmentLineItem" fl ON fl."fulfillmentId" = f."id" WHERE f."orderId" = o."id"`,
  );
  const keyset = after ? new Frag(['AND (r."createdAt" > ', ...lo.pieces, ' OR r."id" > ', { value: after.id }, ")"]) : s.raw("");
  const cols = [
    'r."id"',
    'r."compatId"',
    s.atText('r."createdAt"'),
    'r."status"',
    'r."orderId"',
    'o."name"',
    'o."currency"',
    s.atText('o."placedAt"'),
    'o."tags"',
    'o."customerRecordId"',
    'o."customerEmail"',
    lines,
    items,
    fulfillments,
  ].join(", ");
  // The chunk as one JSON array, in the returns' order: one value to hand over and to parse.
  const all = s.pg
    ? `SELECT coalesce(json_agg(json_build_array(${cols}) ORDER BY r."createdAt", r."id"), '[]'::json)::text AS "chunk"`
    : `SELECT json_group_array(json_array(${cols})) AS "chunk"`;
  return s.build`${s.raw(all)}
    FROM (SELECT r."id", r."compatId", r."createdAt", r."status", r."orderId" FROM "Return" r
      WHERE r."storeId" = ${storeId} AND r."createdAt" >= ${lo} AND r."createdAt" < ${hi} AND r."orderId" IS NOT NULL
        ${keyset}
      ORDER BY r."createdAt", r."id" LIMIT ${take}) r
    LEFT JOIN "Order" o ON o."id" = r."orderId"`;
}
