// Rows the database built as JSON (SQLite's json_object, PostgreSQL's to_json), turned into exactly
// what Prisma returns for the same model: booleans as booleans (SQLite stores 0/1), DateTime as Date
// (SQLite keeps Prisma's ISO text; PostgreSQL's JSON of a `timestamp(3)` has no zone, and Prisma reads
// it as UTC), everything else as the JSON gave it (Int, Float and String round-trip exactly). Written
// once for both databases; test/unit/json-rows.test.ts compares the results with Prisma's own rows.
//
// One function per model, compiled once, builds each row as an object literal with its keys in the
// model's order: every row of a model has one shape from its creation (no property-by-property walk).
import type { Provider } from "./url.js";

/** How a field's JSON value becomes Prisma's value; "value" passes it through. */
export type FieldKind = "value" | "boolean" | "date";

/** A model's scalar fields in Prisma's order, with how each converts. */
export type RowFields = Readonly<Record<string, FieldKind>>;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

type Convert = (v: unknown) => unknown;

const CONVERT: Record<Provider, Record<Exclude<FieldKind, "value">, Convert>> = {
  sqlite: {
    boolean: (v) => (v === null || v === undefined ? null : v !== 0 && v !== false),
    // As Prisma's SQLite adapter reads it: the stored text (or epoch milliseconds) through `new Date`.
    date: (v) => (v === null || v === undefined ? null : new Date(v as string | number)),
  },
  postgresql: {
    boolean: (v) => (v === undefined ? null : v),
    date: (v) => (v === null || v === undefined ? null : new Date(`${v as string}Z`)),
  },
};

/** Compiles the mapper of one model's JSON rows for one database. */
export function jsonRowMapper<T>(fields: RowFields, provider: Provider): (json: Record<string, unknown>) => T {
  const body = Object.entries(fields).map(([name, kind]) => {
    if (!IDENTIFIER.test(name)) throw new Error(`not a field name: ${name}`);
    const value = `j.${name} === undefined ? null : j.${name}`;
    return kind === "value" ? `${name}: ${value}` : `${name}: ${kind}(j.${name})`;
  });
  const convert = CONVERT[provider];
  // The field names are the model's (checked above), never data: the compiled text is fixed per model.
  const compile = new Function("boolean", "date", `return function row(j) { return { ${body.join(", ")} }; };`);
  return compile(convert.boolean, convert.date) as (json: Record<string, unknown>) => T;
}

/** Parses a JSON array of rows (null when the database aggregated none) and maps each. */
export function mapJsonRows<T>(text: unknown, row: (json: Record<string, unknown>) => T): T[] {
  if (text === null || text === undefined) return [];
  const list = JSON.parse(text as string) as Record<string, unknown>[];
  const out = new Array<T>(list.length);
  for (let k = 0; k < list.length; k++) out[k] = row(list[k]);
  return out;
}
